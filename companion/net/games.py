"""What a bid is in each game, and how the revealed bids become a round of the record.

The hub knows nothing of any game: an adapter says what one seat may submit, checks
it on its own with the game's rules (so a refusal carries its ruling id and is said
next to that player's fields), who must bid before the round is complete, and turns
the bids into the next round of the game record through the game's rules. The record
stays the truth: every resolution shown is the replay of the record.

- Hot Dog: every player's bid (table, hot dogs, dollars, last hot dog, announced), in
  secret until the reveal. The round goes through ``hotdog.viewmodel.submit``.
- Burger: every player's tool card (tongs or tease), in secret until the reveal. The
  rest of the round (the decks as laid out, the picks, the hamburgers finished) is
  public and is entered by the host as the round's ``info``.
- Sales: the card each player plays, in turn order (SA-3). Cards are played face up,
  so plays are public as soon as they are made; the sale is recorded when the last
  player in turn has played.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from pydantic import ValidationError

from companion.core.errors import RecordError, RuleError
from companion.core.record import error_from_validation


def say(err: RecordError) -> str:
    """A refusal next to a field: 'HD-6: dollars (4) exceed …'."""
    return f"{err.ruling}: {err.message}" if err.ruling else err.message


def say_where(err: RecordError) -> str:
    """A refusal with its place: 'round 2: Chris: HD-6: has no bid: …'."""
    return f"{err.where}: {say(err)}" if err.where not in ("setup", "record") else say(err)


@dataclass(frozen=True)
class Outcome:
    """The record after the reveal, or why the rules refuse it (record unchanged)."""

    record: dict[str, Any]
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


class Adapter(ABC):
    """One game's bids. Every method is a pure function of its input."""

    name: str = ""
    secret: bool = True          # bids hidden from other seats until the reveal

    def position(self, record: Mapping[str, Any]) -> int:
        """How far the record is: pending bids belong to this point and go stale past it."""
        return len(record["rounds"])

    @abstractmethod
    def parse_bid(self, player: str, bid: Mapping[str, Any]) -> dict[str, Any]:
        """The bid in its stored form; raises RecordError (with its ruling) if malformed."""

    @abstractmethod
    def check_bid(self, record: Mapping[str, Any], player: str, bid: Mapping[str, Any],
                  pending: Mapping[str, Mapping[str, Any]]) -> str | None:
        """Why the rules refuse this player's bid now (with the ruling id), or None."""

    @abstractmethod
    def expected(self, record: Mapping[str, Any]) -> list[str]:
        """Who must bid before the round can be revealed, in order."""

    @abstractmethod
    def append(self, record: Mapping[str, Any], bids: Mapping[str, Mapping[str, Any]],
               info: Mapping[str, Any]) -> Outcome:
        """The record with the next round made of these bids (in submission order)."""

    @abstractmethod
    def over(self, record: Mapping[str, Any]) -> bool:
        """The game is over: no more bids."""

    @abstractmethod
    def resolution(self, record: Mapping[str, Any], player: str | None) -> dict[str, Any] | None:
        """The last recorded round as ``player``'s seat may see it (None: the whole table's
        view, no private parts), or None before the first round."""


def _validated(model: Any, raw: Mapping[str, Any], rulings: Mapping[str, str]) -> Any:
    try:
        return model.model_validate(dict(raw))
    except ValidationError as exc:
        raise error_from_validation(exc, dict(raw), rulings) from None


# ---------------------------------------------------------------- Hot Dog


