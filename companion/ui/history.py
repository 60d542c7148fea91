"""History: every stored match, newest first, a page at a time, searched by player.

The list comes from the store's summaries, counted and paged by the store
(:meth:`companion.store.Store.page_of_summaries`: game, players, when, for the lines
drawn only; no record is read), so it costs the same whether a thousand matches are
stored or ten. A match's line ("game 2 of 3, 4 rounds played") comes from
its game's ``match_line``, which replays the record: that is done only for the lines
drawn, :data:`PAGE` at first and a page more each time "Show more" is tapped, and a
line is remembered until its match changes (its ``updated_at``); the first page's
are worded ahead, once a start has drawn its first screen (:func:`warm`). The page is a
screenful, no more: each line of the first page is a replay and a button to send and
lay out, and at 10,000 matches a first page of 20 took over five times a bare tap.

Search by player: a match is shown when one of its players' names holds the text
typed, in any case and with or without accents (:func:`companion.store.history.search_key`).

"All matches for BG Stats" writes the whole history as a ``.bgsplay`` file
(:mod:`companion.store.bgstats`) as a job of its own (:mod:`companion.ui.jobs`): a
determinate progress bar while the matches not worked out yet are (a long archive
after an update), the screen usable meanwhile. Beside it the two things the file
says that companion cannot know: where the games are played (a BG Stats location)
and which player is the phone's owner (BG Stats' "me").

The passing state (what is typed, how many lines are shown) is :class:`HistoryUI`,
kept under :data:`KEY` like every screen's.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from companion.core import i18n
from companion.core.errors import CompanionError
from companion.core.i18n import _, ngettext
from companion.core.record import adapter
from companion.core.registry import games
from companion.core.when import moment
from companion.store import MatchSummary, Store
from companion.store.bgstats import LOCATION, ME, bgstats_json, file_name, likely_players, location_of, me_of
from companion.store.history import players_key
from companion.ui import jobs
from companion.ui.contracts import GameView, ShellServices
from companion.ui.widgets import heading
from companion.ui.widgets.column import column
from companion.ui.widgets.text_field import TextField

PAGE = 10          # lines drawn at first (a laptop's screenful), and added by each "Show more"
KEY = "history"

__all__ = ["KEY", "PAGE", "History", "HistoryUI", "entry_text", "warm"]


@dataclass(frozen=True)
class HistoryUI:
    search: str = ""           # the player searched for, as typed
    shown: int = PAGE          # how many lines are drawn
    said: str | None = None    # what the last BG Stats export said
    settings: bool = False     # BG Stats' two settings shown (folded away until asked for)

    def searched(self, text: str) -> HistoryUI:
        """Another search: its first page."""
        return replace(self, search=text, shown=PAGE)

    def more(self) -> HistoryUI:
        return replace(self, shown=self.shown + PAGE)

    def folded(self) -> HistoryUI:
        """BG Stats' settings opened, or folded away again."""
        return replace(self, settings=not self.settings)


_LINES: OrderedDict[tuple[str, int, float], tuple[str, str]] = OrderedDict()   # (language, line)
_LINES_KEPT = 4096
_lines_lock = threading.Lock()


def _line(view: GameView, store: Store, match_id: int, updated_at: float) -> str:
    """Match ``match_id``'s line as its game words it, as stored at ``updated_at``: every
    change of a match or its games moves that on, so a changed match is worded again.
    The last few thousand lines are remembered (sessions share them), each in the
    language it was worded in."""
    key = (str(store.path), match_id, updated_at)
    language = i18n.language()
    with _lines_lock:
        if key in _LINES and _LINES[key][0] == language:
            _LINES.move_to_end(key)
            return _LINES[key][1]
    m = store.match(match_id)
    try:
        line, _over = view.match_line(m.players, [g.record for g in m.games])
    except CompanionError as exc:
        line = str(exc)
    with _lines_lock:
        _LINES[key] = (language, line)
        while len(_LINES) > _LINES_KEPT:
            _LINES.popitem(last=False)
    return line


def entry_text(view: GameView, store: Store, m: MatchSummary) -> str:
    """'Hot Dog, 2026-11-30 20:15: Anna, Bernd, Chris: game 2 of 3, 4 rounds played'."""
    return _("{game}, {when}: {players}: {state}").format(
        game=view.title, when=moment(m.updated_at), players=", ".join(m.players),
        state=_line(view, store, m.id, m.updated_at))


@ft.component
def History(shell: ShellServices, views: dict[str, GameView]) -> ft.Control:
    st: HistoryUI = shell.ui(KEY, HistoryUI())

    def put(fn: Any) -> None:
        shell.set_ui(KEY, fn, HistoryUI())

    wanted = st.search.strip()
    n, shown = shell.store.page_of_summaries(views, st.shown, wanted)
    out: list[ft.Control] = [heading(_("History"))]
    if not n and not wanted:
        out.append(ft.Text(_("No matches yet.")))
        return column(out, spacing=12)
    out.append(BgStatsPart(shell, st.said, lambda line: put(lambda u: replace(u, said=line)), st.settings,
                           lambda: put(lambda u: u.folded())))
    out.append(TextField(label=_("Search by player"), value=st.search, dense=True, prefix_icon=ft.Icons.SEARCH,
                         on_change=lambda e: put(lambda u: u.searched(e.control.value or ""))))
    if not n:
        out.append(ft.Text(_("No match has a player named like “{search}”.").format(search=wanted)))
        return column(out, spacing=12)
    if wanted and len(shown) < n:
        said = ngettext(
            "{n} match with a player named like “{search}”, the latest first; the first {shown} shown.",
            "{n} matches with a player named like “{search}”, the latest first; the first {shown} shown.", n)
    elif wanted:
        said = ngettext("{n} match with a player named like “{search}”, the latest first.",
                        "{n} matches with a player named like “{search}”, the latest first.", n)
    elif len(shown) < n:
        said = ngettext("{n} match, the latest first; the first {shown} shown.",
                        "{n} matches, the latest first; the first {shown} shown.", n)
    else:
        said = ngettext("{n} match, the latest first.", "{n} matches, the latest first.", n)
    out.append(ft.Text(said.format(n=i18n.number(n), search=wanted, shown=i18n.number(len(shown)))))
    for m in shown:
        view = views[m.game]
        try:
            text = entry_text(view, shell.store, m)
        except CompanionError:     # deleted meanwhile (another tab): gone at the next draw
            continue
        out.append(ft.Button(text, key=f"match-{m.id}",
                             on_click=lambda e, i=m.id: shell.go("history_match", match=i)))
    left = n - len(shown)
    if left > 0:
        out.append(ft.Button(_("Show {n} more ({left} not shown yet)").format(
                                 n=min(PAGE, left), left=i18n.number(left)),
                             icon=ft.Icons.EXPAND_MORE,
                             on_click=lambda e: put(lambda u: u.more())))
    return column(out, spacing=12)


