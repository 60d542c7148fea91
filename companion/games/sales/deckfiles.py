"""Deck files as the setup and the table use them: shipped or picked, checked, with
every fault as a fact (``deck.Fault``), worded when drawn. No flet here.

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

from companion.games.sales.deck import Deck, Fault, read_file, read_text, shipped_decks, summary
from companion.games.sales.i18n import _

DECK = "deck"             # the match setting naming its deck file
DECK_COPY = "deck_copy"   # the match setting keeping a copy of a deck made in the app


@dataclass(frozen=True)
class DeckFile:
    """A deck file as the setup shows it: its name, and either the deck or what is wrong,
    as facts. Its :attr:`problems` and :attr:`summary` are worded when asked (when
    drawn), in the language in effect then: a deck file read once may be shown in any
    language."""

    path: str
    name: str
    deck: Deck | None
    faults: tuple[Fault, ...] = ()

    @property
    def ok(self) -> bool:
        return self.deck is not None

    @property
    def problems(self) -> list[str]:
        """Every fault, one line each, in the language in effect."""
        return [f.said() for f in self.faults]

    @property
    def summary(self) -> list[str]:
        """A good deck's short summary (``deck.summary``), in the language in effect."""
        return summary(self.deck) if self.deck is not None else []


def open_deck(path: str | Path) -> DeckFile:
    """Read and check a deck file (shipped or picked by the player): its faults, or the deck."""
    found, deck = read_file(path)
    if deck is None:
        return DeckFile(str(path), Path(path).name, None, tuple(found))
    return DeckFile(str(path), deck.name, deck)


def deck_choices() -> list[DeckFile]:
    """The deck files shipped in ``assets/decks/``, checked."""
    return [deck_file(str(p)) or open_deck(p) for p in shipped_decks()]


class _Faulty(Exception):
    """A deck file with faults: not kept by :func:`_good` (a fault of its JSON is the
    record reader's line, worded as it was read)."""

    def __init__(self, found: DeckFile) -> None:
        super().__init__(found.path)
        self.found = found


@lru_cache(maxsize=16)
def _good(path: str, stamp: tuple[int, int]) -> DeckFile:
    """A good deck file, read once per version (``stamp``: an edited file is read again).
    It holds facts only, so one copy serves every language; a file with faults raises
    :class:`_Faulty`, which the cache does not keep."""
    del stamp
    found = open_deck(path)
    if not found.ok:
        raise _Faulty(found)
    return found


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
    try:
        return _good(path, stamp)
    except _Faulty as faulty:
        return faulty.found


def deck_text(text: str, name: str = "") -> DeckFile:
    """A deck's JSON text (a copy a match keeps, or one kept in the store), checked like
    a deck file; ``name`` is what it is called when it has none of its own."""
    found, deck = read_text(text)
    if deck is None:
        return DeckFile("", name, None, tuple(found))
    return DeckFile("", deck.name, deck)


def match_deck(settings: Mapping[str, str]) -> DeckFile | None:
    """The deck a match is played with: its own copy if it has one, else the deck file
    it names; None if neither."""
    copy = settings.get(DECK_COPY)
    if copy:
        return deck_text(copy, _("the deck this game was set up with"))
    return deck_file(settings.get(DECK))
