"""Burger on paper: the score sheet (blank, named, or filled from a refereed record)
and the rules card. Plain data for ``companion.pdf``; the rules do not import it.

The filled sheet reads the referee's contract shapes (REFEREE_CONTRACT.md, "burger"):
``rounds[-1].hamburgers`` and ``rounds[-1].rats`` (running totals, players with none
left out), ``scores``, ``winners``, ``game_over``, each round's ``first``, and the
record's ``scoring`` (the BU-8 house rule). Records and results may be pydantic
models or dicts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.pdf.model import WINNER_MARK, Grid, Note, Row, RulesCard, ScoreSheet, Section

TITLE = "Burger"
PLAYERS = (2, 5)            # BU-1
PLAYERS_RULING = "BU-1"
SCORING = {"hamburger": 1, "rat": 0}   # BU-8 house rule defaults
END_AT = {2: 8, 3: 8, 4: 9, 5: 10}     # BU-6
LOG_ROWS = 14

SUBTITLE = ("Complete hamburgers, rat tokens and the score per player. The rule texts give "
            "no scoring: companion's is a house rule (BU-8).")


def _plain(obj: Any) -> Any:
    if hasattr(obj, "model_dump"):
        return obj.model_dump(mode="json", by_alias=True)
    return obj


def _score_grid(players: Sequence[str], rows: Sequence[Row], winners: Sequence[int] = ()) -> Grid:
    return Grid(title="Scores", lead=("",), players=tuple(players), rows=tuple(rows),
                winners=tuple(winners), row_height=9.0, lead_widths=(46.0,))


def _log_grid(players: Sequence[str], rows: Sequence[Row]) -> Grid:
    return Grid(title="Round log — complete hamburgers", lead=("Round", "First player", "On the table"),
                players=tuple(players), rows=tuple(rows), row_height=6.5,
                lead_widths=(14.0, 34.0, 22.0))


def _scoring_note(hamburger: int | str, rat: int | str) -> Note:
    def pts(v: int | str) -> str:
        return f"{v} point" if v in (1, -1) else f"{v} points"

    return Note(f"the rule texts give no scoring. Each complete hamburger scores {pts(hamburger)}, "
                f"each rat token {pts(rat)}. Most points wins; a tie goes to fewer rat tokens, "
                "and is shared if still equal. Change the points at setup.",
                rulings=("BU-8",), house_rule=True)


BLANK_SCORING = Note("the rule texts give no scoring. Points per complete hamburger: ____ "
                     "(default 1); per rat token: ____ (default 0; e.g. −1). Most points wins; "
                     "a tie goes to fewer rat tokens, and is shared if still equal.",
                     rulings=("BU-8",), house_rule=True)
END_NOTE = Note("The game ends when the complete hamburgers on the table, everyone's together, "
                "reach 8 (2–3 players), 9 (4) or 10 (5), or when the draw deck cannot make a new "
                "round. Rat tokens stay hidden until the end: fill in that row afterwards.",
                rulings=("BU-6", "BU-5"))
LOG_NOTE = Note("Per round: the first player (who took the last deck becomes the next first "
                "player), each player's complete hamburgers so far, and their sum.",
                rulings=("BU-4", "BU-6"))


def _rows(n: int, hamburgers=(), rats=(), scores=(), winner=()) -> list[Row]:
    blank = ("",) * n
    return [
        Row(("Complete hamburgers",), tuple(hamburgers) or blank),
        Row(("Rat tokens",), tuple(rats) or blank),
        Row(("Score (BU-8, house rule)",), tuple(scores) or blank, strong=True),
        Row(("Winner",), tuple(winner) or blank),
    ]


def score_sheet(players: Sequence[str]) -> ScoreSheet:
    """Blank ("" per player) or named: scores, the scoring house rule, a round log."""
    n = len(players)
    log = [Row((str(i), "", ""), ("",) * n) for i in range(1, LOG_ROWS + 1)]
    blocks = (_score_grid(players, _rows(n)), BLANK_SCORING, END_NOTE, _log_grid(players, log), LOG_NOTE)
    return ScoreSheet("burger", f"{TITLE} — score sheet", SUBTITLE, tuple(players), blocks)


def filled_sheet(record: Any, result: Any) -> ScoreSheet:
    """The sheet filled from a record and its referee result (contract shapes)."""
    record, result = _plain(record), _plain(result)
    scores = result["scores"]
    players = list(scores)  # trimmed names, seat order
    n = len(players)
    rounds = result.get("rounds") or []
    last = rounds[-1] if rounds else {}
    burgers = last.get("hamburgers") or {}
    rats = last.get("rats") or {}
    over = bool(result.get("game_over"))
    winners = list(result.get("winners") or [])
    won = [players.index(w) for w in winners if w in players]
    scoring = {**SCORING, **(record.get("scoring") or {})}
    # BU-5: rat tokens are secret until the end, and so is a score they count in
    secret = not over
    rows = _rows(n,
                 [str(burgers.get(p, 0)) for p in players],
                 ["hidden" if secret else str(rats.get(p, 0)) for p in players],
                 ["at the end" if secret and scoring["rat"] else str(scores[p]) for p in players],
                 [f"{WINNER_MARK} winner" if i in won else "" for i in range(n)])
    log = []
    for rnd in rounds:
        made = rnd.get("hamburgers") or {}
        log.append(Row((str(rnd["round"]), str(rnd.get("first", "")), str(sum(made.values()))),
                       tuple(str(made.get(p, 0)) for p in players)))
    blocks = [_score_grid(players, rows, won), _scoring_note(scoring["hamburger"], scoring["rat"]),
              END_NOTE, _log_grid(players, log), LOG_NOTE]
    end = END_AT.get(n)
    if over:
        sub = f"Game over after round {len(rounds)}."
        if winners:
            sub += f" {WINNER_MARK} {', '.join(winners)} {'wins' if len(winners) == 1 else 'share the win'}."
    else:
        sub = f"Game in progress after {len(rounds)} round(s); it ends at {end} complete hamburgers."
    return ScoreSheet("burger", f"{TITLE} — score sheet", sub, tuple(players), tuple(blocks))


def rules_card() -> RulesCard:
    front = (
        Section("Setup", (
            "2–5 players, seated clockwise. Each has a wastebasket card. The first player is "
            "whoever most recently ate a hamburger.",
        ), ("BU-1",)),
        Section("Tool cards", (
            "Each player holds 2 tongs and 1 tease (the rules do not say how many; change it at "
            "setup, at least two each).",
        ), ("BU-3",), house_rule=True),
        Section("A round", (
            "• Reveal: the first player turns up ingredient cards until 4 / 5 / 7 / 8 "
            "ingredients are out (2 / 3 / 4 / 5 players), making one deck per player: the first "
            "ingredients start one deck each, every later card goes on a deck of the first "
            "player's choice. A rat card goes on a deck too but is not an ingredient.",
            "• Tools: everyone plays one tool card face down; reveal them together. Used cards "
            "stay out of your hand until you hold only one — then take them all back.",
            "• Take: tongs players take one deck each, clockwise from the player after the "
            "first player, round again until no deck is left. Tease takes nothing. Nobody "
            "played tongs: every deck goes to the first player's wastebasket.",
            "• Rats: per rat card in your deck take a hidden rat token; the rat goes under your "
            "wastebasket.",
            "• Build: bottom bun first (none? flip an ingredient card to serve as one — never a "
            "rat), the recipe's ingredients in any order, the top bun last. Unused cards go "
            "under your wastebasket, hidden. An unfinished hamburger waits for later rounds.",
        ), ("BU-2", "BU-3", "BU-4", "BU-5")),
    )
    back = (
        Section("Who goes first, and why", (
            "Whoever took the last deck becomes the next first player: taking decks with tongs "
            "also wins you the reveal. If nobody took a deck, the first player stays.",
        ), ("BU-4", "BU-6")),
        Section("The end", (
            "The game ends when the complete hamburgers on the table, everyone's together, "
            "reach 8 (2–3 players), 9 (4) or 10 (5), or when the draw deck has too few cards "
            "for a new round.",
            "Then each player may flip the wastebasket card as the top bun of one hamburger "
            "that lacks only its top bun.",
        ), ("BU-6", "BU-7")),
        Section("Scoring", (
            "The rule texts have no scoring page. companion scores 1 point per complete "
            "hamburger and 0 per rat token (e.g. −1: agree at setup). Most points wins; a tie "
            "goes to fewer rat tokens, and is shared if still equal.",
        ), ("BU-8",), house_rule=True),
        Section("Secrets", (
            "Rat tokens and used tool cards stay hidden until the end.",
        ), ("BU-5",)),
    )
    return RulesCard("burger", f"{TITLE} — rules card", (front, back),
                     small_print="Ruling ids refer to companion's rulings; "
                                 "`companion referee` checks a recorded game.")
