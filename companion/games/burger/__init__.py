"""Burger: a drafting game. Each round ingredient cards are dealt into as many decks as
players, everyone plays tongs or tease at once, and the tongs players take the decks
to build hamburgers by recipe; rats bring hidden rat tokens."""

from typing import TYPE_CHECKING, Any

from companion.core.game import FileCommand, GameSpec
from companion.games.burger import rules
from companion.games.burger.models import BEYOND_CONTRACT, BurgerRecord

GAME = GameSpec(
    name="burger",
    title="Burger",
    record_model=BurgerRecord,
    referee=rules.referee,
    field_rulings={
        "players": "BU-1",
        "first": "BU-1",
        "tools": "BU-3",
        "tongs": "BU-3",
        "tease": "BU-3",
        "scoring": "BU-8",
        "hamburger": "BU-8",
        "rat": "BU-8",
        "draw_pile": "BU-2",
        "decks": "BU-2",
        "picks": "BU-4",
        "complete": "BU-5",
    },
    final_scores=rules.final_scores,
    tie_break="BU-8",
    files=FileCommand("recipes", noun="recipe"),
    beyond_contract=BEYOND_CONTRACT,
    parts={
        "rules": "companion.games.burger.rules",
        "seat": "companion.games.burger.seat:SEAT",
        "view": "companion.games.burger.view:VIEW",
        "remote": "companion.games.burger.remote:REMOTE",
        "printable": "companion.games.burger.printable",
        "export": "companion.games.burger.export",
        "library": "companion.games.burger.library:LIBRARY",
        "passing": "companion.games.burger.forms:TableUI",
    },
)

if TYPE_CHECKING:   # mypy holds each part to its contract (companion.core.game, the Part keys); never runs
    from companion.core.game import Export, Library, Rules, Seat
    from companion.games.burger import export, forms, library, printable, remote, seat, view
    from companion.pdf.api import Printable
    from companion.ui.contracts import GameView, RemoteView

    _rules: Rules = rules
    _seat: Seat = seat.SEAT
    _view: GameView = view.VIEW
    _remote: RemoteView = remote.REMOTE
    _printable: Printable = printable
    _export: Export = export
    _library: Library = library.LIBRARY
    _passing: type[Any] = forms.TableUI
