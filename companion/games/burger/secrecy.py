"""What burger keeps secret, decided once (BU-3, BU-5): the phones' seat
(``seat.py``) and the screens (``present.py``) both ask here.

While the game runs, rat tokens, used tool cards and the tool cards in hand are each
player's own: a round's facts show a player only their own part (``OWN_ONLY``), and
the public words of a round (``explain.public_notes``) leave out how many rat cards
each deck held and how many tool cards a take-back returned. The tool cards chosen before the reveal never leave
the screen (or the phone) they were chosen on. Once the game is over everything is
shown. No flet here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.burger import rules

OWN_ONLY = ("rats", "tools_left", "returned", "found")
"""A round's facts, per player, that only that player may see while the game runs."""


def own_part(result: Mapping[str, Any], player: str | None) -> dict[str, Any]:
    """A round's facts with, of each ``OWN_ONLY`` part, ``player``'s entry only (None:
    the whole table's view, nobody's)."""
    out = dict(result)
    for key in OWN_ONLY:
        part = result[key]
        out[key] = {player: part[player]} if player is not None and player in part else {}
    return out


def rat_cards_shown(deck: Sequence[str], over: bool) -> int:
    """How many rat cards of a deck taken the table may read: none while the game runs
    (they would tell its taker's rat tokens, BU-5), all once it is over."""
    return sum(1 for card in deck if rules.is_rat(card)) if over else 0
