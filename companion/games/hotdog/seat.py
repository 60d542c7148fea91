"""What one phone may submit and see at a Hot Dog table: every player's bid (table, hot
dogs, dollars, last hot dog, announced), in secret until the reveal. The round goes
through the table's own submit (``forms.submit``), so a phone's round and a typed
one are refereed alike. No flet here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core import registry
from companion.core.edits import Change
from companion.core.errors import RuleError
from companion.core.game import Seat
from companion.core.record import read
from companion.games.hotdog import GAME, forms, present, setup_form
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

    def new_records(self, players: Sequence[str]) -> list[dict[str, Any]]:
        """The setup form's record (``setup_form.new_record``) with each player holding the
        mustard (HD-4); none if HD-1 refuses the players."""
        if setup_form.setup_error(players) is not None:
            return []
        return [setup_form.new_record(players, mustard) for mustard in players]

    def legal_moves(self, record: Mapping[str, Any], player: str,
                    pending: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Every bid a phone offers ``player`` now (HD-6): each neutral table of this many
        players (HD-2), 1 hot dog up to the table's value (more can never fit, HD-8: the
        rules take such a bid and return it, as they return any bid too big for the
        table's free places), dollars from $0 up to the hot dogs and the player's money;
        each bid plain, as the last hot dogs announced, and unannounced (HD-12). None
        after the end (HD-13) or for a name not seated. Bids are secret: ``pending``
        changes nothing."""
        state = forms.replay(record).state
        if state.over or player not in state.money:
            return []
        return [forms.Draft(table, hotdogs, dollars, last, announced).seat_bid()
                for last, announced in ((False, True), (True, True), (True, False))
                for table in state.tables
                for hotdogs in forms.hot_dog_choices(table)
                for dollars in forms.dollar_choices(state.money[player], hotdogs)]


SEAT: HotDogBids = HotDogBids()
