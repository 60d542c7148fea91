"""What Hot Dog's screens draw, as typed values: a game (the one replay of its record),
a round (the table screen's reveal and a past round, and the phones' resolution, all
draw it from :func:`round_lines`), the match so far. No flet here — tested without a
browser.

Every screen shows the pure replay of the record (``rules.replay``), done once per
record: :func:`game_view` keeps the results, the state after the last round and the
referee's words together.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

from companion.core import edits, i18n
from companion.core.grid import GridRow as GridLine
from companion.core.match import GAMES_PER_MATCH, MatchRecord, MatchResult, tally
from companion.core.replays import remembered
from companion.games.hotdog import rules
from companion.games.hotdog.i18n import N_, _, ngettext
from companion.games.hotdog.models import START_MONEY, HotDogRecord, RoundResult

# ---------------------------------------------------------------- the record, replayed


def parse(record: Mapping[str, Any]) -> HotDogRecord:
    return HotDogRecord.model_validate(dict(record))


def _replay(record: Mapping[str, Any]) -> tuple[list[RoundResult], rules.State]:
    return rules.replay(parse(record))


_REPLAYS: dict[str, Callable[[Mapping[str, Any]], tuple[list[RoundResult], rules.State]]] = {}


def replay(record: Mapping[str, Any]) -> tuple[list[RoundResult], rules.State]:
    """Every round's result and the state after the last one; raises RuleError if refused.
    Remembered per record (``core.replays``): a hosted round asks it of one record often.
    The results' explanations are in the language in effect, so each language remembers
    its own."""
    code = i18n.language()
    remembering = _REPLAYS.get(code)
    if remembering is None:
        remembering = _REPLAYS.setdefault(code, remembered(_replay))
    return remembering(record)


def place(record: Mapping[str, Any]) -> edits.Place:
    """How far the game is, in the words the table uses ('round 4')."""
    return edits.round_place(record, replay(record)[1].over)


def over(record: Mapping[str, Any]) -> bool:
    return replay(record)[1].over


# ---------------------------------------------------------------- tables and money


@dataclass(frozen=True)
class TableView:
    table: int
    lying: list[tuple[str, int]]   # (player, hot dogs) in seat order
    free: int

    @property
    def text(self) -> str:
        if not self.lying:
            return _("{table} table: empty; {free} free").format(table=self.table, free=self.free)
        who = ", ".join(f"{p} {n}" for p, n in self.lying)
        return _("{table} table: {who}; {free} free").format(table=self.table, who=who, free=self.free)


@dataclass(frozen=True)
class MoneyView:
    player: str
    dollars: int
    cards: dict[int, int]   # HD-16

    @property
    def cards_text(self) -> str:
        parts = [f"{n}×{dollars(v)}" for v, n in sorted(self.cards.items(), reverse=True) if n]
        return " + ".join(parts) if parts else _("no cards")


def tables_view(players: Sequence[str], tables: Mapping[str, Mapping[str, int]]) -> list[TableView]:
    out = []
    for key in sorted(tables, key=int):
        per = tables[key]
        lying = [(p, per[p]) for p in players if per.get(p)]
        out.append(TableView(int(key), lying, int(key) - sum(per.values())))
    return out


def money_view(players: Sequence[str], money: Mapping[str, int]) -> list[MoneyView]:
    return [MoneyView(p, money[p], rules.cash_cards(money[p])) for p in players]


hot_dogs = rules.hot_dogs
dollars = rules.dollars


def money_text(money: Mapping[str, int], players: Sequence[str]) -> str:
    """'Anna $3 · Bernd $4'."""
    return " · ".join(f"{p} {dollars(money[p])}" for p in players)


# ---------------------------------------------------------------- a round


Step = tuple[str, str, list[str], bool]   # (headline, explanation, rulings, sold)


@dataclass(frozen=True)
class RoundView:
    number: int
    mustard: str
    steps: list[Step]
    payouts: list[str]
    tables: list[TableView]
    money: list[MoneyView]
    next_mustard: str | None
    notes: list[str]
    finished: list[str]

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> RoundView:
        """A round view back from its plain data (:func:`resolution`, as a phone gets it)."""
        return cls(
            number=data["number"], mustard=data["mustard"],
            steps=[(head, why, list(rulings), bool(sold)) for head, why, rulings, sold in data["steps"]],
            payouts=list(data["payouts"]),
            tables=[TableView(t["table"], [(p, n) for p, n in t["lying"]], t["free"]) for t in data["tables"]],
            money=[MoneyView(m["player"], m["dollars"], {int(k): v for k, v in m["cards"].items()})
                   for m in data["money"]],
            next_mustard=data.get("next_mustard"), notes=list(data["notes"]), finished=list(data["finished"]),
        )


REASONS = {"table full": N_("table full"), "not announced": N_("not announced"), "no room": N_("no room")}


def reason_text(reason: str | None) -> str:
    """A returned bid's reason (the referee's word, kept as data) as a player reads it."""
    return _(REASONS[reason]) if reason in REASONS else (reason or "")


def round_view(players: Sequence[str], result: RoundResult) -> RoundView:
    steps: list[Step] = []
    for s in result.steps:
        said = {"table": s.table, "player": s.player, "hotdogs": s.hotdogs, "dollars": dollars(s.dollars),
                "price": dollars(s.price)}
        if s.outcome == "sold":
            head = _("{table} table: {player} {hotdogs}−{dollars} = {price}: sold").format(**said)
        else:
            head = _("{table} table: {player} {hotdogs}−{dollars} = {price}: returned ({reason})").format(
                reason=reason_text(s.reason), **said)
        steps.append((head, s.explanation, list(s.rulings), s.outcome == "sold"))
    payouts = [_("{player} +{money} ({table} table, HD-10)").format(player=p.player, money=dollars(p.dollars),
                                                                      table=p.table) for p in result.payouts]
    # The referee's notes also say where the mustard card passes (HD-14); a drawn round
    # says it once, as its last line (``next_mustard``), so that note is left out here.
    notes = [n for n in result.notes if "(HD-14)" not in n]
    return RoundView(
        number=result.round, mustard=result.mustard, steps=steps, payouts=payouts,
        tables=tables_view(players, result.tables), money=money_view(players, result.money),
        next_mustard=result.next_mustard, notes=notes, finished=list(result.finished),
    )


@dataclass(frozen=True)
class Line:
    """One line of a drawn round: plain text, a bold heading, or a served step (numbered)."""

    text: str
    kind: Literal["text", "bold", "step"] = "text"
    why: str = ""
    rulings: tuple[str, ...] = ()
    number: int = 0


def round_lines(rv: RoundView, shown: int | None = None) -> list[Line]:
    """A round as every screen draws it: how it is served, its first ``shown`` steps
    (all when None) and, once every step is shown, the payouts, the tables, the money
    and the next mustard holder."""
    total = len(rv.steps)
    shown = total if shown is None else shown
    out = [Line(_("Mustard card: {player}. Served table by table, 5 then 7 then 9; lowest price first, "
                  "equal prices clockwise from the mustard holder (HD-7).").format(player=rv.mustard))]
    out += [Line(head, "step", why, tuple(rulings), i)
            for i, (head, why, rulings, _sold) in enumerate(rv.steps[:shown], 1)]
    if shown < total:
        return out
    out.append(Line(_("Payouts"), "bold"))
    out += [Line(p) for p in rv.payouts] or [Line(_("No table filled: nobody is paid (HD-10, HD-11)."))]
    out += [Line(n) for n in rv.notes]
    out.append(Line(_("Tables now"), "bold"))
    out += [Line(tv.text) for tv in rv.tables]
    out.append(Line(_("Money (as cash cards, HD-16)"), "bold"))
    out += [Line(f"{mv.player}: {dollars(mv.dollars)} = {mv.cards_text}") for mv in rv.money]
    if rv.next_mustard:
        out.append(Line(_("Next mustard card: {player} (HD-14)").format(player=rv.next_mustard)))
    return out


def history_lines(rv: RoundView) -> list[Line]:
    """A round in a match's history: its steps in one line each, and who was paid."""
    out = [Line(_("Round {n} (mustard card: {player})").format(n=rv.number, player=rv.mustard), "bold")]
    out += [Line(f"{i}. {s[0]}") for i, s in enumerate(rv.steps, 1)]
    if rv.payouts:
        out.append(Line(_("Payouts: {payouts}").format(payouts="; ".join(rv.payouts))))
    return out


