"""Sales in German: what a hosted table hands the phones is facts, worded on each phone
in the language chosen now, not the one the record was first replayed in."""

from __future__ import annotations

import json
from pathlib import Path

from companion.core import i18n
from companion.games.sales.present import resolution_view
from companion.games.sales.seat import SEAT

RECORD = json.loads((Path(__file__).parents[1] / "examples" / "sales-contract.json").read_text(encoding="utf-8"))


def test_a_hosted_sale_is_explained_in_the_language_chosen_now():
    with i18n.using("en"):
        english = SEAT.resolution(RECORD, None)
    with i18n.using("de"):
        german = SEAT.resolution(RECORD, None)
    assert english is not None and german is not None
    assert german == english                                    # facts: no words in them
    players = RECORD["players"]
    with i18n.using("en"):
        assert resolution_view(english, players).explanation.startswith("Cat wins with the wild 2")
    with i18n.using("de"):
        assert resolution_view(german, players).explanation.startswith("Cat gewinnt mit Joker 2")
    assert german["winner"] == "Cat"
