"""Statistics: who wins most, and how, from the stored matches.

The numbers are counted by the store over the derived rows it keeps beside every
match (:mod:`companion.store.derived`, :mod:`companion.store.statistics`): a draw is a
few queries, whatever the number of matches, and no match is replayed to draw it.
Rows go stale when a match changes (its next draw works that match out again, as it
is drawn) and all at once after an upgrade or a rules fix: when more than
:data:`READ_WHILE_DRAWING` matches wait, they are worked out in a thread of their own
(one per store, however many tabs ask: :mod:`companion.ui.stats_reading`), a chunk
at a time, while the screen shows a determinate progress bar and the rest of the app
stays usable; every tab on it is drawn again as the work goes on and when it is done. What a filter shows is counted
once per state of the derived rows (:meth:`companion.store.statistics.Statistics.summary`);
the whole history's is kept in the store, so the first draw after a start counts
nothing.

Filters: one game kind, one group of players (the same players in any seating), a
date range (the day each match started). What a match is comes from each game's spec
(Hot Dog's three games, HD-15; one game elsewhere) and the screen says it per game.
Each game's own statistics come from its ``stats`` part (the registry's; this screen
names no game); a game's chart shows one game, the latest unless another is picked.
What a player reads first is drawn first: the filters, the counts and the standings
(games won per player). Each section under them (the players one by one, head to head,
the games, a game's own figures from the rounds) is a heading that opens with a tap
(:attr:`StatsUI.opened`), and only an open one is drawn (and worked out, but for a
game's own figures, read to know whether it has any to open). At 10,000
matches the whole screen was about 400 controls, six of them canvases, and the
browser's share of sending and laying them out made the first open over ten times a
bare tap's round trip, while the server's part was under a tenth of it.

Charts are drawn from plain controls (bars are containers as wide as their value; a
chart is a canvas with its axes, a marker and a dash per line, lines that run
together drawn side by side), each with its values written beside it in words, which
is what a screen reader reads.

The passing state is :class:`StatsUI`, kept under :data:`KEY` like every screen's.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from companion.core import i18n, when, words
from companion.core.i18n import N_, _, ngettext
from companion.core.registry import game, games_with
from companion.store import Store, derived
from companion.store.statistics import Statistics as Counts
from companion.tallies import stats
from companion.ui import stats_reading
from companion.ui.charts import bar_chart, section
from companion.ui.contracts import GameView, ShellServices
from companion.ui.stats_reading import Reading, read_in_background, redraw_when_read, threads
from companion.ui.widgets import bold, card, error_text, heading
from companion.ui.widgets.choice import choice
from companion.ui.widgets.column import column
from companion.ui.widgets.text_field import TextField

KEY = "stats"
GROUPS_SHOWN = 6          # the most recent groups offered as a filter
READ_WHILE_DRAWING = 50   # stale matches worked out as the screen is drawn; more are worked out in the background
CLOSEST, WIDEST = N_("Closest win"), N_("Widest win")   # also the tests' keys of the two wins

__all__ = ["KEY", "Statistics", "StatsUI", "warm"]


@dataclass(frozen=True)
class StatsUI:
    game: str | None = None                    # one game kind; None: every game
    group: tuple[str, ...] | None = None       # one group's players; None: everyone
    start: str = ""                            # the first day, as typed (YYYY-MM-DD)
    end: str = ""                              # the last day, as typed
    a: str | None = None                       # head to head: the first player …
    b: str | None = None                       # … against the second
    charts: tuple[tuple[str, int], ...] = ()   # per game: its chart that many games before the latest
    opened: tuple[str, ...] = ()               # the sections open (:func:`sections`' names)

    def with_game(self, name: str | None) -> StatsUI:
        return replace(self, game=name)

    def with_group(self, players: tuple[str, ...] | None) -> StatsUI:
        return replace(self, group=players)

    def with_dates(self, start: str, end: str) -> StatsUI:
        return replace(self, start=start, end=end)

    def with_pair(self, a: str | None, b: str | None) -> StatsUI:
        return replace(self, a=a, b=b if b != a else None)

    def chart_of(self, name: str) -> int:
        return dict(self.charts).get(name, 0)

    def with_chart(self, name: str, position: int) -> StatsUI:
        return replace(self, charts=tuple(sorted({**dict(self.charts), name: max(0, position)}.items())))

    def toggled(self, section: str) -> StatsUI:
        """``section`` opened, or closed if it was open."""
        if section in self.opened:
            return replace(self, opened=tuple(s for s in self.opened if s != section))
        return replace(self, opened=(*self.opened, section))


PLAYERS, PAIR, GAMES = "players", "pair", "games"


def own_section(name: str) -> str:
    """The name of game ``name``'s own section (its figures from the rounds)."""
    return f"own-{name}"


