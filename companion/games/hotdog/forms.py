"""Hot Dog's forms as plain data (the setup's are :mod:`companion.games.hotdog.setup_form`'s):
the bids being entered, the table screen's passing state, and the record operations a tap sends (submit, undo, change
a past round). No flet here — tested without a browser.

The game record is the truth: submitting a round appends one, undo drops the last,
changing a past round replaces it and replays the game from there
(:mod:`companion.core.edits`). Nothing here decides a rule: refusals come from
``rules.check_round`` and the core's ``check_names``, and carry their ruling id; a
round is only worded here when it would give a hidden bid away, or when several
players have not bid (HD-6, all of them named at once).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from companion.core import edits, registry, words
from companion.core.edits import Change, clean, say
from companion.core.record import read
from companion.games.hotdog import rules
from companion.games.hotdog.i18n import _, ngettext
from companion.games.hotdog.models import Round
from companion.games.hotdog.setup_form import ENTRY, ENTRY_MODES, FROM_TABLE

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

    @classmethod
    def of(cls, bid: Mapping[str, Any]) -> Draft:
        return cls(table=bid["table"], hotdogs=bid["hotdogs"], dollars=bid.get("dollars", 0),
                   last=bid.get("last", False), announced=bid.get("announced", True))


def hot_dog_choices(table: int) -> range:
    """The hot dog counts offered at a table: 1 up to its value (more can never fit, HD-8)."""
    return range(1, table + 1)


def dollar_choices(money: int, hotdogs: int) -> range:
    """The dollars offered: $0 up to the player's money and the hot dogs bid (HD-6)."""
    return range(0, max(0, min(money, hotdogs)) + 1)


def picked(table: int, hotdogs: int) -> Callable[[Draft], Draft]:
    """A hot-dog chip tapped: the table and the hot dogs at once. The dollars stay as
    picked (a bid begun here has $0); more dollars than hot dogs is HD-6's to refuse."""
    return lambda d: replace(d, table=table, hotdogs=hotdogs)


def paying(n: int) -> Callable[[Draft], Draft]:
    """A dollar chip tapped."""
    return lambda d: replace(d, dollars=n)


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


def with_draft(drafts: Mapping[str, Draft], player: str, change: Callable[[Draft], Draft],
               first_table: int) -> dict[str, Draft]:
    """The drafts with ``change`` (a function of a draft) applied to ``player``'s. A
    player's first tap begins their bid as a plain one (``first_table``, 1 hot dog, $0)
    and changes it: from then on the bid counts as entered (a table tap is a whole bid)."""
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
        err = rules.check_round(state, read(Round, {"bids": bids}, {}))
        if err is not None and err.player == p:
            out[p] = say(err)
    return out


# ---------------------------------------------------------------- record operations


def not_bid(players: Sequence[str], drafts: Mapping[str, Draft]) -> list[str]:
    """The players (in seat order) whose bid was never touched: nothing is entered for them."""
    return [p for p in players if p not in drafts]


def needs_checking(player: str) -> str:
    """A hidden bid that HD-6 refuses, as the whole table may read it: the player, no amounts."""
    return _("HD-6: {player}'s bid needs checking: {player}, show it to see why.").format(player=player)


def handed_back(player: str) -> str:
    """A refused hidden bid going back to its owner (the phone passed round): the whole
    table reads it, so the player and the rule only; why is shown to them alone."""
    return _("HD-6: {player}'s bid needs checking. Only {player} sees why, after tapping \"I am {player}\".").format(
        player=player)


def replay(record: Mapping[str, Any]) -> Any:
    """The record's replay (:func:`companion.core.registry.replay`): what a change is checked with."""
    return registry.replay("hotdog", record)


def submit(record: Mapping[str, Any], drafts: Mapping[str, Draft]) -> Change:
    """Append the next round, if the rules take it; else say why and change nothing."""
    return edits.append_round(replay, record, round_of(clean(record["players"]), drafts))


def enter_round(record: Mapping[str, Any], drafts: Mapping[str, Draft]) -> Change:
    """The table screen's submit: the bids entered on it, only those (a player whose bid
    was never touched has no draft and has not bid: the round is refused naming
    everyone who has not, HD-6, never completed with a made-up bid). A refused hidden
    bid is named with its player only: its amounts stay hidden until its card is shown."""
    players = clean(record["players"])
    state = replay(record).state
    if not state.over:
        errors = bid_errors(state, drafts)
        hidden = [p for p in players if p in errors and drafts[p].hidden]
        if hidden:
            return Change(dict(record), _("Round {n}: {checks}").format(
                n=state.next_round, checks=" ".join(needs_checking(p) for p in hidden)))
        missing = not_bid(players, drafts)
        if missing and not errors:
            return Change(dict(record), ngettext(
                "Round {n}: HD-6: {players} has not bid yet: every player bids every round.",
                "Round {n}: HD-6: {players} have not bid yet: every player bids every round.",
                len(missing)).format(n=state.next_round, players=words.names(missing)))
    return submit(record, drafts)


