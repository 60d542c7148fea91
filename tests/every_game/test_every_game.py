"""Every registered game, on random legal records (as OpenSpiel's games_sim_test runs over
every registered game): prefixes replay as the full replay began, the record survives
JSON, undo and edit-and-replay agree with replaying by hand, a seat's view before
the reveal does not depend on what the other seats entered, and a table's passing
state (its drafts, as the table session keeps them in the store) reads back equal.

The games are the registry's (``companion/games/*``) plus the toy game of
``tests/toy_game``, registered for its runs. The records are played from each game's
seat part (``generators.games``), whose legal moves are held here to what its
``check_bid`` accepts; a registered game without them fails here."""

from __future__ import annotations

import json
import tempfile
from collections import abc
from contextlib import nullcontext
from dataclasses import asdict, fields, is_dataclass
from pathlib import Path
from types import UnionType
from typing import Any, Union, get_args, get_origin, get_type_hints

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic_core import to_json

from companion.core import edits, registry
from companion.core.errors import RecordError
from companion.core.game import PASSING_PART, RULES_PART, SEAT_PART, Seat
from companion.net.hub import Hub
from companion.store import Store
from companion.ui.contracts import VIEW_PART
from companion.ui.table import passing_codec
from tests.every_game.generators import games, pick, seat_of
from tests.toy_game import GAME as TOY

SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.function_scoped_fixture])
# the hub's property hosts two tables an example: fewer examples
SEAT_SETTINGS = settings(SETTINGS, max_examples=20)
GAMES = [*sorted(registry.games()), TOY.name]


def known(name: str) -> Any:
    """The game made known for the test: the toy game is registered, the others are."""
    return registry.register(TOY) if name == TOY.name and name not in registry.games() else nullcontext()


def records(name: str) -> st.SearchStrategy[dict[str, Any]]:
    """Random legal records of the game, played from its seat part."""
    return games(name)


def replayed(name: str, record: dict[str, Any]) -> list[Any]:
    """Each round's result as JSON data, by the game's rules part."""
    rules = registry.part(name, RULES_PART)
    results, _ = rules.replay(registry.parse_record(json.dumps(record)))
    return [json.loads(to_json(r)) for r in results]


def refereed(record: dict[str, Any]) -> Any:
    return json.loads(registry.referee_json(json.dumps(record)))


def with_rounds(record: dict[str, Any], rounds: list[Any]) -> dict[str, Any]:
    return {**record, "rounds": rounds}


def test_every_registered_game_is_played_from_its_seat():
    """Each game has a seat part, which sets up its records and lists its moves
    (``Seat.new_records``, ``Seat.legal_moves``: a seat without them cannot be made)."""
    with registry.register(TOY):
        names = set(registry.games())
        assert TOY.name in names and {"hotdog", "sales", "burger"} <= names
        for name in names:
            assert any(seat_of(name).new_records(["Anna", "Bernd", "Chris"][:n]) for n in (2, 3)), name


def check_prefixes(name: str, record: dict[str, Any]) -> None:
    """Every prefix of the rounds replays to the full replay's first results."""
    full = replayed(name, record)
    assert len(full) == len(record["rounds"])
    for k in range(len(record["rounds"])):
        assert replayed(name, with_rounds(record, record["rounds"][:k])) == full[:k], f"prefix of {k} rounds"


def check_json_round_trip(name: str, record: dict[str, Any]) -> None:
    """The record survives JSON both ways and referees to the same result."""
    model = registry.parse_record(json.dumps(record))
    again = registry.parse_record(to_json(model))
    assert again == model and again["game"] == name
    assert refereed(json.loads(to_json(model))) == refereed(record)


def check_undo(name: str, record: dict[str, Any]) -> None:
    """Undo (``core.edits.drop_last_round``) is replaying the record without its last round."""
    change = edits.drop_last_round(record)
    if not record["rounds"]:
        assert not change.ok and change.record == record
        return
    assert change.ok and change.record["rounds"] == record["rounds"][:-1]
    assert replayed(name, change.record) == replayed(name, record)[:-1]
    assert refereed(change.record) == refereed(with_rounds(record, record["rounds"][:-1]))


