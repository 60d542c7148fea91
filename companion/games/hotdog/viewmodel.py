"""Hot Dog at the table, as plain data: what the screens show and the record
operations they send. No flet here — tested without a browser.

The game record is the truth: a game is its setup plus the rounds as entered.
Submitting a round appends one, undo drops the last, editing a past round
replaces it; every screen shows the pure replay of the record (rules.replay).
Nothing here decides a rule: refusals come from ``rules.check_round`` and the
core's ``check_names``, and carry their ruling id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core import edits
from companion.core.edits import Change, clean, say, say_where  # noqa: F401 (the screens' API)
from companion.core.errors import RuleError
from companion.core.match import GAMES_PER_MATCH, MatchRecord, MatchResult, tally
from companion.core.names import check_names, normal
from companion.games.hotdog import rules
from companion.games.hotdog.models import HotDogRecord, Round, RoundResult

MAX_HOTDOGS = 30   # a stepper's top: no bid needs more (the largest table is 9)
MAX_DOLLARS = 30




# ---------------------------------------------------------------- setup




def name_errors(names: Sequence[str]) -> list[str | None]:
    """For each name field, why HD-1 refuses it (or None), as the player types."""
    return edits.name_errors(names, "HD-1")


def setup_error(names: Sequence[str], mustard: str | None = None) -> str | None:
    """Why the match cannot start yet (HD-1, HD-4), or None."""
    names = clean(names)
    try:
        check_names(names, rules.MIN_PLAYERS, rules.MAX_PLAYERS, "HD-1")
        rules.start(HotDogRecord(players=names, mustard=mustard))
    except RuleError as err:
        return say(err)
    return None


def new_record(players: Sequence[str], mustard: str | None) -> dict[str, Any]:
    """A game record before round 1 (the contract's input record)."""
    players = clean(players)
    record: dict[str, Any] = {"game": "hotdog", "players": players}
    record["mustard"] = normal(mustard) if mustard is not None else players[0]
    record["rounds"] = []
    return record


# ---------------------------------------------------------------- bids


@dataclass(frozen=True)
class Draft:
    """One player's bid as being entered (kept as entered, even when refused)."""

    table: int
    hotdogs: int = 1
    dollars: int = 0
    last: bool = False
    announced: bool = True
    hidden: bool = False

    def bid(self, player: str) -> dict[str, Any]:
        out: dict[str, Any] = {"player": player, "table": self.table, "hotdogs": self.hotdogs}
        if self.dollars:
            out["dollars"] = self.dollars
        if self.last:
            out["last"] = True
            out["announced"] = self.announced
        return out

    def step(self, what: str, by: int) -> Draft:
        """A stepper press: hot dogs stay 1…MAX_HOTDOGS, dollars 0…MAX_DOLLARS."""
        if what == "hotdogs":
            return replace(self, hotdogs=min(MAX_HOTDOGS, max(1, self.hotdogs + by)))
        if what == "dollars":
            return replace(self, dollars=min(MAX_DOLLARS, max(0, self.dollars + by)))
        raise ValueError(what)

    @classmethod
    def of(cls, bid: Mapping[str, Any]) -> Draft:
        return cls(table=bid["table"], hotdogs=bid["hotdogs"], dollars=bid.get("dollars", 0),
                   last=bid.get("last", False), announced=bid.get("announced", True))


def fresh_drafts(state: rules.State) -> dict[str, Draft]:
    return {p: Draft(table=state.tables[0]) for p in state.players}


def drafts_of(record: Mapping[str, Any], index: int) -> dict[str, Draft]:
    """The bids of round ``index`` (0-based) as drafts, to edit them."""
    return {b["player"]: Draft.of(b) for b in record["rounds"][index]["bids"]}


def round_of(players: Sequence[str], drafts: Mapping[str, Draft]) -> dict[str, Any]:
    return {"bids": [drafts[p].bid(p) for p in players if p in drafts]}


def bid_errors(state: rules.State, drafts: Mapping[str, Draft]) -> dict[str, str]:
    """What HD-6 refuses in each player's bid, said next to that player's fields.

    Each bid is checked by the rules on its own: the round is completed with a
    plain one-hot-dog bid for everyone else, so one player's refusal never hides
    another's."""
    out: dict[str, str] = {}
    for p, draft in drafts.items():
        bids = [draft.bid(p) if q == p else {"player": q, "table": state.tables[0], "hotdogs": 1}
                for q in state.players]
        err = rules.check_round(state, Round.model_validate({"bids": bids}))
        if err is not None and err.player == p:
            out[p] = say(err)
    return out


# ---------------------------------------------------------------- the game


def parse(record: Mapping[str, Any]) -> HotDogRecord:
    return HotDogRecord.model_validate(dict(record))


def replay(record: Mapping[str, Any]) -> tuple[list[RoundResult], rules.State]:
    return rules.replay(parse(record))




def submit(record: Mapping[str, Any], drafts: Mapping[str, Draft]) -> Change:
    """Append the next round, if the rules take it; else say why and change nothing."""
    _, state = replay(record)
    rnd = round_of(state.players, drafts)
    err = rules.check_round(state, Round.model_validate(rnd))
    if err is not None:
        return Change(dict(record), say_where(err))
    return Change({**record, "rounds": [*record["rounds"], rnd]})


def undo(record: Mapping[str, Any]) -> Change:
    """Drop the last round."""
    return edits.drop_last_round(record)


def place(record: Mapping[str, Any]) -> edits.Place:
    """How far the game is, in the words the table uses ('round 4')."""
    return edits.round_place(record, replay(record)[1].over)


def edit(record: Mapping[str, Any], index: int, drafts: Mapping[str, Draft]) -> Change:
    """Replace round ``index`` (0-based) and replay the game from there.

    Refused, with the record unchanged, if the new bids break a rule or a later
    round no longer holds after the change (e.g. a bid now exceeds the money)."""
    players = record["players"]
    rounds = list(record["rounds"])
    if not 0 <= index < len(rounds):
        return Change(dict(record), f"There is no round {index + 1} to change.")
    rounds[index] = round_of(players, drafts)
    changed = {**record, "rounds": rounds}
    try:
        replay(changed)
    except RuleError as err:
        if err.round is not None and err.round > index + 1:
            return Change(dict(record), f"Round {index + 1} cannot be changed so: {say_where(err)}")
        return Change(dict(record), say_where(err))
    return Change(changed)




# ---------------------------------------------------------------- what a round shows


@dataclass(frozen=True)
class TableView:
    table: int
    lying: list[tuple[str, int]]   # (player, hot dogs) in seat order
    free: int

    @property
    def text(self) -> str:
        who = ", ".join(f"{p} {n}" for p, n in self.lying) or "empty"
        return f"{self.table} table: {who}; {self.free} free"


@dataclass(frozen=True)
class MoneyView:
    player: str
    dollars: int
    cards: dict[int, int]   # HD-16

    @property
    def cards_text(self) -> str:
        parts = [f"{n}×${v}" for v, n in sorted(self.cards.items(), reverse=True) if n]
        return " + ".join(parts) if parts else "no cards"


def tables_view(players: Sequence[str], tables: Mapping[str, Mapping[str, int]]) -> list[TableView]:
    out = []
    for key in sorted(tables, key=int):
        per = tables[key]
        lying = [(p, per[p]) for p in players if per.get(p)]
        out.append(TableView(int(key), lying, int(key) - sum(per.values())))
    return out


def money_view(players: Sequence[str], money: Mapping[str, int]) -> list[MoneyView]:
    return [MoneyView(p, money[p], rules.cash_cards(money[p])) for p in players]


@dataclass(frozen=True)
class RoundView:
    number: int
    mustard: str
    steps: list[tuple[str, str, list[str], bool]]   # (headline, explanation, rulings, sold)
    payouts: list[str]
    tables: list[TableView]
    money: list[MoneyView]
    next_mustard: str | None
    notes: list[str]
    finished: list[str]


def round_view(players: Sequence[str], result: RoundResult) -> RoundView:
    steps = []
    for s in result.steps:
        head = f"{s.table} table: {s.player} {s.hotdogs}−${s.dollars} = ${s.price}: " + (
            "sold" if s.outcome == "sold" else f"returned ({s.reason})")
        steps.append((head, s.explanation, list(s.rulings), s.outcome == "sold"))
    payouts = [f"{p.player} +${p.dollars} ({p.table} table, HD-10)" for p in result.payouts]
    return RoundView(
        number=result.round, mustard=result.mustard, steps=steps, payouts=payouts,
        tables=tables_view(players, result.tables), money=money_view(players, result.money),
        next_mustard=result.next_mustard, notes=list(result.notes), finished=list(result.finished),
    )


@dataclass(frozen=True)
class GameView:
    """A game as the table screen shows it: the replay of its record."""

    record: dict[str, Any]
    results: list[RoundResult]
    state: rules.State
    explanation: str
    winners: list[str]

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def players(self) -> tuple[str, ...]:
        return self.state.players

    def standings(self) -> list[tuple[int, str, int]]:
        """(place, player, dollars), most dollars first; equal dollars share a place."""
        order = sorted(self.players, key=lambda p: (-self.state.money[p], self.players.index(p)))
        out, place = [], 0
        for i, p in enumerate(order):
            if i == 0 or self.state.money[p] != self.state.money[order[i - 1]]:
                place = i + 1
            out.append((place, p, self.state.money[p]))
        return out

    def tables(self) -> list[TableView]:
        return tables_view(self.players, {str(t): per for t, per in self.state.lying.items()})

    def money(self) -> list[MoneyView]:
        return money_view(self.players, self.state.money)


def game_view(record: Mapping[str, Any]) -> GameView:
    rec = parse(record)
    result = rules.referee(rec)
    _, state = rules.replay(rec)
    return GameView(dict(record), list(result.rounds), state, result.explanation, list(result.winners))


# ---------------------------------------------------------------- the match


def match_record(players: Sequence[str], records: Sequence[Mapping[str, Any]]) -> MatchRecord:
    return MatchRecord(game="hotdog", players=list(players), games=[dict(r) for r in records])


def match_tally(players: Sequence[str], records: Sequence[Mapping[str, Any]]) -> MatchResult:
    return tally(match_record(players, records))


def running_totals(players: Sequence[str], records: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Finished games' dollars added up (HD-15), plus the game in play's dollars so far."""
    result = match_tally(players, records)
    totals = dict(result.totals)
    if records and not result.games[-1].over:
        for p, v in result.games[-1].scores.items():
            totals[p] += v
    return totals


def next_game_mustard(record: Mapping[str, Any]) -> str:
    """HD-17 (house rule): the next game's mustard starts one seat clockwise from this game's start."""
    players = record["players"]
    return rules.next_game_mustard(players, record.get("mustard") or players[0])


def can_start_next_game(records: Sequence[Mapping[str, Any]]) -> bool:
    return 0 < len(records) < GAMES_PER_MATCH and game_view(records[-1]).over


@dataclass
class MatchProgress:
    """Where a match stands, in one line for the history list."""

    games: int
    over: bool
    line: str = field(default="")


def progress(players: Sequence[str], records: Sequence[Mapping[str, Any]]) -> MatchProgress:
    result = match_tally(players, records)
    if result.complete:
        return MatchProgress(len(records), True, result.explanation)
    current = result.games[-1] if result.games else None
    rounds = len(records[-1]["rounds"]) if records else 0
    if current is not None and current.over:
        line = f"game {len(records)} of {GAMES_PER_MATCH} over; next game not started"
    else:
        line = f"game {len(records)} of {GAMES_PER_MATCH}, {rounds} round{'s' if rounds != 1 else ''} played"
    return MatchProgress(len(records), False, line)


# ---------------------------------------------------------------- the rules, in plain words

RULES: list[tuple[str, str, bool]] = [
    ("HD-1", "2 to 5 players sit clockwise in the order entered. Names are trimmed, "
             "not empty, different from each other (capital letters do not count) and at most "
             "24 characters long.", False),
    ("HD-2", "The neutral tables are 5 and 7 with 2 or 3 players; 5, 7 and 9 with 4 or 5 "
             "players. Every player may bid at any of them.", False),
    ("HD-3", "Everyone starts each game with $3. The bank never runs out.", False),
    ("HD-4", "The mustard card starts with the player chosen at setup (the youngest); "
             "if nobody is chosen, the first seat.", False),
    ("HD-5", "Only the total number of hot dogs in a bid counts, however many cards it takes.", False),
    ("HD-6", "Every player bids every round: one table, at least 1 hot dog, $0 or more. "
             "A bid is refused if it puts down more dollars than hot dogs (the price would "
             "fall below zero) or more dollars than the player has.", False),
    ("HD-7", "Tables are served 5, then 7, then 9. At a table the lowest price goes first "
             "(price = hot dogs minus dollars); equal prices go clockwise from the mustard holder.", False),
    ("HD-8", "Hot dogs stay at a table until it is full. A bid is placed whole if it fits "
             "into the free places, or goes back whole (hot dogs and dollars). A smaller bid "
             "later may still fit.", False),
    ("HD-9", "A placed bid pays its dollars to the bank; a returned bid pays nothing.", False),
    ("HD-10", "A table is full when its hot dogs equal its number. Then every player gets "
              "$1 for each of their hot dogs there, and the table is cleared. Later bids at "
              "it this round go back (table full).", False),
    ("HD-11", "Only a full table pays (the rulebook example that pays at a table that is "
              "not full is a misprint).", False),
    ("HD-12", "Whoever puts down their last hot dogs must say \"last hot dog\". Without "
              "the announcement those hot dogs go back.", False),
    ("HD-13", "The game ends after a round in which someone placed their last hot dogs "
              "(announced). Tables that filled that round still pay; the others pay nothing.", False),
    ("HD-14", "After each round the mustard card passes to the left, the next seat clockwise.", False),
    ("HD-15", "Most dollars wins; equal dollars share the win. A match is three games: the "
              "dollars of the games are added up, and the highest total wins the match.", False),
    ("HD-16", "Money is an amount. Shown as cards: tens first, then at most one $5 and at "
              "most four $1 cards (the cash box allows five $1 and two $5 cards per hand).", False),
    ("HD-17", "House rule (the rulebook only says who starts game 1): in games 2 and 3 the "
              "mustard card starts one seat clockwise from where it started the game before. "
              "You can change it when each game starts.", True),
]
