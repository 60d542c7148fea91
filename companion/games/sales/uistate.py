"""The Sales screens' passing state, as plain data, and the small steps on it
(no flet here: tested without a browser). Rules stay in ``rules``; what the
screens show comes from ``viewmodel``. This module only says which draft a tap
changes and how.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from companion.games.sales import viewmodel as vm
from companion.games.sales.models import DEFAULT_HAND_SIZE
from companion.games.sales.viewmodel import CardDraft, DeckFile

OTHER = ""          # the setup's deck choice "another file" (a typed or picked path)


# ---------------------------------------------------------------- deck files


@lru_cache(maxsize=16)
def _deck(path: str, stamp: tuple[int, int]) -> DeckFile:
    del stamp    # part of the cache key only: an edited file is read again
    return vm.open_deck(path)


def deck_file(path: str | None) -> DeckFile | None:
    """The deck file at ``path``, checked (read again when it changes); None for no path."""
    if not path or not path.strip():
        return None
    path = path.strip()
    try:
        st = os.stat(path)
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        return vm.open_deck(path)      # says why it cannot be read
    return _deck(path, stamp)


# ---------------------------------------------------------------- setup


@dataclass(frozen=True)
class SetupDraft:
    mode: str = "competitive"
    names: tuple[str, ...] = ("", "", "")
    hand_size: str = str(DEFAULT_HAND_SIZE)
    leader: str | None = None          # a name; None: the first valid name
    deck: str | None = None            # a shipped deck's path, OTHER, or None: the first shipped one
    other: str = ""                    # the path typed or picked for OTHER

    def deck_path(self, shipped: Sequence[str]) -> str:
        if self.deck is None:
            return shipped[0] if shipped else ""
        return self.other.strip() if self.deck == OTHER else self.deck

    def leader_name(self) -> str | None:
        options = vm.leader_options(self.names)
        if self.leader in options:
            return self.leader
        return options[0] if options else None


def with_mode(d: SetupDraft, mode: str) -> SetupDraft:
    """Another mode: the names fitted to its count (SA-2); solo's default hand names
    are dropped again when leaving solo."""
    names = list(d.names)
    if d.mode == "solo" and mode != "solo":
        names = ["" if n in vm.SOLO_HANDS else n for n in names]
    return replace(d, mode=mode, names=tuple(vm.default_names(mode, names)))


def with_name(d: SetupDraft, i: int, name: str) -> SetupDraft:
    return replace(d, names=d.names[:i] + (name,) + d.names[i + 1:])


def moved(d: SetupDraft, i: int, by: int) -> SetupDraft:
    names, j = list(d.names), i + by
    if not (0 <= i < len(names) and 0 <= j < len(names)):
        return d
    names[i], names[j] = names[j], names[i]
    return replace(d, names=tuple(names))


def removed(d: SetupDraft, i: int) -> SetupDraft:
    low, _ = vm.player_range(d.mode)
    if len(d.names) <= low or not 0 <= i < len(d.names):
        return d
    return replace(d, names=d.names[:i] + d.names[i + 1:])


def added(d: SetupDraft) -> SetupDraft:
    _, high = vm.player_range(d.mode)
    return d if len(d.names) >= high else replace(d, names=d.names + ("",))


def setup_problem(d: SetupDraft, deck: DeckFile | None) -> str | None:
    """Why the game cannot start yet: the rules' refusal (SA-2, SA-9), or the deck's."""
    problem = vm.setup_error(d.names, d.mode, d.hand_size, d.leader_name())
    if problem is not None:
        return problem
    if deck is None:
        return "Choose a deck file (SA-1)."
    if not deck.ok:
        return f"SA-1: the deck file cannot be used: {deck.problems[0]}"
    return None


# ---------------------------------------------------------------- the table


@dataclass(frozen=True)
class TableUI:
    """One session's passing state at a Sales table: data only."""

    match_id: int
    mode: str = "entry"                        # entry | result | sale | edit
    plays: tuple[Mapping[str, Any], ...] = ()   # the sale being entered
    at: tuple[int, int] | None = None           # result / sale / edit: which recorded sale
    edit_plays: tuple[Mapping[str, Any], ...] = ()
    method: str = "deck"                        # deck | attrs: how a card is entered
    query: str = ""
    attrs: CardDraft = field(default_factory=CardDraft)
    pending: Mapping[str, Any] | None = None    # a card waiting for the SA-14 confirmation
    question: str | None = None
    error: str | None = None
    # The record each draft was begun on (None: not begun, or in step with the screen):
    # what it is saved against, so a sale recorded meanwhile on another screen refuses
    # it (companion.core.edits.entered_against).
    base: Mapping[str, Any] | None = None
    edit_base: Mapping[str, Any] | None = None

    @property
    def editing(self) -> bool:
        return self.mode == "edit"

    def draft(self) -> tuple[Mapping[str, Any], ...]:
        """The plays the card entry adds to: the new sale's, or the changed sale's."""
        return self.edit_plays if self.editing else self.plays

    def with_draft(self, plays: Sequence[Mapping[str, Any]]) -> TableUI:
        key = "edit_plays" if self.editing else "plays"
        return replace(self, **{key: tuple(plays)}, pending=None, question=None, error=None)


def sale_places(record: Mapping[str, Any]) -> list[tuple[int, int]]:
    """Every recorded sale as (round_index, sale_index), in play order."""
    return [(r, s) for r, rnd in enumerate(record.get("rounds", []))
            for s in range(len(rnd.get("sales", [])))]


def last_sale_at(record: Mapping[str, Any]) -> tuple[int, int] | None:
    places = sale_places(record)
    return places[-1] if places else None


def undone_plays(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The plays ``viewmodel.undo`` drops from this record (back for entry), or none when
    undo only takes back a round just started."""
    rounds = record.get("rounds", [])
    if not rounds or not rounds[-1].get("sales"):
        return []
    return vm.plays_of(record, len(rounds) - 1, len(rounds[-1]["sales"]) - 1)


def valid(ui: TableUI, record: Mapping[str, Any]) -> TableUI:
    """The passing state fitted to the record as stored now (another device may have
    undone a sale): a view of a sale that is gone goes back to the table."""
    if ui.mode != "entry" and (ui.at is None or ui.at not in sale_places(record)):
        return replace(ui, mode="entry", at=None, edit_plays=(), edit_base=None, pending=None, question=None)
    return ui
