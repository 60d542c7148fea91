"""Sales decks kept in the store (the ``library`` part): the player's own deck files,
each the JSON ``companion deck check`` reads (SA-1), made and changed in the deck
editor (``deck_editor.py``). No flet here."""

from __future__ import annotations

from typing import Any

from companion.core.game import Library
from companion.games.sales import deck, deck_edit


def _summary(raw: Any) -> list[str]:
    return deck.summary(deck.Deck.model_validate(raw))


LIBRARY = Library(kind="deck", plural="decks", setting="deck_copy", check=deck.problems, summary=_summary,
                  name_of=deck_edit.name_of, blank=deck_edit.blank, examples=deck.shipped_decks)
