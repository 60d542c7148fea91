"""The errors companion raises for a player to read.

    CompanionError               anything companion refuses, one line for a player
    ├── RecordError              the record is not a record: broken JSON, wrong shape or type
    │   └── RuleError            a ruling rejects a setup or a move (carries its id)
    ├── StoreError               the saved data refuses: an unknown match, or a change that
    │   │                        cannot be saved (read-only folder, busy file, full disk)
    │   ├── RecordMoved          another screen saved first (companion.store.writes)
    │   └── NotStored            a hosted table's match, or its game, is not stored
    │                            (companion.store.hosting)
    ├── HubError                 a hosted table refuses: a join, a seat, a move, a reveal
    │   │                        (companion.net.hub)
    │   ├── JoinRefused          a wrong table code, or a client that must wait
    │   ├── SeatTaken            another device holds the seat
    │   ├── UnknownSeat          no seat has this token, or no such player
    │   ├── UnknownTable         no table is hosted under this code or for this match
    │   ├── BidRefused           the rules refuse this move now (the message carries the ruling)
    │   └── RevealRefused        the round cannot be revealed yet
    ├── SheetDoesNotFit          a part of a score sheet fits no page (companion.pdf.sheet)
    └── FaceTooLong              a rules card's face is taller than its card (companion.pdf.card)

Only the first four live here; the others are defined beside the code that raises
them, and this tree names every one (``tests/test_docs.py`` checks it).

A RecordError knows where it happened (round, sale, player) so that its one-line
form reads like the contract's: ``round 2: Bernd: HD-6 dollars (4) exceed hot dogs (3)``.
Rules raise them before they change anything, so a rejected move leaves the state
as it was; ``check_*`` helpers return them as values for the app.

What an error says is typed (a :class:`~companion.core.message.Message`: the
catalog's id and its parameters) or, from code that words as it goes, a sentence. It
is worded when it is shown: ``str(err)`` and :attr:`RecordError.message` in the
language in effect then (``companion referee`` prints it in English).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypedDict

from companion.core.i18n import _
from companion.core.message import Message

P = ParamSpec("P")


def one_line(text: str) -> str:
    """``text`` with every line break or control character escaped (\\n, \\u2028…)."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def shorten(name: str, limit: int = 40) -> str:
    """A name as quoted in a message: at most ``limit`` characters."""
    return name if len(name) <= limit else name[:limit] + "…"


class CompanionError(Exception):
    """Base of everything companion refuses; ``str()`` is the one line a player reads."""


class Where(TypedDict, total=False):
    """Where an error happened, as keyword arguments of the errors below
    (``RuleError("HD-6", "bids twice in one round", **where)``)."""

    round: int
    sale: int
    player: str


class RecordError(CompanionError):
    """The input is not a record of the right shape (or a ruling rejects it: see RuleError)."""

    def __init__(
        self,
        message: str | Message,
        *,
        ruling: str | None = None,
        round: int | None = None,
        sale: int | None = None,
        player: str | None = None,
    ) -> None:
        self.said = message
        self.ruling = ruling
        self.round = round
        self.sale = sale
        self.player = player
        super().__init__(message)

    @property
    def message(self) -> str:
        """What is wrong, in the language in effect now (without where, or the ruling)."""
        said = self.said
        return said if isinstance(said, str) else said.text()

    @property
    def where(self) -> str:
        parts = []
        if self.round is not None:
            parts.append(_("round {n}").format(n=self.round))
        if self.sale is not None:
            parts.append(_("sale {n}").format(n=self.sale))
        if not parts:
            # Translators: where a refusal happened, before its reason ("setup: HD-1 …")
            parts.append(_("setup") if self.ruling else _("record"))
        if self.player is not None:
            parts.append(shorten(self.player))
        return ": ".join(parts)

    def line(self) -> str:
        """The one-line message: where, then the ruling id, then what is wrong.
        Line breaks and other control characters in names are shown escaped."""
        what = f"{self.ruling} {self.message}" if self.ruling else self.message
        return one_line(f"{self.where}: {what}")

    def __str__(self) -> str:
        return self.line()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RecordError) and type(other) is type(self) and other.line() == self.line()

    def __hash__(self) -> int:
        return hash(self.line())


class RuleError(RecordError):
    """A ruling (HD-n, SA-n, BU-n) rejects this setup or move."""

    def __init__(
        self,
        ruling: str,
        message: str | Message,
        *,
        round: int | None = None,
        sale: int | None = None,
        player: str | None = None,
    ) -> None:
        super().__init__(message, ruling=ruling, round=round, sale=sale, player=player)


class StoreError(CompanionError):
    """The store refuses: an unknown match, a change it cannot save, a file it may not use.

    A screen shows it like any other refusal; whatever was saved before stays as it was."""


def error_of(check: Callable[P, object], *args: P.args, **kwargs: P.kwargs) -> RuleError | None:
    """Run a validating ``check(*args, **kwargs)`` and give its RuleError as a value (None
    if it passes).

    The app uses this to show why a move is refused without changing anything."""
    try:
        check(*args, **kwargs)
    except RuleError as err:
        return err
    return None
