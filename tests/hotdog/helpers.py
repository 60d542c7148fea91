"""Small builders for hand-worked Hot Dog records."""

from __future__ import annotations

from companion.games.hotdog.models import HotDogRecord
from companion.games.hotdog.rules import referee


def bid(player, table, hotdogs, dollars=0, last=False, announced=True):
    b = {"player": player, "table": table, "hotdogs": hotdogs, "dollars": dollars}
    if last:
        b["last"] = True
        b["announced"] = announced
    return b


def record(players, *rounds, **setup):
    return HotDogRecord.model_validate(
        {"game": "hotdog", "players": players, **setup, "rounds": [{"bids": list(r)} for r in rounds]}
    )


def play(players, *rounds, **setup):
    return referee(record(players, *rounds, **setup))


def order(round_result):
    return [(s.table, s.player, s.outcome, s.reason) for s in round_result.steps]


def paid(round_result):
    return [(p.table, p.player, p.dollars) for p in round_result.payouts]
