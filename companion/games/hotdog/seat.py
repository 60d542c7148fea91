"""What one phone may submit and see at a Hot Dog table: every player's bid (table, hot
dogs, dollars, last hot dog, announced), in secret until the reveal. The round goes
through the table's own submit (``viewmodel.submit``), so a phone's round and a typed
one are refereed alike. No flet here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from companion.core.errors import RuleError
from companion.core.game import Outcome, Seat
from companion.core.record import validated


class HotDogBids(Seat):
    name = "hotdog"
    same_for_every_seat = True   # the revealed bids are the whole table's: no seat has its own

    def parse_bid(self, player: str, bid: Mapping[str, Any]) -> dict[str, Any]:
        from companion.games.hotdog import GAME
        from companion.games.hotdog.models import Bid

        allowed = {"table", "hotdogs", "dollars", "last", "announced"}
        extra = sorted(set(bid) - allowed)
        if extra:
            raise RuleError("HD-6", f"a bid has no field '{extra[0]}'")
        checked = validated(Bid, {"player": player, **bid}, GAME.field_rulings)
        return {"table": checked.table, "hotdogs": checked.hotdogs, "dollars": checked.dollars,
                "last": checked.last, "announced": checked.announced}

    def _draft(self, bid: Mapping[str, Any]) -> Any:
        from companion.games.hotdog.viewmodel import Draft

        return Draft.of(bid)

    def check_bid(self, record, player, bid, pending):
        from companion.games.hotdog import viewmodel as vm

        _, state = vm.replay(record)
        if state.over:
            return f"HD-13: the game ended after round {state.rounds_played}"
        return vm.bid_errors(state, {player: self._draft(bid)}).get(player)

    def expected(self, record):
        return list(record["players"])

    def append(self, record, bids, info):
        from companion.games.hotdog import viewmodel as vm

        change = vm.submit(record, {p: self._draft(b) for p, b in bids.items()})
        return Outcome(change.record, change.error)

    def over(self, record):
        from companion.games.hotdog import viewmodel as vm

        return vm.replay(record)[1].over

    def resolution(self, record, player):
        from companion.games.hotdog import viewmodel as vm

        results, state = vm.replay(record)
        if not results:
            return None
        view = asdict(vm.round_view(state.players, results[-1]))
        view["game_over"] = state.over
        return view


SEAT = HotDogBids()
