"""Hot Dog's forms as plain data: the setup steps, the bids being entered, the table
screen's passing state, and the record operations a tap sends (submit, undo, change
a past round). No flet here — tested without a browser.

The game record is the truth: submitting a round appends one, undo drops the last,
changing a past round replaces it and replays the game from there
(:mod:`companion.core.edits`). Nothing here decides a rule: refusals come from
``rules.check_round`` and the core's ``check_names``, and carry their ruling id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core import edits
from companion.core.edits import Change, clean, say
from companion.core.errors import RuleError
from companion.core.names import check_names, normal
from companion.games.hotdog import rules
from companion.games.hotdog.models import HotDogRecord, Round
from companion.games.hotdog.present import replay

MAX_HOTDOGS = 30   # a stepper's top: no bid needs more (the largest table is 9)
MAX_DOLLARS = 30


# ---------------------------------------------------------------- setup


@dataclass(frozen=True)
class SetupDraft:
    """The setup screen as typed: the names in seat order and who holds the mustard."""

    names: tuple[str, ...] = ("", "", "")
    mustard: int = 0                     # index into names

    def renamed(self, i: int, name: str) -> SetupDraft:
        return replace(self, names=self.names[:i] + (name,) + self.names[i + 1:])

    def added(self) -> SetupDraft:
        return replace(self, names=self.names + ("",))

    def moved(self, i: int, by: int) -> SetupDraft:
        """Seat ``i`` swapped with its neighbour ``by`` (-1 up, 1 down); the mustard stays with its player."""
        names, j = list(self.names), i + by
        names[i], names[j] = names[j], names[i]
        mustard = {i: j, j: i}.get(self.mustard, self.mustard)
        return SetupDraft(tuple(names), mustard)

    def removed(self, i: int) -> SetupDraft:
        """Seat ``i`` gone; the mustard stays with its player, or goes to the first seat."""
        names = self.names[:i] + self.names[i + 1:]
        mustard = self.mustard
        if mustard == i or mustard >= len(names):
            mustard = 0
        elif mustard > i:
            mustard -= 1
        return SetupDraft(names, mustard)

    def chose(self, i: int) -> SetupDraft:
        """Seat ``i`` holds the mustard card at the start (HD-4)."""
        return replace(self, mustard=i)

    def holder(self) -> int:
        """The mustard's seat as shown (the first seat when the chosen one is gone)."""
        return self.mustard if self.mustard < len(self.names) else 0

    def start(self) -> tuple[list[str], str | None]:
        """The players and the mustard holder the match starts with."""
        players = clean(self.names)
        return players, players[self.mustard] if self.mustard < len(players) else None


def name_errors(names: Sequence[str]) -> list[str | None]:
    """For each name field, why HD-1 refuses it (or None), as the player types."""
    return edits.name_errors(names, "HD-1")


def setup_error(names: Sequence[str], mustard: str | None = None) -> str | None:
    """Why the match cannot start yet (HD-1, HD-4), or None."""
    names = clean(names)
    try:
        check_names(names, rules.MIN_PLAYERS, rules.MAX_PLAYERS, "HD-1")
        rules.start(HotDogRecord(players=names, mustard=mustard))
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


# ---------------------------------------------------------------- bids


@dataclass(frozen=True)
class Draft:
    """One player's bid as being entered (kept as entered, even when refused)."""

    table: int
    hotdogs: int = 1
    dollars: int = 0
    last: bool = False
    announced: bool = True
    hidden: bool = False

    def seat_bid(self) -> dict[str, Any]:
        """The bid as a phone sends it (its seat names the player)."""
        out: dict[str, Any] = {"table": self.table, "hotdogs": self.hotdogs, "dollars": self.dollars}
        if self.last:
            out["last"] = True
            out["announced"] = self.announced
        return out

    def bid(self, player: str) -> dict[str, Any]:
        """The bid as the record keeps it."""
        out: dict[str, Any] = {"player": player, "table": self.table, "hotdogs": self.hotdogs}
        if self.dollars:
            out["dollars"] = self.dollars
        if self.last:
            out["last"] = True
            out["announced"] = self.announced
        return out

    def step(self, what: str, by: int) -> Draft:
        """A stepper press: hot dogs stay 1…MAX_HOTDOGS, dollars 0…MAX_DOLLARS."""
        if what == "hotdogs":
            return replace(self, hotdogs=min(MAX_HOTDOGS, max(1, self.hotdogs + by)))
        if what == "dollars":
            return replace(self, dollars=min(MAX_DOLLARS, max(0, self.dollars + by)))
        raise ValueError(what)

    @classmethod
    def of(cls, bid: Mapping[str, Any]) -> Draft:
        return cls(table=bid["table"], hotdogs=bid["hotdogs"], dollars=bid.get("dollars", 0),
                   last=bid.get("last", False), announced=bid.get("announced", True))


