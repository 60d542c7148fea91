"""What Hot Dog's screens draw, in the reader's language, from the rules' facts: a game
(the one replay of its record), a round (the table screen's reveal and a past round,
and the phones' resolution, all draw it from :func:`round_lines`), the tables and the
money. The referee's sentences themselves are :mod:`companion.games.hotdog.explain`'s,
the match so far :mod:`companion.games.hotdog.summaries`'. No flet here — tested
without a browser.

The record is replayed once (:func:`companion.core.registry.replay`, remembered per
record, facts only) and worded here when a screen draws it: nothing worded is kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from companion.core import i18n, registry
from companion.core.game import Played
from companion.games.hotdog import rules
from companion.games.hotdog.explain import dollars, game_text, hot_dogs, round_notes, worded_step
from companion.games.hotdog.i18n import N_, _
from companion.games.hotdog.models import RoundResult

# ---------------------------------------------------------------- the record, replayed


def replayed(record: Mapping[str, Any]) -> Played[rules.State, RoundResult]:
    """The record's one replay (raises RecordError, a RuleError with its ruling, if refused)."""
    return registry.replay("hotdog", record)


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


def served_order(tables: Sequence[int]) -> str:
    """'5 then 7', '5 then 7 then 9': the tables in play, in the order they are served
    (HD-7). Two or three players have no 9 table (HD-2), so their rounds never name one."""
    order = [i18n.number(t) for t in sorted(tables)]
    text = order[0] if order else ""
    for table in order[1:]:
        text = _("{before} then {table}").format(before=text, table=table)
    return text


def tables_view(players: Sequence[str], tables: Mapping[str, Mapping[str, int]]) -> list[TableView]:
    out = []
    for key in sorted(tables, key=int):
        per = tables[key]
        lying = [(p, per[p]) for p in players if per.get(p)]
        out.append(TableView(int(key), lying, int(key) - sum(per.values())))
    return out


def money_view(players: Sequence[str], money: Mapping[str, int]) -> list[MoneyView]:
    return [MoneyView(p, money[p], rules.cash_cards(money[p])) for p in players]


def money_text(money: Mapping[str, int], players: Sequence[str]) -> str:
    """'Anna $3 · Bernd $4'."""
    return " · ".join(f"{p} {dollars(money[p])}" for p in players)


# ---------------------------------------------------------------- a round


StepLine = tuple[str, str, list[str], bool]   # (headline, explanation, rulings, sold)


@dataclass(frozen=True)
class RoundView:
    number: int
    mustard: str
    steps: list[StepLine]
    payouts: list[str]
    tables: list[TableView]
    money: list[MoneyView]
    next_mustard: str | None
    notes: list[str]
    finished: list[str]

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> RoundView:
        """The round a phone gets (:func:`resolution`: facts), worded in the phone's language."""
        return round_view(data["players"], data["round"])


REASONS = {"table full": N_("table full"), "not announced": N_("not announced"), "no room": N_("no room")}


def reason_text(reason: str | None) -> str:
    """A returned bid's reason (the referee's word, kept as data) as a player reads it."""
    return _(REASONS[reason]) if reason in REASONS else (reason or "")


def round_view(players: Sequence[str], result: RoundResult) -> RoundView:
    steps: list[StepLine] = []
    whys = rules.why(result)
    for i, s in enumerate(result["steps"]):
        # The rulebook's own sum, each side in its unit: "3 hot dogs − $2 = $1" (its price).
        said = {"table": s["table"], "player": s["player"], "hotdogs": hot_dogs(s["hotdogs"]),
                "dollars": dollars(s["dollars"]), "price": dollars(s["price"])}
        if s["outcome"] == "sold":
            head = _("{table} table: {player} {hotdogs} − {dollars} = {price}: sold").format(**said)
        else:
            head = _("{table} table: {player} {hotdogs} − {dollars} = {price}: returned ({reason})").format(
                reason=reason_text(s["reason"]), **said)
        steps.append((head, worded_step(result, i, whys[i]), list(whys[i]["rulings"]), s["outcome"] == "sold"))
    payouts = [_("{player} +{money} ({table} table, HD-10)").format(player=p["player"], money=dollars(p["dollars"]),
                                                                      table=p["table"]) for p in result["payouts"]]
    # A drawn round says where the mustard card passes (HD-14) once, as its last line
    # (``next_mustard``), so the notes leave it out.
    return RoundView(
        number=result["round"], mustard=result["mustard"], steps=steps, payouts=payouts,
        tables=tables_view(players, result["tables"]), money=money_view(players, result["money"]),
        next_mustard=result["next_mustard"], notes=round_notes(result, mustard=False),
        finished=list(result["finished"]),
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
    out = [Line(_("Mustard card: {player}. Served table by table, {order}; lowest price first, "
                  "equal prices clockwise from the mustard holder (HD-7).").format(
        player=rv.mustard, order=served_order([t.table for t in rv.tables])))]
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
    return ", ".join((_("{player} sold") if s["outcome"] == "sold" else _("{player} back")).format(player=s["player"])
                     for s in result["steps"])


# ---------------------------------------------------------------- a game


@dataclass(frozen=True)
class GameView:
    """A game as the table screen shows it: the one replay of its record, worded now."""

    record: dict[str, Any]
    played: Played[rules.State, RoundResult]
    explanation: str
    winners: list[str]

    @property
    def results(self) -> list[RoundResult]:
        return self.played.rounds

    @property
    def state(self) -> rules.State:
        return self.played.state

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
        """The state before round ``index`` (0-based), to check a change to it."""
        return self.played.before(index)


def game_view(record: Mapping[str, Any]) -> GameView:
    played = replayed(record)
    return GameView(dict(record), played, game_text(played.result), list(played.result["winners"]))


def resolution(record: Mapping[str, Any]) -> dict[str, Any] | None:
    """The last round as the phones get it: its facts (worded on each phone by
    :meth:`RoundView.of`), the players and whether the game is over; None before round 1."""
    played = replayed(record)
    if not played.rounds:
        return None
    last = played.rounds[-1]
    return {"number": last["round"], "players": list(played.state.players), "round": last,
            "game_over": played.state.over}