def sections(views: dict[str, GameView]) -> tuple[str, ...]:
    """Every section the screen can open, in screen order."""
    return (PLAYERS, PAIR, GAMES, *(own_section(n) for n in games_with(stats.STATS_PART) if n in views))


# ---------------------------------------------------------------- words


def _date(text: str) -> dt.date | None:
    """A day typed as year-month-day (2026-11-30) or, as in German, day.month.year (30.11.2026)."""
    text = text.strip()
    if not text:
        return None
    if "." in text:
        day, month, year = text.rstrip(".").split(".")
        return dt.date(int(year), int(month), int(day))
    return dt.date.fromisoformat(text)


def _number(x: float) -> str:
    point = i18n.decimal(0.5, 1)[1]
    return i18n.decimal(x, 1).rstrip("0").rstrip(point)


def _games(n: int) -> str:
    return ngettext("{n} game", "{n} games", n).format(n=i18n.number(n))


def _played(kind: str, n: int) -> str:
    """How many a game's figures come from, in that game's own word: Hot Dog's games
    ("3 games"), a game whose match is one game counted as matches ("1 match": in
    German a burger or sales game is a Partie, "Spiel" is kept for Hot Dog's three)."""
    if game(kind).match_games > 1:
        return _games(n)
    return words.matches(n)


def _finished(n: int) -> str:
    return ngettext("{n} finished game", "{n} finished games", n).format(n=i18n.number(n))


def _complete(n: int) -> str:
    return ngettext("{n} complete match", "{n} complete matches", n).format(n=i18n.number(n))


def player_lines(p: stats.PlayerStats) -> list[str]:
    """A player's statistics in a player's words. Where every game the player finished
    is a whole match (sales, burger: ``GameSpec.match_games`` 1) the games are counted
    as matches, once: "Games: 3 won of 7" beside "Matches: 3 won of 7" said one thing
    twice, in the word (German "Spiele") kept for Hot Dog's three games of a match."""
    whole = all(game(kind).match_games == 1 for kind in p.scores)
    if whole:
        first = (_("Matches: {won} won of {games} ({percent}), {shared} of them shared.") if p.shared
                 else _("Matches: {won} won of {games} ({percent})."))
    else:
        first = (_("Games: {won} won of {games} ({percent}), {shared} of them shared.") if p.shared
                 else _("Games: {won} won of {games} ({percent})."))
    n = i18n.number     # counts as the reader writes them: 1,773 (English), 1.773 (German)
    lines = [first.format(won=n(p.won), games=n(p.games), percent=i18n.percent(p.win_rate), shared=n(p.shared))]
    if p.matches and not whole:
        lines.append(_("Matches: {won} won of {matches}.").format(won=n(p.matches_won), matches=n(p.matches)))
    lines.append(_("Winning run: {now} now, {best} at best.").format(now=n(p.streak), best=n(p.longest)))
    for kind, s in p.scores.items():
        spec = game(kind)
        lines.append(_("{game}: average {average}, best {best} ({games}).").format(
            game=spec.title, average=spec.score_text(s.average), best=spec.score_text(s.best),
            games=_played(kind, s.games)))
    return lines


def pair_lines(h: stats.HeadToHead) -> list[str]:
    if not h.games:
        return [_("{a} and {b} have no finished game together here.").format(a=h.a, b=h.b)]
    lead = _("{player} won more.").format(player=h.leader) if h.leader else _("Even.")
    lines = [ngettext("{n} game together: {a} won {a_won}, {b} won {b_won}, "
                      "shared {shared}, someone else or nobody {neither}. {lead}",
                      "{n} games together: {a} won {a_won}, {b} won {b_won}, "
                      "shared {shared}, someone else or nobody {neither}. {lead}", h.games).format(
        n=h.games, a=h.a, b=h.b, a_won=h.a_won, b_won=h.b_won, shared=h.shared, neither=h.neither, lead=lead)]
    if h.matches:
        lines.append(ngettext("{n} match together: {a} won {a_won}, {b} won {b_won}, shared {shared}.",
                              "{n} matches together: {a} won {a_won}, {b} won {b_won}, shared {shared}.",
                              h.matches).format(n=h.matches, a=h.a, b=h.b, a_won=h.a_matches,
                                                b_won=h.b_matches, shared=h.shared_matches))
    return lines