def check_edits(name: str, record: dict[str, Any], i: int, j: int) -> None:
    """An edit of a past round, as the app makes it (``edits.replace_round`` over the
    registry's replay): round ``i`` entered again as it was gives the same record and
    result; round ``i`` replaced by round ``j`` (another round of the same game, which
    mostly differs) is either refused with the record left as it was, or gives exactly
    the record with that round replaced, and the referee agrees with its replay."""
    def replay(rec: dict[str, Any]) -> Any:
        return registry.replay(name, rec)

    rounds = record["rounds"]
    same = edits.replace_round(replay, record, i, json.loads(json.dumps(rounds[i])))
    assert same.ok and same.record == record
    assert refereed(same.record) == refereed(record)
    other = edits.replace_round(replay, record, i, rounds[j])
    edited = with_rounds(record, [*rounds[:i], rounds[j], *rounds[i + 1:]])
    if other.ok:
        assert other.record == edited
        assert refereed(other.record) == refereed(edited)
    else:
        assert other.record == record and other.error
        with pytest.raises(RecordError):      # the rules refuse the edited record too
            registry.replay(name, edited)


@pytest.mark.parametrize("name", GAMES)
def test_prefixes_json_undo_and_edit_agree_with_replaying_by_hand(name):
    with known(name):
        @SETTINGS
        @given(records(name), st.data())
        def check(record, data):
            check_prefixes(name, record)
            check_json_round_trip(name, record)
            check_undo(name, record)
            if record["rounds"]:
                last = len(record["rounds"]) - 1
                check_edits(name, record, data.draw(st.integers(0, last)), data.draw(st.integers(0, last)))
        check()


def _key(move: Any) -> str:
    return json.dumps(move, sort_keys=True)


def _candidates(seat: Seat, record: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Moves to try on ``record``: every move listed for any player at any point of
    the game so far (before each of its rounds, and now), by their JSON."""
    out: dict[str, dict[str, Any]] = {}
    for k in range(len(record["rounds"]) + 1):
        earlier = with_rounds(record, record["rounds"][:k])
        for p in record["players"]:
            out.update((_key(m), m) for m in seat.legal_moves(earlier, p, {}))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_a_seats_legal_moves_are_the_moves_its_check_accepts(name):
    """``Seat.legal_moves`` against ``Seat.check_bid`` on random games, with some of the
    due seats' moves pending: a listed move is accepted, and a candidate move (one
    listed for any player at any point of the game) that is not listed is refused; the
    seat due next has a move; every table entry listed with a full round's moves
    (``Seat.round_info``) makes a round the seat appends, and every table move
    (``Seat.table_moves``) a record the rules take with a seat to move or the game over."""
    with known(name):
        seat = seat_of(name)

        @SETTINGS
        @given(records(name), st.data())
        def check(record, data):
            over = seat.over(record)
            order = [] if over else seat.expected(record)
            pending: dict[str, dict[str, Any]] = {}
            for p in order[:data.draw(st.integers(0, len(order)))]:
                pending[p] = seat.parse_bid(p, pick(data.draw, seat.legal_moves(record, p, pending)))
            candidates = _candidates(seat, record)
            for p in record["players"]:
                listed = seat.legal_moves(record, p, pending)
                if len(pending) < len(order) and p == order[len(pending)]:
                    assert listed, f"{p} is due and has no move"
                keys = {_key(m) for m in listed}
                assert len(keys) == len(listed), "a move listed twice"
                tried = [*listed[:1], *listed[-1:]]
                if listed:
                    tried += [pick(data.draw, listed) for _ in range(3)]
                for move in tried:
                    assert seat.check_bid(record, p, seat.parse_bid(p, move), pending) is None, (p, move)
                others = [m for k, m in candidates.items() if k not in keys]
                for move in [pick(data.draw, others) for _ in range(min(5, len(others)))]:
                    assert seat.check_bid(record, p, seat.parse_bid(p, move), pending) is not None, (p, move)
            if order and len(pending) == len(order):
                for info in seat.round_info(record, pending):
                    change = seat.append(record, pending, info)
                    assert change.ok, (info, change.error)
            for made in seat.table_moves(record):
                assert not order and not over and made != record
                assert seat.over(made) or seat.expected(made), made
        check()


@pytest.fixture(scope="module")
def hub() -> Any:
    """One hub for the module's examples (each example hosts matches of its own), over a
    store in a memory-backed folder where there is one: the store syncs every commit."""
    shm = Path("/dev/shm")
    with tempfile.TemporaryDirectory(dir=shm if shm.is_dir() else None) as folder:
        store = Store(Path(folder) / "companion.sqlite3")
        try:
            yield Hub(store)
        finally:
            store.close()


def _seat_views(hub: Hub, name: str, record: dict[str, Any], viewer: str,
                entries: list[dict[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """For each set of the other seats' entries, a table of its own: the viewer's seat
    view and the host's view once those entries are in (the table code left out)."""
    out = []
    for entered in entries:
        match_id = hub.store.create_match(name, list(record["players"]), record)
        code = hub.host(match_id).code
        tokens = {p: hub.take_seat(code, p, client=f"10.0.{i}.{match_id % 250}").token
                  for i, p in enumerate(record["players"])}
        for p, move in entered.items():
            hub.submit(tokens[p], move)
        seat = {k: v for k, v in asdict(hub.view(tokens[viewer])).items() if k != "code"}
        host = {k: v for k, v in asdict(hub.host_view(code)).items() if k != "code"}
        out.append({"seat": seat, "host": host})
        hub.close(code)
    return out


