"""The game's words as a player reads them: the example deck's weathers and icons
translated where shown (a deck's own words, typed by players, are shown as they are),
and a card named by its suit and value. The records keep the deck's own words."""

from __future__ import annotations

from companion.games.sales.i18n import N_, _
from companion.games.sales.models import Card

#: The words of the shipped example deck (its weathers and icons), translated where shown;
#: a deck's own words (typed by players) are shown as they are. The record keeps the key.
# Translators: the German words of this game, kept the same everywhere (docs/glossary-de.md):
# sale = Verkauf (a trick: Stich); suit = Farbe (a weather: Wetter); on suit = angespielte Farbe;
# off suit = farbfremd; follow suit = Farbe bedienen; wild = Joker; lead = ausspielen; discard
# icon = Abwurfsymbol; set card = Sammelkarte (1x-Sammelkarte, Nachbar-Sammelkarte); numbers =
# Zahlen; train marker = Lok-Marker; competitive = gegeneinander; co-op = Koop; house rule =
# Hausregel; house variant = Hausvariante; deal chart = Austeiltabelle; team score = Teamwertung;
# score sheet = Wertungsblatt.
WORDS = {"sun": N_("sun"), "rain": N_("rain"), "snow": N_("snow"), "wind": N_("wind"), "wild": N_("wild"),
         "sunglasses": N_("sunglasses"), "umbrella": N_("umbrella"), "scarf": N_("scarf"),
         "kite": N_("kite"), "coat": N_("coat")}


def word(name: str) -> str:
    """A suit or icon as a player reads it: the example deck's words translated, others as typed."""
    found = WORDS.get(name.casefold())
    return _(found) if found is not None else name


#: The shipped example deck's name and description (``assets/decks/example-weather.json``),
#: translated where shown; the file keeps its English, and a deck renamed is shown as typed.
SHIPPED = {N_("Example weather deck (edit me)"),
           N_("AN EXAMPLE TO EDIT, not the published card list: the rule texts do not list the cards. It "
              "shows every feature the referee knows: four weathers as suits, wild cards, discard icons, set "
              "icons, 1x set cards and neighbor set cards. Copy this file, rename it and change the suits, "
              "icons and cards to match your own deck; then run: companion deck check YOUR_FILE.")}


def shown(text: str) -> str:
    """A deck's name or description as shown: the shipped example's translated, others as typed."""
    return _(text) if text in SHIPPED else text


def card_label(card: Card) -> str:
    """How a player names a card: "sun 4", "wild 2" (the example deck's weathers translated)."""
    return _("{suit} {value}").format(suit=word(card.suit), value=card.value)
