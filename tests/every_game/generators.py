"""Random records and random moves for every game, keyed by game name.

``RECORDS[name]()`` is a Hypothesis strategy of legal records of that game (as plain
JSON data), taken from each game's own property tests. ``MOVES[name](record, player)``
is a strategy of one seat's move (what a phone submits) that the seat accepts now.
The registry-wide tests fail for a registered game missing here, so a new game
cannot be forgotten."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hypothesis import strategies as st

from companion.core import registry
from companion.core.game import SEAT_PART
from tests.toy_game import rules as toy_rules

Record = dict[str, Any]


def _hotdog() -> st.SearchStrategy[Record]:
    from tests.hotdog.strategies import games

    return games(max_rounds=6)


def _sales() -> st.SearchStrategy[Record]:
    from tests.sales.test_sales_properties import games

    return games()


def _burger() -> st.SearchStrategy[Record]:
    from tests.burger.test_burger_properties import legal_games

    return legal_games()


@st.composite
def _toy(draw: Any) -> Record:
    players = ["Anna", "Bernd", "Chris", "Dora", "Emil"][:draw(st.integers(2, 5))]
    rounds = []
    for _ in range(draw(st.integers(0, toy_rules.ROUNDS))):
        picks = [{"player": p, "number": draw(st.integers(1, toy_rules.HIGHEST))} for p in players]
        rounds.append({"picks": draw(st.permutations(picks))})
    return {"game": "toy", "players": players, "rounds": rounds}


RECORDS: dict[str, Callable[[], st.SearchStrategy[Record]]] = {
    "hotdog": _hotdog,
    "sales": _sales,
    "burger": _burger,
    "toy": _toy,
}


# ---------------------------------------------------------------- one seat's move


def _accepted(name: str, record: Mapping[str, Any], player: str, tries: list[dict[str, Any]]) -> dict[str, Any]:
    """The first of ``tries`` the game's seat accepts from ``player`` now."""
    seat = registry.part(name, SEAT_PART)
    for bid in tries:
        if seat.check_bid(record, player, seat.parse_bid(player, bid), {}) is None:
            return bid
    raise AssertionError(f"{name}: no move accepted from {player}: {tries}")


def _hotdog_move(record: Mapping[str, Any], player: str) -> st.SearchStrategy[dict[str, Any]]:
    from companion.games.hotdog.rules import neutral_tables

    tables = neutral_tables(len(record["players"]))

    @st.composite
    def move(draw: Any) -> dict[str, Any]:
        bid = {"table": draw(st.sampled_from(tables)), "hotdogs": draw(st.integers(1, 9))}
        bid["dollars"] = draw(st.integers(0, bid["hotdogs"]))
        if draw(st.booleans()):
            bid |= {"last": True, "announced": draw(st.booleans())}
        return _accepted("hotdog", record, player, [bid, {**bid, "dollars": 0}])
    return move()


def _burger_move(record: Mapping[str, Any], player: str) -> st.SearchStrategy[dict[str, Any]]:
    return st.sampled_from(["tongs", "tease"]).map(
        lambda k: _accepted("burger", record, player, [{"tool": k}, {"tool": "tease" if k == "tongs" else "tongs"}]))


def _sales_move(record: Mapping[str, Any], player: str) -> st.SearchStrategy[dict[str, Any]]:
    from tests.sales.helpers import c

    return st.builds(lambda s, v: {"card": c(s, v)}, st.sampled_from(["sun", "rain", "snow", "wild"]),
                     st.integers(0, 6))


def _toy_move(record: Mapping[str, Any], player: str) -> st.SearchStrategy[dict[str, Any]]:
    return st.integers(1, toy_rules.HIGHEST).map(lambda n: {"number": n})


MOVES: dict[str, Callable[[Mapping[str, Any], str], st.SearchStrategy[dict[str, Any]]]] = {
    "hotdog": _hotdog_move,
    "sales": _sales_move,
    "burger": _burger_move,
    "toy": _toy_move,
}
