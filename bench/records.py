"""Seeded game records for the benchmarks and the golden files, as plain JSON data.

Two shapes per game (issue 26):

- ``realistic``: a game as a table plays it to its end. Hot Dog: each player has a
  supply of hot dog cards and bids from it; a bid of the whole rest is the last one
  (announced, mostly), so games end by HD-13 after about eight rounds. Sales: 12-card
  hands over three rounds. Burger: rounds until the hamburgers on the table or the
  draw pile end the game (BU-6).
- ``random``: short random records, not necessarily finished (what ``bench/referee.py``
  measured first): Hot Dog 4–14 rounds of random bids, sales hands of 1–6 cards,
  burger a few rounds.

Every record is legal by construction: the moves are made against the state that
``bench/plain.py`` (the plain-dict rules) works out.

    python bench/records.py GAME SHAPE N [--seed S]     one JSON record per line
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import plain

Record = dict[str, Any]
NAMES = ["Anna", "Bernd", "Chris", "Dora", "Emil", "Frieda", "Gustav", "Hanna", "Ines", "Jonas", "Karla",
         "Lars", "Mia"]


def _players(rng: random.Random, low: int, high: int) -> list[str]:
    return rng.sample(NAMES, rng.randint(low, high))


# ---------------------------------------------------------------- Hot Dog


def hotdog(rng: random.Random, realistic: bool = True) -> Record:
    players = _players(rng, 2, 5)
    tables = (5, 7) if len(players) <= 3 else (5, 7, 9)
    rec: Record = {"game": "hotdog", "players": players, "mustard": rng.choice(players), "rounds": []}
    supply = {p: rng.randint(10, 15) for p in players}
    money = {p: 3 for p in players}
    rounds = rng.randint(4, 14)
    while True:
        bids = []
        for p in players:
            if realistic:
                h = min(supply[p], rng.choice((1, 2, 2, 3, 3, 3, 4, 4, 5, 6)))
                last = h == supply[p]
            else:
                h = rng.randint(1, 7)
                last = rng.random() < 0.05
            b: Record = {"player": p, "table": rng.choice(tables), "hotdogs": h}
            d = rng.randint(0, min(h, money[p]))
            if d:
                b["dollars"] = d
            if last:
                b["last"] = True
                b["announced"] = rng.random() < 0.9
            bids.append(b)
        rng.shuffle(bids)
        rec["rounds"].append({"bids": bids})
        result = plain.hotdog(rec)
        last_round = result["rounds"][-1]
        money = last_round["money"]
        for s in last_round["steps"]:
            if s["outcome"] == "sold":
                supply[s["player"]] -= s["hotdogs"]
        if result["game_over"] or (not realistic and len(rec["rounds"]) >= rounds):
            return rec


# ---------------------------------------------------------------- sales

SUITS = ["sun", "rain", "snow", "wind"]
ICONS = ["umbrella", "coat", "car", "sunglasses", "scarf"]


def card(rng: random.Random) -> Record:
    c: Record = {"suit": "wild" if rng.random() < 0.1 else rng.choice(SUITS), "value": rng.randint(0, 9)}
    d = rng.choice((0, 0, 0, 1, 1, 2))
    if d:
        c["discard"] = d
    icons = rng.sample(ICONS, rng.choice((0, 0, 1, 1, 2)))
    if icons:
        c["icons"] = icons
    if rng.random() < 0.15:
        c["set"] = {"kind": rng.choice(("1x", "neighbor")), "icon": rng.choice(ICONS)}
    return c


def sales(rng: random.Random, realistic: bool = True) -> Record:
    mode = rng.choice(("competitive", "competitive", "competitive", "coop", "solo"))
    players = _players(rng, 2, 2) if mode != "competitive" else _players(rng, 2, 6)
    size = 12 if realistic else rng.randint(1, 6)
    rec: Record = {"game": "sales", "mode": mode, "players": players, "leader": rng.choice(players),
                   "hand_size": size, "rounds": []}
    rounds = 3 if realistic else rng.randint(1, 3)
    leader = rec["leader"]
    for r in range(rounds):
        hands = {p: size for p in players}
        rnd: Record = {"sales": []}
        rec["rounds"].append(rnd)
        sales_here = None if realistic or r < rounds - 1 else rng.randint(0, size)
        while leader is not None and (sales_here is None or len(rnd["sales"]) < sales_here):
            k = players.index(leader)
            order = [p for p in players[k:] + players[:k] if hands[p] > 0]
            rnd["sales"].append({"plays": [{"player": p, "card": card(rng)} for p in order]})
            out = plain.sales(rec)["rounds"][-1]
            hands = out["hands"]
            leader = out["sales"][-1]["next_leader"]
        if leader is None:   # SA-9: the winner of the round's last sale leads the next round
            leader = plain.sales(rec)["rounds"][-1]["sales"][-1]["winner"]
    return rec


# ---------------------------------------------------------------- burger

INGREDIENTS = ["bun", "patty", "cheese", "lettuce", "tomato", "onion", "pickle", "bacon", "mushroom"]


def burger(rng: random.Random, realistic: bool = True) -> Record:
    players = _players(rng, 2, 5)
    n = len(players)
    rec: Record = {"game": "burger", "players": players, "first": rng.choice(players), "rounds": []}
    if rng.random() < 0.6:
        rec["draw_pile"] = rng.randint(60, 110)
    if rng.random() < 0.2:
        rec["scoring"] = {"hamburger": 2, "rat": -1}
    need = {2: 4, 3: 5, 4: 7, 5: 8}[n]
    hand = {p: {"tongs": 2, "tease": 1} for p in players}
    limit = None if realistic else rng.randint(1, 5)
    while True:
        decks: list[list[str]] = [[rng.choice(INGREDIENTS)] for _ in range(n)]
        for _ in range(need - n):
            rng.choice(decks).append(rng.choice(INGREDIENTS))
        pile = plain.burger(rec)["rounds"][-1]["draw_pile"] if rec["rounds"] else rec.get("draw_pile")
        room = 2 if pile is None else pile - need       # the draw pile gives every card laid out
        for _ in range(min(room, rng.choice((0, 0, 1, 1, 2)))):
            rng.choice(decks).append("rat")
        tools = {}
        for p in players:
            have = [k for k in ("tongs", "tease") if hand[p][k] > 0]
            tools[p] = "tongs" if "tongs" in have and rng.random() < 0.7 else have[-1] if have else "tongs"
        rnd: Record = {"decks": decks, "tools": tools}
        if any(k == "tongs" for k in tools.values()):
            picks = list(range(n))
            rng.shuffle(picks)
            rnd["picks"] = picks
        rec["rounds"].append(rnd)
        taken = plain.burger(rec)["rounds"][-1]["taken"]
        complete = {}
        for p, ds in taken.items():
            cards = sum(1 for d in ds for c in decks[d] if c != "rat")
            if cards >= 2 and rng.random() < 0.45:
                complete[p] = 1 if cards < 4 or rng.random() < 0.8 else 2
        if complete:
            rnd["complete"] = complete
        out = plain.burger(rec)
        hand = out["rounds"][-1]["tools_left"]
        if out["game_over"] or (limit is not None and len(rec["rounds"]) >= limit):
            return rec


GAMES = {"hotdog": hotdog, "sales": sales, "burger": burger}


def records(game: str, shape: str, count: int, seed: int = 7) -> list[Record]:
    rng = random.Random(f"{game}-{shape}-{seed}")
    make = GAMES[game]
    return [make(rng, shape == "realistic") for _ in range(count)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("game", choices=sorted(GAMES))
    ap.add_argument("shape", choices=("realistic", "random"))
    ap.add_argument("count", type=int)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    for rec in records(args.game, args.shape, args.count, args.seed):
        sys.stdout.write(json.dumps(rec) + "\n")


if __name__ == "__main__":
    main()
