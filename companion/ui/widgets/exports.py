"""Export and Print actions for any game's match: the same files as the command line.

Export: a game or the match as its JSON record, the match as CSV (rows from the
game's ``export.py``) and as a file BG Stats imports (its finished games as plays).
Print: a game's score sheet (in its place in the match) or the match's, filled from
the match record, and the game's rules card — the PDFs of ``companion print``. Each
file is offered as a download in a browser, a save/share elsewhere, and a copy in
``<data dir>/exports/`` (under a fresh name when the name is taken: an export never
replaces another file).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

import flet as ft

from companion.core import i18n
from companion.core.errors import CompanionError
from companion.core.i18n import N_, _, pgettext
from companion.pdf.api import build_rules_card, build_score_sheet, printable_games
from companion.store.bgstats import bgstats_json, file_name
from companion.store.exchange import game_json, match_csv, match_json
from companion.ui.widgets.heading import heading
from companion.ui.widgets.memo import memoized

if TYPE_CHECKING:
    from companion.store.db import Store, StoredMatch
    from companion.ui.contracts import ShellServices


def export_data(m: StoredMatch, number: int, kind: str, store: Store | None = None) -> tuple[str, str | bytes]:
    """The file name and content of one export or printable for game ``number`` of the
    match. A game's score sheet is printed from the match record, so that it knows
    its place in the match: game 3 prints as game 3, after games 1 and 2. The BG Stats
    file is read from the store's derived rows (``store``)."""
    base = f"{m.game}-match-{m.id}"
    record = m.games[number - 1].record
    if kind == "game-json":
        return f"{base}-game-{number}.json", game_json(record)
    if kind == "match-json":
        return f"{base}.json", match_json(m)
    if kind == "match-csv":
        return f"{base}.csv", match_csv(m)
    if kind == "match-bgstats":
        if store is None:
            raise ValueError("a BG Stats file is read from the store")
        return file_name(base), bgstats_json(store, [m.id])
    if kind == "game-pdf":
        return (f"{base}-game-{number}-sheet.pdf",
                build_score_sheet(record=m.match_record(), number=number))
    if kind == "match-pdf":
        return f"{base}-sheet.pdf", build_score_sheet(record=m.match_record())
    if kind == "rules-pdf":
        return f"{m.game}-rules-a6.pdf", build_rules_card(m.game)
    raise ValueError(kind)


#: Each export and printable as a player names it (the line next to its button).
WHAT = {"game-json": N_("Game record"), "match-json": N_("Match record"), "match-csv": N_("Match spreadsheet"),
        "match-bgstats": N_("Match for BG Stats"), "game-pdf": N_("Score sheet"),
        "match-pdf": N_("Match score sheet"), "rules-pdf": N_("Rules card")}


@dataclass(frozen=True)
class Exported:
    """What a tap on an export or printable did: the line the player reads next to its
    button, and whether the file was made (``False``: nothing was, said as an error)."""

    line: str
    made: bool


def exported(shell: ShellServices, match_id: int, number: int, kind: str) -> Exported:
    """Write one export or printable for game ``number`` of the match and offer it."""
    m = shell.store.match(match_id)
    try:
        name, data = export_data(m, number, kind, shell.store)
    except CompanionError as exc:
        return Exported(_("Not printed: {reason}").format(reason=exc), made=False)
    return Exported(shell.export(name, data, _(WHAT[kind])), made=True)


def export_file(shell: ShellServices, match_id: int, number: int, kind: str) -> str:
    """Write one export or printable for game ``number`` of the match and offer it;
    returns the line the player reads next to the button tapped."""
    return exported(shell, match_id, number, kind).line


class Shown(Protocol):
    """The match a screen shows, as it read it (a table's ``MatchSeen``, History's
    ``StoredMatch``): the export buttons read no more of it while drawn."""

    @property
    def id(self) -> int: ...
    @property
    def game(self) -> str: ...


def ExportActions(shell: ShellServices, m: Shown, number: int, *, games_in_match: bool = True,
                  key: str | None = None) -> ft.Control:
    """``games_in_match``: the game's matches have several games (a match sheet and a
    match export make sense); a single-game match offers the game's files only. What a
    tap did is said right under its row of buttons, where the player is looking.

    Memoized (:mod:`companion.ui.widgets.memo`): its values are the match's id and game,
    the game's number and the language it is worded in, so a tap elsewhere on the
    screen (a chip of a bid) neither builds nor compares its fourteen controls again."""
    drawn: ft.Control = _memo_export_actions(shell, m.id, m.game, number, games_in_match=games_in_match,
                                             language=i18n.language(), key=key)
    return drawn


@ft.component
def _export_actions(shell: ShellServices, match_id: int, game: str, number: int, *, games_in_match: bool,
                    language: str, key: str | None = None) -> ft.Control:
    """:func:`ExportActions` drawn; ``language``: a value of the memo only."""
    said, set_said = ft.use_state(cast("tuple[str, str, bool] | None", None))

    def act(kind: str) -> Callable[[Any], None]:
        def tapped(e: Any) -> None:
            done = exported(shell, match_id, number, kind)
            set_said((kind, done.line, not done.made))
        return tapped

    def told(kinds: tuple[str, ...]) -> list[ft.Control]:
        if said is None or said[0] not in kinds:
            return []
        return [ft.Text(said[1], size=13, color=ft.Colors.ERROR if said[2] else None)]

    export_kinds = ("game-json", "match-json", "match-csv", "match-bgstats")
    # a single-game match's one game is the match (German: a Partie, not a Spiel)
    game_json = _("Game as JSON") if games_in_match else pgettext("a single-game match", "Game as JSON")
    exports: list[ft.Control] = [ft.Button(game_json, icon=ft.Icons.DOWNLOAD, on_click=act("game-json"))]
    if games_in_match:
        exports.append(ft.Button(_("Match as JSON"), icon=ft.Icons.DOWNLOAD, on_click=act("match-json")))
    exports.append(ft.Button(_("Match as CSV"), icon=ft.Icons.DOWNLOAD, on_click=act("match-csv")))
    exports.append(ft.Button(_("Match for BG Stats"), icon=ft.Icons.DOWNLOAD, on_click=act("match-bgstats")))
    out: list[ft.Control] = [heading(_("Export"), 18), ft.Row(exports, wrap=True), *told(export_kinds)]
    if game in printable_games():
        game_sheet = (_("Print game {number} score sheet").format(number=number) if games_in_match
                      else pgettext("a single-game match", "Print score sheet"))
        prints: list[ft.Control] = [ft.Button(game_sheet, icon=ft.Icons.PRINT, on_click=act("game-pdf"))]
        if games_in_match:
            prints.append(ft.Button(_("Print match score sheet"), icon=ft.Icons.PRINT,
                                    on_click=act("match-pdf")))
        prints.append(ft.Button(_("Print rules card"), icon=ft.Icons.PRINT, on_click=act("rules-pdf")))
        out += [heading(_("Print"), 18), ft.Row(prints, wrap=True), *told(("game-pdf", "match-pdf", "rules-pdf"))]
    return ft.Column(out, spacing=8)


_memo_export_actions = memoized(_export_actions)
