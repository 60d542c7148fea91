"""Burger's small words, in the language now: counts of cards, rats, hamburgers,
rounds and points, a tool hand, a tool card's name. What the ``present`` layer and the
rules screen build their sentences from. No flet here."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.burger.i18n import N_, _, ngettext
from companion.games.burger.models import ToolHand

SCORING_NOTE = N_("Scoring is a house rule (BU-8): the rule texts give none.")

NUMBER_WORDS = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six")}

TOOL_NAMES = {"tongs": N_("tongs"), "tease": N_("tease")}
"""A tool card's kind (the record's word) as a player reads it in a sentence."""
TOOL_BUTTONS = {"tongs": N_("Tongs"), "tease": N_("Tease")}
"""A tool card's kind on a button or a choice."""


def tool_name(kind: str) -> str:
    return _(TOOL_NAMES[kind]) if kind in TOOL_NAMES else kind


def tool_button(kind: str) -> str:
    return _(TOOL_BUTTONS[kind]) if kind in TOOL_BUTTONS else kind.capitalize()


def number_word(n: int) -> str:
    """'three' for 3 (up to six), else the digits: in the language now."""
    return _(NUMBER_WORDS[n]) if n in NUMBER_WORDS else str(n)


def cards_text(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def rats_text(n: int) -> str:
    # Translators: rat cards
    return ngettext("{n} rat", "{n} rats", n).format(n=n)


def hamburgers_text(n: int) -> str:
    return ngettext("{n} hamburger", "{n} hamburgers", n).format(n=n)


def rounds_text(n: int) -> str:
    return ngettext("{n} round", "{n} rounds", n).format(n=n)


def rat_tokens_text(n: int) -> str:
    return ngettext("{n} rat token", "{n} rat tokens", n).format(n=n)


def tools_text(tongs: int, tease: int) -> str:
    """'2 tongs + 1 tease': a tool hand in the language now."""
    return _("{tongs} + {tease}").format(
        # Translators: tool cards; "tongs" is the same word for one card or several in English
        tongs=ngettext("{n} tongs", "{n} tongs", tongs).format(n=tongs),
        tease=ngettext("{n} tease", "{n} tease", tease).format(n=tease))


def hand_text(hand: Mapping[str, int] | ToolHand) -> str:
    """Tool cards as words: '2 tongs + 1 tease'."""
    return tools_text(hand.get("tongs", 0), hand.get("tease", 0))


def points_text(n: int) -> str:
    """'1 point', '3 points'."""
    return ngettext("{n} point", "{n} points", n).format(n=n)
