"""Seats around a table: players are seated clockwise in the order entered."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def clockwise_from(players: Sequence[str], start: str) -> list[str]:
    """Every player once, clockwise, beginning with ``start``."""
    i = players.index(start)
    return list(players[i:]) + list(players[:i])


def left_of(players: Sequence[str], player: str) -> str:
    """The left-hand neighbour: the next seat clockwise."""
    return players[(players.index(player) + 1) % len(players)]


def right_of(players: Sequence[str], player: str) -> str:
    """The right-hand neighbour: the previous seat clockwise."""
    return players[(players.index(player) - 1) % len(players)]


def neighbours(players: Sequence[str], player: str) -> list[str]:
    """Left and right neighbours, each once (with two players there is only one)."""
    found = []
    for p in (left_of(players, player), right_of(players, player)):
        if p != player and p not in found:
            found.append(p)
    return found


def first_clockwise(
    players: Sequence[str], start: str, keep: Callable[[str], bool]
) -> str | None:
    """The first player from ``start`` (included) clockwise for whom ``keep`` holds."""
    for p in clockwise_from(players, start):
        if keep(p):
            return p
    return None


def seat_rank(players: Sequence[str], start: str) -> dict[str, int]:
    """Each player's distance clockwise from ``start`` (``start`` itself is 0)."""
    n = len(players)
    s = players.index(start)
    return {p: (i - s) % n for i, p in enumerate(players)}