class HotDogBids(Adapter):
    name = "hotdog"

    def parse_bid(self, player: str, bid: Mapping[str, Any]) -> dict[str, Any]:
        from companion.games.hotdog import GAME
        from companion.games.hotdog.models import Bid

        allowed = {"table", "hotdogs", "dollars", "last", "announced"}
        extra = sorted(set(bid) - allowed)
        if extra:
            raise RuleError("HD-6", f"a bid has no field '{extra[0]}'")
        checked = _validated(Bid, {"player": player, **bid}, GAME.field_rulings)
        return {"table": checked.table, "hotdogs": checked.hotdogs, "dollars": checked.dollars,
                "last": checked.last, "announced": checked.announced}

    def _draft(self, bid: Mapping[str, Any]) -> Any:
        from companion.games.hotdog.viewmodel import Draft

        return Draft.of(bid)

    def check_bid(self, record, player, bid, pending):  # type: ignore[no-untyped-def]
        from companion.games.hotdog import viewmodel as vm

        _, state = vm.replay(record)
        if state.over:
            return f"HD-13: the game ended after round {state.rounds_played}"
        return vm.bid_errors(state, {player: self._draft(bid)}).get(player)

    def expected(self, record):  # type: ignore[no-untyped-def]
        return list(record["players"])

    def append(self, record, bids, info):  # type: ignore[no-untyped-def]
        from companion.games.hotdog import viewmodel as vm

        change = vm.submit(record, {p: self._draft(b) for p, b in bids.items()})
        return Outcome(change.record, change.error)

    def over(self, record):  # type: ignore[no-untyped-def]
        from companion.games.hotdog import viewmodel as vm

        return vm.replay(record)[1].over

    def resolution(self, record, player):  # type: ignore[no-untyped-def]
        from companion.games.hotdog import viewmodel as vm

        results, state = vm.replay(record)
        if not results:
            return None
        view = asdict(vm.round_view(state.players, results[-1]))
        view["game_over"] = state.over
        return view


# ---------------------------------------------------------------- Burger


class BurgerBids(Adapter):
    name = "burger"
    # Rat tokens and the tool cards in hand are secret (BU-5): a seat sees its own only.
    _own_only = ("rats", "tools_left", "private")

    def _state(self, record: Mapping[str, Any]) -> Any:
        from companion.games.burger import rules
        from companion.games.burger.models import BurgerRecord

        return rules.replay(BurgerRecord.model_validate(dict(record)))

    def parse_bid(self, player, bid):  # type: ignore[no-untyped-def]
        from companion.games.burger.models import TOOL_KINDS

        tool = bid.get("tool")
        if set(bid) != {"tool"} or tool not in TOOL_KINDS:
            raise RuleError("BU-3", f"a tool card is {' or '.join(TOOL_KINDS)}, not {tool!r}",
                            player=player)
        return {"tool": tool}

    def check_bid(self, record, player, bid, pending):  # type: ignore[no-untyped-def]
        from companion.games.burger import rules
        from companion.games.burger.models import TOOL_KINDS, Round

        _, state = self._state(record)
        if state.over:
            return f"BU-6: no round after the end: the game ended after round {state.rounds_played}"
        # The bid checked by the rules on its own: a legal round around it (decks that
        # BU-2 takes, a card in hand for everyone else), so only this bid can fail.
        n = len(state.players)
        need = rules.ingredients_per_round(n)
        decks = [["ingredient"] * (need - n + 1)] + [["ingredient"] for _ in range(n - 1)]
        tools = {q: next(k for k in TOOL_KINDS if state.hand[q][k] > 0) for q in state.players}
        tools[player] = bid["tool"]
        err = rules.check_round(state, Round.model_validate({"decks": decks, "tools": tools}))
        if err is not None and err.player == player:
            return say(err)
        return None

    def expected(self, record):  # type: ignore[no-untyped-def]
        return list(record["players"])

    def append(self, record, bids, info):  # type: ignore[no-untyped-def]
        from companion.games.burger import GAME

        rnd: dict[str, Any] = {
            "decks": info.get("decks", []),
            "tools": {p: b["tool"] for p, b in bids.items()},
        }
        if info.get("picks") is not None:
            rnd["picks"] = info["picks"]
        if info.get("complete"):
            rnd["complete"] = info["complete"]
        changed = {**record, "rounds": [*record["rounds"], rnd]}
        try:
            rec = _validated(GAME.record_model, changed, GAME.field_rulings)
            from companion.games.burger import rules

            rules.replay(rec)
        except RecordError as err:
            return Outcome(dict(record), say_where(err))
        return Outcome(changed)

    def over(self, record):  # type: ignore[no-untyped-def]
        return self._state(record)[1].over

    def resolution(self, record, player):  # type: ignore[no-untyped-def]
        results, state = self._state(record)
        if not results:
            return None
        view = results[-1].model_dump()
        for key in self._own_only:
            view[key] = {player: view[key][player]} if player in view[key] else {}
        view["game_over"] = state.over
        return view


