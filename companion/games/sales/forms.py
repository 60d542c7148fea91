"""What a tap changes on the sales table, and how (the setup's draft and its steps are
:mod:`companion.games.sales.setup_form`'s): a card entered by its attributes, the sale
being entered card by card, the table's passing state and a phone's card. Plain data
and small steps; no flet here.

Nothing here decides a rule: the refusals come from the rules (``rules.check_sale``)
and the core's name policy, with their ruling ids.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import ValidationError

from companion.core.record import adapter, describe_error, read
from companion.games.sales import rules
from companion.games.sales.changes import At, PlayDict, plays, replay, sale_places
from companion.games.sales.deck import Deck, card_attributes
from companion.games.sales.i18n import N_, _
from companion.games.sales.models import WILD, Card, is_wild
from companion.games.sales.setup_form import parse_count
from companion.games.sales.vocab import card_label, word

# ---------------------------------------------------------------- a card by its attributes


#: A card's fields as a refusal names them (SA-1).
FIELDS = {"card": N_("card"), "suit": N_("suit"), "value": N_("value"), "discard": N_("discard"),
          "icons": N_("icons"), "set": N_("set"), "set kind": N_("set kind"), "set icon": N_("set icon")}


@dataclass(frozen=True)
class CardDraft:
    """A card being entered by its attributes (kept as typed, even when refused)."""

    suit: str = ""
    value: int | str = 0
    discard: int | str = 0
    icons: tuple[str, ...] = ()
    set_kind: str = ""          # "", "1x" or "neighbor"
    set_icon: str = ""

    def raw(self) -> dict[str, Any]:
        out: dict[str, Any] = {"suit": self.suit.strip().lower(), "value": parse_count(self.value),
                               "discard": parse_count(self.discard)}
        icons = [i.strip() for i in self.icons if i.strip()]
        if icons:
            out["icons"] = icons
        if self.set_kind or self.set_icon.strip():
            out["set"] = {"kind": self.set_kind, "icon": self.set_icon.strip()}
        return out

    def card(self) -> dict[str, Any]:
        """The contract's card (check ``card_errors`` first)."""
        c: Card = read(Card, self.raw(), {})
        out: dict[str, Any] = {"suit": c["suit"], "value": c["value"], "discard": c["discard"]}
        if c["icons"]:
            out["icons"] = list(c["icons"])
        if c["set"] is not None:
            out["set"] = {"kind": c["set"]["kind"], "icon": c["set"]["icon"]}
        return out

    @classmethod
    def of(cls, card: Mapping[str, Any]) -> CardDraft:
        s = card.get("set") or {}
        return cls(suit=card["suit"], value=card["value"], discard=card.get("discard", 0),
                   icons=tuple(card.get("icons", ())), set_kind=s.get("kind", ""),
                   set_icon=s.get("icon", ""))

    @classmethod
    def of_deck(cls, deck: Deck, card_id: str) -> CardDraft:
        return cls.of(card_attributes(deck, card_id))


def with_icon(d: CardDraft, icon: str, on: bool) -> CardDraft:
    """The icon chip tapped: ``icon`` shown (added last) or not."""
    return replace(d, icons=tuple(i for i in d.icons if i != icon) + ((icon,) if on else ()))


def suit_options(deck: Deck | None) -> list[str]:
    """The suits to pick from when entering by attributes: the deck's weathers and wild."""
    return [*deck.suits, WILD] if deck is not None else [WILD]


def icon_options(deck: Deck | None) -> list[str]:
    return list(deck.icons) if deck is not None else []


