"""What one phone may submit and see at a Hot Dog table: every player's bid (table, hot
dogs, dollars, last hot dog, announced), in secret until the reveal. The round goes
through the table's own submit (``forms.submit``), so a phone's round and a typed
one are refereed alike. No flet here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import registry
from companion.core.edits import Change
from companion.core.errors import RuleError
from companion.core.game import Seat
from companion.core.record import read
from companion.games.hotdog import GAME, forms, present
from companion.games.hotdog.i18n import _
from companion.games.hotdog.models import Bid


class HotDogBids(Seat):
    name = "hotdog"
    same_for_every_seat = True   # the revealed bids are the whole table's: no seat has its own

    def parse_bid(self, player: str, bid: Mapping[str, Any]) -> dict[str, Any]:
        allowed = {"table", "hotdogs", "dollars", "last", "announced"}
        extra = sorted(set(bid) - allowed)
        if extra:
            raise RuleError("HD-6", _("a bid has no field '{field}'").format(field=extra[0]))
        checked = read(Bid, {"player": player, **bid}, GAME.field_rulings)
        return {"table": checked["table"], "hotdogs": checked["hotdogs"], "dollars": checked["dollars"],
                "last": checked["last"], "announced": checked["announced"]}

    def check_bid(self, record: Mapping[str, Any], player: str, bid: Mapping[str, Any],
                  pending: Mapping[str, Mapping[str, Any]]) -> str | None:
        state = forms.replay(record).state
        if state.over:
            return _("HD-13: the game ended after round {n}").format(n=state.rounds_played)
        return forms.bid_errors(state, {player: forms.Draft.of(bid)}).get(player)

    def expected(self, record: Mapping[str, Any]) -> list[str]:
        return list(record["players"])

    def append(self, record: Mapping[str, Any], bids: Mapping[str, Mapping[str, Any]],
               info: Mapping[str, Any]) -> Change:
        return forms.submit(record, {p: forms.Draft.of(b) for p, b in bids.items()})

    def over(self, record: Mapping[str, Any]) -> bool:
        return registry.over("hotdog", record)

    def resolution(self, record: Mapping[str, Any], player: str | None) -> dict[str, Any] | None:
        return present.resolution(record)


SEAT: HotDogBids = HotDogBids()
