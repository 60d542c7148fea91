"""Sales on paper: the score sheet (blank, named, or filled from a refereed record)
and the rules card. Plain data for ``companion.pdf``; the rules do not import it.

The filled sheet reads the referee's contract shapes (REFEREE_CONTRACT.md, "sales"):
the record's rounds → sales → plays (player, card value) and the result's rounds →
sales → winner, ``scores`` {player: {numbers, sets, neighbor, total}}, ``winners``
and ``team`` {score, rating}. Records and results may be pydantic models or dicts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.names import same
from companion.pdf.model import (
    TICK,
    WINNER_MARK,
    Box,
    Grid,
    Note,
    Row,
    RulesCard,
    ScoreSheet,
    Section,
)

TITLE = "Sales"
PLAYERS = (2, 6)            # SA-2 (competitive 2–6; co-op and solo exactly 2)
PLAYERS_RULING = "SA-2"
ROUNDS = 3                  # SA-9
DEAL = 12                   # SA-2 (house rule default in the competitive game)
BANDS = ((65, "Wow!"), (55, "Good job."), (45, "Not bad!"))   # SA-15

SUBTITLE = ("Three rounds; after round 3 add numbers, 1x sets and neighbor sets. "
            "Highest total wins (SA-13).")

ROW_LABELS = ("Numbers", "1x sets", "Neighbor sets")


def _plain(obj: Any) -> Any:
    """A pydantic model as the contract's JSON shape; dicts and lists as they are."""
    if hasattr(obj, "model_dump"):
        return obj.model_dump(mode="json", by_alias=True)
    return obj


def _grid(players: Sequence[str], rows: Sequence[Row], winners: Sequence[int] = ()) -> Grid:
    return Grid(title="Scores", lead=("",), players=tuple(players), rows=tuple(rows),
                winners=tuple(winners), row_height=9.0, lead_widths=(46.0,))


def _rows(n: int, rounds: Sequence[Sequence[str]] = (), scores: Sequence[Sequence[str]] = (),
          total: Sequence[str] = (), winner: Sequence[str] = ()) -> list[Row]:
    blank = ("",) * n
    rows = [Row((f"Round {r} — values won",), tuple(rounds[r - 1]) if r <= len(rounds) else blank)
            for r in range(1, ROUNDS + 1)]
    rulings = ("SA-10", "SA-11", "SA-12")
    rows += [Row((f"{label} ({ruling})",), tuple(scores[i]) if scores else blank)
             for i, (label, ruling) in enumerate(zip(ROW_LABELS, rulings))]
    rows.append(Row(("Total",), tuple(total) or blank, strong=True))
    rows.append(Row(("Winner (SA-13)",), tuple(winner) or blank))
    return rows


def _team_box(score: int | None = None, rating: str | None = None, filled: bool = False) -> Box:
    choices = [(f"{low}+  {name}", filled and rating == name) for low, name in BANDS]
    choices.append(("below 45: no rating", filled and score is not None and rating is None))
    return Box("Co-op (2 players) and solo (two hands) — SA-15",
               fields=(("Team score: the lower of the two totals",
                        str(score) if score is not None else ""),),
               choices=tuple(choices))


DEAL_NOTE = Note(f"Cards dealt per player each round: {DEAL} in co-op and solo. In the competitive "
                 f"game the deal chart is missing: deal {DEAL} unless your table agrees another "
                 "number at setup (cards dealt: ______).", rulings=("SA-2",), house_rule=True)
SCORE_NOTE = Note("Numbers: the values of all cards you won. 1x set card: 1 per card you won "
                  "showing its icon or wild, itself included. Neighbor set card: 1 per card your "
                  "left and right neighbours won showing its icon or wild. Tie: of the tied "
                  "players, whoever won the most recent sale wins.",
                  rulings=("SA-10", "SA-11", "SA-12", "SA-13"))


def score_sheet(players: Sequence[str]) -> ScoreSheet:
    """Blank ("" per player) or named: the scores grid and the co-op/solo box."""
    n = len(players)
    blocks = (_grid(players, _rows(n)), SCORE_NOTE, DEAL_NOTE, _team_box())
    return ScoreSheet("sales", f"{TITLE} — score sheet", SUBTITLE, tuple(players), blocks)


def round_values(record: Mapping[str, Any], result: Mapping[str, Any]) -> list[dict[str, int]]:
    """Per round, the values of the cards each player won (the sale winner's own card)."""
    players = list(result.get("scores") or record["players"])
    out = []
    for rr, rres in zip(record.get("rounds", []), result.get("rounds", [])):
        won = {p: 0 for p in players}
        for sale, sres in zip(rr.get("sales", []), rres.get("sales", [])):
            winner = sres.get("winner")
            for play in sale.get("plays", []):
                if winner is not None and same(play["player"], winner):
                    key = next((p for p in players if same(p, winner)), winner)
                    won[key] = won.get(key, 0) + int(play["card"]["value"])
                    break
        out.append(won)
    return out