def last_hot_dog(v: bool) -> Callable[[Draft], Draft]:
    """The 'Last hot dog' box ticked (or not): HD-12."""
    return lambda d: replace(d, last=v)


def announced(v: bool) -> Callable[[Draft], Draft]:
    """The 'announced' box ticked (or not): HD-12."""
    return lambda d: replace(d, announced=v)


def hidden_bid(d: Draft) -> Draft:
    """Hidden before the phone is passed on (the table screen's bid card)."""
    return replace(d, hidden=True)


def shown_bid(d: Draft) -> Draft:
    return replace(d, hidden=False)


def drafts_of(record: Mapping[str, Any], index: int) -> dict[str, Draft]:
    """The bids of round ``index`` (0-based) as drafts, to edit them."""
    return {b["player"]: Draft.of(b) for b in record["rounds"][index]["bids"]}


def every_draft(state: rules.State, drafts: Mapping[str, Draft]) -> dict[str, Draft]:
    """A draft for every player, in seat order (a plain first-table bid for one not begun)."""
    return {p: drafts.get(p) or Draft(table=state.tables[0]) for p in state.players}


def with_draft(drafts: Mapping[str, Draft], player: str, change: Callable[[Draft], Draft],
               first_table: int) -> dict[str, Draft]:
    """The drafts with ``change`` (a function of a draft) applied to ``player``'s."""
    out = dict(drafts)
    out[player] = change(out.get(player) or Draft(table=first_table))
    return out


def round_of(players: Sequence[str], drafts: Mapping[str, Draft]) -> dict[str, Any]:
    return {"bids": [drafts[p].bid(p) for p in players if p in drafts]}


def bid_errors(state: rules.State, drafts: Mapping[str, Draft]) -> dict[str, str]:
    """What HD-6 refuses in each player's bid, said next to that player's fields.

    Each bid is checked by the rules on its own: the round is completed with a
    plain one-hot-dog bid for everyone else, so one player's refusal never hides
    another's."""
    out: dict[str, str] = {}
    for p, draft in drafts.items():
        bids = [draft.bid(p) if q == p else {"player": q, "table": state.tables[0], "hotdogs": 1}
                for q in state.players]
        err = rules.check_round(state, Round.model_validate({"bids": bids}))
        if err is not None and err.player == p:
            out[p] = say(err)
    return out


# ---------------------------------------------------------------- record operations


def submit(record: Mapping[str, Any], drafts: Mapping[str, Draft]) -> Change:
    """Append the next round, if the rules take it; else say why and change nothing."""
    return edits.append_round(replay, record, round_of(clean(record["players"]), drafts))


def undo(record: Mapping[str, Any]) -> Change:
    """Drop the last round."""
    return edits.drop_last_round(record)


def edit(record: Mapping[str, Any], index: int, drafts: Mapping[str, Draft]) -> Change:
    """Replace round ``index`` (0-based) and replay the game from there.

    Refused, with the record unchanged, if the new bids break a rule or a later
    round no longer holds after the change (e.g. a bid now exceeds the money)."""
    return edits.replace_round(replay, record, index, round_of(clean(record["players"]), drafts))


# ---------------------------------------------------------------- the table screen's passing state


@dataclass(frozen=True)
class TableUI:
    """One session's passing state at a Hot Dog table: data only. What each draft was
    begun on is the table session's (``companion.ui.table``), not kept here."""

    mode: str = "entry"                      # entry | reveal | round | edit
    drafts: dict[str, Draft] = field(default_factory=dict)
    edit_drafts: dict[str, Draft] = field(default_factory=dict)
    index: int = 0                           # reveal / round / edit: the round (0-based)
    shown: int = 1                           # reveal: steps shown so far
    error: str | None = None
    next_mustard: str | None = None

    def next_step(self, total: int) -> TableUI:
        """The reveal's next step (a fast second tap shows one more, never past the last)."""
        return replace(self, shown=min(total, self.shown + 1))

    def all_steps(self, total: int) -> TableUI:
        return replace(self, shown=total)

    def entered(self, index: int) -> TableUI:
        """After round ``index`` went in: its reveal from the first step; the drafts keep only their tables."""
        return replace(self, mode="reveal", index=index, shown=1, error=None,
                       drafts={p: Draft(table=d.table) for p, d in self.drafts.items()})

    def opened(self, index: int) -> TableUI:
        return replace(self, mode="round", index=index, error=None)

    def editing(self, drafts: Mapping[str, Draft]) -> TableUI:
        return replace(self, mode="edit", edit_drafts=dict(drafts), error=None)
