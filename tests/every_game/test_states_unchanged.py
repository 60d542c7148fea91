"""A game's states are never changed once made, on random legal records of every game.

The rules' states are slotted dataclasses that are not frozen (a frozen one costs a
replay most of its time: see ``companion.games.sales.rules.State``), so nothing but
this test holds them to the promise the replay cache (``companion.core.replays``)
shares them on: a state, and every mapping in it, is the same after the rest of the
game is played from it, its next round is checked and played again, and the result
is worked out, as it was when it was made. The round's facts likewise.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given

from companion.core import registry
from companion.core.game import RULES_PART
from tests.every_game.generators import games
from tests.every_game.test_every_game import GAMES, SETTINGS, known


@pytest.mark.parametrize("name", GAMES)
def test_no_state_or_fact_changes_once_made(name: str):
    with known(name):
        rules: Any = registry.part(name, RULES_PART)

        @SETTINGS
        @given(games(name))
        def check(record: dict[str, Any]) -> None:
            read = registry.parse_record(json.dumps(record))
            state = rules.start(read)
            states, facts = [state], []
            kept = [copy.deepcopy(state)]
            kept_facts = []
            for rnd in read["rounds"]:
                one, state = rules.play_round(state, rnd)
                states.append(state)
                facts.append(one)
                kept.append(copy.deepcopy(state))
                kept_facts.append(copy.deepcopy(one))
            for before, rnd in zip(states, read["rounds"], strict=False):
                assert rules.check_round(before, rnd) is None
                rules.play_round(before, rnd)
            rules.result(facts, state)
            for i, (now, then) in enumerate(zip(states, kept, strict=True)):
                assert now == then, f"{name}: the state after round {i} changed once made"
            assert facts == kept_facts, f"{name}: a round's facts changed once made"

        check()
