"""Hot Dog on paper: the match score sheet (blank, named, or filled from a game or a
match export) and the rules card. Plain data for ``companion.pdf``; the rules do
not import this module."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.names import Roster
from companion.pdf.model import (
    WINNER_MARK,
    Grid,
    NewPage,
    Note,
    Row,
    RulesCard,
    ScoreSheet,
    Section,
)

TITLE = "Hot Dog"
PLAYERS = (2, 5)            # HD-1
PLAYERS_RULING = "HD-1"
GAMES = 3                   # HD-15
LOG_ROWS = 12               # blank round-log rows per game

SUBTITLE = ("A match of three games: write each game's dollars, add them up; "
            "the highest total wins the match (HD-15).")


def _match_grid(players: Sequence[str], rows: Sequence[Row], winners: Sequence[int] = ()) -> Grid:
    return Grid(title="Match", lead=("Game", "Mustard starts with"), players=tuple(players),
                rows=tuple(rows), winners=tuple(winners), row_height=9.0, lead_widths=(22.0, 34.0))


def _log_grid(game: int, players: Sequence[str], rows: Sequence[Row]) -> Grid:
    return Grid(title=f"Round log — game {game}", lead=("Round", "Mustard"),
                players=tuple(players), rows=tuple(rows), row_height=6.5, lead_widths=(16.0, 40.0))


LOG_NOTE = Note("Per round: who holds the mustard card, and each player's dollars after the "
                "round. The mustard card passes one seat clockwise after every round.",
                rulings=("HD-14",))
MUSTARD_NOTE = Note("Game 1: the youngest player starts with the mustard card (HD-4). "
                    "Games 2 and 3: it starts one seat clockwise from where it started the game "
                    "before — the rule texts only say who starts game 1; change it at a game's "
                    "setup if your table agrees otherwise.",
                    rulings=("HD-17", "HD-4"), house_rule=True)
WIN_NOTE = Note(f"Equal dollars share the win, in a game and in the match. {WINNER_MARK} marks a winner.",
                rulings=("HD-15",))


def _blank_rows(n: int, players: int) -> list[Row]:
    return [Row((str(i), ""), ("",) * players) for i in range(1, n + 1)]


def score_sheet(players: Sequence[str]) -> ScoreSheet:
    """The sheet for a match, blank ("" per player) or with the players' names."""
    n = len(players)
    rows = [Row((f"Game {g}", ""), ("",) * n) for g in range(1, GAMES + 1)]
    rows += [Row(("Total", ""), ("",) * n, strong=True), Row(("Winner", ""), ("",) * n)]
    blocks = [_match_grid(players, rows), MUSTARD_NOTE, WIN_NOTE,
              _log_grid(1, players, _blank_rows(LOG_ROWS, n)), LOG_NOTE, NewPage()]
    blocks += [_log_grid(g, players, _blank_rows(LOG_ROWS, n)) for g in (2, 3)]
    return ScoreSheet("hotdog", f"{TITLE} — score sheet", SUBTITLE, tuple(players), tuple(blocks))


def _money(value: int) -> str:
    return f"${value}"


def _log_rows(result) -> list[Row]:
    rows = []
    for rnd in result.rounds:
        cells = tuple(_money(rnd.money[p]) + (" ✓" if p in rnd.finished else "") for p in rnd.money)
        rows.append(Row((str(rnd.round), rnd.mustard), cells))
    return rows


def _game_cells(players: Sequence[str], scores: dict[str, int], winners: Sequence[str],
                over: bool) -> tuple[str, ...]:
    return tuple(_money(scores[p]) + (f" {WINNER_MARK}" if over and p in winners else "")
                 for p in players)


def filled_sheet(record, result) -> ScoreSheet:
    """One game's export: game 1 of the match sheet, and its round log."""
    players = list(record.players)
    n = len(players)
    mustard = record.mustard.strip() if record.mustard else players[0]
    mustard = Roster(players).find(mustard) or mustard
    label = "Game 1" if result.game_over else "Game 1 (in progress)"
    rows = [Row((label, mustard), _game_cells(players, result.money, result.winners, result.game_over))]
    rows += [Row((f"Game {g}", ""), ("",) * n) for g in range(2, GAMES + 1)]
    rows += [Row(("Total", ""), ("",) * n, strong=True)]
    won = [players.index(w) for w in result.winners]
    rows += [Row(("Winner of game 1", ""),
                  tuple(f"{WINNER_MARK} winner" if i in won else "" for i in range(n)))]
    blocks = [_match_grid(players, rows, won), MUSTARD_NOTE, WIN_NOTE,
              _log_grid(1, players, _log_rows(result)), LOG_NOTE,
              Note("✓ after the dollars: that player sold their last hot dogs that round (HD-13).")]
    return ScoreSheet("hotdog", f"{TITLE} — score sheet", result.explanation, tuple(players),
                      tuple(blocks))