# ---------------------------------------------------------------- Sales


class SalesPlays(Adapter):
    name = "sales"
    secret = False   # cards are played face up, one after another (SA-3)

    def _rec(self, record: Mapping[str, Any]) -> Any:
        from companion.games.sales.models import SalesRecord

        return SalesRecord.model_validate(dict(record))

    def _next(self, record: Mapping[str, Any]) -> tuple[Any, Any, str | None]:
        """(recorded state, state for the next sale, why no sale can be played)."""
        from companion.games.sales import rules

        _, state = rules.replay(self._rec(record))
        if state.game_over:
            return state, state, f"SA-9: the game has {rules.ROUNDS} rounds: it is over"
        after = rules.start_round(state) if state.round_over else state
        return state, after, None

    def position(self, record):  # type: ignore[no-untyped-def]
        return sum(len(r["sales"]) for r in record["rounds"])

    def parse_bid(self, player, bid):  # type: ignore[no-untyped-def]
        from companion.games.sales import GAME
        from companion.games.sales.models import Card

        if set(bid) != {"card"} or not isinstance(bid.get("card"), Mapping):
            raise RuleError("SA-1", "a play is one card: its suit and value", player=player)
        card = _validated(Card, bid["card"], GAME.field_rulings)
        return {"card": card.model_dump(exclude_defaults=True)}

    def check_bid(self, record, player, bid, pending):  # type: ignore[no-untyped-def]
        _, state, closed = self._next(record)
        if closed:
            return closed
        from companion.games.sales import rules

        order = rules.play_order(state)
        played = list(pending)
        if player in played:
            if played[-1] != player:
                after = played[played.index(player) + 1]
                return f"SA-3: {after} has played after you: your card stays"
            return None
        expected = order[len(played)] if len(played) < len(order) else None
        if player != expected:
            if player not in order:
                return "SA-3: has no cards in hand and cannot play"
            return (f"SA-3: plays out of turn: {expected} plays next "
                    f"(clockwise from the leader {state.leader}, skipping empty hands)")
        return None

    def expected(self, record):  # type: ignore[no-untyped-def]
        from companion.games.sales import rules

        _, state, closed = self._next(record)
        return [] if closed else rules.play_order(state)

    def append(self, record, bids, info):  # type: ignore[no-untyped-def]
        from companion.games.sales import GAME, rules

        try:
            before, _, closed = self._next(record)
        except RecordError as err:
            return Outcome(dict(record), say_where(err))
        if closed:
            return Outcome(dict(record), closed)
        sale = {"plays": [{"player": p, "card": b["card"]} for p, b in bids.items()]}
        rounds = [dict(r, sales=list(r["sales"])) for r in record["rounds"]]
        if not rounds or before.round_over:
            rounds.append({"sales": [sale]})
        else:
            rounds[-1]["sales"].append(sale)
        changed = {**record, "rounds": rounds}
        try:
            rules.replay(_validated(GAME.record_model, changed, GAME.field_rulings))
        except RecordError as err:
            return Outcome(dict(record), say_where(err))
        return Outcome(changed)

    def over(self, record):  # type: ignore[no-untyped-def]
        return self._next(record)[2] is not None

    def resolution(self, record, player):  # type: ignore[no-untyped-def]
        from companion.games.sales import rules

        results, state = rules.replay(self._rec(record))
        if not results or not results[-1].sales:
            return None
        view = results[-1].sales[-1].model_dump()
        view["round"] = results[-1].round
        view["game_over"] = state.game_over
        return view


ADAPTERS: dict[str, Adapter] = {a.name: a for a in (HotDogBids(), BurgerBids(), SalesPlays())}


def adapter(game: str) -> Adapter:
    try:
        return ADAPTERS[game]
    except KeyError:
        raise RecordError(f"{game} cannot be played from phones yet") from None