def entry_mode(settings: Mapping[str, str]) -> str:
    """How a match's bids are entered (its setting; from the table unless chosen)."""
    mode = settings.get(ENTRY, FROM_TABLE)
    return mode if mode in ENTRY_MODES else FROM_TABLE


# ---------------------------------------------------------------- passing the phone
#
# One player at a time holds the phone, clockwise from the mustard holder: they pick
# their bid and one tap hides it and hands the phone to the next player by name.
# Whose turn it is follows from the drafts alone: the first player, in that order,
# whose bid is not hidden yet. When every bid is hidden the round is entered; a bid
# HD-6 refuses goes back to its owner only: the table is told to hand the phone to
# them, and their bid is shown again once they say it is them.


def pass_order(players: Sequence[str], mustard: str) -> list[str]:
    """The order the phone goes round: clockwise, from the mustard holder."""
    i = list(players).index(mustard) if mustard in players else 0
    return list(players[i:]) + list(players[:i])


def whose_turn(order: Sequence[str], drafts: Mapping[str, Draft]) -> str | None:
    """Whose turn it is: the first player whose bid is not hidden; None once all are."""
    return next((p for p in order if p not in drafts or not drafts[p].hidden), None)


def passed_to(order: Sequence[str], drafts: Mapping[str, Draft], player: str) -> str | None:
    """Who gets the phone once ``player`` hides their bid: the next player round the
    table whose bid is not hidden yet (None: everyone has bid)."""
    i = list(order).index(player)
    after = list(order[i + 1:]) + list(order[:i])
    return next((p for p in after if p not in drafts or not drafts[p].hidden), None)


def hand_back(order: Sequence[str], drafts: Mapping[str, Draft], errors: Mapping[str, str]) -> str | None:
    """Every bid hidden, and HD-6 refuses one: the player the phone goes back to."""
    if whose_turn(order, drafts) is not None:
        return None
    return next((p for p in order if p in errors), None)


def pass_on(drafts: Mapping[str, Draft], player: str) -> dict[str, Draft]:
    """``player`` hides their bid and passes the phone on (nothing to hide: no change)."""
    out = dict(drafts)
    if player in out:
        out[player] = hidden_bid(out[player])
    return out


def take_back(drafts: Mapping[str, Draft], player: str) -> dict[str, Draft]:
    """The phone handed back to ``player`` ("I am Chris"): their bid is shown again."""
    out = dict(drafts)
    if player in out:
        out[player] = shown_bid(out[player])
    return out


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

    #: opened anew (a reload, a restart) the table stays on the result just entered
    reopens_on: ClassVar[tuple[str, ...]] = ("reveal",)

    mode: str = "entry"                      # entry | reveal | round | edit
    drafts: dict[str, Draft] = field(default_factory=dict)
    edit_drafts: dict[str, Draft] = field(default_factory=dict)
    index: int = 0                           # reveal / round / edit: the round (0-based)
    shown: int = 1                           # reveal: steps shown so far
    error: str | None = None
    next_mustard: str | None = None
    undo_asked: int | None = None            # "Undo round n?" asked, for round n (1-based)
    stepwise: bool = False                   # reveal: step by step (else the whole result at once)
    undone: str | None = None                # what undo did, said next to the rounds list

    def step_by_step(self) -> TableUI:
        """"Reveal step by step" tapped: the result from its first step."""
        return replace(self, stepwise=True, shown=1)

    def next_step(self, total: int) -> TableUI:
        """The reveal's next step (a fast second tap shows one more, never past the last)."""
        return replace(self, shown=min(total, self.shown + 1))

    def all_steps(self, total: int) -> TableUI:
        return replace(self, shown=total, stepwise=False)

    def steps_shown(self, total: int) -> int:
        """How many of the reveal's ``total`` steps are drawn: all, unless step by step."""
        return min(total, self.shown) if self.stepwise else total

    def entered(self, index: int) -> TableUI:
        """After round ``index`` went in: its whole result (step by step is one tap
        away); the next round's bids start empty (nothing is entered for a player
        until touched, HD-6)."""
        return replace(self, mode="reveal", index=index, shown=1, stepwise=False, error=None, drafts={},
                       undo_asked=None, undone=None)

    def asking_undo(self, number: int) -> TableUI:
        """Undo tapped: the screen asks first ("Undo round n?"), nothing is undone yet."""
        return replace(self, undo_asked=number, error=None, undone=None)

    def kept(self) -> TableUI:
        """The question answered "Keep": nothing undone."""
        return replace(self, undo_asked=None)

    def asks_undo(self, rounds: int) -> bool:
        """Whether the screen asks to undo its last round (of ``rounds`` played): a
        question asked about another round (one entered since) is not asked."""
        return rounds > 0 and self.undo_asked == rounds

    def opened(self, index: int) -> TableUI:
        return replace(self, mode="round", index=index, error=None)

    def editing(self, drafts: Mapping[str, Draft]) -> TableUI:
        return replace(self, mode="edit", edit_drafts=dict(drafts), error=None)
