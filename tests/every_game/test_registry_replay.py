"""One replay of a record for every game, through the registry
(:func:`companion.core.registry.replay`, :func:`~companion.core.registry.over`,
:func:`~companion.core.registry.place`): on random legal records of every registered
game (and the toy game), the registry's replay is the rules' own, played round by
round; every game's result is one type, plain data (its typed dict: ``game``,
``game_over``, ``winners``, each round's facts); the game is over exactly when its
result says so, for the registry, the rules and the phones' seat alike; and a table
that asks a record's replay, whether it is over, how far it is and what a seat is
shown replays its rounds once, not once per question."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given

from companion.core import registry
from companion.core.edits import Place
from companion.core.game import SEAT_PART
from tests.every_game.test_every_game import GAMES, SETTINGS, known, records


def by_hand(name: str, record: dict[str, Any]) -> tuple[list[Any], list[Any], Any]:
    """Each round's facts, the state before each round and after the last, and the
    result: the game's rules played round by round, nothing remembered."""
    rules = registry.rules(name)
    read = registry.read(registry.game(name), record)
    state = rules.start(read)
    states, rounds = [state], []
    for rnd in read["rounds"]:
        facts, state = rules.play_round(state, rnd)
        rounds.append(facts)
        states.append(state)
    return rounds, states, rules.result(rounds, state)


@pytest.mark.parametrize("name", GAMES)
def test_the_registrys_replay_over_and_place_are_the_rules_own(name):
    with known(name):
        rules = registry.rules(name)
        seat = registry.part(name, SEAT_PART)

        @SETTINGS
        @given(records(name))
        def check(record):
            played = registry.replay(name, record)
            rounds, states, result = by_hand(name, record)
            assert (played.rounds, played.states, played.result) == (rounds, states, result)
            assert registry.referee(registry.read(registry.game(name), record)) == result
            # one result type: plain data, the game's typed dict, as JSON reads it back
            assert type(result) is dict and all(type(r) is dict for r in result["rounds"])
            assert {"game", "game_over", "winners"} <= set(result) and result["game"] == name
            over = bool(result["game_over"])
            assert registry.over(name, record) is over
            assert rules.over(played.state) is over
            if seat is not None:
                assert seat.over(record) is over
            assert isinstance(registry.place(name, record), Place)
        check()


@pytest.mark.parametrize("name", GAMES)
def test_a_tables_questions_about_one_record_replay_it_once(name, monkeypatch):
    with known(name):
        rules = registry.rules(name)
        seat = registry.part(name, SEAT_PART)
        played = []
        play_round = rules.play_round

        def counted(state, rnd):
            played.append(rnd)
            return play_round(state, rnd)

        monkeypatch.setattr(rules, "play_round", counted)

        @SETTINGS
        @given(records(name))
        def check(record):
            registry._replays.clear()          # nothing remembered from an earlier example
            played.clear()
            registry.replay(name, record)
            registry.over(name, record)
            registry.place(name, record)
            if seat is not None:
                seat.over(record)
                seat.resolution(record, None)
                seat.resolution(record, record["players"][0])
            assert len(played) == len(record["rounds"])
        check()