def filled_sheet(record: Any, result: Any) -> ScoreSheet:
    """The sheet filled from a record and its referee result (contract shapes)."""
    record, result = _plain(record), _plain(result)
    scores: Mapping[str, Mapping[str, int]] = result["scores"]
    players = list(scores)  # the result names players trimmed, in seat order
    n = len(players)
    mode = record.get("mode", "competitive")
    over = bool(result.get("game_over"))
    per_round = round_values(record, result)
    rounds = [[str(r.get(p, 0)) for p in players] for r in per_round]
    cols = [[str(scores[p][k]) for p in players] for k in ("numbers", "sets", "neighbor")]
    total = [str(scores[p]["total"]) for p in players]
    winners = list(result.get("winners") or [])
    won = [players.index(w) for w in winners if w in players]
    marks = [f"{WINNER_MARK} winner" if i in won else "" for i in range(n)]
    blocks: list = [_grid(players, _rows(n, rounds, cols, total, marks), won), SCORE_NOTE]
    deal = record.get("hand_size", DEAL)
    if mode == "competitive":
        house = deal == DEAL
        blocks.append(Note(f"Cards dealt per player each round: {deal}"
                           + (" (the deal chart is missing; 12 is companion's default)." if house
                              else " (a house variant agreed at setup)."),
                           rulings=("SA-2",), house_rule=True))
    else:
        team = result.get("team") or {}
        blocks.append(Note(f"{'Co-op' if mode == 'coop' else 'Solo'}: {deal} cards per hand "
                           "each round.", rulings=("SA-2",)))
        blocks.append(_team_box(team.get("score"), team.get("rating"), filled=True))
    state = "Game over" if over else "Game in progress"
    played = len(result.get("rounds", []))
    sub = f"{state}: {mode}, {played} of {ROUNDS} rounds recorded."
    if winners:
        sub += f" {TICK} {', '.join(winners)} wins (SA-13)."
    return ScoreSheet("sales", f"{TITLE} — score sheet", sub, tuple(players), tuple(blocks))


def rules_card() -> RulesCard:
    front = (
        Section("Setup", (
            "Competitive: 2–6 players. Co-op: exactly 2. Solo: you play two hands, each "
            "scored like a player.",
            "Every round, deal 12 cards to each player (each hand in solo).",
        ), ("SA-2",)),
        Section("Deal in the competitive game", (
            "The rules' deal chart is missing: deal 12 each unless your table agrees another "
            "number at setup.",
        ), ("SA-2",), house_rule=True),
        Section("A sale (a trick)", (
            "• The leader plays a card, then each player who still has cards, clockwise.",
            "• On suit: the first card's weather, and every wild card. If the first card is "
            "wild, the first non-wild card sets the suit.",
            "• The lowest on-suit value wins; on a tie, the last player to play that value.",
            "• The winner keeps that card face up (its value is points); every other card "
            "played is discarded. The winner then discards from hand one card per discard "
            "icon on the won card (all that is left, if fewer).",
            "• Only you have cards left? Play on alone: each card wins and still makes you "
            "discard.",
        ), ("SA-3", "SA-4", "SA-5", "SA-6", "SA-8")),
        Section("Who goes first, and why", (
            "Round 1: the leader chosen at setup. After that the winner of a sale leads the "
            "next one (take the train marker) — winning gives you the lead; with an empty "
            "hand, the next player clockwise with cards leads. Rounds 2 and 3 are led by the "
            "winner of the previous round's last sale.",
        ), ("SA-7", "SA-9")),
    )
    back = (
        Section("The end of a round and of the game", (
            "A round ends when every hand is empty. Shuffle the deck and the discards — never "
            "the cards players won — and deal again. The game is three rounds.",
        ), ("SA-7", "SA-9")),
        Section("Scoring, after round 3", (
            "• Numbers: add the values of all cards you won.",
            "• 1x set card: 1 point per card you won that shows its icon or is wild, itself "
            "included.",
            "• Neighbor set card: 1 point per card your left and right neighbours won that "
            "shows its icon or is wild (with two players, the one neighbour counts once).",
            "Highest total wins. Tie: of the tied players, whoever won the most recent sale.",
        ), ("SA-10", "SA-11", "SA-12", "SA-13")),
        Section("Co-op (2 players) and solo", (
            "• Follow suit if you can. With no on-suit card, play any card — it cannot win. "
            "Wilds are on suit and may be played any time; with no other on-suit card you "
            "must play a wild if you hold one.",
            "• In co-op, do not talk about your hand.",
            "• Team score: the lower of the two totals. 45+ Not bad! · 55+ Good job. · "
            "65+ Wow!",
        ), ("SA-14", "SA-15")),
    )
    return RulesCard("sales", f"{TITLE} — rules card", (front, back),
                     small_print="Ruling ids refer to companion's rulings; "
                                 "`companion referee` checks a recorded game.")
