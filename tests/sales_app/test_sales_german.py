"""Sales in German: what a hosted table hands the phones follows the language chosen
now, not the one the record was first replayed in."""

from __future__ import annotations

import json
from pathlib import Path

from companion.core import i18n
from companion.games.sales.seat import SEAT

RECORD = json.loads((Path(__file__).parents[1] / "examples" / "sales-contract.json").read_text(encoding="utf-8"))


def test_a_hosted_sale_is_explained_in_the_language_chosen_now():
    with i18n.using("en"):
        english = SEAT.resolution(RECORD, None)
    with i18n.using("de"):
        german = SEAT.resolution(RECORD, None)
    assert english is not None and german is not None
    assert english["explanation"].startswith("Cat wins with the wild 2")
    assert german["explanation"].startswith("Cat gewinnt mit Joker 2")
    assert german["winner"] == english["winner"] == "Cat"     # the data stays as it is