def _win(spec: Any, w: stats.Win | None, what: str) -> str:
    if w is None:
        return ""
    if w.tie_break is not None:
        return _("{what}: {player}, level on the top score and won on the tie-break ({ruling}) "
                 "(match {match}, game {number})").format(
            what=what, player=w.winner, ruling=w.tie_break, match=w.match_id, number=w.number)
    return _("{what}: {player} by {margin} (match {match}, game {number})").format(
        what=what, player=w.winner, margin=spec.score_text(w.margin), match=w.match_id, number=w.number)


def match_rule(spec: Any) -> str:
    """What a match of this game is, in a player's words (from the game's spec)."""
    if spec.match_games > 1:
        line = _("{game}: a match is {n} games, won by the highest total of their scores ({ruling}).").format(
            game=spec.title, n=spec.match_games, ruling=spec.match_ruling)
    else:
        line = _("{game}: a match is one game, won as the game is won.").format(game=spec.title)
    if spec.tie_break:
        line += " " + _("Equal top scores go to the tie-break ({ruling}).").format(ruling=spec.tie_break)
    return line


# ---------------------------------------------------------------- the screen


def _picker(name: str, chart: stats.Chart, put: Callable[[Any], None]) -> ft.Control:
    """Which game the chart shows: an earlier or a later one, and which it is."""
    if chart.position == 0:
        which = _("the latest of {n}").format(n=i18n.number(chart.of))
    else:
        which = _("{k} of {n}, counted from the latest").format(k=i18n.number(chart.position + 1),
                                                                n=i18n.number(chart.of))
    label = _("Match {match}, game {number}, {day}: {which}").format(
        match=chart.match_id, number=chart.number, day=when.day(chart.started), which=which)
    return ft.Column([
        ft.Text(label, size=13),
        ft.Row([
            ft.OutlinedButton(_("Earlier game"), icon=ft.Icons.CHEVRON_LEFT, key=f"chart-earlier-{name}",
                              disabled=chart.position + 1 >= chart.of,
                              on_click=lambda e: put(lambda u: u.with_chart(name, chart.position + 1))),
            ft.OutlinedButton(_("Later game"), icon=ft.Icons.CHEVRON_RIGHT, key=f"chart-later-{name}",
                              disabled=chart.position == 0,
                              on_click=lambda e: put(lambda u: u.with_chart(name, chart.position - 1))),
            *([ft.TextButton(_("Latest"), key=f"chart-latest-{name}",
                             on_click=lambda e: put(lambda u: u.with_chart(name, 0)))] if chart.position else []),
        ], wrap=True, spacing=8, run_spacing=8)], spacing=4)


def _opener(st: StatsUI, section: str, title: str, put: Callable[[Any], None]) -> ft.Control:
    """A section's heading, a tap that opens or closes it; a screen reader hears a
    heading and a button, expanded or not."""
    shown = section in st.opened
    return ft.Semantics(
        label=title, header=True, button=True, expanded=shown,
        content=ft.TextButton(
            title, key=f"open-{section}", icon=ft.Icons.EXPAND_LESS if shown else ft.Icons.EXPAND_MORE,
            style=ft.ButtonStyle(padding=ft.Padding(0, 4, 8, 4), alignment=ft.Alignment.CENTER_LEFT,
                                 text_style=ft.TextStyle(size=18, weight=ft.FontWeight.BOLD)),
            on_click=lambda e: put(lambda u: u.toggled(section))))


