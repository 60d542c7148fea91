"""Hot Dog, refereed: a pure replay of the record, round by round (HD-1…HD-17).

``start`` checks the setup and gives the state before round 1; ``play_round``
resolves one round and gives its facts and the next state (the core replays a whole
record with them: :func:`companion.core.game.replay`); ``result`` gives the game's
result. Nothing is changed in place: a rejected round raises ``RuleError`` (``check_round``
returns it as a value) and the state stays as it was.

Facts only: who sold where, at what price, in which place of the table's order and
why there, who took what back and why, the payouts, the next mustard holder, the end.
No sentence, no number written out, no language here: the ``present`` layer words
the facts when a screen draws them; a refusal is a typed message
(:mod:`companion.core.message`) worded when shown. No flet, no reportlab either (a
test checks all of it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.core.errors import RuleError, Where, error_of
from companion.core.game import replay_rounds
from companion.core.message import Money, Names, messages
from companion.core.names import Roster, check_names
from companion.core.seating import left_of
from companion.games.hotdog.models import (
    START_MONEY,
    Bid,
    HotDogRecord,
    HotDogResult,
    Payout,
    Reason,
    Round,
    RoundResult,
    Step,
    Why,
)

msg, nmsg = messages(__name__)

MIN_PLAYERS, MAX_PLAYERS = 2, 5  # HD-1


def neutral_tables(player_count: int) -> tuple[int, ...]:
    """HD-2: 5 and 7 for 2–3 players; 5, 7 and 9 for 4–5 players."""
    return (5, 7) if player_count <= 3 else (5, 7, 9)


@dataclass(slots=True)
class State:
    """The game between rounds. ``lying`` holds each table's hot dogs per player
    (seat order, players with none left out).

    Slotted, not frozen: a replay builds one state per round, and a frozen dataclass
    sets its fields one ``object.__setattr__`` at a time (as ``sales.rules.State``
    says, issue 26). Immutable by discipline: every new state is built whole, none is
    assigned to or changed in place (``tests/every_game/test_states_unchanged.py``)."""

    players: tuple[str, ...]
    tables: tuple[int, ...]
    lying: Mapping[int, Mapping[str, int]]
    money: Mapping[str, int]
    mustard: str
    rounds_played: int = 0
    over: bool = False

    @property
    def next_round(self) -> int:
        return self.rounds_played + 1

    def free(self, table: int) -> int:
        return table - sum(self.lying[table].values())


# What a setup's name is for, said in its refusal (made once, not per record or key).
_MUSTARD_HOLDER = msg("the mustard holder")
_MONEY_FOR = msg("money for")


def start(record: HotDogRecord) -> State:
    """The state before round 1, after checking the setup (HD-1…HD-4, HD-8, HD-10)."""
    check_names(record["players"], MIN_PLAYERS, MAX_PLAYERS, "HD-1")
    players = tuple(record["players"])
    roster = Roster(players)
    tables = neutral_tables(len(players))
    mustard = players[0]
    if record["mustard"] is not None:
        mustard = roster.resolve(record["mustard"], "HD-4", _MUSTARD_HOLDER)
    money = {p: START_MONEY for p in players}
    named: set[str] = set()
    for name, amount in record["money"].items():
        p = roster.resolve(name, "HD-3", _MONEY_FOR)
        if p in named:
            raise RuleError("HD-3", msg("money is given twice"), player=p)
        named.add(p)
        money[p] = amount
    lying: dict[int, dict[str, int]] = {t: {} for t in tables}
    seen_tables: set[int] = set()
    for key, per_player in record["tables"].items():
        table = _table_key(key, tables)
        if table in seen_tables:
            raise RuleError("HD-8", msg("the {table} table is given twice", table=table))
        seen_tables.add(table)
        what = msg("hot dogs at the {table} table for", table=table)
        for name, n in per_player.items():
            p = roster.resolve(name, "HD-8", what)
            if p in lying[table]:
                raise RuleError("HD-8", msg("hot dogs at the {table} table are given twice", table=table),
                                player=p)
            lying[table][p] = n
        if sum(lying[table].values()) >= table:
            raise RuleError(
                "HD-10",
                msg("the {table} table cannot start with {n} hot dogs: a table holds fewer than "
                    "{table} (a full one is paid and cleared)", table=table, n=sum(lying[table].values())),
            )
    return State(players, tables, _seated(lying, players), money, mustard)


def _table_key(key: str, tables: Sequence[int]) -> int:
    if key.strip() in {str(t) for t in tables}:
        return int(key)
    raise RuleError("HD-2", msg("there is no neutral table '{key}' with these players (tables: {tables})",
                                key=key, tables=Names([str(t) for t in tables])))


def _seated(lying: Mapping[int, Mapping[str, int]], players: Sequence[str]) -> dict[int, dict[str, int]]:
    """Each table's hot dogs per player in seat order, players with none left out."""
    return {t: {p: per[p] for p in players if per.get(p)} for t, per in lying.items()}


