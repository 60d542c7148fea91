"""Bad burger records through `companion referee`: exit 1, one stderr line naming the
round, the player (where there is one) and the ruling, nothing on stdout."""

from __future__ import annotations

import json

import pytest

from tests.burger.burger_helpers import all_play, deal, record, rnd
from tests.conftest import load_example, run_cli

THREE = ["Ann", "Ben", "Cat"]
OK = rnd(deal(3), all_play(THREE))

BAD = {
    "wrong ingredient count (BU-2)": (
        record(THREE, [rnd(deal(3, extra=1), all_play(THREE))]),
        "round 1: BU-2 6 ingredients revealed: 3 players reveal 5 (rats not counted)",
    ),
    "deck with no ingredient (BU-2)": (
        record(THREE, [OK, rnd([["lettuce", "cheese", "onion", "patty", "mushroom"], ["rat"], []], all_play(THREE))]),
        "round 2: BU-2 deck 1 holds only rats: every deck starts with an ingredient",
    ),
    "tool no longer held (BU-3)": (
        record(THREE, [rnd(deal(3), all_play(THREE, Cat="tease")), rnd(deal(3), all_play(THREE, Cat="tease"))]),
        "round 2: Cat: BU-3 plays tease but holds no tease card (in hand: 2 tongs + 0 tease)",
    ),
    "picks not a permutation (BU-4)": (
        record(THREE, [rnd(deal(3), all_play(THREE), picks=[2, 2, 0])]),
        "round 1: BU-4 picks [2, 2, 0] are not the deck indexes 0–2 each once, in taking order",
    ),
    "picks when nobody played tongs (BU-4)": (
        record(THREE, [OK, rnd(deal(3), all_play(THREE, "tease"), picks=[0, 1, 2])]),
        "round 2: BU-4 picks are given but nobody played tongs: nobody takes a deck",
    ),
    "more cards than the draw pile (BU-2)": (
        record(THREE, [OK, rnd(deal(3, rats=1), all_play(THREE))], draw_pile=10),
        "round 2: BU-2 the decks hold 6 cards but the draw pile holds only 5",
    ),
    "hamburgers for an unknown player (BU-5)": (
        record(THREE, [rnd(deal(3), all_play(THREE), complete={"Dan": 1})]),
        "round 1: Dan: BU-5 hamburgers for 'Dan' is not a player (players: Ann, Ben, Cat)",
    ),
    "a round after the end (BU-6)": (
        record(THREE, [OK, OK], draw_pile=9),
        "round 2: BU-6 no round after the end: the game ended after round 1",
    ),
    "tool card of an unknown kind (BU-3, shape)": (
        record(THREE, [rnd(deal(3), all_play(THREE, Ben="spoon"))]),
        "round 1: Ben: BU-3 tools must be 'tongs' or 'tease'",
    ),
    "negative hamburgers (BU-5, shape)": (
        record(THREE, [rnd(deal(3), all_play(THREE), complete={"Cat": -1})]),
        "round 1: Cat: BU-5 complete must be at least 0",
    ),
    "negative tool count at setup (BU-3, shape)": (
        record(THREE, [], tools={"tease": -1}),
        "setup: BU-3 tools.tease must be at least 0",
    ),
    "unknown setup field": (
        record(THREE, [], wastebasket=True),
        "record: 'wastebasket' is not a field here",
    ),
    "scoring not a whole number (BU-8, shape)": (
        record(THREE, [], scoring={"rat": 0.5}),
        "setup: BU-8 rat must be a whole number",
    ),
}


@pytest.mark.parametrize("case", list(BAD), ids=list(BAD))
def test_bad_burger_record_is_one_line_exit_1(case, tmp_path):
    rec, line = BAD[case]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec))
    proc = run_cli("referee", str(path))
    assert proc.returncode == 1
    assert proc.stdout == b""
    assert proc.stderr.decode() == line + "\n"


def test_jsonl_reports_bad_burger_records_per_line_and_goes_on():
    """The contract's --jsonl: a bad record gives {"error": line}, the run goes on."""
    good = load_example("burger-contract.json")
    rec, line = BAD["picks not a permutation (BU-4)"]
    data = "\n".join(json.dumps(x) for x in (good, rec, good)) + "\n"
    proc = run_cli("referee", "--jsonl", "-", input=data)
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(x) for x in proc.stdout.decode().splitlines()]
    assert out[1] == {"error": line}
    assert out[0] == out[2] and out[0]["scores"] == {"Ann": 0, "Ben": 1, "Cat": 0}


def test_bu3_tool_cards_for_the_same_player_spelled_twice_are_refused():
    """Found in review: " A" and "A" once merged silently; now BU-3 refuses the double."""
    text = ('{"game":"burger","players":["A","B"],"rounds":[{"decks":[["a","b"],["c","d"]],'
            '"tools":{"A":"tongs"," A":"tease","B":"tongs"}}]}')
    proc = run_cli("referee", "-", input=text)
    assert proc.returncode == 1 and proc.stdout == b""
    assert proc.stderr.decode() == "round 1: A: BU-3 plays two tool cards in one round\n"
