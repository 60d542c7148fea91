"""A toy fourth game that lives under tests/: "highest unique". Each round every player
names a number from 1 to 5 in secret; the highest number named by one player only
scores that player a point; three rounds. Registered at test time
(``companion.core.registry.register(GAME)``), it proves that a game is one folder."""

from companion.core.game import GameSpec
from tests.toy_game import rules
from tests.toy_game.models import ToyRecord

GAME = GameSpec(
    name="toy",
    title="Highest Unique",
    record_model=ToyRecord,
    referee=rules.referee,
    field_rulings={"players": "TOY-1", "picks": "TOY-2", "number": "TOY-2", "player": "TOY-2"},
    final_scores=rules.final_scores,
    parts={
        "rules": "tests.toy_game.rules",
        "seat": "tests.toy_game.seat:SEAT",
        "view": "tests.toy_game.view:VIEW",
        "remote": "tests.toy_game.remote:REMOTE",
        "printable": "tests.toy_game.printable",
        "export": "tests.toy_game.export",
    },
)
