"""The game's words as a player reads them: the example deck's weathers and icons
translated where shown (a deck's own words, typed by players, are shown as they are),
a card named by its suit and value, the cards dealt per round (SA-2) and the modes'
names. The records keep the deck's own words."""

from __future__ import annotations

from typing import Any

from companion.core import edits
from companion.games.sales.i18n import N_, _, ngettext
from companion.games.sales.models import DEFAULT_HAND_SIZE, Card

MODE_TITLES = {"competitive": N_("the competitive game"), "coop": N_("co-op"), "solo": N_("solo")}

#: The words of the shipped example deck (its weathers and icons), translated where shown;
#: a deck's own words (typed by players) are shown as they are. The record keeps the key.
# Translators: the German words of this game, kept the same everywhere (docs/glossary-de.md):
# sale = Verkauf (a trick: Stich); suit = Farbe (a weather: Wetter); on suit = angespielte Farbe;
# off suit = farbfremd; follow suit = Farbe bedienen; wild = Joker; lead = ausspielen; discard
# icon = Abwurfsymbol; set card = Sammelkarte (1x-Sammelkarte, Nachbar-Sammelkarte); numbers =
# Zahlen; train marker = Lok-Marker; competitive = gegeneinander; co-op = Koop; house rule =
# Hausregel; house variant = Hausregel as well; deal chart = Austeiltabelle; team score = Teamwertung;
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
    return _("{suit} {value}").format(suit=word(card["suit"]), value=card["value"])


def setup_notes(mode: str, n: int) -> list[str]:
    """What a player reads about the cards dealt per round (SA-2): the competitive
    default is a house rule (the deal chart is missing); other numbers are house variants."""
    if mode == "competitive":
        if n == DEFAULT_HAND_SIZE:
            return [_("{n} cards per round: house rule (SA-2), the deal chart is missing.").format(n=n)]
        return [
            ngettext("{n} card per round: house variant (SA-2); the deal chart is missing and the "
                     "house rule default is {default}.",
                     "{n} cards per round: house variant (SA-2); the deal chart is missing and the "
                     "house rule default is {default}.", n).format(n=n, default=DEFAULT_HAND_SIZE)
        ]
    if n == DEFAULT_HAND_SIZE:
        text = (_("{n} cards per hand per round, as the rules deal in {mode} (SA-2).") if mode == "solo"
                else _("{n} cards per player per round, as the rules deal in {mode} (SA-2)."))
        return [text.format(n=n, mode=_(MODE_TITLES[mode]))]
    text = (ngettext("{n} card per hand per round: house variant (SA-2); the rules deal {default} in {mode}.",
                     "{n} cards per hand per round: house variant (SA-2); the rules deal {default} in {mode}.", n)
            if mode == "solo" else
            ngettext("{n} card per player per round: house variant (SA-2); the rules deal {default} in {mode}.",
                     "{n} cards per player per round: house variant (SA-2); the rules deal {default} in {mode}.",
                     n))
    return [text.format(n=n, default=DEFAULT_HAND_SIZE, mode=_(MODE_TITLES[mode]))]


def place(played: Any) -> edits.Place:
    """How far a replayed game is, in the words the table uses ('round 2, sale 3')
    (the registry's ``place`` for sales)."""
    rounds = played.record["rounds"]
    at = (len(rounds), len(rounds[-1]["sales"]) if rounds else 0)
    state = played.state
    if state.game_over:
        return edits.Place(at, _("the final scores"))
    if state.round_over:
        return edits.Place(at, _("round {n}").format(n=state.round + 1), "started")
    return edits.Place(at, _("round {round}, sale {sale}").format(round=state.round, sale=state.sales_in_round + 1))
