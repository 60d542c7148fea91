"""A game night printed on one A4 sheet: its name and date, the ranking with the tie
shown, each match's places and points, the points per place stated as a house rule."""

from __future__ import annotations

import datetime as dt
import json

from companion.core.match import MatchRecord
from companion.pdf.night import build_night_sheet
from companion.tallies.night import NightRecord, tally
from tests.night_records import burger_game, hotdog_match, match_of, sales_game
from tests.pdf.helpers import page_texts, size_mm, uncovered_text


def result(**extra):
    record = NightRecord(name="Friday at Anna's", date="2026-11-27", matches=[12, 14, 15, 16])
    return tally(record, {12: MatchRecord.model_validate(hotdog_match()),
                          14: MatchRecord.model_validate(match_of(sales_game())),
                          15: MatchRecord.model_validate(match_of(burger_game())),
                          16: None, **extra})


def test_one_a4_page_with_the_ranking_the_places_and_the_house_rule():
    data = build_night_sheet(result(), date=dt.date(2026, 11, 28))
    pages = page_texts(data)
    assert len(pages) == 1 and size_mm(data) == (210, 297)
    page = pages[0]
    for needed in ("Friday at Anna's", "2026-11-27", "Game night · 4 matches, 3 counted", "Ranking",
                   "Bernd", "Chris", "Anna", "=1st", "6.5", "3rd",
                   "Hot Dog #12", "Sales #14", "Burger #15", "Match 16 (deleted)",
                   "=1st · 2.5", "1st · 3", "3rd · 1",
                   "Bernd and Chris tie for 1st with 6.5 points each (3 of 4 matches counted).",
                   "House rule: points per place 1st 3, 2nd 2, 3rd 1, later places 0; "
                   "players tied share their places' points equally.",
                   "printed 2026-11-28"):
        assert needed in page, needed
    assert uncovered_text(data) == []


def test_a_night_with_nothing_counted_still_prints_one_page():
    empty = tally(NightRecord(name="Quiet night", date="2026-11-27"), {})
    pages = page_texts(build_night_sheet(empty, date=dt.date(2026, 11, 28)))
    assert len(pages) == 1 and "No matches in this night yet." in pages[0] and "House rule:" in pages[0]


def test_companion_print_night_from_its_export(tmp_path):
    from tests.conftest import run_cli

    export = {"kind": "night", "name": "Friday", "date": "2026-11-27", "points": [3, 2, 1], "matches": [1, 2],
              "match_records": {"1": hotdog_match(), "2": None}}
    source = tmp_path / "night.json"
    source.write_text(json.dumps(export), encoding="utf-8")
    out = tmp_path / "night.pdf"
    proc = run_cli("print", "night", "--record", str(source), "-o", str(out), "--date", "2026-11-28")
    assert proc.returncode == 0, proc.stderr
    (page,) = page_texts(out.read_bytes())
    assert "Anna leads with 3 points (1 of 2 matches counted)." in page and "Match 2 (deleted)" in page
    source.write_text(json.dumps({**export, "kind": "match"}), encoding="utf-8")
    proc = run_cli("print", "night", "--record", str(source), "-o", str(tmp_path / "bad.pdf"))
    assert proc.returncode == 1 and proc.stderr == (
        b'companion print: record: not a game night (its "kind" is not "night")\n')
    assert not (tmp_path / "bad.pdf").exists()


def test_the_night_sheet_prints_no_ruling_ids():
    """Issue 29: no ruling ids in a sheet's prose ("Anna wins Hot Dog #12 (HD-15)")."""
    import re

    (page,) = page_texts(build_night_sheet(result(), date=dt.date(2026, 11, 28)))
    assert not re.search(r"\b(HD|SA|BU)-\d", page)
    assert "Anna wins Hot Dog #12." in page and "Chris wins Sales #14." in page
