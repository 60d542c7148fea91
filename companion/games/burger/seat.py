"""What one phone may submit and see at a burger table: every player's tool card (tongs
or tease), in secret until the reveal. The rest of the round (the decks as laid out,
the picks, the hamburgers finished) is public and is entered by the host as the round's
``info``. Rat tokens and the tool cards left in hand stay each seat's own (BU-5). No
flet here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.edits import say, say_where
from companion.core.errors import RecordError, RuleError
from companion.core.game import Outcome, Seat
from companion.core.record import validated


class BurgerBids(Seat):
    name = "burger"
    # Rat tokens and the tool cards in hand are secret (BU-5): a seat sees its own only.
    _own_only = ("rats", "tools_left", "private")

    def _state(self, record: Mapping[str, Any]) -> Any:
        from companion.games.burger import rules
        from companion.games.burger.models import BurgerRecord

        return rules.replay(BurgerRecord.model_validate(dict(record)))

    def parse_bid(self, player, bid):
        from companion.games.burger.models import TOOL_KINDS

        tool = bid.get("tool")
        if set(bid) != {"tool"} or tool not in TOOL_KINDS:
            raise RuleError("BU-3", f"a tool card is {' or '.join(TOOL_KINDS)}, not {tool!r}",
                            player=player)
        return {"tool": tool}

    def check_bid(self, record, player, bid, pending):
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

    def expected(self, record):
        return list(record["players"])

    def append(self, record, bids, info):
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
            rec = validated(GAME.record_model, changed, GAME.field_rulings)
            from companion.games.burger import rules

            rules.replay(rec)
        except RecordError as err:
            return Outcome(dict(record), say_where(err))
        return Outcome(changed)

    def over(self, record):
        return self._state(record)[1].over

    def resolution(self, record, player):
        results, state = self._state(record)
        if not results:
            return None
        view = results[-1].model_dump()
        for key in self._own_only:
            view[key] = {player: view[key][player]} if player in view[key] else {}
        view["game_over"] = state.over
        return view


SEAT = BurgerBids()