def card_errors(draft: CardDraft, deck: Deck | None = None) -> dict[str, str]:
    """What SA-1 refuses in a card entered by attributes, per field ("suit", "value",
    "discard", "icons", "set"); with a deck, the suit and icons must be the deck's."""
    out: dict[str, str] = {}
    raw = draft.raw()
    if "set" in raw and raw["set"]["kind"] not in ("1x", "neighbor"):
        out["set"] = _("SA-1: choose what the set collects: 1x or neighbor")
        raw = {k: v for k, v in raw.items() if k != "set"}
    try:
        adapter(Card).validate_python(raw)
    except ValidationError as exc:
        for e in exc.errors(include_url=False):
            name = str(e["loc"][0]) if e["loc"] else "card"
            what = " ".join(str(x) for x in e["loc"] if isinstance(x, str)) or "card"
            out.setdefault(name, _("SA-1: {field} {problem}").format(field=_(FIELDS[what]) if what in FIELDS else what,
                                                                         problem=describe_error(dict(e))))
    if deck is not None:
        suit = raw["suit"]
        if "suit" not in out and suit != WILD and suit not in deck.suits:
            out["suit"] = _("SA-1: '{suit}' is not one of this deck's suits ({suits}) or wild").format(
                suit=word(suit), suits=", ".join(word(s) for s in deck.suits))
        known = {i.casefold() for i in deck.icons}
        unknown = [i for i in raw.get("icons", []) if isinstance(i, str) and i.casefold() not in known]
        if unknown and "icons" not in out:
            out["icons"] = _("SA-1: not this deck's icons: {icons}").format(icons=", ".join(unknown))
        icon = draft.set_icon.strip()
        if icon and "set" not in out and icon.casefold() not in known:
            out["set"] = _("SA-1: the set icon '{icon}' is not one of this deck's icons").format(icon=icon)
    return out


# ---------------------------------------------------------------- the sale being entered


def _mode(record: Mapping[str, Any]) -> str:
    return str(record.get("mode") or "competitive")


def needs_confirmation(record: Mapping[str, Any], entered: Sequence[PlayDict],
                       card: Mapping[str, Any] | CardDraft, at: At = None) -> str | None:
    """In co-op and solo, the question to ask before an off-suit play is entered (SA-14):
    the app cannot see hands. None in the competitive game, or when the card is on suit."""
    if _mode(record) == "competitive":
        return None
    new: Card = read(Card, card.raw() if isinstance(card, CardDraft) else card, {})
    before: list[Card] = [read(Card, p["card"], {}) for p in entered]
    suit = rules.lead_suit(before)
    if is_wild(new) or suit is None:
        return None  # a wild is on suit for every suit; the first non-wild sets the suit (SA-4)
    if new["suit"] == suit:
        return None
    state = replay(record, at).state
    order = rules.play_order(state)
    if len(entered) >= len(order):
        return None
    who = order[len(entered)]
    return _("{player}'s {card} is off suit: confirm {player} has no {suit} card and no wild (SA-14)").format(
        player=who, card=card_label(new), suit=word(suit))


@dataclass(frozen=True)
class Drafted:
    """The sale being entered after adding a card: the plays, or why not, or a question."""

    plays: list[dict[str, Any]]
    error: str | None = None
    question: str | None = None    # SA-14: ask, then add again with confirmed=True

    @property
    def ok(self) -> bool:
        return self.error is None and self.question is None


def draft_play(record: Mapping[str, Any], entered: Sequence[PlayDict],
               card: Mapping[str, Any] | CardDraft, *, deck: Deck | None = None,
               confirmed: bool = False, at: At = None) -> Drafted:
    """Add the next player's card to the sale being entered (SA-3: the player whose
    turn it is). A card by attributes is checked first (SA-1); in co-op and solo an
    off-suit card waits for the confirmation question's answer (SA-14)."""
    current = plays(entered)
    draft = card if isinstance(card, CardDraft) else CardDraft.of(card)
    errs = card_errors(draft, deck)
    if errs:
        return Drafted(current, "; ".join(errs.values()))
    state = replay(record, at).state
    order = rules.play_order(state)
    if state.round_over:
        return Drafted(current, _("SA-7: every hand is empty: round {n} is over").format(n=state.round))
    if len(current) >= len(order):
        return Drafted(current, _("SA-3: every player with cards has played: complete the sale"))
    if not confirmed:
        q = needs_confirmation(record, current, draft, at)
        if q is not None:
            return Drafted(current, question=q)
    return Drafted([*current, {"player": order[len(current)], "card": draft.card()}])


def drop_last_play(entered: Sequence[PlayDict]) -> list[dict[str, Any]]:
    """Take back the last card entered in the sale being entered (not yet recorded)."""
    return plays(entered)[:-1]


# ---------------------------------------------------------------- the table's passing state


