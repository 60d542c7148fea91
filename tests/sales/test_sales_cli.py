"""Sales records through `companion referee`: bad ones exit 1 with one stderr line naming
round, sale, player and ruling, and nothing on stdout; --jsonl goes on past them."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli
from tests.sales.helpers import c, record, sale

GOOD = record(["Ann", "Ben"], [sale(("Ann", c("sun", 3)), ("Ben", c("sun", 2)))], hand_size=1)
DONE = [[sale(("Ann", c("sun", 3)), ("Ben", c("sun", 2)))],
        [sale(("Ben", c("rain", 5)), ("Ann", c("rain", 4)))],
        [sale(("Ann", c("snow", 1)), ("Ben", c("snow", 6)))]]

BAD = {
    "SA-3 plays out of order": (
        record(["Ann", "Ben"], [sale(("Ben", c("sun", 3)), ("Ann", c("sun", 2)))]),
        "round 1: sale 1: Ben: SA-3 plays out of turn: Ann plays next "
        "(clockwise from the leader Ann, skipping empty hands)"),
    "SA-3 play from an empty hand": (
        record(["Ann", "Ben"], [sale(("Ann", c("sun", 1, 1)), ("Ben", c("sun", 2))),
                                sale(("Ann", c("sun", 3)), ("Ben", c("sun", 2)))], hand_size=2),
        "round 1: sale 2: Ann: SA-3 has no cards in hand and cannot play"),
    "SA-9 a fourth round": (
        record(["Ann", "Ben"], *DONE, [], hand_size=1),
        "round 4: SA-9 the game has 3 rounds: it ended after round 3"),
    "SA-7/SA-9 a round while hands hold cards": (
        record(["Ann", "Ben"], [sale(("Ann", c("sun", 3)), ("Ben", c("sun", 2)))], [], hand_size=3),
        "round 2: SA-7 round 1 has not ended: Ann (2) and Ben (2) still hold cards; "
        "a round ends when every hand is empty (SA-9)"),
    "SA-1 a negative value": (
        record(["Ann", "Ben"], [sale(("Ann", c("sun", 3)), ("Ben", c("sun", -2)))]),
        "round 1: sale 1: Ben: SA-1 value must be at least 0"),
    "SA-1 negative discards": (
        record(["Ann", "Ben"], [sale(("Ann", c("sun", 3, -1)))]),
        "round 1: sale 1: Ann: SA-1 discard must be at least 0"),
    "SA-2 co-op with three players": (
        record(["Ann", "Ben", "Cat"], mode="coop"), "setup: SA-2 co-op is for exactly 2 players, not 3"),
    "SA-2 an unknown mode": (
        record(["Ann", "Ben"], mode="teams"), "setup: SA-2 mode must be 'competitive', 'coop' or 'solo'"),
    "SA-2 a hand size of 0": (
        record(["Ann", "Ben"], hand_size=0), "setup: SA-2 hand_size must be at least 1"),
    "SA-2 hand size not a number": (
        record(["Ann", "Ben"], hand_size="12"), "setup: SA-2 hand_size must be a whole number"),
    "SA-1 a play without a card": (
        record(["Ann", "Ben"], [{"plays": [{"player": "Ann"}]}]), "round 1: sale 1: Ann: SA-1 card is missing"),
    "unknown field": (
        {**record(["Ann", "Ben"]), "deck": "x"}, "record: 'deck' is not a field here"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_record_is_rejected_in_one_line(name):
    """SA-1, SA-2, SA-3, SA-7, SA-9: exit 1, one stderr line, empty stdout, no traceback."""
    rec, line = BAD[name]
    proc = run_cli("referee", "-", input=json.dumps(rec))
    assert proc.returncode == 1
    assert proc.stdout == b""
    assert proc.stderr.decode() == line + "\n"


def test_jsonl_mixes_results_and_errors():
    """The --jsonl fast path: one result or {"error": line} per input line, exit 0."""
    lines = [json.dumps(GOOD), json.dumps(BAD["SA-2 a hand size of 0"][0]), json.dumps(GOOD)]
    proc = run_cli("referee", "--jsonl", "-", input="\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(x) for x in proc.stdout.decode().splitlines()]
    assert len(out) == 3
    assert out[0]["rounds"][0]["sales"][0]["winner"] == "Ben"
    assert out[1] == {"error": "setup: SA-2 hand_size must be at least 1"}
    assert out[2] == out[0]


def test_rules_import_no_ui_libraries():
    """The referee is pure: rules, models and deck import neither flet nor reportlab."""
    code = ("import sys, companion.games.sales.rules, companion.games.sales.deck; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('flet', 'reportlab')]; "
            "assert not bad, bad")
    import subprocess
    import sys

    from tests.conftest import ROOT
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
