"""History: every stored match, newest first, a page at a time, searched by player.

The list comes from the store's summaries (:meth:`companion.store.Store.summaries`:
game, players, when; no record is read), so it costs the same whether a thousand
matches are stored or ten. A match's line ("game 2 of 3, 4 rounds played") comes from
its game's ``match_line``, which replays the record: that is done only for the lines
drawn, :data:`PAGE` at first and a page more each time "Show more" is tapped, and a
line is remembered until its match changes (its ``updated_at``).

Search by player: a match is shown when one of its players' names holds the text
typed, in any case and with or without accents (:func:`companion.store.history.played_by`).

The passing state (what is typed, how many lines are shown) is :class:`HistoryUI`,
kept under :data:`KEY` like every screen's.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from companion.core import i18n
from companion.core.errors import CompanionError
from companion.core.i18n import _, ngettext
from companion.store import MatchSummary, Store
from companion.store.bgstats import bgstats_json
from companion.ui.contracts import GameView, ShellServices
from companion.ui.widgets import heading
from companion.ui.widgets.text_field import TextField
from companion.ui.widgets.when import moment

PAGE = 20          # lines drawn at first (a screenful), and added by each "Show more"
KEY = "history"

__all__ = ["KEY", "PAGE", "History", "HistoryUI", "entry_text"]


@dataclass(frozen=True)
class HistoryUI:
    search: str = ""           # the player searched for, as typed
    shown: int = PAGE          # how many lines are drawn

    def searched(self, text: str) -> HistoryUI:
        """Another search: its first page."""
        return HistoryUI(search=text, shown=PAGE)

    def more(self) -> HistoryUI:
        return replace(self, shown=self.shown + PAGE)


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
    found = [m for m in shell.store.summaries(wanted) if m.game in views]
    out: list[ft.Control] = [heading(_("History"))]
    if not found and not wanted:
        out.append(ft.Text(_("No matches yet.")))
        return _column(out)
    out += [
        ft.Button(
            _("All matches for BG Stats"), icon=ft.Icons.DOWNLOAD,
            tooltip=_("Every finished game as a play, in a file the BG Stats app imports"),
            on_click=lambda e: shell.say(shell.export("companion-history-bgstats.json",
                                                     bgstats_json(shell.store.matches()),
                                                     _("History for BG Stats")))),
        TextField(label=_("Search by player"), value=st.search, dense=True, prefix_icon=ft.Icons.SEARCH,
                     on_change=lambda e: put(lambda u: u.searched(e.control.value or ""))),
    ]
    if not found:
        out.append(ft.Text(_("No match has a player named like “{search}”.").format(search=wanted)))
        return _column(out)
    shown = found[:st.shown]
    n = len(found)
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
    left = len(found) - len(shown)
    if left > 0:
        out.append(ft.Button(_("Show {n} more ({left} not shown yet)").format(
                                 n=min(PAGE, left), left=i18n.number(left)),
                             icon=ft.Icons.EXPAND_MORE,
                             on_click=lambda e: put(lambda u: u.more())))
    return _column(out)


def _column(controls: list[ft.Control]) -> ft.Column:
    return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
