"""The three games' rules once more, as plain functions over plain dicts: the yardstick
``bench/referee.py`` holds ``companion referee`` to (issue 26).

No validation (the records are assumed legal), no wording, no pydantic, no names
policy beyond trimming: only what it takes to give the contract's output fields
(docs/referee-contract.md) for a legal record. It is also what the record generators
(``bench/records.py``) play with, so that a generated game is legal by construction;
``check()`` compares it with the real referee on any records.

Not part of companion: nothing imports it but the benchmarks.
"""

from __future__ import annotations

from typing import Any

Record = dict[str, Any]


def _left(players: list[str], p: str) -> str:
    return players[(players.index(p) + 1) % len(players)]


# ---------------------------------------------------------------- Hot Dog


def hotdog(rec: Record) -> Record:
    players = [p.strip() for p in rec["players"]]
    n = len(players)
    tables = (5, 7) if n <= 3 else (5, 7, 9)
    mustard = (rec.get("mustard") or players[0]).strip()
    money = {p: 3 for p in players}
    for p, v in rec.get("money", {}).items():
        money[p.strip()] = v
    lying: dict[int, dict[str, int]] = {t: {} for t in tables}
    for t, per in rec.get("tables", {}).items():
        lying[int(t)] = {p.strip(): v for p, v in per.items()}
    out_rounds = []
    over = False
    for r, rnd in enumerate(rec["rounds"], 1):
        i = players.index(mustard)
        rank = {p: (k - i) % n for k, p in enumerate(players)}
        bids = sorted(rnd["bids"], key=lambda b: (b["table"], b["hotdogs"] - b.get("dollars", 0),
                                                  rank[b["player"].strip()]))
        full: set[int] = set()
        finished: set[str] = set()
        steps, payouts = [], []
        for b in bids:
            p, t, h, d = b["player"].strip(), b["table"], b["hotdogs"], b.get("dollars", 0)
            here = lying[t]
            free = t - sum(here.values())
            if t in full:
                reason: str | None = "table full"
            elif b.get("last") and not b.get("announced", True):
                reason = "not announced"
            elif h > free:
                reason = "no room"
            else:
                reason = None
                money[p] -= d
                here[p] = here.get(p, 0) + h
                if b.get("last"):
                    finished.add(p)
                if free == h:
                    full.add(t)
                    for q in players:
                        if here.get(q):
                            money[q] += here[q]
                            payouts.append({"table": t, "player": q, "dollars": here[q]})
                    lying[t] = {}
            steps.append({"table": t, "player": p, "hotdogs": h, "dollars": d, "price": h - d,
                          "outcome": "returned" if reason else "sold", "reason": reason})
        done = [p for p in players if p in finished]
        out_rounds.append({
            "round": r, "mustard": mustard, "steps": steps, "payouts": payouts,
            "tables": {str(t): {p: lying[t][p] for p in players if lying[t].get(p)} for t in tables},
            "money": {p: money[p] for p in players}, "finished": done})
        if done:
            over = True
            break
        mustard = _left(players, mustard)
    best = max(money.values())
    return {"game": "hotdog", "rounds": out_rounds, "game_over": over, "money": money,
            "winners": [p for p in players if money[p] == best] if over else []}


# ---------------------------------------------------------------- sales


def _collects(card: Record, icon: str) -> bool:
    if card["suit"] == "wild":
        return True
    key = icon.casefold()
    if any(i.casefold() == key for i in card.get("icons", ())):
        return True
    s = card.get("set")
    return s is not None and s["icon"].casefold() == key


def sales(rec: Record) -> Record:
    players = [p.strip() for p in rec["players"]]
    mode = rec.get("mode", "competitive")
    size = rec.get("hand_size", 12)
    leader: str | None = (rec.get("leader") or players[0]).strip()
    won: dict[str, list[Record]] = {p: [] for p in players}
    last_win: dict[str, int] = {}
    number = 0
    last_winner = None
    out_rounds = []
    hands: dict[str, int] = {}
    for r, rnd in enumerate(rec["rounds"], 1):
        deal = rnd.get("hand_size", size)
        hands = {p: deal for p in players}
        if r > 1:
            leader = last_winner
        sales_out = []
        for sale in rnd["sales"]:
            plays = sale["plays"]
            cards = [pl["card"] for pl in plays]
            order = [pl["player"].strip() for pl in plays]
            suit = next((c["suit"] for c in cards if c["suit"] != "wild"), None)
            on = [i for i, c in enumerate(cards) if suit is None or c["suit"] == "wild" or c["suit"] == suit]
            low = min(cards[i]["value"] for i in on)
            w = max(i for i in on if cards[i]["value"] == low)
            winner = order[w]
            for p in order:
                hands[p] -= 1
            discards = min(cards[w].get("discard", 0), hands[winner])
            hands[winner] -= discards
            k = players.index(winner)
            nxt = next((q for q in players[k:] + players[:k] if hands[q] > 0), None)
            number += 1
            won[winner].append(cards[w])
            last_win[winner] = number
            last_winner = winner
            sales_out.append({"leader": leader, "on_suit": [order[i] for i in on], "winner": winner,
                              "discards": discards, "next_leader": nxt})
            leader = nxt
        out_rounds.append({"round": r, "sales": sales_out, "hands": dict(hands)})
    over = len(rec["rounds"]) == 3 and leader is None and all(v == 0 for v in hands.values())
    scores = {}
    for p in players:
        mine = won[p]
        numbers = sum(c["value"] for c in mine)
        sets = sum(sum(1 for c in mine if _collects(c, s["set"]["icon"]))
                   for s in mine if s.get("set") and s["set"]["kind"] == "1x")
        k = players.index(p)
        nbrs = []
        for q in (players[(k + 1) % len(players)], players[(k - 1) % len(players)]):
            if q != p and q not in nbrs:
                nbrs.append(q)
        neighbor = sum(sum(1 for q in nbrs for c in won[q] if _collects(c, s["set"]["icon"]))
                       for s in mine if s.get("set") and s["set"]["kind"] == "neighbor")
        scores[p] = {"numbers": numbers, "sets": sets, "neighbor": neighbor, "total": numbers + sets + neighbor}
    winners: list[str] = []
    team = None
    if mode == "competitive":
        if over:
            best = max(s["total"] for s in scores.values())
            tied = [p for p in players if scores[p]["total"] == best]
            winners = [max(tied, key=lambda p: last_win.get(p, 0))]
    else:
        low = min(s["total"] for s in scores.values())
        rating = next((name for at, name in ((65, "Wow!"), (55, "Good job."), (45, "Not bad!")) if low >= at), None)
        team = {"score": low, "rating": rating}
    return {"game": "sales", "rounds": out_rounds, "game_over": over, "scores": scores,
            "winners": winners, "team": team}


