"""Statistics over small hand-worked histories: wins (shared too), win rates, runs of
wins, scores per game kind, head to head, closest and widest wins, and the filters;
and a stored match derived from its records by the referee."""

from __future__ import annotations

import datetime as dt

import pytest

from companion.core.match import parse_match, tally
from companion.tallies import stats
from companion.tallies.stats import Filter, GamePlayed, MatchPlayed

DAY = 86400.0
T0 = dt.datetime(2026, 3, 1, 12).timestamp()


def g(match_id: int, number: int, scores: dict[str, int], kind: str = "hotdog", rounds: int = 4) -> GamePlayed:
    best = max(scores.values())
    return GamePlayed(match_id, number, kind, tuple(scores), scores,
                      tuple(p for p, v in scores.items() if v == best), rounds)


def m(match_id: int, games: list[GamePlayed], *, day: int = 0, kind: str = "hotdog",
      winners: tuple[str, ...] | None = None) -> MatchPlayed:
    players = games[0].players
    complete = len(games) == 3
    if winners is None and complete:
        totals = {p: sum(x.scores[p] for x in games) for p in players}
        winners = tuple(p for p in players if totals[p] == max(totals.values()))
    return MatchPlayed(match_id, kind, players, T0 + day * DAY, tuple(games), complete, winners or ())


# Match 1 (day 0): Anna wins games 1 and 2, Bernd game 3; Anna wins the match (8+9+2 = 19).
# Match 2 (day 10): game 1 shared by Anna and Bernd, Chris wins game 2 (unfinished match).
# Match 3 (day 20, burger): Bernd wins by 9, then Bernd again by 1.
HISTORY = [
    m(1, [g(1, 1, {"Anna": 8, "Bernd": 5, "Chris": 1}),
          g(1, 2, {"Anna": 9, "Bernd": 2, "Chris": 3}),
          g(1, 3, {"Anna": 2, "Bernd": 7, "Chris": 4})]),
    m(2, [g(2, 1, {"Anna": 6, "Bernd": 6, "Chris": 0}),
          g(2, 2, {"Anna": 1, "Bernd": 2, "Chris": 12})], day=10),
    m(3, [g(3, 1, {"Bernd": 10, "Anna": 1}, kind="burger", rounds=6),
          g(3, 2, {"Bernd": 4, "Anna": 3}, kind="burger", rounds=8)], day=20, kind="burger"),
]


def by_name(rows: list[stats.PlayerStats]) -> dict[str, stats.PlayerStats]:
    return {p.name: p for p in rows}


def test_games_and_matches_played_and_won_shared_wins_count_for_each():
    rows = stats.players(HISTORY)
    assert [p.name for p in rows] == ["Bernd", "Anna", "Chris"]      # most games won first
    anna, bernd, chris = (by_name(rows)[n] for n in ("Anna", "Bernd", "Chris"))
    assert (anna.games, anna.won, anna.shared) == (7, 3, 1)
    assert (bernd.games, bernd.won, bernd.shared) == (7, 4, 1)
    assert (chris.games, chris.won, chris.shared) == (5, 1, 0)
    assert anna.win_rate == pytest.approx(3 / 7)
    assert (anna.matches, anna.matches_won) == (1, 1)               # only match 1 is complete
    assert (bernd.matches, bernd.matches_won) == (1, 0)


def test_runs_of_wins_now_and_at_best():
    rows = by_name(stats.players(HISTORY))
    # Anna: W W L W(shared) L L L → longest 2, now 0
    assert (rows["Anna"].streak, rows["Anna"].longest) == (0, 2)
    # Bernd: L L W W(shared) L W W → longest 2, now 2
    assert (rows["Bernd"].streak, rows["Bernd"].longest) == (2, 2)
    # Chris: L L L L W → now 1
    assert (rows["Chris"].streak, rows["Chris"].longest) == (1, 1)


def test_average_and_best_score_per_game_kind():
    anna = by_name(stats.players(HISTORY))["Anna"]
    assert anna.scores["hotdog"] == stats.Scores(5, (8 + 9 + 2 + 6 + 1) / 5, 9)
    assert anna.scores["burger"] == stats.Scores(2, 2.0, 3)


def test_head_to_head_over_games_and_matches_both_played():
    h = stats.head_to_head(HISTORY, "Anna", "Bernd")
    assert (h.games, h.a_won, h.b_won, h.shared, h.neither) == (7, 2, 3, 1, 1)
    assert h.leader == "Bernd"
    assert (h.matches, h.a_matches, h.b_matches, h.shared_matches) == (1, 1, 0, 0)
    c = stats.head_to_head(HISTORY, "chris", "ANNA")                  # names as any case
    # Anna won games 1.1 and 1.2 and shared 2.1 with Bernd (not with Chris); Bernd won 1.3
    assert (c.games, c.a_won, c.b_won, c.shared, c.neither) == (5, 1, 3, 0, 1)
    even = stats.head_to_head(HISTORY[1:2], "Anna", "Bernd")
    assert (even.a_won, even.b_won, even.shared) == (0, 0, 1) and even.leader is None


