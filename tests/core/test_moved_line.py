"""The one line a player reads when another screen changed the record first."""

from __future__ import annotations

from companion.core.edits import Place, entered_against, followed, moved_line, round_place


def rounds(n: int, tag: str = "a") -> dict:
    return {"rounds": [{"n": i, "tag": tag} for i in range(n)]}


def place(record: dict) -> Place:
    return round_place(record, over=len(record["rounds"]) == 8)


def test_a_round_entered_elsewhere_names_it_and_the_round_shown_now():
    assert moved_line(place, rounds(2), rounds(3)) == (
        "Round 3 was already entered on another screen; your entry was not saved. "
        "The table now shows round 4.")


def test_a_round_undone_elsewhere():
    assert moved_line(place, rounds(3), rounds(2), not_done="nothing was undone") == (
        "Round 3 was undone on another screen; nothing was undone. The table now shows round 3.")


def test_as_many_rounds_but_other_ones_and_the_end_of_the_game():
    assert moved_line(place, rounds(3), rounds(3, "b"), not_done="your change was not saved") == (
        "The game was changed on another screen; your change was not saved. The table now shows round 4.")
    assert moved_line(place, rounds(7), rounds(8)) == (
        "Round 8 was already entered on another screen; your entry was not saved. "
        "The table now shows the end of the game.")


def test_the_next_game_started_elsewhere():
    assert moved_line(place, rounds(8), rounds(0), base_game=1, now_game=2) == (
        "Game 2 was started on another screen; your entry was not saved. "
        "The table now shows game 2, round 1.")


def test_a_round_started_elsewhere_is_said_so():
    def started(record: dict) -> Place:
        n = len(record["rounds"])
        return Place((n,), f"round {n + 1}", "started")

    assert moved_line(started, rounds(1), rounds(2)) == (
        "Round 2 was already started on another screen; your entry was not saved. "
        "The table now shows round 3.")


def test_an_entry_is_made_against_its_draft_s_record_else_the_screen_s():
    old, new = rounds(2), rounds(3)
    assert entered_against(old, new) is old
    assert entered_against(None, new) is new


def test_a_draft_follows_this_screen_s_own_change_but_not_an_older_one():
    old, new, older = rounds(2), rounds(2, "edited"), rounds(1)
    assert followed(old, old, new) is new
    assert followed(older, old, new) is older
    assert followed(None, old, new) is None
