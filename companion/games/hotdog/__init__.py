"""Hot Dog (Kramer & Ulrich): simultaneous hidden bids at neutral tables of 5, 7 and 9."""

from typing import TYPE_CHECKING, Any

from companion.core.game import GameSpec
from companion.core.i18n import money
from companion.games.hotdog import rules
from companion.games.hotdog.models import BEYOND_CONTRACT, HotDogRecord

GAME = GameSpec(
    name="hotdog",
    title="Hot Dog",
    record_model=HotDogRecord,
    referee=rules.referee,
    field_rulings={
        "players": "HD-1",
        "mustard": "HD-4",
        "money": "HD-3",
        "tables": "HD-8",
        "table": "HD-6",
        "hotdogs": "HD-6",
        "dollars": "HD-6",
        "last": "HD-12",
        "announced": "HD-12",
        "bids": "HD-6",
        "player": "HD-6",
    },
    final_scores=rules.final_scores,
    match_games=3,
    match_ruling="HD-15",
    score_text=money,
    beyond_contract=BEYOND_CONTRACT,
    parts={
        "rules": "companion.games.hotdog.rules",
        "seat": "companion.games.hotdog.seat:SEAT",
        "view": "companion.games.hotdog.view:VIEW",
        "remote": "companion.games.hotdog.remote:REMOTE",
        "printable": "companion.games.hotdog.printable",
        "export": "companion.games.hotdog.export",
        "passing": "companion.games.hotdog.forms:TableUI",
        "stats": "companion.games.hotdog.stats:STATS",
    },
)

if TYPE_CHECKING:   # mypy holds each part to its contract (companion.core.game, the Part keys); never runs
    from companion.core.game import Export, Rules, Seat
    from companion.games.hotdog import export, forms, printable, remote, seat, stats, view
    from companion.pdf.api import Printable
    from companion.tallies.stats import GameStats
    from companion.ui.contracts import GameView, RemoteView

    _rules: Rules = rules
    _seat: Seat = seat.SEAT
    _view: GameView = view.VIEW
    _remote: RemoteView = remote.REMOTE
    _printable: Printable = printable
    _export: Export = export
    _passing: type[Any] = forms.TableUI
    _stats: GameStats = stats.STATS
