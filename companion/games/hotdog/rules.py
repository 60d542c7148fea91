"""Hot Dog, refereed: a pure replay of the record, round by round (HD-1…HD-16).

``start`` checks the setup and gives the state before round 1; ``play_round``
resolves one round and gives its result and the next state; ``referee`` replays a
whole record. Nothing is changed in place: a rejected round raises ``RuleError``
(``check_round`` returns it as a value) and the state stays as it was.

No flet, no reportlab here (a test checks it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from companion.core import i18n, words
from companion.core.errors import RuleError, Where, error_of
from companion.core.names import Roster, check_names
from companion.core.seating import left_of, seat_rank
from companion.games.hotdog.i18n import N_, _, ngettext
from companion.games.hotdog.models import (
    START_MONEY,
    Bid,
    HotDogRecord,
    HotDogResult,
    Round,
    RoundResult,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 5  # HD-1


def hot_dogs(n: int) -> str:
    """'1 hot dog', '2 hot dogs': every Hot Dog text counts hot dogs with this."""
    return ngettext("{n} hot dog", "{n} hot dogs", n).format(n=i18n.number(n))


def places(n: int) -> str:
    """'1 place', '2 places' (free places at a table)."""
    return ngettext("{n} place", "{n} places", n).format(n=i18n.number(n))


def dollars(n: int) -> str:
    """'$1', '$0': every Hot Dog text writes money with this (``i18n.money``)."""
    return i18n.money(n)


def tables_text(tables: Sequence[int]) -> str:
    """'5 and 7', '5, 7 and 9'."""
    return words.names([str(t) for t in tables])


def neutral_tables(player_count: int) -> tuple[int, ...]:
    """HD-2: 5 and 7 for 2–3 players; 5, 7 and 9 for 4–5 players."""
    return (5, 7) if player_count <= 3 else (5, 7, 9)


@dataclass(frozen=True)
class State:
    """The game between rounds. ``lying`` holds each table's hot dogs per player."""

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


def start(record: HotDogRecord) -> State:
    """The state before round 1, after checking the setup (HD-1…HD-4, HD-8, HD-10)."""
    check_names(record.players, MIN_PLAYERS, MAX_PLAYERS, "HD-1")
    players = tuple(record.players)
    roster = Roster(players)
    tables = neutral_tables(len(players))
    mustard = players[0]
    if record.mustard is not None:
        mustard = roster.resolve(record.mustard, "HD-4", "the mustard holder")
    money = {p: START_MONEY for p in players}
    named: set[str] = set()
    for name, amount in record.money.items():
        p = roster.resolve(name, "HD-3", "money for")
        if p in named:
            raise RuleError("HD-3", _("money is given twice"), player=p)
        named.add(p)
        money[p] = amount
    lying: dict[int, dict[str, int]] = {t: {} for t in tables}
    seen_tables: set[int] = set()
    for key, per_player in record.tables.items():
        table = _table_key(key, tables)
        if table in seen_tables:
            raise RuleError("HD-8", _("the {table} table is given twice").format(table=table))
        seen_tables.add(table)
        for name, n in per_player.items():
            p = roster.resolve(name, "HD-8", f"hot dogs at the {table} table for")
            if p in lying[table]:
                raise RuleError("HD-8", _("hot dogs at the {table} table are given twice").format(table=table),
                                player=p)
            lying[table][p] = n
        if sum(lying[table].values()) >= table:
            raise RuleError(
                "HD-10",
                _("the {table} table cannot start with {n} hot dogs: a table holds fewer than "
                  "{table} (a full one is paid and cleared)").format(table=table, n=sum(lying[table].values())),
            )
    return State(players, tables, _seated(lying, players), money, mustard)


def _table_key(key: str, tables: Sequence[int]) -> int:
    if key.strip() in {str(t) for t in tables}:
        return int(key)
    raise RuleError("HD-2", _("there is no neutral table '{key}' with these players (tables: {tables})").format(
        key=key, tables=tables_text(tables)))


