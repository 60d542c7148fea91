"""The benchmarks' records and their plain-dict referee (``bench/records.py``,
``bench/plain.py``) are the independent reference the speed figures are measured
against: they must stay right. Each game's seeded records of both shapes are legal
(``companion referee`` accepts every one), the realistic ones are played to their end,
and the plain rules agree with companion's on every result (``plain.check``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from companion.core.referee import referee_json

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import plain  # bench/plain.py
import records  # bench/records.py


@pytest.mark.parametrize("shape", ["realistic", "random"])
@pytest.mark.parametrize("game", sorted(records.GAMES))
def test_the_benchmarks_records_are_legal_and_the_plain_rules_agree(game, shape):
    recs = records.records(game, shape, 25, seed=11)
    results = [json.loads(referee_json(json.dumps(r))) for r in recs]
    assert all("error" not in r for r in results)
    if shape == "realistic":
        assert all(r["game_over"] for r in results), game
    assert plain.check(recs) == []