def test_per_game_kind_plays_rounds_closest_and_widest_win():
    burger, hotdog = stats.kinds(HISTORY)                 # in the registry's order of games
    assert (hotdog.game, hotdog.games, hotdog.matches, hotdog.average_rounds) == ("hotdog", 5, 1, 4.0)
    # margins: 8-5=3, 9-3=6, 7-4=3, (shared: none), 12-2=10; equal margins: the earlier game
    assert hotdog.closest == stats.Win(1, 1, "Anna", 3)
    assert hotdog.widest == stats.Win(2, 2, "Chris", 10)
    assert (burger.games, burger.average_rounds) == (2, 7.0)
    assert burger.closest == stats.Win(3, 2, "Bernd", 1)
    assert burger.widest == stats.Win(3, 1, "Bernd", 9)


def test_filters_game_kind_group_and_dates():
    assert [x.id for x in stats.chosen(HISTORY, Filter(game="burger"))] == [3]
    assert [x.id for x in stats.chosen(HISTORY, Filter(group=("chris", "Bernd", "anna")))] == [1, 2]
    assert [x.id for x in stats.chosen(HISTORY, Filter(group=("Anna", "Bernd")))] == [3]
    day = dt.date.fromtimestamp(T0)
    assert [x.id for x in stats.chosen(HISTORY, Filter(start=day + dt.timedelta(days=10)))] == [2, 3]
    assert [x.id for x in stats.chosen(HISTORY, Filter(end=day + dt.timedelta(days=10)))] == [1, 2]
    assert [x.id for x in stats.chosen(HISTORY, Filter(start=day + dt.timedelta(days=1),
                                                       end=day + dt.timedelta(days=19)))] == [2]
    # oldest first, whatever the order given; matches not counted are left out
    lone = MatchPlayed(9, "hotdog", ("Anna",), T0, (), False, (), counted=False)
    assert [x.id for x in stats.chosen([HISTORY[2], lone, HISTORY[0]], Filter())] == [1, 3]


# ---------------------------------------------------------------- from stored records

ANNA_LAST = {"player": "Anna", "table": 5, "hotdogs": 5, "dollars": 0, "last": True, "announced": True}


def hotdog_game(bernd_dollars: int) -> dict:
    """Round 1: Anna places her last 5 hot dogs at the 5 table (announced): it is full and
    pays her $5 (HD-10) and the game ends (HD-13); Bernd places 2 at the 7 table for
    ``bernd_dollars`` (HD-9). Anna $8, Bernd $3 − dollars."""
    return {"players": ["Anna", "Bernd"], "rounds": [{"bids": [
        ANNA_LAST, {"player": "Bernd", "table": 7, "hotdogs": 2, "dollars": bernd_dollars}]}]}


def test_a_stored_match_is_derived_by_its_referee_and_adds_up_like_the_match_tally():
    records = [hotdog_game(1), hotdog_game(0), hotdog_game(2)]
    row = stats.derive(5, "hotdog", ["Anna", "Bernd"], records, T0)
    assert row.counted and row.complete and row.winners == ("Anna",)
    assert [x.scores for x in row.games] == [{"Anna": 8, "Bernd": 2}, {"Anna": 8, "Bernd": 3},
                                             {"Anna": 8, "Bernd": 1}]
    assert [x.winners for x in row.games] == [("Anna",)] * 3
    assert [x.rounds for x in row.games] == [1, 1, 1]
    summed = tally(parse_match({"game": "hotdog", "players": ["Anna", "Bernd"], "games": records}))
    assert list(row.winners) == summed.winners


def test_an_unfinished_game_is_not_counted_and_the_match_is_not_complete():
    unfinished = {"players": ["Anna", "Bernd"], "rounds": []}
    row = stats.derive(6, "hotdog", ["Anna", "Bernd"], [hotdog_game(0), unfinished], T0)
    assert row.counted and not row.complete and row.winners == ()
    assert [x.number for x in row.games] == [1]


def test_a_refused_record_and_a_lone_mode_are_not_counted():
    refused = {"players": ["Anna", "Bernd"], "rounds": [{"bids": [ANNA_LAST]}]}   # Bernd has no bid (HD-6)
    assert not stats.derive(7, "hotdog", ["Anna", "Bernd"], [refused], T0).counted
    solo = {"mode": "solo", "players": ["Ann", "Ben"], "leader": "Ann", "hand_size": 1, "rounds": []}
    assert not stats.derive(8, "sales", ["Ann", "Ben"], [solo], T0).counted