def _game_card(shell: ShellServices, k: stats.KindStats) -> ft.Control:
    """One game kind's card under Games: how many were finished, rounds on average, and
    its closest and widest wins, each a tap to its match."""
    spec = game(k.game)
    if spec.match_games > 1:
        line = _("{games} ({matches}); rounds on average: {rounds}.").format(
            games=_finished(k.games), matches=_complete(k.matches), rounds=_number(k.average_rounds))
    else:
        line = _("{games}; rounds on average: {rounds}.").format(games=_finished(k.games),
                                                                  rounds=_number(k.average_rounds))
    lines: list[ft.Control] = [bold(spec.title), ft.Text(line)]
    for w, what in ((k.closest, CLOSEST), (k.widest, WIDEST)):
        if w is not None:
            lines.append(ft.TextButton(_win(spec, w, _(what)), key=f"{what}-{k.game}",
                                       on_click=lambda e, i=w.match_id: shell.go("history_match", match=i)))
    return card(ft.Column(lines, spacing=4))


def _reading(reading: Reading) -> list[ft.Control]:
    total = max(reading.total, 1)
    return [ft.ProgressBar(value=min(reading.done / total, 1.0), key="reading"),
            ft.Text(ngettext("Working out the statistics of {n} stored match (once after an update): {done} of {n} "
                             "done. The rest of companion is yours meanwhile.",
                             "Working out the statistics of {n} stored matches (once after an update): {done} of {n} "
                             "done. The rest of companion is yours meanwhile.",
                             reading.total).format(n=i18n.number(reading.total), done=i18n.number(reading.done)))]


def warm(store: Store, views: Collection[str]) -> None:
    """What the first Statistics after a start would otherwise load while the player
    waits, loaded ahead (:func:`companion.ui.router.warm_up`, off the event loop, once a
    process has drawn its first screen): the language's number forms (Babel's locale
    data), every game's ``stats`` part, the whole history's counts as the store keeps
    them (only where no match waits to be worked out: that is the screen's to show) and
    the modules of the controls only this screen draws. Nothing is drawn or kept."""
    i18n.number(0)
    own_games = [n for n in games_with(stats.STATS_PART) if n in views]
    if not derived.stale(store, views):
        Counts(store, views).summary(stats.Filter(), own_games)
    for name in ("TextButton", "Semantics"):     # Flet imports a control's module when first named
        getattr(ft, name)


