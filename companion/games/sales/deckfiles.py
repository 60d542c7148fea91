"""Deck files as the setup and the table use them: shipped or picked, checked, with
every fault as a line of text. No flet here.

The card list is not in the rules (SA-1): a deck file lists the cards. A match
keeps the deck it is played with as its own setting (the record has no such field: the
contract's record names cards by their attributes): a deck made in the app (kept in the
store, :mod:`companion.store.library`) as a copy of its text, ``DECK_COPY``, so editing
or deleting it later never changes the match; a deck file as its path, ``DECK``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from companion.core import i18n
from companion.core.errors import RecordError
from companion.core.record import parse_json
from companion.games.sales.deck import Deck, check_file, problems, shipped_decks, summary
from companion.games.sales.i18n import _

DECK = "deck"             # the match setting naming its deck file
DECK_COPY = "deck_copy"   # the match setting keeping a copy of a deck made in the app


@dataclass(frozen=True)
class DeckFile:
    """A deck file as the setup shows it: its name, and either the deck or what is wrong."""

    path: str
    name: str
    deck: Deck | None
    problems: list[str]
    summary: list[str]

    @property
    def ok(self) -> bool:
        return self.deck is not None


def open_deck(path: str | Path) -> DeckFile:
    """Read and check a deck file (shipped or picked by the player): every fault as a
    line of text, or the deck with its short summary."""
    found, summary = check_file(path)
    if found:
        return DeckFile(str(path), Path(path).name, None, found, [])
    deck = Deck.model_validate_json(Path(path).read_text(encoding="utf-8"))
    return DeckFile(str(path), deck.name, deck, [], summary)


def deck_choices() -> list[DeckFile]:
    """The deck files shipped in ``assets/decks/``, checked."""
    return [open_deck(p) for p in shipped_decks()]


@lru_cache(maxsize=16)
def _deck(path: str, stamp: tuple[int, int], language: str) -> DeckFile:
    del stamp, language    # the cache key only: an edited file is read again, and its summary
    return open_deck(path)  # and problems are worded in the language in use


def deck_file(path: str | None) -> DeckFile | None:
    """The deck file at ``path``, checked (read again when it changes); None for no path."""
    if not path or not path.strip():
        return None
    path = path.strip()
    try:
        st = os.stat(path)
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        return open_deck(path)      # says why it cannot be read
    return _deck(path, stamp, i18n.language())


def deck_text(text: str, name: str = "") -> DeckFile:
    """A deck's JSON text (a copy a match keeps, or one kept in the store), checked like
    a deck file; ``name`` is what it is called when it has none of its own."""
    try:
        raw = parse_json(text)
    except RecordError as err:
        return DeckFile("", name, None, [err.message], [])
    found = problems(raw)
    if found:
        return DeckFile("", name, None, found, [])
    deck = Deck.model_validate(raw)
    return DeckFile("", deck.name, deck, [], summary(deck))


def match_deck(settings: Mapping[str, str]) -> DeckFile | None:
    """The deck a match is played with: its own copy if it has one, else the deck file
    it names; None if neither."""
    copy = settings.get(DECK_COPY)
    if copy:
        return deck_text(copy, _("the deck this game was set up with"))
    return deck_file(settings.get(DECK))