def _seated(lying: Mapping[int, Mapping[str, int]], players: Sequence[str]) -> dict[int, dict[str, int]]:
    """Each table's hot dogs per player in seat order, players with none left out."""
    return {t: {p: per[p] for p in players if per.get(p)} for t, per in lying.items()}


def _validate(state: State, rnd: Round) -> list[Bid]:
    """HD-6 and HD-13: the bids of the next round, one per player, each legal."""
    r = state.next_round
    if state.over:
        raise RuleError("HD-13", _("the game ended after round {n}").format(n=state.rounds_played), round=r)
    roster = Roster(state.players)
    bids: dict[str, Bid] = {}
    for bid in rnd.bids:
        p = roster.resolve(bid.player, "HD-6", "", round=r)
        where: Where = {"round": r, "player": p}
        if p in bids:
            raise RuleError("HD-6", _("bids twice in one round"), **where)
        if bid.table not in state.tables:
            raise RuleError(
                "HD-6", _("there is no {table} table with {n} players (tables: {tables}; HD-2)").format(
                    table=bid.table, n=len(state.players), tables=tables_text(state.tables)), **where,
            )
        if bid.dollars > bid.hotdogs:
            raise RuleError(
                "HD-6", _("dollars ({dollars}) exceed hot dogs ({hotdogs}): the price may not fall below zero"
                          ).format(dollars=bid.dollars, hotdogs=bid.hotdogs), **where,
            )
        if bid.dollars > state.money[p]:
            raise RuleError(
                "HD-6", _("dollars ({dollars}) exceed the player's money ({money})").format(
                    dollars=bid.dollars, money=dollars(state.money[p])), **where,
            )
        bids[p] = bid.model_copy(update={"player": p}) if bid.player != p else bid
    for p in state.players:
        if p not in bids:
            raise RuleError("HD-6", _("has no bid: every player bids every round"), round=r, player=p)
    return [bids[p] for p in state.players]


def check_round(state: State, rnd: Round) -> RuleError | None:
    """The error that rejects this round, or None: for the app, as a value."""
    return error_of(_validate, state, rnd)


def serving_order(state: State, bids: Sequence[Bid]) -> list[Bid]:
    """HD-7: tables ascending; at a table, price ascending; equal prices clockwise
    from the mustard holder."""
    rank = seat_rank(state.players, state.mustard)
    return sorted(bids, key=lambda b: (b.table, b.hotdogs - b.dollars, rank[b.player]))


def play_round(state: State, rnd: Round) -> tuple[RoundResult, State]:
    """Resolve the next round (HD-6…HD-14): its result and the state after it."""
    bids = _validate(state, rnd)
    r = state.next_round
    order = serving_order(state, bids)
    lying = {t: dict(per) for t, per in state.lying.items()}
    money = dict(state.money)
    full_now: set[int] = set()
    steps: list[dict] = []
    payouts: list[dict] = []
    finished: set[str] = set()
    notes: list[str] = []

    groups: dict[int, list[Bid]] = {}
    for bid in order:
        groups.setdefault(bid.table, []).append(bid)
    for t, at_table in groups.items():
        for pos, bid in enumerate(at_table):
            steps.append(_serve(state, bid, pos, at_table, lying, money, full_now, payouts, finished))

    for t in sorted(full_now):
        paid = [f"{x['player']} {dollars(x['dollars'])}" for x in payouts if x["table"] == t]
        notes.append(_("The {table} table is full: it pays {paid} and is cleared (HD-10).").format(
            table=t, paid=", ".join(paid)))
    done = [p for p in state.players if p in finished]
    over = bool(done)
    if over:
        notes.append(_("Game over: {players} placed the last hot dogs; only full tables paid (HD-13).").format(
            players=words.names(done)))
    next_mustard = None if over else left_of(state.players, state.mustard)
    if next_mustard:
        notes.append(_("The mustard card passes to {player} (HD-14).").format(player=next_mustard))
    lying = _seated(lying, state.players)
    money = {p: money[p] for p in state.players}
    # built as plain data, validated once (pydantic-core does the nested work fast)
    result = RoundResult.model_validate({
        "round": r,
        "mustard": state.mustard,
        "steps": steps,
        "payouts": payouts,
        "tables": {str(t): dict(per) for t, per in lying.items()},
        "money": money,
        "finished": done,
        "next_mustard": next_mustard,
        "notes": notes,
    })
    after = replace(
        state,
        lying=lying,
        money=money,
        mustard=next_mustard or state.mustard,
        rounds_played=r,
        over=over,
    )
    return result, after


