"""The game's words as a player reads them: the example deck's weathers and icons
translated where shown (a deck's own words, typed by players, are shown as they are),
and a card named by its suit and value. The records keep the deck's own words."""

from __future__ import annotations

from companion.games.sales.i18n import N_, _
from companion.games.sales.models import Card

#: The words of the shipped example deck (its weathers and icons), translated where shown;
#: a deck's own words (typed by players) are shown as they are. The record keeps the key.
WORDS = {"sun": N_("sun"), "rain": N_("rain"), "snow": N_("snow"), "wind": N_("wind"), "wild": N_("wild"),
         "sunglasses": N_("sunglasses"), "umbrella": N_("umbrella"), "scarf": N_("scarf"),
         "kite": N_("kite"), "coat": N_("coat")}


def word(name: str) -> str:
    """A suit or icon as a player reads it: the example deck's words translated, others as typed."""
    found = WORDS.get(name.casefold())
    return _(found) if found is not None else name


def card_label(card: Card) -> str:
    """How a player names a card: "sun 4", "wild 2" (the example deck's weathers translated)."""
    return _("{suit} {value}").format(suit=word(card.suit), value=card.value)
