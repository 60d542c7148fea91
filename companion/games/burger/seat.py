"""What one phone may submit and see at a burger table: every player's tool card (tongs
or tease), in secret until the reveal. The rest of the round (the decks as laid out,
the picks, the hamburgers finished) is public and is entered by the host as the round's
``info``. What stays each seat's own (rat tokens, the tool cards left in hand, BU-5) is
decided in ``secrecy.py``, for the screens and the phones alike. No flet here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core import registry
from companion.core.edits import Change, append_round, clean, say
from companion.core.errors import RecordError, RuleError
from companion.core.game import Seat
from companion.core.record import read
from companion.games.burger import rules
from companion.games.burger.i18n import _
from companion.games.burger.models import RAT, TOOL_KINDS, Round
from companion.games.burger.present import seat_round
from companion.games.burger.setup_form import Setup, new_record
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

    def new_records(self, players: Sequence[str]) -> list[dict[str, Any]]:
        """The setup form's records (``setup_form.new_record``): its default with each player
        first (BU-1), and one with the fewest tool cards (BU-3: two, taken back every
        other round), a draw pile for three rounds (BU-2, BU-6) and rat tokens costing a
        point (BU-8); none if the rules refuse the players (BU-1)."""
        if not rules.MIN_PLAYERS <= len(clean(players)) <= rules.MAX_PLAYERS:
            return []
        need = rules.ingredients_per_round(len(clean(players)))
        setups = [Setup(players=tuple(players), first=p, recipes="") for p in players]
        setups.append(Setup(players=tuple(players), tongs=1, tease=1, draw_pile=str(3 * need), rat_points=-1,
                            recipes=""))
        return [r for r in map(new_record, setups) if not _refused(r)]

    def legal_moves(self, record: Mapping[str, Any], player: str,
                    pending: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Each kind of tool card ``player`` holds (BU-3: tongs, tease), played in secret
        (``pending`` changes nothing); none after the end (BU-6) or for a name not seated."""
        state = replay(record).state
        if state.over or player not in state.hand:
            return []
        return [{"tool": kind} for kind in TOOL_KINDS if state.hand[player][kind] > 0]

    def round_info(self, record: Mapping[str, Any], bids: Mapping[str, Mapping[str, Any]]
                   ) -> list[dict[str, Any]]:
        """The decks as the first player lays them out (BU-2: one per player, each
        started with an ingredient, the rest on the first deck; with a rat card on the
        last deck where the draw pile holds one more card), the decks taken in order or
        in reverse (BU-4, when anybody played tongs), and no hamburger finished or one
        for every taker (BU-5: from the cards taken)."""
        state = replay(record).state
        players = list(state.players)
        need = rules.ingredients_per_round(len(players))
        decks = [["ingredient"] * (need - len(players) + 1)] + [["ingredient"] for _p in players[1:]]
        layouts = [decks]
        if state.draw_pile is None or state.draw_pile > need:
            layouts.append([*decks[:-1], [*decks[-1], RAT]])
        tongs = [p for p in players if bids.get(p, {}).get("tool") == "tongs"]
        takers = rules.take_order(players, state.first, tongs, len(players))
        picks: list[list[int] | None] = [None, list(reversed(range(len(players))))] if takers else [None]
        finished: list[dict[str, int]] = [{}, {p: 1 for p in dict.fromkeys(takers)}] if takers else [{}]
        return [{"decks": d, "picks": k, "complete": c} for d in layouts for k in picks for c in finished]


def _refused(record: Mapping[str, Any]) -> bool:
    """The rules refuse the record (its replay raises)."""
    try:
        replay(record)
    except RecordError:
        return True
    return False


SEAT: BurgerBids = BurgerBids()
