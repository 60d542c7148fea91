"""Statistics: who wins most, and how, from the stored matches (nothing else kept).

The numbers are :mod:`companion.core.stats`'s, over every stored match replayed by its
game's referee. Replaying a thousand matches on each draw would be slow, so each
match's derived rows (:class:`~companion.core.stats.MatchPlayed`) are remembered until
the match changes (its ``updated_at``), as History remembers its lines: the first
draw after a start replays every match once; a filter, a redraw or another tab only
filters the remembered rows; a changed match alone is replayed again. When more than
:data:`READ_WHILE_DRAWING` matches are unread (the first open after a start, with a
long history), they are replayed in a thread of their own while the screen says so,
and the screen is drawn again when they are all read (``bench/stats.py`` measures it).

Filters: one game kind, one group of players (the store's groups: the same players in
any seating), a date range (the day each match started). Each game's own statistics
come from its ``stats`` part (the registry's; this screen names no game). Charts are
drawn from plain controls (bars are containers as wide as their value; money over the
rounds is a canvas path), each with its values written beside it in words, which is
what a screen reader reads.

The passing state is :class:`StatsUI`, kept under :data:`KEY` like every screen's.
"""

from __future__ import annotations

import datetime as dt
import logging
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from typing import Any

import flet as ft
import flet.canvas as cv

from companion.core import i18n, stats, when
from companion.core.errors import CompanionError
from companion.core.i18n import N_, _, ngettext
from companion.core.registry import game, games_with, part
from companion.store import MatchSummary, Store
from companion.ui.contracts import GameView, ShellServices
from companion.ui.widgets import bold, card, error_text, heading
from companion.ui.widgets.text_field import TextField

log = logging.getLogger(__name__)

KEY = "stats"
GROUPS_SHOWN = 6          # the most recent groups offered as a filter
READ_WHILE_DRAWING = 50   # unread matches replayed as the screen is drawn; more are read in the background
PALETTE = (ft.Colors.BLUE_400, ft.Colors.ORANGE_400, ft.Colors.GREEN_400, ft.Colors.PURPLE_300,
           ft.Colors.RED_400)
CHART_WIDTH, CHART_HEIGHT = 300, 150
BAR_WIDTH = 110           # the longest bar: room beside it for its words on a phone
CLOSEST, WIDEST = N_("Closest win"), N_("Widest win")   # also the tests' keys of the two wins

__all__ = ["KEY", "Statistics", "StatsUI", "derived", "forget"]


@dataclass(frozen=True)
class StatsUI:
    game: str | None = None                    # one game kind; None: every game
    group: tuple[str, ...] | None = None       # one group's players; None: everyone
    start: str = ""                            # the first day, as typed (YYYY-MM-DD)
    end: str = ""                              # the last day, as typed
    a: str | None = None                       # head to head: the first player …
    b: str | None = None                       # … against the second

    def with_game(self, name: str | None) -> StatsUI:
        return replace(self, game=name)

    def with_group(self, players: tuple[str, ...] | None) -> StatsUI:
        return replace(self, group=players)

    def with_dates(self, start: str, end: str) -> StatsUI:
        return replace(self, start=start, end=end)

    def with_pair(self, a: str | None, b: str | None) -> StatsUI:
        return replace(self, a=a, b=b if b != a else None)


# ---------------------------------------------------------------- remembered rows

_ROWS: OrderedDict[tuple[str, int, float], stats.MatchPlayed] = OrderedDict()
_ROWS_KEPT = 8192
_rows_lock = threading.Lock()


def forget() -> None:
    """Forget every remembered match (a benchmark's fresh start)."""
    with _rows_lock:
        _ROWS.clear()


def _remembered(key: tuple[str, int, float]) -> stats.MatchPlayed | None:
    with _rows_lock:
        row = _ROWS.get(key)
        if row is not None:
            _ROWS.move_to_end(key)
        return row


def _key(store: Store, m: MatchSummary) -> tuple[str, int, float]:
    return (str(store.path), m.id, m.updated_at)


def unread(store: Store, games: Sequence[str], found: Sequence[MatchSummary] | None = None) -> int:
    """How many stored matches of ``games`` (of ``found``, the store's summaries, if
    given) are not remembered as they are now."""
    found = store.summaries() if found is None else found
    with _rows_lock:
        return sum(1 for m in found if m.game in games and _key(store, m) not in _ROWS)


