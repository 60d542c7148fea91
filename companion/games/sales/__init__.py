"""Sales: a trick-taking game of weathers where the lowest card on suit wins the sale."""

from typing import TYPE_CHECKING, Any

from companion.core.game import FileCommand, GameSpec
from companion.games.sales import rules
from companion.games.sales.models import BEYOND_CONTRACT, SalesRecord
from companion.games.sales.vocab import place

GAME = GameSpec(
    name="sales",
    title="Sales",
    record_model=SalesRecord,
    referee=rules.referee,
    field_rulings={
        "players": "SA-2",
        "mode": "SA-2",
        "hand_size": "SA-2",
        "leader": "SA-9",
        "rounds": "SA-9",
        "sales": "SA-3",
        "plays": "SA-3",
        "player": "SA-3",
        "card": "SA-1",
        "suit": "SA-1",
        "value": "SA-1",
        "discard": "SA-1",
        "icons": "SA-1",
        "set": "SA-1",
        "kind": "SA-1",
        "icon": "SA-1",
    },
    final_scores=rules.final_scores,
    tie_break="SA-13",
    files=FileCommand("deck", noun="deck"),
    lone_modes=frozenset({"solo"}),
    place=place,
    beyond_contract=BEYOND_CONTRACT,
    parts={
        "rules": "companion.games.sales.rules",
        "seat": "companion.games.sales.seat:SEAT",
        "view": "companion.games.sales.view:VIEW",
        "remote": "companion.games.sales.remote:REMOTE",
        "printable": "companion.games.sales.printable",
        "export": "companion.games.sales.export",
        "library": "companion.games.sales.library:LIBRARY",
        "passing": "companion.games.sales.forms:TableUI",
    },
)

if TYPE_CHECKING:   # mypy holds each part to its contract (companion.core.game, the Part keys); never runs
    from companion.core.game import Export, Library, Rules, Seat
    from companion.games.sales import export, forms, library, printable, remote, seat, view
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
