"""Every registered game's statistics on random legal records (played from its seat
part, ``generators.games``): a stored match of as many copies of a record as the game's match
has games (``GameSpec.match_games``: Hot Dog's three, one elsewhere) is derived by the
referee as the match tally adds it up, a finished game counts once for each of its
players, and the game's own ``stats`` part (where it has one) reads the game and makes
its sections. The toy game of ``tests/toy_game`` has no stats part: the generic
statistics alone."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given

from companion.core import registry
from companion.core.match import parse_match, tally
from companion.tallies import stats
from companion.tallies.stats import STATS_PART
from tests.every_game.test_every_game import GAMES, SETTINGS, known, records


def check(name: str, record: dict[str, Any]) -> None:
    spec = registry.game(name)
    own = registry.part(name, STATS_PART)
    body = {k: v for k, v in record.items() if k != "game"}
    result = registry.referee(registry.parse_record(json.dumps(record)))
    n = spec.match_games if result["game_over"] else 1
    games = [body] * n                                      # a game starts when the one before is over
    row = stats.derive(1, name, record["players"], games, 0.0, own)
    if record.get("mode") in spec.lone_modes:
        assert not row.counted
        return
    assert row.counted
    assert len(row.games) == (n if result["game_over"] else 0)
    summed = tally(parse_match({"game": name, "players": record["players"], "games": games}))
    assert row.complete == summed.complete
    assert list(row.winners) == summed.winners
    people = stats.players([row])
    if row.games:
        assert {p.name for p in people} == set(record["players"])
        assert all(p.games == n and p.won in (0, n) and p.longest == p.streak for p in people)
        assert {p.name for p in people if p.won} == set(result["winners"])
        assert row.complete and set(row.winners) == set(result["winners"]) if n == 1 else True
        (kind,) = stats.kinds([row])
        assert kind.games == n and kind.average_rounds == len(record.get("rounds", []))
        if kind.closest is not None:
            assert kind.closest.margin == kind.widest.margin
    else:
        assert people == []
    if own is not None:
        parts = own.sections(stats.own(list(row.games)))
        assert all(isinstance(s, (stats.Table, stats.Bars, stats.Lines)) for s in parts)
        assert bool(parts) == bool(row.games)
        for s in parts:
            if isinstance(s, stats.Table):
                assert all(len(r) == len(s.columns) for r in s.rows)


@pytest.mark.parametrize("name", GAMES)
def test_every_games_statistics_on_random_records(name):
    with known(name):
        @SETTINGS
        @given(records(name))
        def run(record):
            check(name, record)
        run()
