"""Property tests over random legal burger games (BU-2…BU-6).

The strategy plays legal games with its own small model of the rules (hands of tool
cards with the take-back, the taking order, the draw pile and the end), so the
referee is checked against an independent account of BU-2…BU-6.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.registry import parse_record, referee_json
from companion.games.burger import rules
from companion.games.burger.models import BurgerRecord, BurgerResult
from tests.burger.burger_helpers import INGREDIENTS, NAMES, NEED
from tests.conftest import property_examples

TARGET = {2: 8, 3: 8, 4: 9, 5: 10}
# A whole game per example, each slower than Hot Dog's: fewer of them.
SETTINGS = settings(max_examples=property_examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def legal_games(draw) -> dict:
    n = draw(st.integers(2, 5))
    players = NAMES[:n]
    need = NEED[n]
    first = draw(st.sampled_from(players))
    tongs = draw(st.integers(0, 3))
    tease = draw(st.integers(max(0, 2 - tongs), 3))
    rec: dict = {"game": "burger", "players": players}
    if draw(st.booleans()):
        rec["first"] = first
    else:
        first = players[0]
    rec["tools"] = {"tongs": tongs, "tease": tease}
    if draw(st.booleans()):
        rec["scoring"] = {"hamburger": draw(st.integers(0, 3)), "rat": draw(st.integers(-2, 1))}
    pile = draw(st.none() | st.integers(need, need * 6))
    if pile is not None:
        rec["draw_pile"] = pile

    hand = {p: {"tongs": tongs, "tease": tease} for p in players}
    used = {p: {"tongs": 0, "tease": 0} for p in players}
    burgers = 0
    rounds = []
    for _ in range(draw(st.integers(0, 7))):
        rats = draw(st.integers(0, 3))
        if pile is not None:
            rats = min(rats, pile - need)
        decks = [[draw(st.sampled_from(INGREDIENTS))] for _ in range(n)]
        for _ in range(need - n):
            decks[draw(st.integers(0, n - 1))].append(draw(st.sampled_from(INGREDIENTS)))
        for _ in range(rats):
            deck = decks[draw(st.integers(0, n - 1))]
            deck.insert(draw(st.integers(0, len(deck))), draw(st.sampled_from(["rat", "Rat"])))
        tools = {}
        for p in players:
            kind = draw(st.sampled_from([k for k in ("tongs", "tease") if hand[p][k] > 0]))
            tools[p] = kind
            hand[p][kind] -= 1
            used[p][kind] += 1
            if sum(hand[p].values()) == 1:
                for k in used[p]:
                    hand[p][k] += used[p][k]
                    used[p][k] = 0
        after_first = [players[(players.index(first) + 1 + i) % n] for i in range(n)]
        takers = [p for p in after_first if tools[p] == "tongs"]
        order = [takers[i % len(takers)] for i in range(n)] if takers else []
        rnd: dict = {"decks": decks, "tools": tools}
        picks = list(range(n))
        if order and draw(st.booleans()):
            picks = draw(st.permutations(range(n)))
            rnd["picks"] = picks
        cards = {p: 0 for p in players}
        for who, deck in zip(order, picks if order else [], strict=True):   # nobody tongs: no deck taken
            cards[who] += sum(1 for c in decks[deck] if c.lower() != "rat")
        complete = {}
        for p in players:
            if cards[p] and draw(st.booleans()):
                complete[p] = draw(st.integers(0, min(2, cards[p])))
        if complete:
            rnd["complete"] = complete
        rounds.append(rnd)
        burgers += sum(complete.values())
        if pile is not None:
            pile -= need + rats
        if burgers >= TARGET[n] or (pile is not None and pile < need):
            break
        first = order[-1] if order else first
    rec["rounds"] = rounds
    return rec


def _result(rec: dict) -> BurgerResult:
    return rules.referee(parse_record(json.dumps(rec)))  # type: ignore[arg-type]


@SETTINGS
@given(legal_games())
def test_bu4_decks_taken_equal_decks_dealt_unless_all_tease(rec):
    """BU-4: every deck is taken exactly once, unless nobody played tongs: then every
    deck goes to the first player's wastebasket and nobody takes one."""
    result = _result(rec)
    n = len(rec["players"])
    for rnd, r in zip(rec["rounds"], result["rounds"], strict=True):
        all_tease = all(kind == "tease" for kind in rnd["tools"].values())
        if all_tease:
            assert r["wastebasket"] == r["first"] and r["take_order"] == [] and r["taken"] == {}
            assert r["next_first"] in (r["first"], None)
        else:
            assert r["wastebasket"] is None
            assert len(r["take_order"]) == n
            assert sorted(i for got in r["taken"].values() for i in got) == list(range(n))
            assert set(r["take_order"]) == {p for p, k in rnd["tools"].items() if k == "tongs"}


@SETTINGS
@given(legal_games())
def test_bu3_tool_cards_in_hand_plus_used_add_up_to_the_start(rec):
    """BU-3: every round, each player's tool cards in hand plus used equal the starting
    number of each kind; a player never holds fewer than one after the take-back."""
    record: BurgerRecord = parse_record(json.dumps(rec))  # type: ignore[assignment]
    state = rules.start(record)
    for rnd in record["rounds"]:
        result, state = rules.play_round(state, rnd)
        for p in state.players:
            for kind in ("tongs", "tease"):
                assert state.hand[p][kind] + state.used[p][kind] == state.tools[kind]
            assert sum(state.hand[p].values()) >= 2
            assert result["tools_left"][p] == dict(state.hand[p])


@SETTINGS
@given(legal_games())
def test_bu5_rat_tokens_never_decrease_and_hamburgers_never_decrease(rec):
    """BU-5: rat tokens and complete hamburgers are running totals."""
    result = _result(rec)
    prev_rats: dict[str, int] = {}
    prev_burgers: dict[str, int] = {}
    for r in result["rounds"]:
        for p in rec["players"]:
            assert r["rats"].get(p, 0) >= prev_rats.get(p, 0)
            assert r["hamburgers"].get(p, 0) >= prev_burgers.get(p, 0)
        assert all(v > 0 for v in r["rats"].values()) and all(v > 0 for v in r["hamburgers"].values())
        prev_rats, prev_burgers = r["rats"], r["hamburgers"]


@SETTINGS
@given(legal_games())
def test_bu6_prefix_consistency(rec):
    """BU-6: refereeing the first k rounds gives exactly the first k round results of
    the whole record, and the game is over only after its last round."""
    full = _result(rec)
    for k in range(len(rec["rounds"]) + 1):
        part = _result(dict(rec, rounds=rec["rounds"][:k]))
        assert part["rounds"] == full["rounds"][:k]
        assert part["game_over"] == (k > 0 and full["rounds"][k - 1]["game_over"])
    over = [r["game_over"] for r in full["rounds"]]
    assert True not in over[:-1]
    if full["game_over"]:
        assert full["winners"] and full["rounds"][-1]["next_first"] is None
    else:
        assert full["winners"] == []


@SETTINGS
@given(legal_games())
def test_json_round_trip(rec):
    """Record and result survive JSON: record → JSON → record gives the same result,
    and the result's JSON parses back to an equal result."""
    record = parse_record(json.dumps(rec))
    again = parse_record(json.dumps(record))
    assert again == record
    out = referee_json(json.dumps(rec))
    assert out == referee_json(json.dumps(record))
    assert json.dumps(json.loads(out), separators=(",", ":"), ensure_ascii=False) == out
