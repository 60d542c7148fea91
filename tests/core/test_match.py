"""A match of three games adds up each game's dollars per player (HD-15); HD-17's start."""

from __future__ import annotations

import pytest

from companion.core.errors import RuleError
from companion.core.match import MatchRecord, match_text, tally

PLAYERS = ["Anna", "Bernd", "Chris"]


def finished_game(mustard, winner_bids):
    """One round in which Anna places her last hot dog; bids per player as (table, hotdogs, dollars)."""
    return {"players": PLAYERS, "mustard": mustard,
            "rounds": [{"bids": [
                {"player": p, "table": t, "hotdogs": h, "dollars": d, **({"last": True} if p == "Anna" else {})}
                for p, (t, h, d) in winner_bids.items()]}]}


# Game 1: Anna 5 hot dogs at the 5 table (full: +$5) → Anna 8, Bernd 3, Chris 3
G1 = finished_game("Anna", {"Anna": (5, 5, 0), "Bernd": (7, 1, 0), "Chris": (7, 1, 0)})
# Game 2: Bernd pays $2, fills the 5 table with Anna → Anna 3+1=4... see the asserts
G2 = finished_game("Bernd", {"Anna": (5, 1, 0), "Bernd": (5, 4, 2), "Chris": (7, 2, 1)})
# Game 3: Chris fills the 7 table alone
G3 = finished_game("Chris", {"Anna": (5, 1, 0), "Bernd": (5, 1, 0), "Chris": (7, 7, 3)})


def test_hd15_match_totals_and_winner():
    result = tally(MatchRecord(game="hotdog", players=PLAYERS, games=[G1, G2, G3]))
    assert [g.scores for g in result.games] == [
        {"Anna": 8, "Bernd": 3, "Chris": 3},
        {"Anna": 4, "Bernd": 5, "Chris": 2},
        {"Anna": 3, "Bernd": 3, "Chris": 7},
    ]
    assert result.totals == {"Anna": 15, "Bernd": 11, "Chris": 12}
    assert result.complete and result.winners == ["Anna"]
    assert match_text(result) == "Match over: Anna wins the match with $15 (HD-15)."


def test_hd15_match_in_progress_has_no_winner():
    result = tally(MatchRecord(game="hotdog", players=PLAYERS, games=[G1, {"players": PLAYERS, "rounds": []}]))
    assert not result.complete and result.winners == []
    assert result.totals == {"Anna": 8, "Bernd": 3, "Chris": 3}  # only finished games count
    assert match_text(result) == "Match in progress: 1 of 3 games finished."


def test_hd15_shared_match_win():
    same = finished_game("Anna", {"Anna": (5, 1, 0), "Bernd": (7, 1, 0), "Chris": (7, 1, 0)})
    result = tally(MatchRecord(game="hotdog", players=PLAYERS, games=[same, same, same]))
    assert result.winners == PLAYERS and result.totals == {p: 9 for p in PLAYERS}


def test_hd15_a_game_may_not_start_before_the_last_one_ended():
    unfinished = {"players": PLAYERS, "rounds": []}
    with pytest.raises(RuleError) as err:
        tally(MatchRecord(game="hotdog", players=PLAYERS, games=[unfinished, G1]))
    assert str(err.value) == "setup: HD-15 game 2 starts before game 1 is over"


def test_hd15_at_most_three_games_and_the_same_players():
    with pytest.raises(RuleError):
        tally(MatchRecord(game="hotdog", players=PLAYERS, games=[G1, G2, G3, G1]))
    other = dict(G1, players=["Anna", "Bernd", "Dora"])
    with pytest.raises(RuleError):
        tally(MatchRecord(game="hotdog", players=PLAYERS, games=[other]))


def test_match_record_json_round_trip():
    match = MatchRecord(game="hotdog", players=PLAYERS, games=[G1, G2])
    assert MatchRecord.model_validate_json(match.model_dump_json()) == match