def bid_text(bid: Mapping[str, Any]) -> str:
    """A seat's own bid in words: '5 table, 2 hot dogs, $1, last hot dog (announced)'."""
    said = {"table": bid["table"], "hotdogs": hot_dogs(bid["hotdogs"]), "money": dollars(bid.get("dollars", 0))}
    if not bid.get("last"):
        return _("{table} table, {hotdogs}, {money}").format(**said)
    if bid.get("announced", True):
        return _("{table} table, {hotdogs}, {money}, last hot dog (announced)").format(**said)
    return _("{table} table, {hotdogs}, {money}, last hot dog (not announced)").format(**said)


def entered_text(bid: Mapping[str, Any]) -> str:
    """A recorded bid as a past round lists it: 'Anna: 5 table, 2 hot dogs, $0'."""
    said = {"player": bid["player"], "table": bid["table"], "hotdogs": hot_dogs(bid["hotdogs"]),
            "money": dollars(bid.get("dollars", 0))}
    if not bid.get("last"):
        return _("{player}: {table} table, {hotdogs}, {money}").format(**said)
    if bid.get("announced", True):
        return _("{player}: {table} table, {hotdogs}, {money}, last hot dog").format(**said)
    return _("{player}: {table} table, {hotdogs}, {money}, last hot dog (not announced)").format(**said)