@ft.component
def Statistics(shell: ShellServices, views: dict[str, GameView]) -> ft.Control:
    st: StatsUI = shell.ui(KEY, StatsUI())

    def put(fn: Any) -> None:
        shell.set_ui(KEY, fn, StatsUI())

    out: list[ft.Control] = [heading(_("Statistics"))]
    kinds = list(views)
    todo = derived.stale(shell.store, kinds)
    path = str(shell.store.path)
    if todo > READ_WHILE_DRAWING and threads(shell) and path not in stats_reading.FAILED:
        out += _reading(read_in_background(shell.store, kinds, todo, redraw_when_read(shell), id(shell)))
        return column(out, spacing=12)
    if todo:
        derived.fresh(shell.store, wanted=kinds)
    counts = Counts(shell.store, kinds)
    own_games = [n for n in games_with(stats.STATS_PART) if n in views]
    everything = counts.summary(stats.Filter(), own_games)
    if not everything.counted.total_games:
        out.append(ft.Text(_("No finished games yet: statistics come from the games you finish.")))
        return column(out, spacing=12)

    kinds_here = [n for n in views if everything.counted.games.get(n) or everything.counted.matches.get(n)]
    out.append(bold(_("Game")))
    out.append(ft.Row([choice(_("All games"), st.game is None, lambda e: put(lambda u: u.with_game(None)),
                              key="game-all"),
                       *[choice(views[n].title, st.game == n, lambda e, n=n: put(lambda u: u.with_game(n)),
                                key=f"game-{n}") for n in kinds_here]], wrap=True, spacing=8, run_spacing=8))
    groups = everything.groups[:GROUPS_SHOWN]
    if len(groups) > 1:
        out.append(bold(_("Group")))
        out.append(ft.Row([
            choice(_("Everyone"), st.group is None, lambda e: put(lambda u: u.with_group(None)), key="group-all"),
            *[choice(", ".join(g), st.group == g, lambda e, g=g: put(lambda u: u.with_group(g)), key=f"group-{i}")
              for i, g in enumerate(groups)]], wrap=True, spacing=8, run_spacing=8))
    out.append(ft.Row([
        ft.Container(TextField(label=_("From"), hint_text=_("YYYY-MM-DD"), value=st.start, dense=True,
                               on_change=lambda e: put(lambda u: u.with_dates(e.control.value or "", u.end))),
                     expand=True),
        ft.Container(TextField(label=_("To"), hint_text=_("YYYY-MM-DD"), value=st.end, dense=True,
                               on_change=lambda e: put(lambda u: u.with_dates(u.start, e.control.value or ""))),
                     expand=True)], spacing=8))
    try:
        start, end = _date(st.start), _date(st.end)
    except ValueError:
        out.append(error_text(_("A date is written year-month-day, like {example}.").format(
            example=when.calendar_day(dt.date(2026, 11, 30)))))
        start = end = None
    wanted = stats.Filter(st.game, st.group, start, end)
    here = everything if wanted == stats.Filter() else counts.summary(wanted, own_games)
    if not here.counted.total_games:
        out.append(ft.Text(_("No finished game fits these choices.")))
        return column(out, spacing=12)
    out.append(ft.Text(_("Counted: {games}, {matches}.").format(games=_finished(here.counted.total_games),
                                                                 matches=_complete(here.counted.total_matches))))

    people = list(here.players)
    out.append(bar_chart(stats.Bars(_("Games won per player"), tuple((p.name, p.won) for p in people),
                                    tuple(ngettext("{n} win of {games}", "{n} wins of {games}", p.won).format(
                                        n=i18n.number(p.won), games=i18n.number(p.games)) for p in people))))
    out.append(_opener(st, PLAYERS, _("Players"), put))
    if PLAYERS in st.opened:
        rules = [match_rule(game(n)) for n in views if here.counted.games.get(n) or here.counted.matches.get(n)]
        out.append(ft.Text(" ".join([_("A shared win counts as a win for each who share it (house rule)."), *rules,
                                     _("Winning run: finished games won in a row.")]), size=12))
        for p in people:
            out.append(card(ft.Column([bold(p.name), *[ft.Text(line) for line in player_lines(p)]], spacing=4),
                            identifier=f"player-{p.name}"))

    if len(people) >= 2:
        out.append(_opener(st, PAIR, _("Head to head"), put))
        if PAIR in st.opened:
            names = [p.name for p in people]
            a = st.a if st.a in names else names[0]
            b = st.b if st.b in names and st.b != a else next(n for n in names if n != a)
            out.append(ft.Row([choice(n, n == a, lambda e, n=n: put(lambda u: u.with_pair(n, u.b)), key=f"a-{n}")
                               for n in names], wrap=True, spacing=8, run_spacing=8))
            out.append(ft.Text(_("against")))
            out.append(ft.Row([choice(n, n == b, lambda e, n=n: put(lambda u: u.with_pair(a, n)), key=f"b-{n}")
                               for n in names if n != a], wrap=True, spacing=8, run_spacing=8))
            pair = here.pair if here.pair is not None and (here.pair.a, here.pair.b) == (a, b) \
                else counts.head_to_head(wanted, a, b)
            out += [ft.Text(line) for line in pair_lines(pair)]

    out.append(_opener(st, GAMES, _("Games"), put))
    if GAMES in st.opened:
        out.append(ft.Text(_("A win's margin: the winner's score less the best other score; a shared win "
                             "has none (house rule). Tap a win to open its match."), size=12))
        out += [_game_card(shell, k) for k in here.kinds]

    for name, own in games_with(stats.STATS_PART).items():
        if name not in views or not here.counted.games.get(name):
            continue
        figures = here.own.get(name) or counts.own(wanted, name)
        if not own.sections(figures):
            continue
        out.append(_opener(st, own_section(name), _("{game}: from the rounds").format(game=views[name].title), put))
        if own_section(name) not in st.opened:
            continue
        if st.chart_of(name):
            figures = replace(figures, chart=counts.chart(stats.Filter(name, wanted.group, wanted.start, wanted.end),
                                                          st.chart_of(name)))
        parts = own.sections(figures)
        if parts:
            picker = _picker(name, figures.chart, put) if figures.chart is not None and figures.chart.of > 1 else None
            out += [section(s, picker if isinstance(s, stats.Lines) else None) for s in parts]
    return column(out, spacing=12)