def derived(store: Store, games: Sequence[str], found: Sequence[MatchSummary] | None = None
            ) -> list[stats.MatchPlayed]:
    """Every stored match of ``games`` (of ``found``, the store's summaries, if given)
    as the statistics read it; a match is replayed only if it changed since it was last
    read (sessions share what is remembered)."""
    out = []
    for m in store.summaries() if found is None else found:
        if m.game not in games:
            continue
        key = _key(store, m)
        row = _remembered(key)
        if row is None:
            try:
                stored = store.match(m.id)
            except CompanionError:         # deleted meanwhile (another tab)
                continue
            row = stats.derive(m.id, m.game, m.players, [g.record for g in stored.games], m.created_at,
                               part(m.game, "stats"))
            with _rows_lock:
                _ROWS[key] = row
                while len(_ROWS) > _ROWS_KEPT:
                    _ROWS.popitem(last=False)
        out.append(row)
    return out


@dataclass
class _Reading:
    """A store's matches being replayed in the background, and the sessions waiting."""

    total: int
    waiting: list[Callable[[], None]] = field(default_factory=list)


_READING: dict[str, _Reading] = {}
_FAILED: set[str] = set()         # stores whose background reading failed


def read_in_background(store: Store, games: Sequence[str], total: int, when_read: Callable[[], None]
                       ) -> _Reading:
    """Replay the unread matches in a thread of their own (one per store, however many
    sessions ask); ``when_read`` is called once they are all remembered."""
    with _rows_lock:
        reading = _READING.get(str(store.path))
        if reading is not None:
            reading.waiting.append(when_read)
            return reading
        reading = _READING[str(store.path)] = _Reading(total, waiting=[when_read])

    def run() -> None:
        try:
            derived(store, games)
        except Exception:
            # the next draw reads while drawing, and says what went wrong (no thread again)
            _FAILED.add(str(store.path))
            log.exception("reading the stored matches for the statistics failed")
        finally:
            with _rows_lock:
                del _READING[str(store.path)]
                waiting = list(reading.waiting)
            for tell in waiting:
                with suppress(Exception):     # a session closed meanwhile
                    tell()

    threading.Thread(target=run, name="statistics", daemon=True).start()
    return reading


def _threads(shell: ShellServices) -> bool:
    """Whether this session can wait for a thread: a served page (not a test's, not the
    browser build's, which has no threads)."""
    return shell.page is not None and sys.platform != "emscripten"


def _when_read(shell: ShellServices) -> Callable[[], None]:
    page = shell.page

    async def redraw() -> None:
        shell.saved()
        page.update()

    def tell() -> None:
        page.run_task(redraw)

    return tell


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


def _finished(n: int) -> str:
    return ngettext("{n} finished game", "{n} finished games", n).format(n=i18n.number(n))


def _complete(n: int) -> str:
    return ngettext("{n} complete match", "{n} complete matches", n).format(n=i18n.number(n))


def player_lines(p: stats.PlayerStats) -> list[str]:
    """A player's statistics in a player's words."""
    if p.shared:
        lines = [_("Games: {won} won of {games} ({percent}), {shared} of them shared.").format(
            won=p.won, games=p.games, percent=i18n.percent(p.win_rate), shared=p.shared)]
    else:
        lines = [_("Games: {won} won of {games} ({percent}).").format(
            won=p.won, games=p.games, percent=i18n.percent(p.win_rate))]
    if p.matches:
        lines.append(_("Matches: {won} won of {matches}.").format(won=p.matches_won, matches=p.matches))
    lines.append(_("Winning run: {now} now, {best} at best.").format(now=p.streak, best=p.longest))
    for kind, s in p.scores.items():
        spec = game(kind)
        lines.append(_("{game}: average {average}, best {best} ({games}).").format(
            game=spec.title, average=spec.score_text(s.average), best=spec.score_text(s.best), games=_games(s.games)))
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
    return _("{what}: {player} by {margin} (match {match}, game {number})").format(
        what=what, player=w.winner, margin=spec.score_text(w.margin), match=w.match_id, number=w.number)


# ---------------------------------------------------------------- charts


def bar_chart(chart: stats.Bars) -> ft.Control:
    """Bars as wide as their values, each with its value in words beside it."""
    top = max((v for _, v in chart.bars), default=0) or 1
    rows: list[ft.Control] = [bold(chart.title)]
    for i, (label, value) in enumerate(chart.bars):
        said = chart.words[i] if i < len(chart.words) else str(value)
        bar = ft.Container(width=max(2, round(BAR_WIDTH * value / top)), height=16, border_radius=4,
                           bgcolor=ft.Colors.PRIMARY)
        rows.append(ft.Semantics(label=f"{label}: {said}", container=True, exclude_semantics=True,
                                 content=ft.Row([ft.Text(label, width=72, no_wrap=True,
                                                         overflow=ft.TextOverflow.ELLIPSIS),
                                                 bar, ft.Text(said, expand=True)], spacing=8)))
    return card(ft.Column(rows, spacing=6))


