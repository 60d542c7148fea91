"""Submit and edit-and-replay, once for every game (companion.core.edits): a round the
rules refuse leaves the record as it was and says why with its ruling; an edit that
breaks a later round says which round could not be changed."""

from __future__ import annotations

from companion.core import edits
from companion.games.hotdog import forms, setup_form

PLAYERS = ["Anna", "Bernd", "Chris"]


def hotdog_round(**bids):
    return forms.round_of(PLAYERS, {p: forms.Draft(**b) for p, b in bids.items()})


START = setup_form.new_record(PLAYERS, "Anna")
BIG = hotdog_round(Anna={"table": 5, "hotdogs": 3, "dollars": 3}, Bernd={"table": 7, "hotdogs": 1},
                   Chris={"table": 7, "hotdogs": 1})
SMALL = hotdog_round(Anna={"table": 5, "hotdogs": 1}, Bernd={"table": 7, "hotdogs": 1},
                     Chris={"table": 7, "hotdogs": 1})


def test_append_round_is_the_record_with_the_round_when_the_rules_take_it():
    change = edits.append_round(forms.replay, START, SMALL)
    assert change.ok and change.record["rounds"] == [SMALL] and START["rounds"] == []


def test_hd6_a_bid_over_the_money_is_refused_and_the_record_is_unchanged():
    over = hotdog_round(Anna={"table": 5, "hotdogs": 3, "dollars": 9}, Bernd={"table": 7, "hotdogs": 1},
                        Chris={"table": 7, "hotdogs": 1})
    change = edits.append_round(forms.replay, START, over)
    assert not change.ok and "HD-6" in change.error and "Round 1" in change.error
    assert change.record == START


def test_replace_round_replays_from_there_and_refuses_what_breaks_a_later_round():
    two = edits.append_round(forms.replay, edits.append_round(forms.replay, START, SMALL).record, BIG).record
    assert edits.replace_round(forms.replay, two, 0, SMALL).record == two      # same round: same record
    spent = hotdog_round(Anna={"table": 5, "hotdogs": 3, "dollars": 3}, Bernd={"table": 7, "hotdogs": 1},
                         Chris={"table": 7, "hotdogs": 1})
    change = edits.replace_round(forms.replay, two, 0, spent)
    # Anna's round-2 dollars no longer hold after spending in round 1
    assert change.error is not None and change.error.startswith("Round 1 cannot be changed so: round 2: Anna:")
    assert change.record == two
    missing = edits.replace_round(forms.replay, two, 5, SMALL)
    assert not missing.ok and missing.error == "There is no round 6 to change."
