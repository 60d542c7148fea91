"""What one phone may submit and see at a burger table: every player's tool card (tongs
or tease), in secret until the reveal. The rest of the round (the decks as laid out,
the picks, the hamburgers finished) is public and is entered by the host as the round's
``info``. What stays each seat's own (rat tokens, the tool cards left in hand, BU-5) is
decided in ``secrecy.py``, for the screens and the phones alike. No flet here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import registry
from companion.core.edits import Change, append_round, say
from companion.core.errors import RuleError
from companion.core.game import Seat
from companion.core.record import read
from companion.games.burger import rules
from companion.games.burger.i18n import _
from companion.games.burger.models import TOOL_KINDS, Round
from companion.games.burger.present import seat_round
from companion.games.burger.state import replay


class BurgerBids(Seat):
    name = "burger"

    def parse_bid(self, player: str, bid: Mapping[str, Any]) -> dict[str, Any]:
        tool = bid.get("tool")
        if set(bid) != {"tool"} or tool not in TOOL_KINDS:
            raise RuleError("BU-3", _("a tool card is tongs or tease, not {tool}").format(tool=repr(tool)),
                            player=player)
        return {"tool": tool}

    def check_bid(self, record: Mapping[str, Any], player: str, bid: Mapping[str, Any],
                  pending: Mapping[str, Mapping[str, Any]]) -> str | None:
        state = replay(record).state
        if state.over:
            return "BU-6: " + _("no round after the end: the game ended after round {round}").format(
                round=state.rounds_played)
        # The bid checked by the rules on its own: a legal round around it (decks that
        # BU-2 takes, a card in hand for everyone else), so only this bid can fail.
        n = len(state.players)
        need = rules.ingredients_per_round(n)
        decks = [["ingredient"] * (need - n + 1)] + [["ingredient"] for __ in range(n - 1)]
        tools = {q: next(k for k in TOOL_KINDS if state.hand[q][k] > 0) for q in state.players}
        tools[player] = bid["tool"]
        err = rules.check_round(state, read(Round, {"decks": decks, "tools": tools}, {}))
        if err is not None and err.player == player:
            return say(err)
        return None

    def expected(self, record: Mapping[str, Any]) -> list[str]:
        return list(record["players"])

    def append(self, record: Mapping[str, Any], bids: Mapping[str, Mapping[str, Any]],
               info: Mapping[str, Any]) -> Change:
        rnd: dict[str, Any] = {
            "decks": info.get("decks", []),
            "tools": {p: b["tool"] for p, b in bids.items()},
        }
        if info.get("picks") is not None:
            rnd["picks"] = info["picks"]
        if info.get("complete"):
            rnd["complete"] = info["complete"]
        return append_round(replay, record, rnd)

    def over(self, record: Mapping[str, Any]) -> bool:
        return registry.over("burger", record)

    def resolution(self, record: Mapping[str, Any], player: str | None) -> dict[str, Any] | None:
        return seat_round(replay(record), player)


SEAT: BurgerBids = BurgerBids()
