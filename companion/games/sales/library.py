"""The decks players make in the app for their own copy (SA-1): a deck is the same JSON
file ``companion deck check`` reads, kept in the store (:mod:`companion.store.library`),
made and changed in the deck editor (``deck_editor_screen.py``). No flet here."""

from __future__ import annotations

from typing import Any

from companion.core.game import Library
from companion.games.sales import deck, deck_operations
from companion.games.sales.deckfiles import DECK_COPY
from companion.games.sales.i18n import N_


def _summary(raw: Any) -> list[str]:
    return deck.summary(deck.Deck.model_validate(raw))


LIBRARY: Library = Library(kind=N_("deck"), plural=N_("decks"), setting=DECK_COPY, check=deck.problems,
                           summary=_summary, name_of=deck_operations.name_of, blank=deck_operations.blank,
                           examples=deck.shipped_decks)
