"""Bounds no real record reaches (companion.core.bounds), each refused in one line naming
the bound, before the heavy work: a Hot Dog record of 100,000 rounds used to be
refereed for two minutes (1.3 GB), one of a million ran out of memory, and Import did
the same inside the server. At each bound the record is still read."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest

from companion.core import bounds, registry
from companion.core.errors import RecordError
from companion.core.referee import referee_json
from companion.store import Store
from companion.store.imports import import_json
from companion.tallies.night import NightRecord, parse_night
from tests.e2e.harness import ROOT

RETURNED = {"bids": [{"player": "Anna", "table": 5, "hotdogs": 6},     # never fits: goes back (HD-8)
                     {"player": "Bernd", "table": 5, "hotdogs": 6}]}


def hotdog(rounds: int) -> str:
    return json.dumps({"game": "hotdog", "players": ["Anna", "Bernd"], "rounds": [RETURNED] * rounds})


def sales(sales_per_round: int = 1, hand_size: int = 12) -> str:
    sale = {"plays": [{"player": "Ann", "card": {"suit": "sun", "value": 1}},
                      {"player": "Ben", "card": {"suit": "sun", "value": 2}}]}
    return json.dumps({"game": "sales", "players": ["Ann", "Ben"], "hand_size": hand_size,
                       "rounds": [{"sales": [sale] * sales_per_round}]})


def burger(cards_in_a_deck: int) -> str:
    decks = [["lettuce"] + ["rat"] * (cards_in_a_deck - 1), ["cheese"], ["onion", "patty", "tomato"]]
    return json.dumps({"game": "burger", "players": ["Ann", "Ben", "Cat"],
                       "rounds": [{"decks": decks, "tools": {"Ann": "tongs", "Ben": "tongs", "Cat": "tease"}}]})


@pytest.fixture
def no_referee(monkeypatch):
    """The rules are never asked: a record past a bound is refused while it is read."""
    from companion.core import registry

    def refuse(*args, **kwargs):
        raise AssertionError("refereed a record past a bound")

    monkeypatch.setattr(registry, "referee", refuse)
    monkeypatch.setattr("companion.core.referee.referee", refuse)


def test_a_game_at_the_round_bound_is_refereed():
    out = json.loads(referee_json(hotdog(bounds.MAX_ROUNDS)))
    assert len(out["rounds"]) == bounds.MAX_ROUNDS


@pytest.mark.parametrize("rounds", [bounds.MAX_ROUNDS + 1, 20 * bounds.MAX_ROUNDS])
def test_a_game_past_the_round_bound_is_one_line_before_refereeing(no_referee, rounds):
    with pytest.raises(RecordError) as refused:
        referee_json(hotdog(rounds))
    assert str(refused.value) == ("record: rounds has more than 500 entries: companion reads at most 500")


@pytest.mark.parametrize("record, line", [
    (sales(hand_size=bounds.MAX_HAND + 1), "record: hand_size must be at most 100"),
    (sales(sales_per_round=bounds.MAX_HAND + 1),
     "round 1: sales has more than 100 entries: companion reads at most 100"),
    (burger(bounds.MAX_DECK_CARDS + 1), "round 1: decks has more than 64 entries: companion reads at most 64"),
    (json.dumps({"game": "hotdog", "players": [f"P{i}" for i in range(10**5)], "rounds": []}),
     "record: players has more than 16 entries: companion reads at most 16"),
], ids=["hand-size", "sales-per-round", "cards-in-a-deck", "players"])
def test_each_bound_is_one_line_naming_it(no_referee, record, line):
    with pytest.raises(RecordError) as refused:
        referee_json(record)
    assert str(refused.value) == line


def test_at_the_other_bounds_a_record_is_read():
    json.loads(referee_json(sales(hand_size=bounds.MAX_HAND)))
    json.loads(referee_json(burger(bounds.MAX_DECK_CARDS)))
    facts = registry.referee(registry.parse_record(burger(bounds.MAX_DECK_CARDS)))   # a rat-heavy deck
    assert facts["rounds"][0]["rat_cards"] == bounds.MAX_DECK_CARDS - 1    # 63 rats, a fact beyond the contract


def test_a_record_past_the_size_bound_is_refused_before_it_is_parsed(no_referee):
    text = "[" * (bounds.MAX_RECORD_BYTES + 1)           # not even JSON: it is never parsed
    with pytest.raises(RecordError) as refused:
        referee_json(text)
    assert str(refused.value) == ("record: the record is 16.0 MB: companion reads records of at most 16.0 MB "
                                  "(no real record comes near that)")
    with pytest.raises(RecordError):
        referee_json(text.encode())


def test_a_night_holds_a_bounded_number_of_matches():
    raw = {"kind": "night", "name": "Friday", "date": "2024-05-03", "matches": list(range(1, 102))}
    with pytest.raises(RecordError) as refused:
        parse_night(raw)
    assert str(refused.value) == "record: matches has more than 100 entries: companion reads at most 100"
    full = NightRecord(name="Friday", date="2024-05-03", matches=list(range(1, 101)))
    assert full.with_match(5) is full
    with pytest.raises(RecordError) as refused:
        full.with_match(101)
    assert str(refused.value) == "record: matches: a night holds at most 100 matches"


def test_import_refuses_past_a_bound_and_keeps_nothing(tmp_path, no_referee):
    store = Store(tmp_path / "companion.sqlite3")
    try:
        for text in (hotdog(bounds.MAX_ROUNDS + 1), "[" * (bounds.MAX_RECORD_BYTES + 1),
                     json.dumps({"kind": "match", "game": "hotdog", "players": ["Anna", "Bernd"],
                                 "games": [{"players": ["Anna", "Bernd"], "rounds": [RETURNED] * 501}]})):
            with pytest.raises(RecordError):
                import_json(store, text)
        with sqlite3.connect(store.path) as db:
            assert list(db.execute("SELECT * FROM matches")) == []
    finally:
        store.close()


def _referee(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", "referee", *args], input=stdin,
                          capture_output=True, cwd=ROOT, timeout=120)


def test_the_referee_command_says_a_bound_in_one_line(tmp_path):
    path = tmp_path / "long.json"
    path.write_text(hotdog(bounds.MAX_ROUNDS + 1))
    proc = _referee(str(path))
    assert proc.returncode == 1 and proc.stdout == b""
    assert proc.stderr.decode() == "record: rounds has more than 500 entries: companion reads at most 500\n"
    big = tmp_path / "big.json"
    with big.open("wb") as fh:                            # sparse: 17 MB of nothing, never read whole
        fh.truncate(17 * 1024 * 1024)
    proc = _referee(str(big))
    assert proc.returncode == 1
    assert proc.stderr.decode().startswith("record: the record is 16.0 MB: companion reads records of at most 16.0 MB")
    proc = _referee("-", stdin=b" " * (bounds.MAX_RECORD_BYTES + 10))
    assert proc.returncode == 1 and proc.stderr.decode().startswith("record: the record is 16.0 MB")


def test_referee_jsonl_says_a_bound_on_the_line_past_it_and_goes_on(tmp_path):
    path = tmp_path / "records.jsonl"
    with path.open("w") as fh:
        fh.write(hotdog(1) + "\n")
        fh.write(hotdog(bounds.MAX_ROUNDS + 1) + "\n")
        fh.write('{"game": "hotdog", "players": ["' + "A" * (bounds.MAX_RECORD_BYTES + 100) + '"]}\n')
        fh.write(hotdog(2) + "\n")
    proc = _referee("--jsonl", str(path))
    assert proc.returncode == 0 and proc.stderr == b""
    lines = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert len(lines) == 4 and len(lines[0]["rounds"]) == 1 and len(lines[3]["rounds"]) == 2
    assert lines[1] == {"error": "record: rounds has more than 500 entries: companion reads at most 500"}
    assert lines[2]["error"].startswith("line 3: the record is 16.0 MB: companion reads records of at most 16.0 MB")


def test_referee_jsonl_on_forked_workers_says_the_bound_as_one_process_does(tmp_path, monkeypatch):
    """Past PARALLEL_FROM lines --jsonl reads its file a block at a time: a line past the
    bound (read past across many blocks, carriage returns before its newline) is said
    with its number and size, a line at the bound is read, and what the workers write is
    byte for byte what one process writes."""
    from companion import cli
    from tests.conftest import run_cli, run_companion

    at_bound = b'"' + b"A" * (bounds.MAX_RECORD_BYTES - 2) + b'"'      # JSON, not a record
    past = b"B" * (bounds.MAX_RECORD_BYTES + 1)
    n = cli.PARALLEL_FROM                   # good records first, then the lines at and past the bound
    path = tmp_path / "records.jsonl"
    with path.open("wb") as fh:
        for _ in range(n):
            fh.write(hotdog(1).encode() + b"\n")
        fh.write(past + b"\r\n" + at_bound + b"\r\n" + hotdog(2).encode() + b"\n" + past)   # no last newline
    forked = run_companion("referee", "--jsonl", str(path))
    assert forked.returncode == 0 and forked.stderr == b""
    monkeypatch.setattr(cli, "PARALLEL_FROM", n + 10)
    one = run_cli("referee", "--jsonl", str(path))
    assert forked.stdout == one.stdout
    lines = [json.loads(line) for line in one.stdout.decode().splitlines()]
    assert len(lines) == n + 4 and len(lines[n + 2]["rounds"]) == 2
    said = "the record is 16.0 MB: companion reads records of at most 16.0 MB"
    assert lines[n]["error"].startswith(f"line {n + 1}: {said}")
    assert lines[n + 1]["error"].startswith("record:") and "16.0 MB" not in lines[n + 1]["error"]
    assert lines[n + 3]["error"].startswith(f"line {n + 4}: {said}")
