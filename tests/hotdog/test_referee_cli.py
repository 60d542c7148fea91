"""`companion referee` with Hot Dog records: the contract's output and error behaviour,
including what a careless or hostile user might send."""

from __future__ import annotations

import gc
import json

import pytest

from tests.conftest import run_cli, run_companion

GOOD = {"game": "hotdog", "players": ["Anna", "Bernd", "Chris"],
        "rounds": [{"bids": [{"player": "Anna", "table": 5, "hotdogs": 2},
                             {"player": "Bernd", "table": 5, "hotdogs": 3, "dollars": 2},
                             {"player": "Chris", "table": 5, "hotdogs": 3, "dollars": 2}]}]}


def bids(*b):
    return {**GOOD, "rounds": [{"bids": list(b)}]}


BAD = [
    ('{"game": "hotdog", "players": ["Anna", "Bernd"', "record: not valid JSON (Expecting ',' delimiter"),
    ("", "record: not valid JSON (Expecting value: line 1 column 1 (char 0))"),
    ("[1, 2]", "record: a record must be a JSON object"),
    ('{"players": ["Anna", "Bernd"]}', "record: game: the record does not say which game it is ('game' is missing)"),
    ('{"game": "poker", "players": ["Anna", "Bernd"]}', "record: game: unknown game 'poker' (known: "),
    ('{"game": "hotdog", "players": ["Anna", "Bernd"], "colour": "red"}', "record: 'colour' is not a field here"),
    (json.dumps(bids({"player": "Anna", "table": 5, "hotdogs": "2"}, {"player": "Bernd", "table": 5, "hotdogs": 1},
                     {"player": "Chris", "table": 5, "hotdogs": 1})),
     "round 1: Anna: HD-6 hotdogs must be a whole number"),
    (json.dumps(bids({"player": "Anna", "table": 5, "hotdogs": True}, {"player": "Bernd", "table": 5, "hotdogs": 1},
                     {"player": "Chris", "table": 5, "hotdogs": 1})),
     "round 1: Anna: HD-6 hotdogs must be a whole number"),
    (json.dumps(bids({"player": "Anna", "table": 5, "hotdogs": 2.5}, {"player": "Bernd", "table": 5, "hotdogs": 1},
                     {"player": "Chris", "table": 5, "hotdogs": 1})),
     "round 1: Anna: HD-6 hotdogs must be a whole number"),
    (json.dumps(bids({"player": "Anna", "table": 5, "hotdogs": 2},
                     {"player": "Bernd", "table": 5, "hotdogs": 3, "dollars": -1},
                     {"player": "Chris", "table": 5, "hotdogs": 1})),
     "round 1: Bernd: HD-6 dollars must be at least 0"),
    (json.dumps(bids({"player": "Anna", "table": 5, "hotdogs": 2},
                     {"player": "Bernd", "table": 5, "hotdogs": 3, "dollars": 4},
                     {"player": "Chris", "table": 5, "hotdogs": 1})),
     "round 1: Bernd: HD-6 dollars (4) exceed hot dogs (3): the price may not fall below zero"),
    (json.dumps(bids({"player": "Anna", "table": 5, "hotdogs": 2}, {"player": "Zoë", "table": 5, "hotdogs": 1},
                     {"player": "Chris", "table": 5, "hotdogs": 1})),
     "round 1: Zoë: HD-6 'Zoë' is not a player (players: Anna, Bernd, Chris)"),
    ('{"game": "hotdog", "players": ["A", "B", "C", "D", "E", "F"]}', "setup: HD-1 2–5 players, not 6"),
    ('{"game": "hotdog", "players": ["Anna", "anna "]}',
     "setup: HD-1 'anna' and 'Anna' look the same: give each player a name the table can tell apart"),
    ('{"game": "hotdog", "players": ["Anna", "' + "N" * 200 + '"]}',
     "setup: HD-1 the name 'NNNNNNNNNNNNNNNNNNNNNNNN…' is 200 characters long (at most 24)"),
    ('{"game": "hotdog", "players": ["Anna", "Bernd"], "money": {"Anna": 1' + "0" * 5000 + "}}",
     "record: not valid JSON (a number has too many digits)"),
    ('{"game": "hotdog", "players": ["Anna", "Bernd"], "money": {"Anna": -3}}',
     "setup: Anna: HD-3 money must be at least 0"),
    ("[" * 100_000, "record: not valid JSON (nested too deeply)"),
    (json.dumps({**GOOD, "rounds": [{"bids": [{"player": "Anna", "table": 5, "hotdogs": 1, "last": True},
                                              {"player": "Bernd", "table": 7, "hotdogs": 1},
                                              {"player": "Chris", "table": 7, "hotdogs": 1}]}] * 2}),
     "round 2: HD-13 the game ended after round 1"),
]