@dataclass(frozen=True)
class TableUI:
    """One session's passing state at a sales table: data only. What each draft was
    begun on is the table session's (its stamps "sale" and "edit")."""

    mode: str = "entry"                        # entry | sale | edit
    plays: tuple[Mapping[str, Any], ...] = ()   # the sale being entered
    at: tuple[int, int] | None = None           # sale / edit: which recorded sale
    last: tuple[int, int] | None = None         # the sale just recorded: its result over the entry
    edit_plays: tuple[Mapping[str, Any], ...] = ()
    method: str = "deck"                        # deck | attrs: how a card is entered
    query: str = ""
    attrs: CardDraft = field(default_factory=CardDraft)
    pending: Mapping[str, Any] | None = None    # a card waiting for the SA-14 confirmation
    question: str | None = None
    error: str | None = None
    undo_asked: tuple[int, int] | None = None   # "Undo …?" asked about the record of this size
    said: str | None = None                     # what the last undo did, said next to it

    @property
    def editing(self) -> bool:
        return self.mode == "edit"

    @property
    def draft_name(self) -> str:
        """The draft the card entry adds to, by the table session's name for it."""
        return "edit" if self.editing else "sale"

    def draft(self) -> tuple[Mapping[str, Any], ...]:
        """The plays the card entry adds to: the new sale's, or the changed sale's."""
        return self.edit_plays if self.editing else self.plays

    def with_draft(self, entered: Sequence[Mapping[str, Any]]) -> TableUI:
        cleared = replace(self, pending=None, question=None, error=None, undo_asked=None, said=None, last=None)
        if self.editing:
            return replace(cleared, edit_plays=tuple(entered))
        return replace(cleared, plays=tuple(entered))


def valid(ui: TableUI, record: Mapping[str, Any]) -> TableUI:
    """The passing state fitted to the record as stored now (another device may have
    undone a sale): a view of a sale that is gone goes back to the table; an undo
    question asked about another last sale is not asked any more, and the result of
    a sale no longer the last is not shown over the entry."""
    if ui.undo_asked is not None and ui.undo_asked != record_size(record):
        ui = replace(ui, undo_asked=None)
    places = sale_places(record)
    if ui.last is not None and (not places or ui.last != places[-1]):
        ui = replace(ui, last=None)
    if ui.mode != "entry" and (ui.at is None or ui.at not in places):
        return replace(ui, mode="entry", at=None, edit_plays=(), pending=None, question=None)
    return ui


# ---------------------------------------------------------------- undo, asked first


def record_size(record: Mapping[str, Any]) -> tuple[int, int]:
    """Which last sale an undo question is about: the rounds, and the sales of the last."""
    rounds = record.get("rounds", [])
    return len(rounds), len(rounds[-1].get("sales", [])) if rounds else 0


def undo_question(record: Mapping[str, Any]) -> str | None:
    """What "Undo last sale" asks before anything is undone; None with nothing to undo."""
    rounds, sales = record_size(record)
    if rounds == 0 or (rounds == 1 and sales == 0):
        return None
    if sales == 0:
        return _("Take back the start of round {n}? Round {before} stays as it ended.").format(
            n=rounds, before=rounds - 1)
    return _("Undo round {round}, sale {sale}? Its cards come back for entry.").format(round=rounds, sale=sales)


def asks_undo(ui: TableUI, record: Mapping[str, Any]) -> bool:
    """The undo question is on screen, about the record's last sale as it is now."""
    return ui.undo_asked is not None and ui.undo_asked == record_size(record)


# ---------------------------------------------------------------- a phone's card


@dataclass(frozen=True)
class SeatCard:
    """The card a phone is entering, as typed (icons as one text)."""

    suit: str = ""
    value: int = 1
    discard: int = 0
    icons: str = ""


def parse_icons(text: str) -> list[str]:
    """Icons typed as 'car, phone' (commas or spaces)."""
    return [w for w in re.split(r"[,\s]+", text.strip()) if w]


def card_play(suit: str, value: int, discard: int = 0, icons: Sequence[str] = ()) -> dict[str, Any]:
    """A played card by its attributes, as the table's hub takes it from a phone."""
    card: dict[str, Any] = {"suit": suit.strip(), "value": value}
    if discard:
        card["discard"] = discard
    if icons:
        card["icons"] = list(icons)
    return {"card": card}


def seat_play(d: SeatCard) -> dict[str, Any]:
    """The phone's card as it is sent."""
    return card_play(d.suit, d.value, d.discard, parse_icons(d.icons))