# ---------------------------------------------------------------- burger

_TARGET = {2: 8, 3: 8, 4: 9, 5: 10}
_NEED = {2: 4, 3: 5, 4: 7, 5: 8}


def burger(rec: Record) -> Record:
    players = [p.strip() for p in rec["players"]]
    n = len(players)
    first = (rec.get("first") or players[0]).strip()
    tools = {"tongs": 2, "tease": 1, **rec.get("tools", {})}
    scoring = {"hamburger": 1, "rat": 0, **rec.get("scoring", {})}
    pile = rec.get("draw_pile")
    hand = {p: dict(tools) for p in players}
    used = {p: {"tongs": 0, "tease": 0} for p in players}
    rats: dict[str, int] = {}
    burgers: dict[str, int] = {}
    out_rounds = []
    over = False
    for r, rnd in enumerate(rec["rounds"], 1):
        played = {k.strip(): v for k, v in rnd["tools"].items()}
        for p in players:
            kind = played[p]
            hand[p][kind] -= 1
            used[p][kind] += 1
            if hand[p]["tongs"] + hand[p]["tease"] == 1:
                hand[p]["tongs"] += used[p]["tongs"]
                hand[p]["tease"] += used[p]["tease"]
                used[p] = {"tongs": 0, "tease": 0}
        k = players.index(first)
        round_from = players[k + 1:] + players[:k + 1]
        tongs = [p for p in round_from if played[p] == "tongs"]
        decks = rnd["decks"]
        order = [tongs[i % len(tongs)] for i in range(n)] if tongs else []
        picks = rnd.get("picks") or list(range(n))
        taken: dict[str, list[int]] = {}
        for who, d in zip(order, picks if order else [], strict=True):   # nobody tongs: no deck taken
            taken.setdefault(who, []).append(d)
            found = sum(1 for c in decks[d] if c.strip().casefold() == "rat")
            if found:
                rats[who] = rats.get(who, 0) + found
        for p, c in rnd.get("complete", {}).items():
            if c:
                burgers[p.strip()] = burgers.get(p.strip(), 0) + c
        if pile is not None:
            pile -= sum(len(d) for d in decks)
        total = sum(burgers.values())
        over = total >= _TARGET[n] or (pile is not None and pile < _NEED[n])
        nxt = None if over else (order[-1] if order else first)
        out_rounds.append({
            "round": r, "first": first, "take_order": order,
            "taken": {p: sorted(taken[p]) for p in players if p in taken},
            "wastebasket": None if order else first,
            "rats": {p: rats[p] for p in players if rats.get(p)},
            "tools_left": {p: dict(hand[p]) for p in players},
            "hamburgers": {p: burgers[p] for p in players if burgers.get(p)},
            "draw_pile": pile, "next_first": nxt})
        if over:
            break
        first = nxt  # type: ignore[assignment]
    scores = {p: scoring["hamburger"] * burgers.get(p, 0) + scoring["rat"] * rats.get(p, 0) for p in players}
    winners: list[str] = []
    if over:
        best = max(scores.values())
        tied = [p for p in players if scores[p] == best]
        fewest = min(rats.get(p, 0) for p in tied)
        winners = [p for p in tied if rats.get(p, 0) == fewest]
    return {"game": "burger", "rounds": out_rounds, "game_over": over, "scores": scores, "winners": winners}


REFEREES = {"hotdog": hotdog, "sales": sales, "burger": burger}


def referee(rec: Record) -> Record:
    return REFEREES[rec["game"]](rec)


def subset(expected: Any, got: Any) -> Any:
    """``got`` cut down to the keys ``expected`` has (the contract allows extra fields)."""
    if isinstance(expected, dict) and isinstance(got, dict):
        return {k: subset(expected[k], got[k]) for k in expected if k in got}
    if isinstance(expected, list) and isinstance(got, list):
        return [subset(e, g) for e, g in zip(expected, got, strict=True)]
    return got


def check(records: list[Record]) -> list[str]:
    """Where this module and ``companion referee`` disagree on ``records`` (none: empty)."""
    import json

    from companion.core.referee import referee_json

    out = []
    for i, rec in enumerate(records):
        mine = referee(rec)
        theirs = json.loads(referee_json(json.dumps(rec)))
        if subset(mine, theirs) != mine:
            out.append(f"record {i} ({rec['game']}): plain {json.dumps(mine)[:300]} … referee "
                       f"{json.dumps(subset(mine, theirs))[:300]}")
    return out
