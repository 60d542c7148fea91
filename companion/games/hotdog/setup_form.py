"""Hot Dog's setup screen as plain data: the names in seat order, who holds the mustard
card, how the bids are entered (the match's setting :data:`ENTRY`), the steps a tap
takes on the draft, and the record a game starts with. No flet here.

Nothing here decides a rule: refusals come from the rules and the core's
``check_names``, with their ruling ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.core import edits
from companion.core.edits import clean, say
from companion.core.errors import RuleError
from companion.core.names import check_names, key, normal
from companion.core.record import read
from companion.games.hotdog import rules
from companion.games.hotdog.i18n import N_
from companion.games.hotdog.models import HotDogRecord

ENTRY = "hotdog.entry"    # the match's setting: how its bids are entered
FROM_TABLE, PASSING = "table", "pass"
# Each way of entering bids: its radio's label (short, so it is never cut) and what it means.
ENTRY_MODES = {FROM_TABLE: (N_("From the table"), N_("The bids lie face up; one person enters them all.")),
               PASSING: (N_("Pass the phone"), N_("Each player enters their own bid in secret."))}


# ---------------------------------------------------------------- setup


@dataclass(frozen=True)
class SetupDraft:
    """The setup screen as typed: the names in seat order, who holds the mustard, which
    name fields were typed in or left (``touched``, by seat) and whether Start was
    tapped (``tried``). A fresh empty field says nothing until it was typed in or left,
    or Start tapped."""

    names: tuple[str, ...] = ("", "", "")
    mustard: int = 0                     # index into names
    touched: frozenset[int] = frozenset()
    tried: bool = False
    entry: str = FROM_TABLE              # how bids are entered (ENTRY_MODES)

    def renamed(self, i: int, name: str) -> SetupDraft:
        return replace(self, names=self.names[:i] + (name,) + self.names[i + 1:], touched=self.touched | {i})

    def left(self, i: int) -> SetupDraft:
        """Name field ``i`` was left (typed in or not): its refusal is said from now on."""
        return self if i in self.touched else replace(self, touched=self.touched | {i})

    def added(self) -> SetupDraft:
        return replace(self, names=self.names + ("",))

    def moved(self, i: int, by: int) -> SetupDraft:
        """Seat ``i`` swapped with its neighbour ``by`` (-1 up, 1 down); the mustard stays with its player."""
        names, j = list(self.names), i + by
        names[i], names[j] = names[j], names[i]
        swap = {i: j, j: i}
        return replace(self, names=tuple(names), mustard=swap.get(self.mustard, self.mustard),
                       touched=edits.touched_swapped(self.touched, i, j))

    def removed(self, i: int) -> SetupDraft:
        """Seat ``i`` gone; the mustard stays with its player, or goes to the first seat."""
        names = self.names[:i] + self.names[i + 1:]
        mustard = self.mustard
        if mustard == i or mustard >= len(names):
            mustard = 0
        elif mustard > i:
            mustard -= 1
        return replace(self, names=names, mustard=mustard, touched=edits.touched_removed(self.touched, i))

    def with_players(self, names: Sequence[str]) -> SetupDraft:
        """A group played with before, picked: its names in their seats, replacing the
        fields; the mustard card (HD-4) stays with its player if they are in the group,
        else it goes to the first seat."""
        holder = self.names[self.holder()].strip() if self.names else ""
        keys = [key(n) for n in names]
        mustard = keys.index(key(holder)) if holder and key(holder) in keys else 0
        return SetupDraft(names=tuple(names), mustard=mustard, touched=frozenset(range(len(names))))

    def chose(self, i: int) -> SetupDraft:
        """Seat ``i`` holds the mustard card at the start (HD-4)."""
        return replace(self, mustard=i)

    def entered_by(self, mode: str) -> SetupDraft:
        """How the match's bids are entered: from the table or passing the phone."""
        return replace(self, entry=mode if mode in ENTRY_MODES else FROM_TABLE)

    def started(self) -> SetupDraft:
        """Start tapped: every field's refusal is said from now on."""
        return replace(self, tried=True)

    def holder(self) -> int:
        """The mustard's seat as shown (the first seat when the chosen one is gone)."""
        return self.mustard if self.mustard < len(self.names) else 0

    def start(self) -> tuple[list[str], str | None]:
        """The players and the mustard holder the match starts with."""
        players = clean(self.names)
        return players, players[self.mustard] if self.mustard < len(players) else None

    def errors(self) -> list[str | None]:
        """Each name field's refusal (HD-1) as the screen says it: only for a field
        typed in, or every field once Start was tapped."""
        return edits.said_name_errors(name_errors(self.names), self.touched, self.tried)

    def problem(self) -> str | None:
        """Why the match cannot start (HD-1, HD-4) as the screen says it: once Start was
        tapped, or when no field still keeps its refusal to itself (a fresh empty field)."""
        problem = setup_error(self.names, self.names[self.holder()].strip() or None)
        return None if edits.keeps_quiet(name_errors(self.names), self.touched, self.tried) else problem


def name_errors(names: Sequence[str]) -> list[str | None]:
    """For each name field, why HD-1 refuses it (or None), as the player types."""
    return edits.name_errors(names, "HD-1")


def setup_error(names: Sequence[str], mustard: str | None = None) -> str | None:
    """Why the match cannot start yet (HD-1, HD-4), or None."""
    names = clean(names)
    try:
        check_names(names, rules.MIN_PLAYERS, rules.MAX_PLAYERS, "HD-1")
        rules.start(read(HotDogRecord, {"game": "hotdog", "players": names, "mustard": mustard}, {}))
    except RuleError as err:
        return say(err)
    return None


def new_record(players: Sequence[str], mustard: str | None) -> dict[str, Any]:
    """A game record before round 1 (the contract's input record)."""
    players = clean(players)
    record: dict[str, Any] = {"game": "hotdog", "players": players}
    record["mustard"] = normal(mustard) if mustard is not None else players[0]
    record["rounds"] = []
    return record
