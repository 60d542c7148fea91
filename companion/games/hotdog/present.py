"""What Hot Dog's screens draw, in the reader's language, from the rules' facts: a game
(the one replay of its record), a round (the table screen's reveal and a past round,
and the phones' resolution, all draw it from :func:`round_lines`), the match so far,
and the referee's sentences themselves (:func:`step_text`, :func:`payout_text`,
:func:`round_notes`, :func:`game_text`). No flet here — tested without a browser.

The record is replayed once (:func:`companion.core.registry.replay`, remembered per
record, facts only) and worded here when a screen draws it: nothing worded is kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from companion.core import i18n, registry, words
from companion.core.game import Played
from companion.core.grid import GridRow as GridLine
from companion.core.match import GAMES_PER_MATCH, MatchRecord, MatchResult, match_text, tally
from companion.games.hotdog import rules
from companion.games.hotdog.i18n import N_, _, ngettext
from companion.games.hotdog.models import START_MONEY, HotDogResult, RoundResult, Why

# ---------------------------------------------------------------- the record, replayed


def replayed(record: Mapping[str, Any]) -> Played[rules.State, RoundResult]:
    """The record's one replay (raises RecordError, a RuleError with its ruling, if refused)."""
    return registry.replay("hotdog", record)


# ---------------------------------------------------------------- words


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


