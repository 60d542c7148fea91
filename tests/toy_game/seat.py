"""What one phone may submit and see at a toy table: its own number, in secret until
the reveal; after it, the round as everyone may see it. No flet here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core import registry
from companion.core.errors import RuleError
from companion.core.game import Seat
from tests.toy_game import play, rules


class ToyPicks(Seat):
    name = "toy"

    def parse_bid(self, player: str, bid: Mapping[str, Any]) -> dict[str, Any]:
        number = bid.get("number")
        if set(bid) != {"number"} or isinstance(number, bool) or not isinstance(number, int):
            raise RuleError("TOY-2", "a move is one whole number", player=player)
        return {"number": number}

    def check_bid(self, record, player, bid, pending):
        _, state = play.replay(record)
        if state.over:
            return f"TOY-3: the game is {rules.ROUNDS} rounds: it is over"
        if not 1 <= bid["number"] <= rules.HIGHEST:
            return f"TOY-2: {bid['number']} is not a number from 1 to {rules.HIGHEST}"
        return None

    def expected(self, record):
        return list(record["players"])

    def append(self, record, bids, info):
        change = play.submit(record, {p: b["number"] for p, b in bids.items()})
        return change

    def over(self, record):
        return registry.over("toy", record)

    def resolution(self, record, player):
        results, state = play.replay(record)
        if not results:
            return None
        return {**results[-1], "game_over": state.over}

    def new_records(self, players: Sequence[str]) -> list[dict[str, Any]]:
        """The toy game's one setup (``play.new_record``); none for a number of players TOY-1 refuses."""
        return [play.new_record(list(players))] if rules.MIN_PLAYERS <= len(players) <= rules.MAX_PLAYERS else []

    def legal_moves(self, record: Mapping[str, Any], player: str,
                    pending: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Each number from 1 to the highest (TOY-2), until the game's last round is in (TOY-3)."""
        _, state = play.replay(record)
        if state.over:
            return []
        return [{"number": n} for n in range(1, rules.HIGHEST + 1)]


SEAT = ToyPicks()