def _bgstats_steps() -> dict[str, str]:
    return {"working out": _("Working out the matches not worked out yet: {done} of {total}…"),
            "writing": _("Writing the file…")}


def warm(store: Store, views: Mapping[str, GameView]) -> None:
    """What History's first draw and a first search would otherwise work out while the
    player waits, worked out ahead (:func:`companion.ui.router.warm_up`, off the event
    loop, once a process has drawn its first screen): every game's record validator
    (pydantic builds it when the first record is read: a line replays its record), the
    players offered as BG Stats' "me", every stored match's players as the search
    compares them (:func:`companion.store.history.players_key`, as many as it
    remembers), the modules of the buttons only this screen draws, and the lines of the
    first page, worded as :func:`_line` remembers them (at 10,000 matches their replays
    were a third of the first open's server time). Nothing is drawn or kept in the store."""
    for spec in games().values():
        adapter(spec.record_model)
    likely_players(store)
    with store.reading() as c:
        texts = [r[0] for r in c.execute("SELECT DISTINCT players FROM matches LIMIT ?",
                                         (players_key.cache_info().maxsize or 0,))]
    for text in texts:
        players_key(text)
    for name in ("OutlinedButton", "FilledButton"):     # Flet imports a control's module when first named
        getattr(ft, name)
    _n, first = store.page_of_summaries(views, PAGE)
    for m in first:
        try:
            _line(views[m.game], store, m.id, m.updated_at)
        except CompanionError:     # deleted meanwhile: the screen will not draw it
            continue


@ft.component
def BgStatsPart(shell: ShellServices, said: str | None, tell: Callable[[str], None], settings: bool,
                fold: Callable[[], None]) -> ft.Control:
    """The whole history for BG Stats: the button, how far it is, and the file's two
    settings (where you play, who you are), folded away until asked for (``settings``
    shown; ``fold()`` opens or folds them). Set once and seldom again, they pushed the
    matches below a phone's screen, and drawing them was a sixth of History's first
    open at 10,000 matches (146 against 123 ms, median of six starts)."""
    name = "bgstats"

    def work(report: jobs.Report) -> str:
        text = bgstats_json(shell.store, None, lambda done, total: report("working out", done, total))
        report("writing", 1, 1)
        return text

    def ended(job: jobs.Job) -> None:
        jobs.drop(shell, name)
        if job.error is not None:
            tell(_("Not exported: {reason}").format(reason=job.error))
            return
        tell(shell.export(file_name("companion-history"), job.result, _("History for BG Stats")))

    def setting(key: str, value: str | None) -> None:
        try:
            shell.store.set_setting(key, value)
        except CompanionError as exc:
            tell(_("Not saved: {reason}").format(reason=exc))
            return
        shell.saved()

    running = jobs.current(shell, name)
    busy = running is not None and not running.finished
    rows: list[ft.Control] = [
        ft.Button(_("All matches for BG Stats"), icon=ft.Icons.DOWNLOAD, disabled=busy, key="bgstats-all",
                  tooltip=_("Every finished game as a play, in a file the BG Stats app imports"),
                  on_click=lambda e: jobs.start(shell, name, work, ended)),
    ]
    if busy and running is not None:
        rows += jobs.progress(running, _bgstats_steps(), key="bgstats-progress")
    elif said:
        rows.append(ft.Text(said, size=13))
    rows.append(ft.TextButton(_("Where you play and who you are, for BG Stats"), key="bgstats-settings",
                              icon=ft.Icons.EXPAND_LESS if settings else ft.Icons.EXPAND_MORE,
                              on_click=lambda e: fold()))
    if not settings:
        return ft.Column(rows, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    people = likely_players(shell.store)[:6]
    me = me_of(shell.store)
    if me and me not in people:
        people = [me, *people[:-1]] if len(people) >= 6 else [me, *people]
    # The label stays one short line: a label that wraps grows up over the button above.
    rows.append(TextField(label=_("Where you play"), helper=_("The location BG Stats files the plays under"),
                          helper_max_lines=2, value=location_of(shell.store), dense=True,
                          on_change=lambda e: setting(LOCATION, (e.control.value or "").strip() or None)))
    if people:
        rows.append(ft.Text(_("You, in BG Stats (whose plays they are):"), size=13))
        rows.append(ft.Row([
            (ft.FilledButton if p == me else ft.OutlinedButton)(
                p, key=f"me-{p}", icon=ft.Icons.CHECK if p == me else None,
                on_click=lambda e, p=p: setting(ME, p))
            for p in people], wrap=True, spacing=8, run_spacing=8))
    return ft.Column(rows, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