_ORDINALS = [N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth")]


def _intro(rnd: RoundResult, i: int, why: Why, sold: bool) -> str:
    """Why step ``i`` of the round comes where it does at its table (HD-7), in a player's words."""
    step = rnd["steps"][i]
    how = (_("{hotdogs} − {money}").format(hotdogs=hot_dogs(step["hotdogs"]), money=dollars(step["dollars"]))
           if step["dollars"] else hot_dogs(step["hotdogs"]))
    nth = _ORDINALS[why["place"] - 1]
    said = {"player": step["player"], "nth": _(nth), "table": step["table"], "price": dollars(step["price"]),
            "how": how}
    if sold:
        # Translators: 'Anna sells first at the 5 table: price $2 (3 hot dogs − $1)'
        head = _("{player} sells {nth} at the {table} table: price {price} ({how})").format(**said)
    else:
        head = _("{player} comes {nth} at the {table} table: price {price} ({how})").format(**said)
    if why["alone"]:
        return _("{head}, the only bid there (HD-7).").format(head=head)
    if why["tied"]:
        return _("{head}, tied with {others}: equal prices go clockwise from the mustard holder "
                 "{mustard} (HD-7).").format(head=head, others=words.names(why["tied"]), mustard=rnd["mustard"])
    if why["after"] is None:
        return _("{head}, the lowest (HD-7).").format(head=head)
    before = rnd["steps"][i - 1]
    return _("{head}, above {player}'s {price} (HD-7).").format(head=head, player=before["player"],
                                                               price=dollars(before["price"]))


def step_texts(rnd: RoundResult) -> list[str]:
    """Every step of the round in a player's words (:func:`step_text`)."""
    whys = rules.why(rnd)
    return [_step_text(rnd, i, why) for i, why in enumerate(whys)]


def step_text(rnd: RoundResult, i: int) -> str:
    """Step ``i`` of the round in a player's words: where the bid came and why, and what
    became of it (HD-7…HD-13)."""
    return _step_text(rnd, i, rules.why(rnd)[i])


def _step_text(rnd: RoundResult, i: int, why: Why) -> str:
    step = rnd["steps"][i]
    t, p = step["table"], step["player"]
    if step["outcome"] == "returned":
        if step["reason"] == "table full":
            reason = _("the {table} table filled earlier this round (HD-10)").format(table=t)
        elif step["reason"] == "not announced":
            reason = _("last hot dogs not announced (HD-12)")
        else:
            room = _("no place left") if why["free"] == 0 else _("only {places} left").format(
                places=places(why["free"]))
            reason = _("{room} (HD-8)").format(room=room)
        back = (_("{hotdogs} and {money}").format(hotdogs=hot_dogs(step["hotdogs"]), money=dollars(step["dollars"]))
                if step["dollars"] else hot_dogs(step["hotdogs"]))
        return _("{intro} {player} takes back {back}: {why}.").format(
            intro=_intro(rnd, i, why, sold=False), player=p, back=back, why=reason)
    parts = [_("{hotdogs} placed").format(hotdogs=hot_dogs(step["hotdogs"]))]
    if step["dollars"]:
        parts.append(_(", {money} to the bank (HD-9)").format(money=dollars(step["dollars"])))
    if why["last"]:
        parts.append(_("; last hot dogs, announced: the game ends after this round (HD-13)"))
    if why["filled"]:
        parts.append(_("; the {table} table is full (HD-10)").format(table=t))
    return _("{intro} {what}.").format(intro=_intro(rnd, i, why, sold=True), what="".join(parts))


def payout_text(payout: Mapping[str, Any]) -> str:
    """'The 5 table is full: Anna gets $2 for 2 hot dogs (HD-10).' ($1 per hot dog)"""
    return _("The {table} table is full: {player} gets {money} for {hotdogs} (HD-10).").format(
        table=payout["table"], player=payout["player"], money=dollars(payout["dollars"]),
        hotdogs=hot_dogs(payout["dollars"]))


def round_notes(rnd: RoundResult, *, mustard: bool = True) -> list[str]:
    """What the round did beyond its bids: each full table paid and cleared (HD-10), the
    end (HD-13) and, unless ``mustard`` is False, where the mustard card passes (HD-14)."""
    notes = []
    for t in rnd["full"]:
        paid = [f"{x['player']} {dollars(x['dollars'])}" for x in rnd["payouts"] if x["table"] == t]
        notes.append(_("The {table} table is full: it pays {paid} and is cleared (HD-10).").format(
            table=t, paid=", ".join(paid)))
    if rnd["finished"]:
        notes.append(_("Game over: {players} placed the last hot dogs; only full tables paid (HD-13).").format(
            players=words.names(rnd["finished"])))
    if mustard and rnd["next_mustard"]:
        notes.append(_("The mustard card passes to {player} (HD-14).").format(player=rnd["next_mustard"]))
    return notes


def game_text(result: HotDogResult) -> str:
    """The game in one sentence: who won with how much (HD-15), or where it stands."""
    won, n = result["winners"], result["rounds_played"]
    if won:
        best = dollars(result["money"][won[0]])
        if len(won) == 1:
            return _("Game over after round {n}: {player} wins with {money} (HD-15).").format(
                n=n, player=won[0], money=best)
        return _("Game over after round {n}: {players} share the win with {money} each (HD-15).").format(
            n=n, players=words.names(won), money=best)
    return ngettext("Game in progress after {n} round; {player} holds the mustard card.",
                    "Game in progress after {n} rounds; {player} holds the mustard card.",
                    n).format(n=n, player=result["mustard"])


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
        steps.append((head, _step_text(result, i, whys[i]), list(whys[i]["rulings"]), s["outcome"] == "sold"))
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


# ---------------------------------------------------------------- the match


def match_tally(players: Sequence[str], records: Sequence[Mapping[str, Any]]) -> MatchResult:
    return tally(MatchRecord(game="hotdog", players=list(players), games=[dict(r) for r in records]))


def match_explanation(result: MatchResult) -> str:
    """The match in one sentence (HD-15): its winner, or how many games are finished."""
    return match_text(result)


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
        cells = [f"{dollars(r['money'][p])} {signed(r['money'][p] - before[p])}".strip() for p in players]
        out.append(GridLine(_("Round {n}").format(n=r["round"]), cells))
        before = dict(r["money"])
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
        return match_text(result), True
    current = result.games[-1] if result.games else None
    rounds = len(records[-1]["rounds"]) if records else 0
    if current is not None and current.over:
        return _("game {n} of {of} over; next game not started").format(n=len(records), of=GAMES_PER_MATCH), False
    return ngettext("game {n} of {of}, {rounds} round played", "game {n} of {of}, {rounds} rounds played",
                    rounds).format(n=len(records), of=GAMES_PER_MATCH, rounds=rounds), False