def line_chart(chart: stats.Lines) -> ft.Control:
    """One line per player over the rounds, on a canvas; below it, each line in words."""
    values = [v for _, vs in chart.series for v in vs]
    low, high = min(values, default=0), max(values, default=1)
    span = (high - low) or 1
    steps = max((len(vs) for _, vs in chart.series), default=1) - 1 or 1
    shapes: list[cv.Shape] = [cv.Line(0, CHART_HEIGHT, CHART_WIDTH, CHART_HEIGHT,
                                      paint=ft.Paint(color=ft.Colors.OUTLINE, stroke_width=1))]
    legend: list[ft.Control] = []
    for i, (name, vs) in enumerate(chart.series):
        colour = PALETTE[i % len(PALETTE)]
        points = [(CHART_WIDTH * j / steps, CHART_HEIGHT - (CHART_HEIGHT - 8) * (v - low) / span - 4)
                  for j, v in enumerate(vs)]
        elements: list[cv.Path.PathElement] = [cv.Path.MoveTo(*points[0])] if points else []
        elements += [cv.Path.LineTo(x, y) for x, y in points[1:]]
        shapes.append(cv.Path(elements, paint=ft.Paint(color=colour, stroke_width=3,
                                                       style=ft.PaintingStyle.STROKE)))
        legend.append(ft.Row([ft.Container(width=14, height=14, border_radius=7, bgcolor=colour),
                              ft.Text(_("{player}: {values}").format(
                                  player=name, values=", ".join(i18n.money(v) for v in vs)), expand=True)],
                             spacing=8))
    rows: list[ft.Control] = [
        bold(chart.title),
        ft.Semantics(label=_("Chart: {title}").format(title=chart.title), exclude_semantics=True,
                     content=cv.Canvas(shapes, width=CHART_WIDTH, height=CHART_HEIGHT)),
        *legend]
    if chart.note:
        rows.append(ft.Text(chart.note, size=12))
    return card(ft.Column(rows, spacing=6))


def table_card(table: stats.Table) -> ft.Control:
    """A table as a few lines per row: narrow enough for a phone, read in order."""
    rows: list[ft.Control] = [bold(table.title)]
    for row in table.rows:
        pairs = "; ".join(f"{c}: {v}" for c, v in zip(table.columns[1:], row[1:]))
        rows.append(ft.Text(spans=[ft.TextSpan(row[0], ft.TextStyle(weight=ft.FontWeight.BOLD)),
                                   ft.TextSpan(f" — {pairs}")]))
    if table.note:
        rows.append(ft.Text(table.note, size=12))
    return card(ft.Column(rows, spacing=6))


def section(s: stats.Section) -> ft.Control:
    if isinstance(s, stats.Bars):
        return bar_chart(s)
    if isinstance(s, stats.Lines):
        return line_chart(s)
    return table_card(s)


# ---------------------------------------------------------------- the screen


def _choice(label: str, selected: bool, on_click: Any, key: str) -> ft.Control:
    make = ft.FilledButton if selected else ft.OutlinedButton
    return make(label, key=key, on_click=on_click,
                icon=ft.Icons.CHECK if selected else None)


