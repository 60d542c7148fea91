"""Game nights, worked by hand: three matches of three games (tests/night_records.py),
places shared on ties with their points shared (house rule), a match not finished,
a match deleted, the points per place changed."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from companion.core.errors import RecordError
from companion.core.match import MatchRecord
from companion.tallies.night import (
    COUNTED,
    DELETED,
    IN_PROGRESS,
    NO_WINNER,
    NightRecord,
    ordinal,
    parse_night,
    points_rule_text,
    points_text,
    shared_points,
    tally,
)
from tests.night_records import burger_game, hotdog_match, match_of, sales_game

HOTDOG, SALES, BURGER = 12, 14, 15


def matches(**changes) -> dict[int, MatchRecord | None]:
    out: dict[int, MatchRecord | None] = {
        HOTDOG: MatchRecord.model_validate(hotdog_match()),
        SALES: MatchRecord.model_validate(match_of(sales_game())),
        BURGER: MatchRecord.model_validate(match_of(burger_game())),
    }
    out.update({int(k[1:]): v for k, v in changes.items()})
    return out


def night(points=(3, 2, 1), ids=(HOTDOG, SALES, BURGER)) -> NightRecord:
    return NightRecord(name="Friday", date="2026-11-27", points=list(points), matches=list(ids))


def table(result) -> dict[str, tuple[str, str]]:
    return {s.player: (s.rank_text, points_text(s.total)) for s in result.standings}


def test_three_games_placed_and_added_up_ties_shared():
    result = tally(night(), matches())
    hd, sa, bu = result.matches
    assert [m.status for m in result.matches] == [COUNTED] * 3
    # Hot Dog by the match tally: Anna $29, Bernd $19, Chris $16 (HD-15)
    assert {p.player: (p.place, p.points) for p in hd.placings.values()} == {
        "Anna": (1, 3), "Bernd": (2, 2), "Chris": (3, 1)}
    assert hd.line == "Anna wins Hot Dog #12 (HD-15)."
    # Sales: Chris 5, Bernd 2, Anna 0
    assert {p.player: (p.place, p.points) for p in sa.placings.values()} == {
        "Anna": (3, 1), "Bernd": (2, 2), "Chris": (1, 3)}
    # Burger: Bernd and Chris share the win: both 1st, each (3 + 2) / 2; Anna is 3rd
    assert {p.player: (p.place, p.tied, p.points) for p in bu.placings.values()} == {
        "anna": (3, 1, 1), "Bernd": (1, 2, Fraction(5, 2)), "Chris": (1, 2, Fraction(5, 2))}
    assert bu.line == "Bernd and Chris share 1st place in Burger #15."
    # "anna" in the burger record is Anna: one player, named as most matches spell her
    assert table(result) == {"Bernd": ("=1st", "6.5"), "Chris": ("=1st", "6.5"), "Anna": ("3rd", "5")}
    assert result.explanation == "Bernd and Chris tie for 1st with 6.5 points each (3 matches counted)."


def test_a_player_is_named_as_most_matches_spell_the_name():
    record = night(ids=(BURGER, HOTDOG))
    assert [s.player for s in tally(record, matches()).standings] == ["Bernd", "anna", "Chris"]   # 1 : 1, first seen
    assert [s.player for s in tally(night(), matches()).standings][-1] == "Anna"                  # 2 : 1


def test_a_match_not_finished_counts_nothing_yet():
    result = tally(night(), matches(m14=MatchRecord.model_validate(match_of(sales_game(rounds=2)))))
    assert result.matches[1].status == IN_PROGRESS
    assert result.matches[1].line == "Sales #14 is not finished: it counts nothing yet."
    assert result.matches[1].placings == {}
    # Hot Dog 3 + Burger 1 = 4 for Anna; Bernd 2 + 2.5; Chris 1 + 2.5
    assert [s.player for s in result.standings] == ["Bernd", "Anna", "Chris"]
    assert table(result) == {"Bernd": ("1st", "4.5"), "Anna": ("2nd", "4"), "Chris": ("3rd", "3.5")}
    assert result.explanation == "Bernd leads so far with 4.5 points (2 of 3 matches counted)."


def test_a_hotdog_match_counts_only_once_its_three_games_are_over():
    two_games = hotdog_match()
    two_games["games"] = two_games["games"][:2]
    result = tally(night(ids=(HOTDOG,)), matches(m12=MatchRecord.model_validate(two_games)))
    assert result.matches[0].status == IN_PROGRESS
    assert result.explanation == "No match of this night is finished yet: nothing counts so far."
    assert [(s.player, s.total) for s in result.standings] == [("Anna", 0), ("Bernd", 0), ("Chris", 0)]
    assert all(s.rank_text == "=1st" for s in result.standings)


def test_a_deleted_match_is_shown_gone_and_counts_nothing():
    result = tally(night(), matches(m15=None))
    assert result.matches[2].status == DELETED
    assert result.matches[2].line == "Match 15 is no longer saved (deleted): it counts nothing."
    assert [(s.player, s.rank_text, points_text(s.total)) for s in result.standings] == [
        ("Anna", "=1st", "4"), ("Bernd", "=1st", "4"), ("Chris", "=1st", "4")]
    # an id the caller has no record for at all reads as deleted too
    assert tally(night(ids=(99,)), {}).matches[0].status == DELETED


def test_points_changed_change_the_tally():
    result = tally(night(points=(5, 0, 0)), matches())
    # Anna: Hot Dog 5; Bernd: Burger (5 + 0) / 2; Chris: Sales 5 + Burger 2.5
    assert table(result) == {"Chris": ("1st", "7.5"), "Anna": ("2nd", "5"), "Bernd": ("3rd", "2.5")}
    # a place past the list scores 0; three tied for 1st of (3, 2, 1) get 2 each
    record = night(points=(3, 2))
    assert record.points_for(3) == 0
    assert shared_points(night(), 1, 3) == 2
    assert shared_points(night(), 2, 2) == Fraction(3, 2)


def test_with_points_extends_and_never_goes_below_zero():
    record = night(points=(3, 2, 1))
    assert record.with_points(5, 1).points == [3, 2, 1, 0, 1]
    assert record.with_points(1, -1).points == [0, 2, 1]
    with pytest.raises(RecordError):
        record.with_points(11, 1)
    assert record.with_match(16).matches == [12, 14, 15, 16]
    assert record.without_match(14).with_match(13).matches == [12, 13, 15]     # by id: as started
    assert record.with_match(12).matches == [12, 14, 15]
    assert record.without_match(14).matches == [12, 15]


def test_a_team_game_places_nobody():
    coop = sales_game()
    coop["mode"] = "coop"
    coop["players"] = ["Anna", "Bernd"]
    anna, bernd = ({"player": p, "card": {"suit": "sun", "value": v, "discard": 0}}
                   for p, v in (("Anna", 3), ("Bernd", 2)))
    # Bernd wins each sale and leads the next round (SA-7, SA-9)
    coop["rounds"] = [{"sales": [{"plays": [anna, bernd]}]}, *[{"sales": [{"plays": [bernd, anna]}]}] * 2]
    coop["hand_size"] = 1
    result = tally(night(ids=(SALES,)), {SALES: MatchRecord.model_validate(match_of(coop))})
    assert result.matches[0].status == NO_WINNER
    assert result.standings == ()


def test_the_record_is_checked_and_the_rule_said():
    assert parse_night({"kind": "night", "name": " Fri ", "date": "2026-11-27"}) == NightRecord(
        name="Fri", date="2026-11-27", points=[3, 2, 1], matches=[])
    assert shared_points(night(), 4, 1) == 0
    with pytest.raises(RecordError, match="date"):
        parse_night({"name": "x", "date": "27.11.2026"})
    with pytest.raises(RecordError, match="points"):
        parse_night({"name": "x", "date": "2026-11-27", "points": [-1]})
    assert points_rule_text(night()) == ("House rule: points per place 1st 3, 2nd 2, 3rd 1, later places 0; "
                                        "players tied share their places' points equally.")
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]
    assert [points_text(Fraction(n, d)) for n, d in ((3, 1), (5, 2), (4, 3), (0, 1))] == ["3", "2.5", "1.33", "0"]


def test_a_solo_game_is_said_solo_not_played_as_a_team():
    """Issue 29: sales' solo is one person with two hands (SA-2): it places nobody, and
    says so as solo."""
    solo = sales_game()
    solo.update(mode="solo", players=["Hand 1", "Hand 2"], hand_size=1, leader="Hand 1")
    one, two = ({"player": p, "card": {"suit": "sun", "value": v, "discard": 0}}
                for p, v in (("Hand 1", 3), ("Hand 2", 2)))
    solo["rounds"] = [{"sales": [{"plays": [one, two]}]}, *[{"sales": [{"plays": [two, one]}]}] * 2]
    result = tally(night(ids=(SALES,)), {SALES: MatchRecord.model_validate(match_of(solo))})
    (m,) = result.matches
    assert m.status == NO_WINNER
    assert m.line == "Sales #14 was played solo, one person playing every hand: it places nobody."
    assert "team" not in m.line


def test_a_player_is_named_by_a_counted_match_not_one_still_played():
    """Issue 29: Chris spelt "CHRIS" in two matches not finished yet, "Chris" in the one
    counted: the night names him as the counted match does (it went by most matches)."""
    unfinished = hotdog_match()
    unfinished["games"] = unfinished["games"][:2]
    shouted = MatchRecord.model_validate(json.loads(json.dumps(unfinished).replace('"Chris"', '"CHRIS"')))
    result = tally(night(ids=(SALES, 16, 17)), matches(m16=shouted, m17=shouted))
    assert [m.status for m in result.matches] == [COUNTED, IN_PROGRESS, IN_PROGRESS]
    assert "Chris" in [s.player for s in result.standings] and "CHRIS" not in [s.player for s in result.standings]


def test_a_one_game_match_won_on_its_tie_break_says_which_ruling():
    from tests.store.test_bgstats import sa13

    record = {"game": "sales", **sa13()}
    match = MatchRecord.model_validate({"kind": "match", "game": "sales", "players": record["players"],
                                        "games": [{k: v for k, v in record.items() if k != "game"}]})
    result = tally(night(ids=(SALES,)), {SALES: match})
    assert result.matches[0].line == "Ben wins Sales #14 (SA-13)."