def _validate(state: State, rnd: Round) -> list[Bid]:
    """HD-6 and HD-13: the bids of the next round, one per player, each legal."""
    r = state.next_round
    if state.over:
        raise RuleError("HD-13", msg("the game ended after round {n}", n=state.rounds_played), round=r)
    players = state.players
    roster: Roster | None = None
    bids: dict[str, Bid] = {}
    for bid in rnd["bids"]:
        p = bid["player"]
        if p not in state.money:                  # not a player's name exactly as seated
            roster = roster or Roster(players)
            p = roster.resolve(p, "HD-6", "", round=r)
            bid = {**bid, "player": p}
        if p in bids:
            raise RuleError("HD-6", msg("bids twice in one round"), round=r, player=p)
        table, dollars = bid["table"], bid["dollars"]
        if table not in state.lying:
            raise RuleError("HD-6", msg("there is no {table} table with {n} players (tables: {tables}; HD-2)",
                                        table=table, n=len(players), tables=Names([str(t) for t in state.tables])),
                            round=r, player=p)
        if dollars > bid["hotdogs"]:
            raise RuleError("HD-6", msg("dollars ({dollars}) exceed hot dogs ({hotdogs}): the price may not "
                                        "fall below zero", dollars=dollars, hotdogs=bid["hotdogs"]),
                            round=r, player=p)
        if dollars > state.money[p]:
            raise RuleError("HD-6", msg("dollars ({dollars}) exceed the player's money ({money})",
                                        dollars=dollars, money=Money(state.money[p])), round=r, player=p)
        bids[p] = bid
    if len(bids) < len(players):
        missing = next(p for p in players if p not in bids)
        where: Where = {"round": r, "player": missing}
        raise RuleError("HD-6", msg("has no bid: every player bids every round"), **where)
    return [bids[p] for p in players]


def check_round(state: State, rnd: Round) -> RuleError | None:
    """The error that rejects this round, or None: for the app, as a value."""
    return error_of(_validate, state, rnd)


def serving_order(state: State, bids: Sequence[Bid]) -> list[Bid]:
    """HD-7: tables ascending; at a table, price ascending; equal prices clockwise
    from the mustard holder. ``bids`` are in seat order."""
    players = state.players
    n = len(players)
    m = players.index(state.mustard)
    keyed = [((b["table"], b["hotdogs"] - b["dollars"], (i - m) % n), b) for i, b in enumerate(bids)]
    keyed.sort(key=_first)
    return [b for _k, b in keyed]


def _first(item: tuple[tuple[int, int, int], Bid]) -> tuple[int, int, int]:
    return item[0]


def play_round(state: State, rnd: Round) -> tuple[RoundResult, State]:
    """Resolve the next round (HD-6…HD-14): its facts and the state after it."""
    bids = _validate(state, rnd)
    players = state.players
    order = serving_order(state, bids)
    lying = {t: dict(per) for t, per in state.lying.items()}
    money = dict(state.money)
    full: list[int] = []
    steps: list[Step] = []
    free_at: list[int] = []
    payouts: list[Payout] = []
    finished: set[str] = set()
    table, here, placed = 0, lying[order[0]["table"]] if order else {}, 0
    for bid in order:                                  # tables 5, 7, 9 in turn (HD-7)
        p, t, hotdogs, dollars = bid["player"], bid["table"], bid["hotdogs"], bid["dollars"]
        if t != table:
            table, here = t, lying[t]
            placed = sum(here.values())
        free = t - placed
        free_at.append(free)
        if full and full[-1] == t:
            reason: Reason | None = "table full"
        elif bid["last"] and not bid["announced"]:
            reason = "not announced"
        elif hotdogs > free:
            reason = "no room"
        else:
            reason = None
            money[p] -= dollars
            here[p] = here.get(p, 0) + hotdogs
            placed += hotdogs
            if bid["last"]:
                finished.add(p)
            if hotdogs == free:                        # the table is full: it pays and is cleared (HD-10)
                full.append(t)
                for q in players:
                    n = here.get(q, 0)
                    if n:
                        money[q] += n
                        payouts.append({"table": t, "player": q, "dollars": n})
                here = lying[t] = {}
                placed = 0
        steps.append({"table": t, "player": p, "hotdogs": hotdogs, "dollars": dollars, "price": hotdogs - dollars,
                      "outcome": "returned" if reason else "sold", "reason": reason})

    r = state.rounds_played + 1
    done = [p for p in players if p in finished] if finished else []
    next_mustard = None if done else left_of(players, state.mustard)
    seated = _seated(lying, players)
    money = {p: money[p] for p in players}
    facts: RoundResult = {
        "round": r, "mustard": state.mustard, "steps": steps, "payouts": payouts,
        "tables": {str(t): per for t, per in seated.items()}, "money": money, "finished": done,
        "free": free_at, "full": full, "next_mustard": next_mustard,
    }
    return facts, State(players, state.tables, seated, money, next_mustard or state.mustard, r, bool(done))