@ft.component
def Statistics(shell: ShellServices, views: dict[str, GameView]) -> ft.Control:
    st: StatsUI = shell.ui(KEY, StatsUI())

    def put(fn: Any) -> None:
        shell.set_ui(KEY, fn, StatsUI())

    out: list[ft.Control] = [heading(_("Statistics"))]
    found = shell.store.summaries()
    todo = unread(shell.store, list(views), found)
    if todo > READ_WHILE_DRAWING and _threads(shell) and str(shell.store.path) not in _FAILED:
        reading = read_in_background(shell.store, list(views), todo, _when_read(shell))
        out += [ft.ProgressBar(),
                ft.Text(ngettext("Reading {n} stored match for the statistics (once after companion starts)…",
                                 "Reading {n} stored matches for the statistics (once after companion starts)…",
                                 reading.total).format(n=i18n.number(reading.total)))]
        return _column(out)
    every = derived(shell.store, list(views), found)
    if not any(m.counted and m.games for m in every):
        out.append(ft.Text(_("No finished games yet: statistics come from the games you finish.")))
        return _column(out)

    kinds_here = [n for n in views if any(m.game == n for m in every)]
    out.append(bold(_("Game")))
    out.append(ft.Row([_choice(_("All games"), st.game is None, lambda e: put(lambda u: u.with_game(None)), "game-all"),
                       *[_choice(views[n].title, st.game == n, lambda e, n=n: put(lambda u: u.with_game(n)),
                                 f"game-{n}") for n in kinds_here]], wrap=True, spacing=8, run_spacing=8))
    groups = shell.store.groups({n: s.lone_modes for n, s in ((n, game(n)) for n in views)})[:GROUPS_SHOWN]
    if len(groups) > 1:
        out.append(bold(_("Group")))
        out.append(ft.Row([
            _choice(_("Everyone"), st.group is None, lambda e: put(lambda u: u.with_group(None)), "group-all"),
            *[_choice(", ".join(g.players), st.group == g.players,
                      lambda e, g=g: put(lambda u: u.with_group(g.players)), f"group-{i}")
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
    picked = stats.chosen(every, wanted)
    played = stats.games_of(picked)
    if not played:
        out.append(ft.Text(_("No finished game fits these choices.")))
        return _column(out)
    complete = sum(m.complete for m in picked)
    out.append(ft.Text(_("Counted: {games}, {matches}.").format(games=_finished(len(played)),
                                                                 matches=_complete(complete))))

    people = stats.players(picked)
    out.append(bar_chart(stats.Bars(_("Games won per player"), tuple((p.name, p.won) for p in people),
                                    tuple(ngettext("{n} win of {games}", "{n} wins of {games}", p.won).format(
                                        n=p.won, games=p.games) for p in people))))
    out.append(heading(_("Players"), 18))
    rulings = sorted({r for r in (game(n).match_ruling for n in {m.game for m in picked}) if r})
    out.append(ft.Text(_("A shared win counts as a win for each who share it (house rule); a match is won "
                         "by the highest total of its three games ({rulings}). "
                         "Winning run: finished games won in a row.").format(
        rulings=", ".join(rulings) or _("house rule")), size=12))
    for p in people:
        out.append(card(ft.Column([bold(p.name), *[ft.Text(line) for line in player_lines(p)]], spacing=4),
                        identifier=f"player-{p.name}"))

    if len(people) >= 2:
        out.append(heading(_("Head to head"), 18))
        names = [p.name for p in people]
        a = st.a if st.a in names else names[0]
        b = st.b if st.b in names and st.b != a else next(n for n in names if n != a)
        out.append(ft.Row([_choice(n, n == a, lambda e, n=n: put(lambda u: u.with_pair(n, u.b)), f"a-{n}")
                           for n in names], wrap=True, spacing=8, run_spacing=8))
        out.append(ft.Text(_("against")))
        out.append(ft.Row([_choice(n, n == b, lambda e, n=n: put(lambda u: u.with_pair(a, n)), f"b-{n}")
                           for n in names if n != a], wrap=True, spacing=8, run_spacing=8))
        out += [ft.Text(line) for line in pair_lines(stats.head_to_head(picked, a, b))]

    out.append(heading(_("Games"), 18))
    out.append(ft.Text(_("A win's margin: the winner's score less the best other score; a shared win "
                         "has none (house rule). Tap a win to open its match."), size=12))
    for k in stats.kinds(picked):
        spec = game(k.game)
        lines = [_("{games} ({matches}), {rounds} rounds on average.").format(
            games=_finished(k.games), matches=_complete(k.matches), rounds=_number(k.average_rounds))]
        column: list[ft.Control] = [bold(spec.title), *[ft.Text(x) for x in lines]]
        for w, what in ((k.closest, CLOSEST), (k.widest, WIDEST)):
            if w is not None:
                column.append(ft.TextButton(_win(spec, w, _(what)), key=f"{what}-{k.game}",
                                            on_click=lambda e, i=w.match_id: shell.go("history_match", match=i)))
        out.append(card(ft.Column(column, spacing=4)))

    for name, own in games_with("stats").items():
        if name not in views:
            continue
        mine = [g for g in played if g.game == name]
        parts = own.sections(mine) if mine else []
        if parts:
            out.append(heading(_("{game}: from the rounds").format(game=views[name].title), 18))
            out += [section(s) for s in parts]
    return _column(out)


def _column(controls: list[ft.Control]) -> ft.Column:
    return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
