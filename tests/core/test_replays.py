"""A game's replay remembered per record (companion.core.replays): the same record is
replayed once, a changed one afresh, a refused one every time; one replay (facts, no
words) serves every language."""

from __future__ import annotations

import pytest

from companion.core import i18n, registry
from companion.core.errors import RuleError
from companion.core.replays import remembered


def counting():
    calls = []

    def replay(record):
        calls.append(record)
        if record.get("bad"):
            raise RuleError("HD-6", "refused")
        return [len(record["rounds"])], ("state", len(record["rounds"]))

    return remembered(replay, size=2), calls


def test_the_same_record_is_replayed_once_and_an_equal_one_too():
    replay, calls = counting()
    a = replay({"rounds": [1], "players": ["A"]})
    b = replay({"players": ["A"], "rounds": [1]})       # equal content, other key order
    assert a == b == ([1], ("state", 1)) and len(calls) == 1


def test_a_changed_record_is_replayed_and_the_oldest_is_forgotten():
    replay, calls = counting()
    for n in (1, 2, 3):
        replay({"rounds": list(range(n))})
    assert len(calls) == 3
    replay({"rounds": [0, 1, 2]})
    assert len(calls) == 3                       # the newest is kept
    replay({"rounds": [0]})
    assert len(calls) == 4                       # size 2: the oldest was forgotten


def test_a_refused_record_is_not_remembered():
    replay, calls = counting()
    for _ in range(2):
        with pytest.raises(RuleError):
            replay({"rounds": [], "bad": True})
    assert len(calls) == 2


def test_a_games_remembered_replay_equals_a_fresh_one():
    from companion.games.hotdog import rules
    record = {"game": "hotdog", "players": ["Anna", "Bernd", "Chris"], "mustard": "Anna", "rounds": [
        {"bids": [{"player": p, "table": 5, "hotdogs": 2} for p in ("Anna", "Bernd", "Chris")]}]}
    played = registry.replay("hotdog", record)
    rounds, state = rules.replay(registry.read(registry.game("hotdog"), record))
    assert (played.rounds, played.state) == (rounds, state)


def test_one_replay_serves_every_language():
    """The facts hold no words: a replay remembered in English is the one German reads."""
    record = {"game": "hotdog", "players": ["Anna", "Bernd"], "rounds": [
        {"bids": [{"player": "Anna", "table": 5, "hotdogs": 5}, {"player": "Bernd", "table": 7, "hotdogs": 1}]}]}
    i18n.set_language("en")
    english = registry.replay("hotdog", record)
    i18n.set_language("de")
    assert registry.replay("hotdog", record) is english