@pytest.mark.parametrize("text, line", BAD, ids=range(len(BAD)))
def test_a_bad_record_exits_1_with_one_line_and_no_output(text, line):
    proc = run_cli("referee", "-", input=text)
    err = proc.stderr.decode()
    assert proc.returncode == 1
    assert proc.stdout == b""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert err.startswith(line), err


def test_huge_but_valid_money_is_refereed():
    """The bank never runs out (HD-3): a big amount is just a number."""
    record = '{"game": "hotdog", "players": ["Anna", "Bernd"], "money": {"Anna": 1' + "0" * 40 + "}}"
    proc = run_cli("referee", "-", input=record)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["money"]["Anna"] == 10 ** 40


def test_file_and_stdin_give_the_same_result(tmp_path):
    """`companion referee` as a user runs it, from a file and from a pipe (the other
    tests here call the same code in this process)."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GOOD))
    a = run_companion("referee", str(path))
    b = run_companion("referee", "-", input=json.dumps(GOOD))
    assert a.returncode == b.returncode == 0
    assert a.stdout == b.stdout
    assert json.loads(a.stdout)["rounds"][0]["money"] == {"Anna": 5, "Bernd": 4, "Chris": 3}


def test_a_caller_of_main_keeps_its_objects_collected(tmp_path, capsys):
    """Only the command's own process keeps what is alive out of the last garbage
    collection (it ends next); a program that calls ``main`` and goes on living has
    every object it made collected as before."""
    from companion.cli import main

    path = tmp_path / "game.json"
    path.write_text(json.dumps(GOOD))
    frozen = gc.get_freeze_count()
    assert main(["referee", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "hotdog"
    assert gc.get_freeze_count() == frozen


def test_missing_file_is_one_line():
    proc = run_cli("referee", "/nonexistent/game.json")
    assert proc.returncode == 1 and proc.stdout == b""
    assert proc.stderr.decode() == "cannot read /nonexistent/game.json: No such file or directory\n"


def test_jsonl_one_result_per_line_and_errors_in_place(tmp_path):
    bad = dict(GOOD, players=["Anna"])
    lines = [json.dumps(GOOD), "{broken", json.dumps(bad), "", json.dumps(GOOD)]
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(lines) + "\n")
    proc = run_cli("referee", "--jsonl", str(path))
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(x) for x in proc.stdout.decode().splitlines()]
    assert len(out) == 5
    assert out[0] == out[4] and out[0]["game"] == "hotdog"
    assert out[1]["error"].startswith("record: not valid JSON")
    assert out[2] == {"error": "setup: HD-1 2–5 players, not 1"}
    assert out[3] == {"error": "line 4: empty line, no record"}


def test_jsonl_past_the_parallel_bound_gives_what_one_process_gives(tmp_path, monkeypatch):
    """From PARALLEL_FROM lines on, --jsonl referees on forked workers, a block of lines
    at a time: the output is byte for byte what one process writes, every line in
    input order, errors and their line numbers included."""
    from companion import cli

    lines: list[str] = []
    size = 0
    i = 0
    while len(lines) < cli.PARALLEL_FROM or size < 3.5 * cli.BLOCK:    # lines across blocks, a last block cut short
        players = ["Anna", "Bernd", "Chris", f"Dora {i}"][: 3 + i % 2]
        good = {**GOOD, "players": players, "mustard": players[i % len(players)]}
        lines.append(json.dumps(good) if i % 7 else ["{broken", json.dumps(dict(GOOD, players=["Anna"])), ""][i % 3])
        size += len(lines[-1]) + 1
        i += 1
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(lines) + "\n")
    forked = run_companion("referee", "--jsonl", str(path))
    assert forked.returncode == 0, forked.stderr
    monkeypatch.setattr(cli, "PARALLEL_FROM", len(lines) + 1)
    one = run_cli("referee", "--jsonl", str(path))
    assert forked.stdout == one.stdout
    assert len(one.stdout.decode().splitlines()) == len(lines)
    assert b'"error": "line 15: empty line, no record"' in one.stdout   # i = 14: line 15


def test_jsonl_lines_ended_by_crlf_give_what_lines_ended_by_lf_give(tmp_path):
    """--jsonl reads its file a block at a time: a line's carriage return is taken off
    with its newline, wherever a block ends, as one process and forked workers read it."""
    from companion import cli

    lines: list[str] = []
    size = 0
    while len(lines) < cli.PARALLEL_FROM or size < 2.5 * cli.BLOCK:     # lines across blocks
        i = len(lines)
        lines.append(json.dumps({**GOOD, "players": ["Anna", "Bernd", f"Chris {i}"]}) if i % 5 else "")
        size += len(lines[-1]) + 2
    for name, end in (("lf", "\n"), ("crlf", "\r\n")):
        (tmp_path / f"{name}.jsonl").write_text(end.join(lines) + end, newline="")
    lf = run_companion("referee", "--jsonl", str(tmp_path / "lf.jsonl"))
    crlf = run_companion("referee", "--jsonl", str(tmp_path / "crlf.jsonl"))
    assert lf.returncode == 0 and crlf.returncode == 0, crlf.stderr
    assert crlf.stdout == lf.stdout
    assert len(lf.stdout.splitlines()) == len(lines)
    assert b'"error": "line 1: empty line, no record"' in lf.stdout


# Found in review: names that differ only by spaces or case, doubled tables, and names
# with line breaks must neither merge silently nor break the one-line error.
DOUBLES = [
    ('{"game":"hotdog","players":["A","B"],"tables":{"5":{"A":2,"a":2}}}',
     "setup: A: HD-8 hot dogs at the 5 table are given twice"),
    ('{"game":"hotdog","players":["A","B"],"tables":{"5":{"A":2," A":2}}}',
     "setup: A: HD-8 hot dogs at the 5 table are given twice"),
    ('{"game":"hotdog","players":["A","B"],"tables":{"5":{"A":2}," 5":{"B":1}}}',
     "setup: HD-8 the 5 table is given twice"),
    ('{"game":"hotdog","players":["A","B"],"tables":{"05":{"A":2}}}', "setup: HD-2 there is no neutral table '05'"),
    ('{"game":"hotdog","players":["A","B"],"tables":{"\\u0665":{"A":2}}}',
     "setup: HD-2 there is no neutral table '\u0665'"),
    ('{"game":"hotdog","players":["A","B"],"money":{"A":1,"a":7}}', "setup: A: HD-3 money is given twice"),
    ('{"game":"hotdog","players":["A","B"],"money":{"A":1," A ":7}}', "setup: A: HD-3 money is given twice"),
    ('{"game":"hotdog","players":["A","B"],"tables":{"5":{"A":-1}}}', "setup: A: HD-8 tables.5 must be at least 0"),
    ('{"game":"hotdog","players":["A","B"],"mustard":"Z\\rY\\u2028X"}',
     "setup: Z\\rY\\u2028X: HD-4 the mustard holder"),
    ('{"game":"hotdog","players":["A","B"],"mustard":"' + "z" * 1000 + '"}', "setup: " + "z" * 40 + "…: HD-4"),
    # one name policy (core.names): composed and decomposed are one name; nothing hidden
    ('{"game":"hotdog","players":["Zo\\u00eb","B"],"money":{"Zo\\u00eb":1,"Zoe\\u0308":7}}',
     "setup: Zoë: HD-3 money is given twice"),
    ('{"game":"hotdog","players":["Zo\\u00eb","Zoe\\u0308"]}',
     "setup: HD-1 'Zoë' and 'Zoë' look the same: give each player a name the table can tell apart"),
    ('{"game":"hotdog","players":["Anna","Anna\\u200b"]}',
     "setup: HD-1 the name 'Anna\\u200b' holds a character that does not show (U+200B zero width space)"),
    ('{"game":"hotdog","players":["Anna","\\u202eannA"]}',
     "setup: HD-1 the name '\\u202eannA' holds a character that does not show (U+202E right-to-left override)"),
]


@pytest.mark.parametrize("text, line", DOUBLES, ids=range(len(DOUBLES)))
def test_hd1_doubled_or_hostile_names_are_refused_in_one_line(text, line):
    proc = run_cli("referee", "-", input=text)
    err = proc.stderr.decode()
    assert proc.returncode == 1 and proc.stdout == b""
    assert len(err.splitlines()) == 1 and err.startswith(line), err
    assert len(err) < 300


def test_jsonl_invalid_utf8_line_says_so(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_bytes(json.dumps(GOOD).encode() + b"\n\xff\xfe\n")
    out = run_cli("referee", "--jsonl", str(path)).stdout.decode().splitlines()
    assert json.loads(out[1]) == {"error": "record: not valid JSON (not UTF-8 text: byte 0)"}


def test_a_decomposed_record_gives_the_composed_result_byte_for_byte():
    """A record typed with 'e' + combining diaeresis is read as the one typed with 'ë':
    the players, the mustard holder, money keys and bids all name the same Zoë."""
    composed = {"game": "hotdog", "players": ["Zoë", "Bernd"], "mustard": "Zoë", "money": {"Zoë": 4},
                "rounds": [{"bids": [{"player": "Zoë", "table": 5, "hotdogs": 2, "dollars": 1},
                                     {"player": "Bernd", "table": 7, "hotdogs": 1}]}]}
    decomposed = json.loads(json.dumps(composed).replace("\\u00eb", "e\\u0308"))
    assert "Zoe\u0308" in decomposed["players"] and "Zoe\u0308" in decomposed["money"]
    a = run_cli("referee", "-", input=json.dumps(composed))
    b = run_cli("referee", "-", input=json.dumps(decomposed, ensure_ascii=False))
    assert a.returncode == b.returncode == 0, b.stderr
    assert b.stdout == a.stdout
    assert json.loads(a.stdout)["money"] == {"Zoë": 3, "Bernd": 3}
