"""What one phone may submit and see at a sales table: the card each player plays, in
turn order (SA-3). Cards are played face up, so plays are public as soon as they are
made; the sale is recorded when the last player in turn has played (through the same
record changes as the table's own: ``core.edits.append_round`` / ``replace_round``).
A round after the first is started at the table, which knows the deck and says what
is dealt before the first card is played (SA-16); round 1 needs no start.
No flet here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core import edits, registry
from companion.core.edits import Change, say_where
from companion.core.errors import RecordError, RuleError
from companion.core.game import Seat
from companion.core.record import read
from companion.games.sales import GAME, changes, rules, setup_form
from companion.games.sales.i18n import _
from companion.games.sales.models import DEFAULT_HAND_SIZE, ROUNDS, WILD, Card


def _replay(record: Mapping[str, Any]) -> Any:
    """The record's one replay (the registry's, remembered: a hosted sale asks it of one
    record for every check, the append, the end and the view)."""
    return registry.replay("sales", record)


class SalesPlays(Seat):
    name = "sales"
    secret = False   # cards are played face up, one after another (SA-3)
    same_for_every_seat = True   # every seat sees the sale as the table does

    def _next(self, record: Mapping[str, Any]) -> tuple[rules.State, rules.State, str | None]:
        """(recorded state, state for the next sale, why no sale can be played)."""
        state = _replay(record).state
        if state.game_over:
            return state, state, _("SA-9: the game has {n} rounds: it is over").format(n=ROUNDS)
        if state.round_over:
            return state, state, _("SA-16: round {n} is dealt at the table first: its 'Start round {n}' "
                                   "says how many cards each player gets").format(n=state.round + 1)
        return state, state, None

    def position(self, record: Mapping[str, Any]) -> int:
        return sum(len(r["sales"]) for r in record["rounds"])

    def parse_bid(self, player: str, bid: Mapping[str, Any]) -> dict[str, Any]:
        if set(bid) != {"card"} or not isinstance(bid.get("card"), Mapping):
            raise RuleError("SA-1", _("a play is one card: its suit and value"), player=player)
        card = read(Card, bid["card"], GAME.field_rulings)
        return {"card": {k: v for k, v in card.items() if v not in (0, [], None) or k in ("suit", "value")}}

    def check_bid(self, record: Mapping[str, Any], player: str, bid: Mapping[str, Any],
                  pending: Mapping[str, Mapping[str, Any]]) -> str | None:
        _unused, state, closed = self._next(record)
        if closed:
            return closed
        order = rules.play_order(state)
        played = list(pending)
        if player in played:
            if played[-1] != player:
                after = played[played.index(player) + 1]
                return _("SA-3: {player} has played after you: your card stays").format(player=after)
            return None
        expected = order[len(played)] if len(played) < len(order) else None
        if player != expected:
            if player not in order:
                return _("SA-3: has no cards in hand and cannot play")
            return _("SA-3: plays out of turn: {player} plays next (clockwise from the leader {leader}, "
                     "skipping empty hands)").format(player=expected, leader=state.leader)
        return None

    def withdraw_refusal(self, player: str, pending: list[str]) -> str | None:
        if player in pending and pending[-1] != player:
            return _("SA-3: a card played stays once the next player has played")
        return None

    def expected(self, record: Mapping[str, Any]) -> list[str]:
        _unused, state, closed = self._next(record)
        return [] if closed else rules.play_order(state)

    def append(self, record: Mapping[str, Any], bids: Mapping[str, Mapping[str, Any]],
               info: Mapping[str, Any]) -> Change:
        """The sale of these plays, recorded in the round in play (or, once every hand
        is empty, as the first sale of the next round)."""
        try:
            closed = self._next(record)[2]
        except RecordError as err:
            return Change(dict(record), say_where(err))
        if closed:
            return Change(dict(record), closed)
        sale = {"plays": [{"player": p, "card": b["card"]} for p, b in bids.items()]}
        rounds = record["rounds"]
        if not rounds:
            change = edits.append_round(_replay, record, {"sales": [sale]})
        else:
            last = rounds[-1]
            change = edits.replace_round(_replay, record, len(rounds) - 1,
                                         {**last, "sales": [*last["sales"], sale]})
        return change

    def over(self, record: Mapping[str, Any]) -> bool:
        return registry.over("sales", record)

    def resolution(self, record: Mapping[str, Any], player: str | None) -> dict[str, Any] | None:
        """The last sale's facts (the table's; worded on each phone by
        ``present.resolution_view``), its round, the game's mode and whether it is over."""
        played = _replay(record)
        results, state = played.rounds, played.state
        if not results or not results[-1]["sales"]:
            return None
        return {**results[-1]["sales"][-1], "round": results[-1]["round"], "mode": state.mode,
                "game_over": state.game_over}

    def new_records(self, players: Sequence[str]) -> list[dict[str, Any]]:
        """The setup form's records (``setup_form.new_record``) for each mode these players may
        play (SA-2: co-op and solo are two), each player leading the first sale (SA-9),
        dealt the game's hand, a short one or a single card (SA-2, SA-16); none if SA-2
        refuses the players."""
        made = [setup_form.new_record(players, mode, hand, leader) for mode in ("competitive", "coop", "solo")
                for hand in sorted({1, 3, DEFAULT_HAND_SIZE}) for leader in players]
        return [r for r in made if setup_form.setup_error(players, r["mode"], r["hand_size"], r["leader"]) is None]

    def legal_moves(self, record: Mapping[str, Any], player: str,
                    pending: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]]:
        """A card from ``player`` when it is their turn to play (SA-3: the leader first,
        then clockwise each player with cards in hand; a player's own card played last
        may be played again in its place), in a sale of a round in play (SA-9, SA-16).
        The record keeps no hands (a card is entered by what it shows, SA-1), so the
        rules take any card: the list is :data:`CARDS`, one card of each kind a sale and
        the scoring tell apart."""
        if self.check_bid(record, player, {"card": CARDS[0]}, pending) is not None:  # the card is not looked at
            return []
        return [{"card": dict(card)} for card in CARDS]

    def table_moves(self, record: Mapping[str, Any]) -> list[dict[str, Any]]:
        """Once every hand is empty and a round is left, the table deals the next
        (SA-9, SA-16; ``changes.start_next_round``): the game's hand, or a stock short of
        it (half the hand, a single card), as the deck's cards left decide."""
        state = _replay(record).state
        if not state.round_over or state.game_over:
            return []
        won = changes.won_before(record, state.round + 1)
        dealt = [changes.start_next_round(record, won + len(state.players) * hand)
                 for hand in sorted({1, (state.hand_size + 1) // 2, state.hand_size})]
        return [change.record for change in dealt if change.ok]


#: The cards :meth:`SalesPlays.legal_moves` lists (SA-1): two suits and wilds (SA-4),
#: low and high values (SA-5), discard icons (SA-6), an icon and the set cards that
#: collect it once and from the neighbours (SA-10…SA-12).
CARDS: tuple[dict[str, Any], ...] = (
    {"suit": "sun", "value": 1},
    {"suit": "sun", "value": 4, "discard": 1},
    {"suit": "rain", "value": 2, "icons": ["kite"]},
    {"suit": "rain", "value": 5, "set": {"kind": "1x", "icon": "kite"}},
    {"suit": "sun", "value": 3, "set": {"kind": "neighbor", "icon": "kite"}},
    {"suit": WILD, "value": 0},
    {"suit": WILD, "value": 6, "discard": 2},
)


SEAT: SalesPlays = SalesPlays()
