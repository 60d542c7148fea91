"""Seating, errors and the registry: the pieces every game stands on."""

from __future__ import annotations

import pytest

from companion.core.errors import RecordError, RuleError
from companion.core.registry import games
from companion.core.seating import (
    clockwise_from,
    first_clockwise,
    left_of,
    neighbours,
    right_of,
    seat_rank,
)

P = ["Anna", "Bernd", "Chris", "Dora"]


def test_clockwise_and_neighbours():
    assert clockwise_from(P, "Chris") == ["Chris", "Dora", "Anna", "Bernd"]
    assert left_of(P, "Dora") == "Anna" and right_of(P, "Anna") == "Dora"
    assert neighbours(P, "Anna") == ["Bernd", "Dora"]
    assert neighbours(["Anna", "Bernd"], "Anna") == ["Bernd"]  # two players: one neighbour, once
    assert seat_rank(P, "Chris") == {"Chris": 0, "Dora": 1, "Anna": 2, "Bernd": 3}
    assert first_clockwise(P, "Bernd", lambda p: p.startswith("A")) == "Anna"
    assert first_clockwise(P, "Bernd", lambda p: False) is None


def test_error_lines_name_round_sale_player_and_ruling():
    assert str(RuleError("HD-6", "dollars (4) exceed hot dogs (3)", round=2, player="Bernd")) == \
        "round 2: Bernd: HD-6 dollars (4) exceed hot dogs (3)"
    assert str(RuleError("SA-3", "plays out of turn", round=1, sale=4, player="Cat")) == \
        "round 1: sale 4: Cat: SA-3 plays out of turn"
    assert str(RuleError("HD-1", "2–5 players, not 6")) == "setup: HD-1 2–5 players, not 6"
    assert str(RecordError("not valid JSON (x)")) == "record: not valid JSON (x)"
    assert isinstance(RuleError("HD-1", "x"), RecordError)


def test_games_are_found_from_their_folders():
    found = games()
    assert "hotdog" in found and found["hotdog"].title == "Hot Dog"
    with pytest.raises(RecordError):
        from companion.core.registry import game
        game("poker")


def test_csv_cells_a_spreadsheet_would_run_get_a_quote_numbers_stay_numbers():
    from companion.core.spreadsheet import csv_text

    rows = [{"n": -2, "x": 1.5, "t": "-2", "f": '=HYPERLINK("http://x","y")', "a": "@A1", "p": "+1",
             "tab": "\t=1", "cr": "\r=1", "ok": "Anna-Lena", "b": True}]
    assert csv_text(list(rows[0]), rows).split("\n")[1] == (
        "-2,1.5,'-2,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",'@A1,'+1,'\t=1,'\r=1,Anna-Lena,true")
