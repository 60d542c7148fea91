"""SA-16: how many cards a round deals, from the copy's cards less those won before.

Cards won are kept in front of their winners and never shuffled back (rules/004,
SA-9), so each round is dealt from a smaller stock. When the stock holds fewer than
players × the chosen hand size, each player gets ⌊stock ÷ players⌋ and the rest stay
unused that round (house rule: the deal chart is missing).

Plain numbers only: no deck, no record, no words (the screens word these facts).
A round wins exactly one card per sale, so the cards won before a round are the
sales recorded before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.sales.models import ROUNDS


def hand_for(stock: int, players: int, chosen: int) -> int:
    """SA-16, the rule: the cards each player is dealt from ``stock`` cards with the
    hand size ``chosen`` — ``chosen`` if the stock holds players × chosen, else
    ⌊stock ÷ players⌋ (0: not even one card each)."""
    if players < 1:
        raise ValueError("a deal needs at least one player")
    return max(0, min(chosen, stock // players))


@dataclass(frozen=True)
class Deal:
    """One round's deal: from the ``copy``'s cards less the ``won_before`` earlier
    rounds won, ``each`` card to every one of ``players``."""

    round: int
    copy: int           # the cards in the copy (the deck file's cards)
    won_before: int     # cards won in earlier rounds: out of the stock (SA-9)
    players: int
    chosen: int         # the game's hand size
    each: int           # dealt to every player this round

    @property
    def stock(self) -> int:
        """The cards this round is dealt from."""
        return max(0, self.copy - self.won_before)

    @property
    def dealt(self) -> int:
        return self.each * self.players

    @property
    def unused(self) -> int:
        """Cards of the stock that stay out this round."""
        return max(0, self.stock - self.dealt)

    @property
    def short(self) -> bool:
        """The stock cannot deal the chosen hand size: the house rule of SA-16 deals fewer."""
        return self.each < self.chosen

    @property
    def possible(self) -> bool:
        """Every player gets at least one card."""
        return self.each >= 1


def round_deal(round_number: int, copy: int, players: int, chosen: int, won_before: int) -> Deal:
    """Round ``round_number``'s deal (SA-16)."""
    return Deal(round_number, copy, won_before, players, chosen,
                hand_for(copy - won_before, players, chosen))


def sales_at_least(players: int, hand: int, discards: Sequence[int]) -> int:
    """The fewest sales a round can take when every one of ``players`` holds ``hand``
    cards, with cards showing ``discards`` discard icons (the copy's, one per card).

    Every sale takes one card from each hand that has one (SA-3) and the winner then
    discards its card's icons (SA-6). A player who never wins plays every card, so a
    round shorter than ``hand`` sales needs each player to win often enough to discard
    the rest: with S sales and at most D icons a card, each player wins at least
    ⌈(hand − S) ÷ D⌉ of the S sales with cards that show icons (so the copy must hold
    that many such cards for all players together), and the S cards won discard at most
    the S largest icon counts. The least S that allows all three is a bound the real
    cards can only raise.
    """
    if hand <= 0:
        return 0
    icons = sorted((d for d in discards if d > 0), reverse=True)
    most = icons[0] if icons else 0
    for s in range(1, hand):
        if most == 0:
            break
        wins_each = -(-(hand - s) // most)
        if (players * wins_each <= min(s, len(icons))
                and players * (hand - s) <= sum(icons[:s])):
            return s
    return hand


@dataclass(frozen=True)
class RoundRange:
    """What a round can deal each player, seen from the setup: ``most`` when earlier
    rounds were as short as discards allow, ``fewest`` when every card was played out
    (no winner discarded from hand: one sale per card in hand)."""

    round: int
    fewest: int
    most: int


def deal_plan(copy: int, players: int, chosen: int, discards: Sequence[int] = ()) -> list[RoundRange]:
    """SA-16 at setup: for each of the three rounds, the cards it deals each player at
    most and at fewest, with a copy of ``copy`` cards (``discards``: its cards' discard
    icons). Round 1 is dealt from the whole copy; a later round from what earlier rounds
    left, and a round wins between the fewest sales discards allow and one sale per card."""
    first = hand_for(copy, players, chosen)
    out = [RoundRange(1, first, first)]
    # The fewest dealt: each round won one card per card in hand.
    fewest = [first]
    stock = copy - first
    for _r in range(2, ROUNDS + 1):
        fewest.append(hand_for(stock, players, chosen))
        stock -= fewest[-1]
    # The most dealt: every stock a round can leave, followed to the next round.
    stocks = {copy}
    most = [first]
    for _r in range(2, ROUNDS + 1):
        after: set[int] = set()
        for s in stocks:
            hand = hand_for(s, players, chosen)
            after.update(range(s - hand, s - sales_at_least(players, hand, discards) + 1))
        stocks = after
        most.append(max(hand_for(s, players, chosen) for s in stocks))
    out += [RoundRange(r, fewest[r - 1], most[r - 1]) for r in range(2, ROUNDS + 1)]
    return out


def largest_hand(copy: int, players: int, cap: int, discards: Sequence[int] = ()) -> int:
    """The hand size the setup offers (SA-16): the largest up to ``cap`` that every
    round can deal, however the earlier rounds went; 0 if none can."""
    for hand in range(min(cap, copy // max(players, 1)), 0, -1):
        if all(r.fewest >= 1 for r in deal_plan(copy, players, hand, discards)):
            return hand
    return 0
