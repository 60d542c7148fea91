"""The match screen's Print buttons: a game's score sheet knows its place in the match."""

from __future__ import annotations

import json

from companion.store.db import StoredGame, StoredMatch
from companion.ui.widgets.exports import export_data
from tests.pdf.helpers import DATA
from tests.pdf.helpers import text as pdf_text


def _match(path: str = "hotdog-match.json") -> StoredMatch:
    raw = json.loads((DATA / path).read_text(encoding="utf-8"))
    games = [StoredGame(id=i, match_id=7, number=i, record=g, created_at=0.0, updated_at=0.0)
             for i, g in enumerate(raw["games"], 1)]
    return StoredMatch(id=7, game=raw["game"], players=raw["players"], finished=True,
                       created_at=0.0, updated_at=0.0, games=games)


def test_print_game_3_score_sheet_prints_game_3_in_its_match():
    name, data = export_data(_match(), 3, "game-pdf")
    assert name == "hotdog-match-7-game-3-sheet.pdf"
    words = pdf_text(data)
    assert "Game 3 of 3" in words and "Round log — game 3" in words
    assert "Game 1 Anna $8 ★ $2 $3" in words and "Game 2 Bernd $3 $8 ★ $1" in words
    assert "Total $14 $13 $12" in words
    assert "Round log — game 1" not in words and "Winner of game 1" not in words


def test_print_game_1_score_sheet_leaves_the_later_games_to_play_on_paper():
    words = pdf_text(export_data(_match(), 1, "game-pdf")[1])
    assert "Game 1 of 3" in words and "Game 2 Bernd" in words and "Round log — game 3" in words
    assert "Total $14" not in words


def test_the_match_sheet_and_the_rules_card_are_the_same_files_as_the_command_line():
    from companion.pdf.api import build_rules_card, build_score_sheet

    m = _match()
    assert export_data(m, 3, "match-pdf")[1] == build_score_sheet(record=m.match_record())
    assert export_data(m, 3, "rules-pdf") == ("hotdog-rules-a6.pdf", build_rules_card("hotdog"))


def test_a_game_played_alone_prints_from_its_match_too():
    from tests.conftest import EXAMPLES

    record = json.loads((EXAMPLES / "sales-contract.json").read_text(encoding="utf-8"))
    m = StoredMatch(id=3, game="sales", players=record["players"], finished=False, created_at=0.0,
                    updated_at=0.0, games=[StoredGame(id=1, match_id=3, number=1, record=record,
                                                      created_at=0.0, updated_at=0.0)])
    name, data = export_data(m, 1, "game-pdf")
    assert name == "sales-match-3-game-1-sheet.pdf" and "Sales — score sheet" in pdf_text(data)
