"""A hub over a fresh store, a clock the tests move, and the players of a Hot Dog match."""

from __future__ import annotations

import pytest

from companion.games.hotdog import setup_form
from companion.net import Hub, JoinLimiter
from companion.store import Store

PLAYERS = ["Anna", "Bernd", "Chris"]

# The rulebook's mustard-tie round: Anna 5 table 2 hot dogs; Bernd and Chris 3 for $2.
TIE = {
    "Anna": {"table": 5, "hotdogs": 2},
    "Bernd": {"table": 5, "hotdogs": 3, "dollars": 2},
    "Chris": {"table": 5, "hotdogs": 3, "dollars": 2},
}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db(tmp_path):
    return tmp_path / "companion.sqlite3"


@pytest.fixture
def store(db):
    s = Store(db)
    yield s
    s.close()


@pytest.fixture
def limiter(clock) -> JoinLimiter:
    return JoinLimiter(clock, free_failures=3, base_delay=2.0, lockout_after=6, lockout=600.0)


@pytest.fixture
def hub(store, limiter) -> Hub:
    return Hub(store, limiter=limiter)


def hotdog_match(store: Store, players: list[str] = PLAYERS) -> int:
    return store.create_match("hotdog", players, setup_form.new_record(players, players[0]))


def seated(hub: Hub, match_id: int, players: list[str] = PLAYERS) -> tuple[str, dict[str, str]]:
    """Host the match and seat every player from their own phone: (code, token per player)."""
    code = hub.host(match_id).code
    tokens = {p: hub.take_seat(code, p, client=f"192.168.1.{10 + i}").token
              for i, p in enumerate(players)}
    return code, tokens