def why(rnd: RoundResult) -> list[Why]:
    """Why each bid of a round was served where it was and what came of it, from the
    round's facts (HD-7…HD-13): its place at its table, the bids it tied with or came
    after, the places free, whether it was the player's last hot dogs, whether it filled
    its table, and the rulings it applied."""
    steps = rnd["steps"]
    finished = set(rnd["finished"])
    fillers = set()                                    # the step that filled each full table: its last sale there
    for t in rnd["full"]:
        fillers.add(max(i for i, s in enumerate(steps) if s["table"] == t and s["outcome"] == "sold"))
    out: list[Why] = []
    start = 0
    for i, step in enumerate(steps):
        t, price = step["table"], step["price"]
        if steps[start]["table"] != t:
            start = i
        end = start
        while end < len(steps) and steps[end]["table"] == t:
            end += 1
        at_table = steps[start:end]
        tied = tuple(s["player"] for s in at_table if s["price"] == price and s is not step)
        sold = step["outcome"] == "sold"
        last = (sold and step["player"] in finished) or step["reason"] == "not announced"
        filled = i in fillers
        if sold:
            rulings = ("HD-7", "HD-8", *(("HD-9",) if step["dollars"] else ()), *(("HD-13",) if last else ()),
                       *(("HD-10",) if filled else ()))
        else:
            rulings = _RETURNED[step["reason"] or "no room"]
        out.append({"place": i - start + 1, "alone": len(at_table) == 1, "tied": tied,
                    "after": None if tied or i == start else steps[i - 1]["player"], "free": rnd["free"][i],
                    "last": last, "filled": filled, "rulings": rulings})
    return out


# A returned bid goes back by the ruling of its reason (every bid is served in order, HD-7).
_RETURNED: dict[str, tuple[str, ...]] = {"table full": ("HD-7", "HD-10"), "not announced": ("HD-7", "HD-12"),
                                         "no room": ("HD-7", "HD-8")}


def winners(money: Mapping[str, int], players: Sequence[str]) -> list[str]:
    """HD-15: the most dollars wins; equal dollars share the win (seat order)."""
    best = max(money.values())
    return [p for p in players if money[p] == best]


def over(state: State) -> bool:
    return state.over


def replay(record: HotDogRecord) -> tuple[list[RoundResult], State]:
    """Every round's facts and the state after the last recorded round."""
    return replay_rounds(start(record), record["rounds"], play_round)


def result(rounds: list[RoundResult], state: State) -> HotDogResult:
    """The game's result from a replay (``replay``'s rounds and final state): the
    contract's output."""
    money = dict(state.money)
    return {"game": "hotdog", "rounds": rounds, "game_over": state.over, "money": money,
            "winners": winners(money, state.players) if state.over else [],
            "rounds_played": state.rounds_played, "mustard": state.mustard}


def referee(record: HotDogRecord) -> HotDogResult:
    """The result of a Hot Dog record (read with its shape: the contract's output)."""
    return result(*replay(record))


def final_scores(result: HotDogResult) -> dict[str, int]:
    """A finished game's dollars per player: what a three-game match adds up (HD-15)."""
    return dict(result["money"])


def next_game_mustard(players: Sequence[str], previous_start: str) -> str:
    """HD-17 (house rule): games 2 and 3 of a match start with the mustard card one
    seat clockwise from where it started the game before."""
    return left_of(players, previous_start)


def cash_cards(amount: int) -> dict[int, int]:
    """HD-16: money as cards: tens first, then at most one $5 and at most four $1
    (within the cash-box limit of five $1 and two $5 cards)."""
    if amount < 0:
        raise ValueError("money is never negative")
    tens, rest = divmod(amount, 10)
    fives, ones = divmod(rest, 5)
    return {10: tens, 5: fives, 1: ones}