def round_summary(result: RoundResult) -> str:
    """A played round in the table's list: 'Anna sold, Bernd back'."""
    return ", ".join((_("{player} sold") if s.outcome == "sold" else _("{player} back")).format(player=s.player)
                     for s in result.steps)


# ---------------------------------------------------------------- a game


@dataclass(frozen=True)
class GameView:
    """A game as the table screen shows it: the one replay of its record."""

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

    def round(self, index: int) -> RoundView:
        return round_view(self.players, self.results[index])

    def before(self, index: int) -> rules.State:
        """The state before round ``index`` (0-based), to check a change to it: the
        record up to that round, replayed."""
        return replay({**self.record, "rounds": self.record["rounds"][:index]})[1]


def game_view(record: Mapping[str, Any]) -> GameView:
    results, state = replay(record)
    result = rules.result_of(results, state)
    return GameView(dict(record), results, state, result.explanation, list(result.winners))


def resolution(record: Mapping[str, Any]) -> dict[str, Any] | None:
    """The last round as the phones draw it (plain data: :meth:`RoundView.of` reads it
    back), and whether the game is over; None before round 1."""
    results, state = replay(record)
    if not results:
        return None
    view = asdict(round_view(state.players, results[-1]))
    view["game_over"] = state.over
    return view


# ---------------------------------------------------------------- the match


def match_tally(players: Sequence[str], records: Sequence[Mapping[str, Any]]) -> MatchResult:
    return tally(MatchRecord(game="hotdog", players=list(players), games=[dict(r) for r in records]))


def match_line(players: Sequence[str], finished: MatchResult, number: int) -> str | None:
    """The match so far as game ``number``'s table shows it (HD-15): the finished
    games' totals, said as such; the game in play is added when it ends (its money is
    the table's own line). None in game 1."""
    if number <= 1:
        return None
    money = money_text(finished.totals, players)
    if number == 2:
        return _("Match after game 1 (HD-15): {money}; game {n}'s money is added when it ends").format(
            money=money, n=number)
    return _("Match after games 1–{last} (HD-15): {money}; game {n}'s money is added when it ends").format(
        last=number - 1, money=money, n=number)


def signed(n: int) -> str:
    """A change of money: '+2', '−1' ('' for none)."""
    return "" if n == 0 else (f"+{n}" if n > 0 else f"−{-n}")


def money_grid(gv: GameView) -> list[GridLine]:
    """The game's money as a score grid reads it, a column per player: the money now
    first, then each round played, its money after it and its change ('$5 +2')."""
    players = gv.players
    out: list[GridLine] = [GridLine(_("Now"), [dollars(gv.state.money[p]) for p in players], True)]
    before = {p: START_MONEY for p in players}
    for r in gv.results:
        cells = [f"{dollars(r.money[p])} {signed(r.money[p] - before[p])}".strip() for p in players]
        out.append(GridLine(_("Round {n}").format(n=r.round), cells))
        before = dict(r.money)
    return out


def match_grid(players: Sequence[str], result: MatchResult) -> list[GridLine]:
    """The match as a score grid reads it (HD-15): the totals first, then each game's dollars."""
    out: list[GridLine] = [GridLine(_("Total"), [dollars(result.totals[p]) for p in players], True)]
    out += [GridLine(_("Game {n}").format(n=g.number), [dollars(g.scores[p]) for p in players])
            for g in result.games]
    return out


def can_start_next_game(result: MatchResult) -> bool:
    """The match's last game is over and it has fewer than three."""
    return 0 < len(result.games) < GAMES_PER_MATCH and result.games[-1].over


def next_game_mustard(record: Mapping[str, Any]) -> str:
    """HD-17 (house rule): the next game's mustard starts one seat clockwise from this game's start."""
    players = record["players"]
    return rules.next_game_mustard(players, record.get("mustard") or players[0])


def progress(players: Sequence[str], records: Sequence[Mapping[str, Any]]) -> tuple[str, bool]:
    """Where a match stands, in one line for the history list, and whether it is over."""
    result = match_tally(players, records)
    if result.complete:
        return result.explanation, True
    current = result.games[-1] if result.games else None
    rounds = len(records[-1]["rounds"]) if records else 0
    if current is not None and current.over:
        return _("game {n} of {of} over; next game not started").format(n=len(records), of=GAMES_PER_MATCH), False
    return ngettext("game {n} of {of}, {rounds} round played", "game {n} of {of}, {rounds} rounds played",
                    rounds).format(n=len(records), of=GAMES_PER_MATCH, rounds=rounds), False
