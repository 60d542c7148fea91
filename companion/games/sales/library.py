"""The decks players make in the app for their own copy (SA-1): a deck is the same JSON
file ``companion deck check`` reads, kept in the store (:mod:`companion.store.library`)."""

from __future__ import annotations

from typing import Any

from companion.core.game import Library
from companion.games.sales import deck
from companion.games.sales.deckfiles import DECK_COPY


def _summary(raw: Any) -> list[str]:
    return deck.summary(deck.Deck.model_validate(raw))


def _name(raw: Any) -> str:
    name = raw.get("name") if isinstance(raw, dict) else None
    return name.strip() if isinstance(name, str) else ""


def _blank() -> dict[str, Any]:
    return {"name": "", "description": "", "suits": [], "icons": [], "cards": []}


LIBRARY = Library(kind="deck", plural="decks", setting=DECK_COPY, check=deck.problems, summary=_summary,
                  name_of=_name, blank=_blank, examples=deck.shipped_decks)
