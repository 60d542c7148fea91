"""`companion print` as a user runs it: files written, `--all` reproduces the committed
printables byte for byte, and bad input gives one line on stderr, exit 1, no file."""

from __future__ import annotations

import pytest

from tests.conftest import run_cli, run_companion
from tests.pdf.helpers import DATA, PRINTABLES, size_mm, text


def test_all_rebuilds_exactly_the_committed_printables(tmp_path):
    out = tmp_path / "printables"
    proc = run_cli("print", "--all", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    built = {p.name: p.read_bytes() for p in out.iterdir()}
    committed = {p.name: p.read_bytes() for p in PRINTABLES.glob("*.pdf")}
    assert sorted(built) == sorted(committed), "printables/ is out of date: run `companion print --all`"
    changed = [name for name in built if built[name] != committed[name]]
    assert not changed, f"printables/ is out of date ({', '.join(changed)}): run `companion print --all`"
    for data in built.values():
        assert len(data) < 80_000


def test_score_sheet_with_players_letter(tmp_path):
    out = tmp_path / "sheet.pdf"
    proc = run_cli("print", "score-sheet", "hotdog", "--players", "Anna, Bernd ,Zoë",
                   "--paper", "letter", "-o", str(out), "--date", "2026-03-04")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == b"" and proc.stderr == b""
    words = text(out.read_bytes())
    assert "Anna Bernd Zoë" in words and "2026-03-04" in words
    assert size_mm(out.read_bytes()) == pytest.approx((215.9, 279.4), abs=0.2)


def test_score_sheet_from_a_match_record_and_rules_to_stdout(tmp_path):
    """`companion print` as a user runs it (the other tests here call the same code in
    this process)."""
    out = tmp_path / "match.pdf"
    proc = run_companion("print", "score-sheet", "--record", str(DATA / "hotdog-match.json"),
                         "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "Total $14 $13 $12" in text(out.read_bytes())
    proc = run_companion("print", "rules", "burger", "--sheet", "a5", "-o", "-")
    assert proc.returncode == 0 and proc.stdout.startswith(b"%PDF-")


def test_game_number_prints_that_game_of_a_match(tmp_path):
    out = tmp_path / "game3.pdf"
    proc = run_cli("print", "score-sheet", "--record", str(DATA / "hotdog-match.json"),
                   "--game-number", "3", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    words = text(out.read_bytes())
    assert "Game 3 of 3" in words and "Round log — game 3" in words
    assert "Round log — game 1" not in words


def test_rules_four_to_a_letter_sheet(tmp_path):
    out = tmp_path / "cards.pdf"
    proc = run_cli("print", "rules", "hotdog", "--sheet", "letter", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert size_mm(out.read_bytes()) == pytest.approx((215.9, 279.4), abs=0.2)


def test_source_date_epoch_sets_the_footer_date(tmp_path, monkeypatch):
    out = tmp_path / "card.pdf"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    proc = run_cli("print", "rules", "sales", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "2023-11-14" in text(out.read_bytes())


BAD = [
    (["score-sheet", "chess"], "unknown game 'chess'"),
    (["rules", "chess"], "unknown game 'chess'"),
    (["score-sheet", "hotdog", "--players", "A,B,C,D,E,F,G"], "HD-1 2–5 players, not 7"),
    (["score-sheet", "sales", "--players", "Ann"], "SA-2 2–6 players, not 1"),
    (["score-sheet", "burger", "--players", "Ann,Ben," + "x" * 200], "200 characters long"),
    (["score-sheet", "hotdog", "--players", "Anna,anna"], "look the same"),
    (["score-sheet", "hotdog", "--players", "Anna,Γιώργος王"], "no single font can print"),
    (["score-sheet", "hotdog", "--paper", "a3"], "unknown paper 'a3'"),
    (["rules", "hotdog", "--sheet", "a3"], "unknown sheet 'a3'"),
    (["score-sheet", "--record", "/nonexistent/record.json"], "cannot read /nonexistent/record.json"),
    (["score-sheet", "hotdog", "--game-number", "2"], "--game-number picks a game of a --record FILE"),
    (["score-sheet", "hotdog", "--date", "yesterday"], "is not a date"),
]


@pytest.mark.parametrize("args, message", BAD, ids=[m for _, m in BAD])
def test_bad_input_one_line_exit_1_no_file(tmp_path, args, message):
    out = tmp_path / "out.pdf"
    proc = run_cli("print", *args, "-o", str(out))
    err = proc.stderr.decode()
    assert proc.returncode == 1, err
    assert message in err
    assert err.count("\n") == 1 and err.startswith("companion print: ")
    assert "Traceback" not in err and proc.stdout == b""
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("content, message", [
    (b"{not json", "not valid JSON"),
    (b"[1, 2]", "a record must be a JSON object"),
    (b'{"game": "hotdog", "players": ["A"]}', "HD-1 2–5 players, not 1"),
    (b'{"game": "hotdog", "players": ["A", "B"], "rounds": [{"bids": []}]}', "round 1"),
    (b'{"kind": "match", "game": "hotdog", "players": ["A", "B"], "games": [{"players": ["A", "C"]}]}',
     "HD-15"),
])
def test_unreadable_record_one_line_exit_1_no_file(tmp_path, content, message):
    record = tmp_path / "record.json"
    record.write_bytes(content)
    out = tmp_path / "out.pdf"
    proc = run_cli("print", "score-sheet", "--record", str(record), "-o", str(out))
    err = proc.stderr.decode()
    assert proc.returncode == 1 and message in err, err
    assert err.count("\n") == 1 and not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["record.json"]


def test_a_record_of_an_unknown_game_is_refused_cleanly(tmp_path):
    record = tmp_path / "poker.json"
    record.write_text('{"game": "poker", "players": ["Anna", "Bernd"]}')
    out = tmp_path / "out.pdf"
    proc = run_cli("print", "score-sheet", "--record", str(record), "-o", str(out))
    assert proc.returncode == 1 and b"unknown game 'poker'" in proc.stderr
    assert proc.stderr.count(b"\n") == 1
    assert not out.exists()


def test_a_failed_build_leaves_an_existing_file_alone(tmp_path):
    out = tmp_path / "sheet.pdf"
    out.write_bytes(b"keep me")
    proc = run_cli("print", "score-sheet", "hotdog", "--players", "A", "-o", str(out))
    assert proc.returncode == 1
    assert out.read_bytes() == b"keep me"


# ---------------------------------------------------------------- names and what is printed

LOOK_ALIKE = [("Zoë", "Zoe\u0308"), ("Anna", "Anna\u200b"), ("Anna", "\u202eannA")]


@pytest.mark.parametrize("a, b", LOOK_ALIKE, ids=range(len(LOOK_ALIKE)))
def test_print_refuses_names_exactly_as_the_referee_does(tmp_path, capsys, a, b):
    """One name policy: a pair the referee refuses, `companion print` refuses with the
    same line, from --players and from the record alike."""
    import json

    from companion.cli import main

    record = tmp_path / "game.json"
    record.write_text(json.dumps({"game": "hotdog", "players": [a, b]}, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "out.pdf"
    assert main(["referee", str(record)]) == 1
    refused = capsys.readouterr().err
    assert refused.startswith("setup: HD-1 ") and refused[:-1].isprintable(), refused
    assert main(["print", "score-sheet", "hotdog", "--players", f"{a},{b}", "-o", str(out)]) == 1
    assert capsys.readouterr().err == "companion print: " + refused
    assert main(["print", "score-sheet", "--record", str(record), "-o", str(out)]) == 1
    assert capsys.readouterr().err == "companion print: " + refused
    assert not out.exists()


def test_a_decomposed_record_prints_as_the_composed_one(tmp_path):
    import json

    from companion.cli import main

    game = {"game": "hotdog", "players": ["Zoë", "Bernd"], "mustard": "Zoë", "money": {"Zoë": 4},
            "rounds": [{"bids": [{"player": "Zoë", "table": 5, "hotdogs": 2, "dollars": 1},
                                 {"player": "Bernd", "table": 7, "hotdogs": 1}]}]}
    pdfs = []
    for form in ("NFC", "NFD"):
        import unicodedata

        record = tmp_path / f"{form}.json"
        record.write_text(unicodedata.normalize(form, json.dumps(game, ensure_ascii=False)), encoding="utf-8")
        out = tmp_path / f"{form}.pdf"
        assert main(["print", "score-sheet", "--record", str(record), "--date", "2026-01-02", "-o", str(out)]) == 0
        pdfs.append(out.read_bytes())
    assert "\u0308" in (tmp_path / "NFD.json").read_text(encoding="utf-8")
    assert pdfs[0] == pdfs[1]


CONTROL = [
    ["score-sheet", "hotdog", "--players", "Anna,Bernd\x1b[2J"],     # a name
    ["score-sheet", "hotdog", "--paper", "a3\x1b]0;owned\x07"],      # any text typed
    ["score-sheet", "--record", "/nonexistent/\x1b[31mred.json"],    # a path
    ["rules", "chess\r\x1b[2K"],
]


@pytest.mark.parametrize("args", CONTROL, ids=range(len(CONTROL)))
def test_print_never_writes_a_control_character_to_the_terminal(tmp_path, capsys, args):
    from companion.cli import main

    assert main(["print", *args, "-o", str(tmp_path / "out.pdf")]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("companion print: ") and err.endswith("\n")
    assert err[:-1].isprintable() and "\\x1b" in err, repr(err)


def test_print_all_lists_the_files_written_escaped(tmp_path, capsys, monkeypatch):
    from pathlib import Path

    from companion.cli import main
    from companion.pdf import api

    monkeypatch.setattr(api, "build_all", lambda out, languages=None: [Path(out) / "a\x1b[2Jb.pdf"])
    assert main(["print", "--all", "--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out == f"{tmp_path}/a\\x1b[2Jb.pdf\n"


def test_all_in_german_writes_the_german_set_beside_the_english_one(tmp_path):
    """Issue 29: `print --all --lang de` stopped after 8 of 15 files. Now it writes every German
    file (one for each English one), named so that it overwrites no English one."""
    from companion.pdf.api import all_printables

    out = tmp_path / "printables"
    (out).mkdir()
    (out / "hotdog-rules-a6.pdf").write_bytes(b"the English card, kept")
    proc = run_cli("print", "--all", "--lang", "de", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    german = sorted(all_printables(["de"]))
    assert len(german) == len(all_printables(["en"])) and all(name.endswith("-de.pdf") for name in german)
    assert sorted(p.name for p in out.iterdir()) == sorted(german + ["hotdog-rules-a6.pdf"])
    assert (out / "hotdog-rules-a6.pdf").read_bytes() == b"the English card, kept"
    assert "Regelkarte" in text((out / "sales-rules-4up-letter-de.pdf").read_bytes())


def test_all_that_cannot_build_a_file_says_so_in_one_line_and_leaves_the_folder_as_it_was(tmp_path, monkeypatch):
    """Issue 29: a layout that does not fit is one line, never a traceback or a LayoutError with a
    memory address, and `--all` never leaves a partial folder: the last game's card fails here,
    after every other file was built."""
    from companion.pdf import api
    from companion.pdf.model import Line, RulesCard, Section

    out = tmp_path / "printables"
    out.mkdir()
    (out / "hotdog-rules-a6.pdf").write_bytes(b"old")
    last = api.printable_games()[-1]
    module = api.printable(last)
    long = Section("Too long", lines=tuple(Line("word " * 80, ("001:1",)) for _ in range(8)))
    monkeypatch.setattr(module, "rules_card", lambda: RulesCard(last, "Too long — rules card", ((long,), (long,))))
    proc = run_cli("print", "--all", "--out", str(out))
    assert proc.returncode == 1
    err = proc.stderr.decode()
    assert err.count("\n") == 1 and err.startswith("companion print: Too long — rules card: the front does not fit")
    assert "on A6 (English, " in err and "0x" not in err and "LayoutError" not in err and "Traceback" not in err
    assert sorted(p.name for p in out.iterdir()) == ["hotdog-rules-a6.pdf"]     # nothing new, no temporary file
    assert (out / "hotdog-rules-a6.pdf").read_bytes() == b"old"


def test_all_that_cannot_write_a_file_renames_none_into_place(tmp_path, monkeypatch):
    """A write that fails half-way (a full disk) leaves every file as it was, and no temporary file."""
    import os

    from companion.pdf import api

    out = tmp_path / "printables"
    out.mkdir()
    (out / "hotdog-rules-a6.pdf").write_bytes(b"old")
    calls = []
    real = os.fdopen

    def failing(fd, *args, **kwargs):
        calls.append(fd)
        if len(calls) == 10:
            os.close(fd)
            raise OSError(28, "No space left on device")
        return real(fd, *args, **kwargs)

    monkeypatch.setattr(api.os, "fdopen", failing)
    with pytest.raises(OSError):
        api.build_all(out, ["en"])
    assert sorted(p.name for p in out.iterdir()) == ["hotdog-rules-a6.pdf"]
    assert (out / "hotdog-rules-a6.pdf").read_bytes() == b"old"


def test_the_help_says_what_size_a_cut_card_is():
    """Issue 29: the cards of the 2-up and 4-up sheets are not A6; `--help` says what they are."""
    from companion.pdf import cli, layout

    assert "{:g} × {:g} mm".format(*layout.CUT_CARD_MM) == cli.CUT_CARD
    proc = run_cli("print", "rules", "--help")
    assert proc.returncode == 0
    words = " ".join(proc.stdout.decode().split())
    assert "one A6 card (105 × 148 mm) per A6 page" in words
    assert "the cards cut from a sheet are 97 × 131.5 mm, a little smaller than A6" in words
