"""Property tests over random legal Sales games, complete or stopped anywhere (SA-3…SA-15).

The strategy plays each game with its own small oracle (SA-3 order, SA-4/SA-5 winner,
SA-6 discards, SA-7 next leader, SA-9 rounds), so every generated record is legal."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.record import read
from companion.games.sales.models import SalesRecord
from tests.conftest import property_examples
from tests.sales.helpers import c, ref

SETTINGS = settings(max_examples=property_examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
ICONS = ["kite", "coat"]

cards = st.builds(
    c,
    st.sampled_from(["sun", "rain", "snow", "wild"]),
    st.integers(0, 6),
    st.integers(0, 3),
    st.lists(st.sampled_from(ICONS), max_size=2).map(tuple),
    st.none() | st.tuples(st.sampled_from(["1x", "neighbor"]), st.sampled_from(ICONS)),
)


def _winner(played: list[tuple[str, dict]]) -> int:
    """SA-4, SA-5 written independently: on suit = lead suit (first non-wild) or wild."""
    suits = [card["suit"] for _, card in played if card["suit"] != "wild"]
    lead = suits[0] if suits else None
    best = None
    for i, (_, card) in enumerate(played):
        on_suit = card["suit"] == "wild" or lead is None or card["suit"] == lead
        if on_suit and (best is None or card["value"] <= played[best][1]["value"]):
            best = i
    assert best is not None
    return best


@st.composite
def games(draw, complete: bool | None = None) -> dict:
    n = draw(st.integers(2, 5))
    players = draw(st.permutations(["Ann", "Ben", "Cat", "Dan", "Eve"]))[:n]
    mode = "competitive" if n > 2 else draw(st.sampled_from(["competitive", "coop", "solo"]))
    hand = draw(st.integers(1, 4))
    lead = draw(st.sampled_from(players))
    setup = {"game": "sales", "mode": mode, "players": players, "leader": lead, "hand_size": hand}
    n_rounds = 3 if complete else draw(st.integers(1, 3))
    rounds = []
    for r in range(n_rounds):
        hands = {p: hand for p in players}
        stop = None
        if r == n_rounds - 1 and not complete:
            stop = draw(st.none() | st.integers(0, n * hand))
        sales = []
        while any(hands.values()) and (stop is None or len(sales) < stop):
            i = players.index(lead)
            order = [p for p in players[i:] + players[:i] if hands[p] > 0]
            played = [(p, draw(cards)) for p in order]
            w = _winner(played)
            winner, card = played[w]
            for p in order:
                hands[p] -= 1
            hands[winner] -= min(card["discard"], hands[winner])
            sales.append({"plays": [{"player": p, "card": k} for p, k in played]})
            j = players.index(winner)
            nxt = [p for p in players[j:] + players[:j] if hands[p] > 0]
            lead = nxt[0] if nxt else winner  # a new round is led by the last winner (SA-9)
        rounds.append({"sales": sales})
    return {**setup, "rounds": rounds}


def _cards_won(result: dict) -> dict[str, list[dict]]:
    won: dict[str, list[dict]] = {p: [] for p in result["scores"]}
    for r in result["rounds"]:
        for s in r["sales"]:
            won[s["winner"]].append(s["card"])
    return won


@SETTINGS
@given(games())
def test_invariants_of_legal_games(rec):
    """SA-3, SA-6, SA-7: hands never negative; each sale removes one card per player who
    played plus the winner's discards; every card played is won or discarded; won cards =
    sales; the next leader has cards. SA-10: numbers are the won values."""
    out = ref(rec)
    players, hand = rec["players"], rec["hand_size"]
    sales_total = 0
    for r_in, r_out in zip(rec["rounds"], out["rounds"], strict=True):
        before = {p: hand for p in players}
        played_total = 0
        for s_in, s in zip(r_in["sales"], r_out["sales"], strict=True):
            order = [x["player"] for x in s_in["plays"]]
            assert s["order"] == order
            assert order == [p for p in _clockwise(players, s["leader"]) if before[p] > 0]  # SA-3
            assert s["winner"] in s["on_suit"] and set(s["on_suit"]) | set(s["off_suit"]) == set(order)
            won_card = s_in["plays"][order.index(s["winner"])]["card"]
            assert s["card"]["value"] == won_card["value"] and s["card"]["suit"] == won_card["suit"]
            assert s["discards"] == min(won_card.get("discard", 0), before[s["winner"]] - 1)
            for p in players:
                removed = (p in order) + (s["discards"] if p == s["winner"] else 0)
                assert before[p] - s["hands"][p] == removed
                assert s["hands"][p] >= 0
            if s["next_leader"] is None:
                assert not any(s["hands"].values())
            else:
                assert s["hands"][s["next_leader"]] > 0
            before = s["hands"]
            played_total += len(order)
        assert r_out["hands"] == before
        out_of_hand = len(players) * hand - sum(before.values())
        lost_plays = played_total - len(r_out["sales"])
        hand_discards = sum(s["discards"] for s in r_out["sales"])
        assert sum(r_out["won"].values()) == len(r_out["sales"])
        assert r_out["discarded"] == lost_plays + hand_discards
        assert sum(r_out["won"].values()) + r_out["discarded"] == out_of_hand
        sales_total += len(r_out["sales"])
    won = _cards_won(out)
    assert sum(s["cards"] for s in out["scores"].values()) == sales_total
    for p, score in out["scores"].items():
        assert score["numbers"] == sum(k["value"] for k in won[p])
        assert score["total"] == score["numbers"] + score["sets"] + score["neighbor"]
        assert min(score["numbers"], score["sets"], score["neighbor"]) >= 0
    last = out["rounds"][-1]
    assert out["game_over"] == (len(out["rounds"]) == 3 and last["over"])
    if rec["mode"] == "competitive":
        assert out["team"] is None
        assert (len(out["winners"]) == 1) == out["game_over"]
    else:
        assert out["winners"] == []
        assert out["team"]["score"] == min(s["total"] for s in out["scores"].values())


def _clockwise(players, start):
    i = players.index(start)
    return players[i:] + players[:i]


@SETTINGS
@given(games(complete=True))
def test_complete_games_have_a_winner_by_sa13(rec):
    """SA-9, SA-13: three complete rounds end the game; the winner has the highest total and,
    of the tied, won the latest sale."""
    out = ref(rec)
    assert out["game_over"] is True
    if rec["mode"] != "competitive":
        return
    totals = {p: s["total"] for p, s in out["scores"].items()}
    best = max(totals.values())
    (winner,) = out["winners"]
    assert totals[winner] == best
    sale_winners = [s["winner"] for r in out["rounds"] for s in r["sales"]]
    tied = {p for p, t in totals.items() if t == best}
    assert winner == next(p for p in reversed(sale_winners) if p in tied)


@SETTINGS
@given(games(), st.data())
def test_prefix_consistency(rec, data):
    """SA-9: the result of the first rounds and sales equals the start of the whole result."""
    full = ref(rec)
    k = data.draw(st.integers(1, len(rec["rounds"])))
    j = data.draw(st.integers(0, len(rec["rounds"][k - 1]["sales"])))
    prefix = {**rec, "rounds": rec["rounds"][: k - 1] + [{"sales": rec["rounds"][k - 1]["sales"][:j]}]}
    part = ref(prefix)
    assert part["rounds"][: k - 1] == full["rounds"][: k - 1]
    assert part["rounds"][k - 1]["sales"] == full["rounds"][k - 1]["sales"][:j]
    if j:
        assert part["rounds"][k - 1]["hands"] == full["rounds"][k - 1]["sales"][j - 1]["hands"]
    if (k, j) == (len(rec["rounds"]), len(rec["rounds"][-1]["sales"])):
        assert part == full


@SETTINGS
@given(games())
def test_json_round_trip(rec):
    """The record survives JSON both ways, and refereeing it again gives the same result."""
    model = read(SalesRecord, json.loads(json.dumps(rec)), {})
    again = read(SalesRecord, json.loads(json.dumps(model)), {})
    assert again == model
    assert ref(json.loads(json.dumps(model))) == ref(rec)
