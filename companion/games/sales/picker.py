"""Picking a card from the deck file at the table: the deck's cards grouped by suit,
the cards out of play greyed out with why, filtered by a search text. No flet here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.names import same
from companion.core.record import read
from companion.games.sales.deck import Deck, record_card
from companion.games.sales.explain import card_text
from companion.games.sales.i18n import _, ngettext
from companion.games.sales.models import WILD, Card
from companion.games.sales.present import Played
from companion.games.sales.vocab import card_label, word

SEARCH_FROM = 60
"""A deck of this many cards or more gets a search field over its chips (house rule
of the screen): a smaller deck's chips fit a few screens, a tap each."""


def needs_search(deck: Deck) -> bool:
    """Whether the picker offers a search field: big decks only."""
    return len(deck.cards) >= SEARCH_FROM


@dataclass(frozen=True)
class DeckCardView:
    id: str
    label: str          # "sun 4"
    text: str           # "sun 4 · discard 1 · sunglasses"
    suit: str
    out: bool           # out of play: shown greyed out
    why: str | None     # "won by Ann in round 1", "played in sale 2", "played by Cat in this sale"

    def matches(self, query: str) -> bool:
        """Every word of the search text appears in the card's id or text."""
        hay = f"{self.id} {self.text}".casefold()
        return all(w in hay for w in query.casefold().split())


@dataclass(frozen=True)
class SuitGroup:
    suit: str
    title: str          # "sun: 10 cards, 2 out of play"
    cards: list[DeckCardView]


def _key(card: Card) -> tuple[Any, ...]:
    """A card's attributes, to find a recorded card in the deck (icons in any order or case)."""
    collects = card["set"]
    s = (collects["kind"], collects["icon"].casefold()) if collects else None
    return (card["suit"], card["value"], card["discard"], tuple(sorted(i.casefold() for i in card["icons"])), s)


def _out_of_play(game: Played, entered: Sequence[Mapping[str, Any]]) -> list[tuple[Card, str]]:
    """Cards the record shows out of play for the sale being entered: cards won in
    earlier rounds (kept, not shuffled back: SA-9), every card played this round (won
    or discarded: SA-6), and the cards entered in this sale."""
    out: list[tuple[Card, str]] = []
    last = len(game.rounds) - 1
    for r, (rnd, result) in enumerate(zip(game.record["rounds"], game.rounds, strict=True)):
        for s, (sale, res) in enumerate(zip(rnd["sales"], result["sales"], strict=True)):
            winner = res["winner"]
            for play in sale["plays"]:
                card: Card = read(Card, play["card"], {})
                won = same(play["player"], winner)
                if r < last:
                    if won:
                        out.append((card, _("won by {player} in round {n}").format(player=winner, n=r + 1)))
                elif won:
                    out.append((card, _("won by {player} in sale {n}").format(player=winner, n=s + 1)))
                else:
                    out.append((card, _("discarded in sale {n}").format(n=s + 1)))
    for p in entered:
        out.append((read(Card, p["card"], {}),
                    _("played by {player} in this sale").format(player=p["player"])))
    return out


def deck_groups(deck: Deck, game: Played, entered: Sequence[Mapping[str, Any]] = (),
                query: str = "") -> list[SuitGroup]:
    """The deck's cards grouped by suit (the deck's suits in order, then wild), the
    cards out of play after ``game`` (and the ``entered`` plays) flagged to grey out,
    filtered by the search text."""
    taken: dict[str, str] = {}
    cards = [(c, record_card(deck, c.id)) for c in deck.cards]
    for played, why in _out_of_play(game, entered):
        key = _key(played)
        for dc, card in cards:
            if dc.id not in taken and _key(card) == key:
                taken[dc.id] = why
                break
    groups = []
    for suit in [*deck.suits, WILD]:
        views = [DeckCardView(dc.id, card_label(card), card_text(card), dc.suit, dc.id in taken,
                              taken.get(dc.id))
                 for dc, card in cards if dc.suit == suit]
        if views:
            n_out = sum(v.out for v in views)
            title = (ngettext("{suit}: {n} card, {out} out of play", "{suit}: {n} cards, {out} out of play", len(views))
                     if n_out else ngettext("{suit}: {n} card", "{suit}: {n} cards", len(views))).format(
                suit=word(suit), n=len(views), out=n_out)
            groups.append(SuitGroup(suit, title, views))
    return search(groups, query)


def all_out(deck: Deck, game: Played, entered: Sequence[Mapping[str, Any]] = ()) -> bool:
    """Every card of the deck is out of play: the picker would offer nothing to tap (a
    deal that follows SA-16 never comes to this; a deck file cut since can)."""
    return all(c.out for g in deck_groups(deck, game, entered) for c in g.cards)


def search(groups: Sequence[SuitGroup], query: str) -> list[SuitGroup]:
    """Only the cards matching the search text ('sun 4', 'coat', 'wild'); empty groups go."""
    if not query.strip():
        return list(groups)
    out = []
    for g in groups:
        hit = [c for c in g.cards if c.matches(query)]
        if hit:
            out.append(SuitGroup(g.suit, g.title, hit))
    return out
