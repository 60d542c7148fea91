"""The toy game on paper, as plain data for ``companion.pdf`` (which lays it out with
the document base every printable uses): a score sheet, blank or filled from a
record, and a rules card."""

from __future__ import annotations

from collections.abc import Sequence

from companion.pdf.model import WINNER_MARK, Grid, Note, Row, RulesCard, ScoreSheet, Section, bullet, line
from tests.toy_game import play, rules

TITLE = "Highest Unique"
PLAYERS = (rules.MIN_PLAYERS, rules.MAX_PLAYERS)
PLAYERS_RULING = "TOY-1"

NOTE = Note("Per round: each player's points after the round.", rulings=("TOY-4",))


def _grid(players: Sequence[str], rows: Sequence[Row]) -> Grid:
    return Grid(title="Rounds", lead=("Round",), players=tuple(players), rows=tuple(rows), names_here=True)


def score_sheet(players: Sequence[str]) -> ScoreSheet:
    n = len(players)
    rows = [Row((str(r),), ("",) * n) for r in range(1, rules.ROUNDS + 1)]
    rows.append(Row(("Winner",), ("",) * n, strong=True))
    return ScoreSheet("toy", f"{TITLE} — score sheet", "Three rounds; the most points wins.",
                      tuple(players), (_grid(players, rows), NOTE))


def filled_sheet(record, result, number: int = 1) -> ScoreSheet:
    players = list(record["players"])
    rows = [Row((str(r["round"]),), tuple(str(r["points"][p]) for p in players)) for r in result["rounds"]]
    rows += [Row((str(r),), ("",) * len(players)) for r in range(len(result["rounds"]) + 1, rules.ROUNDS + 1)]
    rows.append(Row(("Winner",), tuple(WINNER_MARK if p in result["winners"] else "" for p in players),
                    strong=True))
    return ScoreSheet("toy", f"{TITLE} — score sheet", play.game_text(result), tuple(players),
                      (_grid(players, rows), NOTE), filled=True)


def rules_card() -> RulesCard:
    front = (Section("A round", lines=(
        bullet("Everyone names a number from 1 to 5, in secret.", "TOY-2"),
        bullet("The highest number named by one player only scores that player a point.", "TOY-4"),
    )),)
    back = (Section("The end", lines=(
        line("After three rounds the most points wins; equal points share the win.", "TOY-3", "TOY-5"),
    )),)
    return RulesCard("toy", f"{TITLE} — rules card", (front, back))