def _serve(
    state: State,
    bid: Bid,
    pos: int,
    at_table: Sequence[Bid],
    lying: dict[int, dict[str, int]],
    money: dict[str, int],
    full_now: set[int],
    payouts: list[dict],
    finished: set[str],
) -> dict:
    """One bid at its table (HD-8…HD-13); updates this round's working copies."""
    t, p = bid.table, bid.player
    free = t - sum(lying[t].values())
    if t in full_now:
        reason, why, rulings = ("table full", _("the {table} table filled earlier this round (HD-10)").format(table=t),
                                ["HD-7", "HD-10"])
    elif bid.last and not bid.announced:
        reason, why, rulings = "not announced", _("last hot dogs not announced (HD-12)"), ["HD-7", "HD-12"]
    elif bid.hotdogs > free:
        room = _("no place left") if free == 0 else _("only {places} left").format(places=places(free))
        reason, why, rulings = "no room", _("{room} (HD-8)").format(room=room), ["HD-7", "HD-8"]
    else:
        reason = None
    if reason is not None:
        back = (_("{hotdogs} and {money}").format(hotdogs=hot_dogs(bid.hotdogs), money=dollars(bid.dollars))
                if bid.dollars else hot_dogs(bid.hotdogs))
        intro = _intro(state, bid, pos, at_table, sold=False)
        text = _("{intro} {player} takes back {back}: {why}.").format(intro=intro, player=p, back=back, why=why)
        return _step(bid, "returned", reason, text, rulings)

    money[p] -= bid.dollars
    lying[t][p] = lying[t].get(p, 0) + bid.hotdogs
    rulings = ["HD-7", "HD-8"]
    parts = [_("{hotdogs} placed").format(hotdogs=hot_dogs(bid.hotdogs))]
    if bid.dollars:
        parts.append(_(", {money} to the bank (HD-9)").format(money=dollars(bid.dollars)))
        rulings.append("HD-9")
    if bid.last:
        finished.add(p)
        parts.append(_("; last hot dogs, announced: the game ends after this round (HD-13)"))
        rulings.append("HD-13")
    if sum(lying[t].values()) == t:
        full_now.add(t)
        parts.append(_("; the {table} table is full (HD-10)").format(table=t))
        rulings.append("HD-10")
        payouts.extend(_pay(t, lying[t], money, state.players))
        lying[t] = {}
    text = _("{intro} {what}.").format(intro=_intro(state, bid, pos, at_table, sold=True), what="".join(parts))
    return _step(bid, "sold", None, text, rulings)


def _pay(table: int, lying: Mapping[str, int], money: dict[str, int], players: Sequence[str]) -> list[dict]:
    """HD-10: $1 per own hot dog lying at a full table, in seat order."""
    out = []
    for p in players:
        n = lying.get(p, 0)
        if n:
            money[p] += n
            out.append({
                "table": table, "player": p, "dollars": n, "hotdogs": n,
                "explanation": _("The {table} table is full: {player} gets {money} for {hotdogs} (HD-10).").format(
                    table=table, player=p, money=dollars(n), hotdogs=hot_dogs(n)),
            })
    return out


