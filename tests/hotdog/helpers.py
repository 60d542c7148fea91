"""Small builders for hand-worked Hot Dog records, and the words of their facts."""

from __future__ import annotations

from companion.core.record import read
from companion.games.hotdog import explain, rules
from companion.games.hotdog.models import HotDogRecord, Round
from companion.games.hotdog.rules import referee


def bid(player, table, hotdogs, dollars=0, last=False, announced=True):
    b = {"player": player, "table": table, "hotdogs": hotdogs, "dollars": dollars}
    if last:
        b["last"] = True
        b["announced"] = announced
    return b


def record(players, *rounds, **setup):
    """A record read as the rules read it (every default filled in)."""
    return read(HotDogRecord, {"game": "hotdog", "players": players, **setup,
                               "rounds": [{"bids": list(r)} for r in rounds]}, {})


def a_round(*bids):
    return read(Round, {"bids": list(bids)}, {})


def play(players, *rounds, **setup):
    return referee(record(players, *rounds, **setup))


def order(round_result):
    return [(s["table"], s["player"], s["outcome"], s["reason"]) for s in round_result["steps"]]


def paid(round_result):
    return [(p["table"], p["player"], p["dollars"]) for p in round_result["payouts"]]


def said(round_result, i):
    """Step ``i`` of a round as a player reads it (the present layer's words)."""
    return explain.step_text(round_result, i)


def why(round_result, i):
    """Step ``i``'s facts of why it came where it did and what became of it."""
    s = rules.why(round_result)[i]
    return {k: s[k] for k in ("place", "alone", "tied", "after", "free", "last", "filled")}
