"""Random legal games of any registered game, played from the game interface alone.

``games(name)`` is a Hypothesis strategy of records of game ``name`` (as plain JSON
data): a record its seat part sets up (``Seat.new_records``) for one to six players
(as many as the game takes), then random legal moves seat by seat (``Seat.expected``,
``Seat.legal_moves``, the table's part ``Seat.round_info``, or ``Seat.table_moves``
when no seat is to move), each round made by ``Seat.append`` as a hosted table makes
it, until the game is over or ``max_steps`` rounds are in. Every choice is drawn as
its place in a list, so a failing example shrinks to fewer players, fewer rounds and
the first entries of each list. A registered game without a seat part, or whose seat
offers no move when one is due, fails here, so a new game cannot be left out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, TypeVar

from hypothesis import strategies as st

from companion.core import registry
from companion.core.game import SEAT_PART, Seat

Record = dict[str, Any]
T = TypeVar("T")

NAMES = ("Anna", "Bernd", "Chris", "Dora", "Emil", "Fritz")
MAX_STEPS = 12


def seat_of(name: str) -> Seat:
    """The game's seat part: what the generator plays with."""
    seat = registry.part(name, SEAT_PART) if registry.has_part(name, SEAT_PART) else None
    assert seat is not None, f"{name}: no seat part, so no random games of it (Seat.legal_moves)"
    return seat


@cache
def _player_counts(name: str) -> tuple[int, ...]:
    """The numbers of players (of up to six) the game sets up a record for."""
    counts = tuple(n for n in range(1, len(NAMES) + 1) if seat_of(name).new_records(NAMES[:n]))
    assert counts, f"{name}: Seat.new_records sets up no record for 1 to {len(NAMES)} players"
    return counts


def pick(draw: Any, items: Sequence[T]) -> T:
    """One of ``items``, drawn by its place in the list (what ``st.sampled_from`` does,
    without hashing a long list of moves on every draw): it shrinks to the first."""
    index: int = draw(st.integers(0, len(items) - 1))
    return items[index]


def moves(seat: Seat, record: Mapping[str, Any], player: str,
          pending: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]]:
    """``player``'s legal moves, checked to be there when the player is due."""
    found = seat.legal_moves(record, player, pending)
    assert found, f"{seat.name}: {player} is to move and has no legal move: {dict(record)}"
    return found


def pick_move(draw: Any, found: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One of the moves ``found``: first the kind of move (the fields it has: a plain
    Hot Dog bid, or one of last hot dogs), then one of that kind, so that a kind listed
    many times over (a last-hot-dog bid, announced or not, of every plain one) is not
    played most of the time and ends most games in their first round."""
    kinds: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for move in found:
        kinds.setdefault(tuple(sorted(move)), []).append(move)
    return pick(draw, pick(draw, list(kinds.values())))


def play(draw: Any, name: str, record: Record) -> Record:
    """One more round of ``record`` as a hosted table plays it (every due seat's move,
    then the table's part), or the table's own move when no seat is due."""
    seat = seat_of(name)
    order = seat.expected(record)
    if not order:
        turns = seat.table_moves(record)
        assert turns, f"{name}: nobody is to move, the game is not over and the table has no move"
        return dict(pick(draw, turns))
    pending: dict[str, dict[str, Any]] = {}
    for player in order:
        pending[player] = seat.parse_bid(player, pick_move(draw, moves(seat, record, player, pending)))
    info = pick(draw, seat.round_info(record, pending))
    change = seat.append(record, pending, info)
    assert change.ok, f"{name}: legal moves {pending} with {info} refused: {change.error}"
    return change.record


@st.composite
def games(draw: Any, name: str, max_steps: int = MAX_STEPS) -> Record:
    """A legal record of ``name``: set up, then up to ``max_steps`` rounds (a sale, in
    sales) played from the interface, stopping at the game's end."""
    seat = seat_of(name)
    players = NAMES[:draw(st.sampled_from(_player_counts(name)))]
    record: Record = dict(pick(draw, seat.new_records(players)))
    for _ in range(draw(st.integers(0, max_steps))):
        if seat.over(record):
            break
        record = play(draw, name, record)
    return record