_ORDINALS = [N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth")]


def _intro(state: State, bid: Bid, pos: int, at_table: Sequence[Bid], *, sold: bool) -> str:
    """Why this bid comes where it does at its table (HD-7), in a player's words."""
    t, p = bid.table, bid.player
    price = bid.hotdogs - bid.dollars
    how = (_("{hotdogs} − {money}").format(hotdogs=hot_dogs(bid.hotdogs), money=dollars(bid.dollars))
           if bid.dollars else hot_dogs(bid.hotdogs))
    said = {"player": p, "nth": _(_ORDINALS[pos]), "table": t, "price": dollars(price), "how": how}
    if sold:
        # Translators: 'Anna sells first at the 5 table: price $2 (3 hot dogs − $1)'
        head = _("{player} sells {nth} at the {table} table: price {price} ({how})").format(**said)
    else:
        head = _("{player} comes {nth} at the {table} table: price {price} ({how})").format(**said)
    if len(at_table) == 1:
        return _("{head}, the only bid there (HD-7).").format(head=head)
    tied = [b.player for b in at_table if b.hotdogs - b.dollars == price]
    if len(tied) > 1:
        others = [x for x in tied if x != p]
        return _("{head}, tied with {others}: equal prices go clockwise from the mustard holder "
                 "{mustard} (HD-7).").format(head=head, others=words.names(others), mustard=state.mustard)
    if pos == 0:
        return _("{head}, the lowest (HD-7).").format(head=head)
    before = at_table[pos - 1]
    return _("{head}, above {player}'s {price} (HD-7).").format(
        head=head, player=before.player, price=dollars(before.hotdogs - before.dollars))


def _step(bid: Bid, outcome: str, reason: str | None, text: str, rulings: list[str]) -> dict:
    return {
        "table": bid.table, "player": bid.player, "hotdogs": bid.hotdogs, "dollars": bid.dollars,
        "price": bid.hotdogs - bid.dollars, "outcome": outcome, "reason": reason,
        "explanation": text, "rulings": rulings,
    }


def winners(money: Mapping[str, int], players: Sequence[str]) -> list[str]:
    """HD-15: the most dollars wins; equal dollars share the win (seat order)."""
    best = max(money.values())
    return [p for p in players if money[p] == best]


def replay(record: HotDogRecord) -> tuple[list[RoundResult], State]:
    """Every round's result and the state after the last recorded round."""
    state = start(record)
    results = []
    for rnd in record.rounds:
        result, state = play_round(state, rnd)
        results.append(result)
    return results, state


def referee(record: HotDogRecord) -> HotDogResult:
    """The result of a Hot Dog record (the contract's output)."""
    return result_of(*replay(record))


def result_of(results: list[RoundResult], state: State) -> HotDogResult:
    """The contract's output from a replay (``replay``'s results and final state): a
    screen that needs both replays the record once."""
    money = dict(state.money)
    won = winners(money, state.players) if state.over else []
    if won:
        best = dollars(money[won[0]])
        if len(won) == 1:
            text = _("Game over after round {n}: {player} wins with {money} (HD-15).").format(
                n=state.rounds_played, player=won[0], money=best)
        else:
            text = _("Game over after round {n}: {players} share the win with {money} each (HD-15).").format(
                n=state.rounds_played, players=words.names(won), money=best)
    else:
        text = ngettext("Game in progress after {n} round; {player} holds the mustard card.",
                        "Game in progress after {n} rounds; {player} holds the mustard card.",
                        state.rounds_played).format(n=state.rounds_played, player=state.mustard)
    return HotDogResult(rounds=results, game_over=state.over, money=money, winners=won, explanation=text)


def final_scores(result: HotDogResult) -> dict[str, int]:
    """A finished game's dollars per player: what a three-game match adds up (HD-15)."""
    return dict(result.money)


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