def match_sheet(match, tallied) -> ScoreSheet:
    """A match export: every game's dollars, the totals, the winners, and each game's log."""
    from companion.core.match import game_records
    from companion.games.hotdog.rules import referee

    players = list(match.players)
    n = len(players)
    records = game_records(match)
    results = [referee(r) for r in records]
    rows = []
    for g in range(1, GAMES + 1):
        if g <= len(tallied.games):
            t = tallied.games[g - 1]
            rec = records[g - 1]
            start = rec.mustard.strip() if rec.mustard else rec.players[0]
            start = Roster(players).find(start) or start
            label = f"Game {g}" if t.over else f"Game {g} (in progress)"
            rows.append(Row((label, start), _game_cells(players, t.scores, t.winners, t.over)))
        else:
            rows.append(Row((f"Game {g}", ""), ("",) * n))
    rows.append(Row(("Total", ""), tuple(_money(tallied.totals[p]) for p in players), strong=True))
    won = [players.index(w) for w in tallied.winners]
    rows.append(Row(("Winner", ""), tuple(f"{WINNER_MARK} winner" if i in won else "" for i in range(n))))
    blocks: list = [_match_grid(players, rows, won), MUSTARD_NOTE, WIN_NOTE]
    for g, result in enumerate(results, 1):
        if g == 2:
            blocks.append(NewPage())
        blocks += [_log_grid(g, players, _log_rows(result))]
    blocks.append(LOG_NOTE)
    blocks.append(Note("✓ after the dollars: that player sold their last hot dogs that round (HD-13)."))
    return ScoreSheet("hotdog", f"{TITLE} — score sheet", tallied.explanation, tuple(players),
                      tuple(blocks))


def rules_card() -> RulesCard:
    front = (
        Section("Setup", (
            "2–5 players, seated clockwise.",
            "Each player takes the 10 hot dog cards of one colour, the table cards of that "
            "colour (5 and 7; with 4–5 players also the 9) and $3.",
            "In the middle: the neutral tables 5 and 7 (2–3 players) or 5, 7 and 9 "
            "(4–5 players), and the bank — it never runs out.",
            "The youngest player takes the mustard card.",
        ), ("HD-1", "HD-2", "HD-3", "HD-4")),
        Section("A round", (
            "• Everyone bids at once, face down: one table card, one or more hot dog cards "
            "(only their total counts) and, if you like, dollars — never more dollars than "
            "hot dogs, never more than you have.",
            "• Reveal. Serve the 5 table, then the 7, then the 9. At each table the cheapest "
            "offer goes first: price = hot dogs − dollars.",
            "• A bid is placed whole if it fits in the space left at that table, else it goes "
            "back whole, dollars too. A smaller bid after it may still fit.",
            "• A placed bid pays its dollars to the bank.",
            "• A table that is exactly full pays $1 to each player per own hot dog lying there "
            "(earlier rounds' too) and is cleared. Only full tables pay.",
            "• Pass the mustard card one seat to the left.",
        ), ("HD-5", "HD-6", "HD-7", "HD-8", "HD-9", "HD-10", "HD-11", "HD-14")),
    )
    back = (
        Section("Who goes first, and why", (
            "Nobody takes turns: all bids are secret and simultaneous. The order at a table "
            "is the price. On equal prices the mustard card decides: its holder goes first, "
            "then clockwise. It moves one seat left every round so the tie-break goes round "
            "the table.",
        ), ("HD-7", "HD-14")),
        Section("Games 2 and 3 of a match", (
            "The mustard card starts one seat clockwise from where it started the game before "
            "(the rule texts only say who starts game 1). Change it at setup if you agree "
            "otherwise.",
        ), ("HD-17",), house_rule=True),
        Section("The end", (
            "Bidding your last hot dogs? Say “last hot dog” — unannounced, they go back.",
            "The game ends after the round in which someone placed their last hot dogs. "
            "Tables that became full in that round still pay; the others pay nothing.",
        ), ("HD-12", "HD-13")),
        Section("Scoring", (
            "Most dollars wins; equal dollars share the win. A match is three games: add up "
            "each player's dollars, the highest total wins the match.",
            "Cash box: hold at most five $1 and two $5 cards — change them at the bank.",
        ), ("HD-15", "HD-16")),
    )
    return RulesCard("hotdog", f"{TITLE} — rules card", (front, back),
                     small_print="Ruling ids refer to companion's rulings; "
                                 "`companion referee` checks a recorded game.")