def _entered(draw: Any, seat: Seat, record: dict[str, Any], players: list[str]) -> dict[str, dict[str, Any]]:
    """A legal move of each of ``players`` in turn, each with the moves before it pending."""
    entered: dict[str, dict[str, Any]] = {}
    for p in players:
        move = pick(draw, seat.legal_moves(record, p, {q: seat.parse_bid(q, m) for q, m in entered.items()}))
        entered[p] = move
    return entered


SEAT_GAMES = [n for n in GAMES if n == TOY.name or registry.has_part(n, SEAT_PART)]


@pytest.mark.parametrize("name", SEAT_GAMES)
def test_a_seats_view_before_the_reveal_is_the_same_whatever_the_others_entered(name, hub):
    """Hidden moves (``Seat.secret``): the others' moves never reach a seat's or the host's
    view. Moves made face up (sales) are public by the rules, so there everything but
    the plays on the table is the same."""
    with known(name):
        seat = seat_of(name)

        @SEAT_SETTINGS
        @given(records(name), st.data())
        def check(record, data):
            # a few rounds in are enough here (the hub replays the record on every call)
            record = with_rounds(record, record["rounds"][:data.draw(st.integers(0, 3))])
            assume(not seat.over(record))
            order = seat.expected(record)
            assume(order)
            viewer = data.draw(st.sampled_from(order))
            others = [p for p in order if p != viewer] if seat.secret else order[:order.index(viewer)]
            entries = [_entered(data.draw, seat, record, others) for _ in range(2)]
            a, b = _seat_views(hub, name, record, viewer, entries)
            if seat.secret:
                assert a == b
                assert a["seat"]["my_bid"] is None and a["seat"]["plays"] == () == a["host"]["plays"]
                assert a["seat"]["bid_in"] == tuple(p for p in record["players"] if p in others)
            else:
                for view in (a, b):
                    for side in view.values():
                        del side["plays"]
                assert a == b
        check()


# ---------------------------------------------------------------- a table's passing state

def _json_values() -> st.SearchStrategy[Any]:
    """What a passing state holds as plain data (``Any``): JSON values, floats left out."""
    return st.recursive(st.none() | st.booleans() | st.integers(-99, 99) | st.text(max_size=8),
                        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                      max_size=3),
                        max_leaves=6)


def _values(hint: Any) -> st.SearchStrategy[Any]:
    """Values of a passing state's field by its type, ``Any`` as JSON values."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any:
        return _json_values()
    if is_dataclass(hint):
        hints = get_type_hints(hint)
        return st.builds(hint, **{f.name: _values(hints[f.name]) for f in fields(hint)})
    if origin in (Union, UnionType):
        return st.one_of(*(_values(a) for a in args))
    if origin in (dict, abc.Mapping):
        return st.dictionaries(_values(args[0]), _values(args[1]), max_size=3)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(_values(args[0]), max_size=3).map(tuple)
        return st.tuples(*(_values(a) for a in args))
    if origin is frozenset:
        return st.frozensets(_values(args[0]), max_size=3)
    return st.from_type(hint)


VIEW_GAMES = sorted(n for n in registry.games() if registry.has_part(n, VIEW_PART))


def test_every_game_with_a_table_declares_its_passing_state():
    """The app's games draw their table from a table session, which keeps its passing
    state in the store: each declares that state's type, so the test below checks it."""
    assert VIEW_GAMES and all(registry.has_part(n, PASSING_PART) for n in VIEW_GAMES), VIEW_GAMES


@pytest.mark.parametrize("name", [n for n in VIEW_GAMES if registry.has_part(n, PASSING_PART)])
def test_a_tables_passing_state_comes_back_from_the_store_as_it_was(name):
    """What the table session keeps (companion.ui.table, as JSON made from the state's
    type) reads back equal: every draft, hidden or not, every step of a reveal."""
    kind = registry.part(name, PASSING_PART)
    codec = passing_codec(kind)

    @SETTINGS
    @given(_values(kind))
    def check(state):
        assert codec.validate_json(codec.dump_json(state)) == state
    check()
