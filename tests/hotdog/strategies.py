"""Hypothesis strategies: random *legal* Hot Dog games, built round by round with the
engine's own state so that every bid respects HD-6 (dollars ≤ hot dogs, ≤ money)."""

from __future__ import annotations

from hypothesis import strategies as st

from companion.core.record import read
from companion.games.hotdog.models import HotDogRecord, Round
from companion.games.hotdog.rules import neutral_tables, play_round, start

NAMES = ["Anna", "Bernd", "Chris", "Dora", "Emil"]


@st.composite
def setups(draw):
    n = draw(st.integers(2, 5))
    players = NAMES[:n]
    tables = neutral_tables(n)
    setup = {"game": "hotdog", "players": players, "mustard": draw(st.sampled_from(players))}
    if draw(st.booleans()):
        setup["money"] = {p: draw(st.integers(0, 12)) for p in players if draw(st.booleans())}
    if draw(st.booleans()):
        lying = {}
        for t in tables:
            left = t - 1
            per = {}
            for p in players:
                k = draw(st.integers(0, max(0, min(3, left))))
                if k:
                    per[p] = k
                    left -= k
            lying[str(t)] = per
        setup["tables"] = lying
    return setup


@st.composite
def games(draw, max_rounds: int = 12):
    """A legal record: a setup plus up to ``max_rounds`` rounds, stopping at the game's end."""
    setup = draw(setups())
    record = read(HotDogRecord, setup, {})
    state = start(record)
    tables = state.tables
    rounds = []
    for _ in range(draw(st.integers(0, max_rounds))):
        if state.over:
            break
        bids = []
        for p in state.players:
            hotdogs = draw(st.integers(1, 9))
            dollars = draw(st.integers(0, min(hotdogs, state.money[p])))
            b = {"player": p, "table": draw(st.sampled_from(tables)), "hotdogs": hotdogs, "dollars": dollars}
            if draw(st.integers(0, 9)) == 0:
                b["last"] = True
                b["announced"] = draw(st.integers(0, 3)) > 0
            bids.append(b)
        order = draw(st.permutations(bids))
        rnd = read(Round, {"bids": list(order)}, {})
        _, state = play_round(state, rnd)
        rounds.append({"bids": list(order)})
    return read(HotDogRecord, {**setup, "rounds": rounds}, {})
