"""Editing a sales deck file (SA-1) as the deck editor does it: plain operations on
the file's parsed JSON, no flet here.

A deck being edited is the same JSON ``companion deck check`` reads (``deck.py``):
``{"name", "description", "suits", "icons", "cards": [{"id", "suit", "value",
"discard", "icons", "set"?}]}``. While it is being entered it may have faults (no
name yet, no cards yet, a card whose suit was removed); every operation here takes
any such dict and returns a new one (the one given is never changed), still a JSON
object the check can read. A request that makes no sense (a suit named twice, a
card that is not there) raises :class:`EditError` with a line for the player.

Choices made here (house rules of the editor, not of the game):
  * removing a suit or an icon that cards use leaves those cards as they are: each
    then shows its fault beside it until it is fixed or the suit is added back, so
    nothing entered is lost without the player seeing it;
  * a new card's id is its suit and value (``sun-4``, then ``sun-4-2`` …) and can be
    changed later;
  * "same again, next value" copies the card's suit, discard icons and icons (not a
    set it collects: set cards are the rare ones), one value higher, right after it.

:func:`faults` puts each fault :func:`deck.check` finds beside the card(s) it
concerns, or with the deck; :func:`suit_summary` is what the screen shows per suit.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.sales.deck import Deck, Fault, check, problems, summary
from companion.games.sales.i18n import _, ngettext
from companion.games.sales.models import MAX_LABEL_LENGTH, WILD
from companion.games.sales.vocab import word

KINDS = ("1x", "neighbor")


class EditError(ValueError):
    """An edit refused, said in a player's words."""


Raw = dict[str, Any]


def blank() -> Raw:
    """A new deck: nothing named and no cards yet (faulty until the player fills it in)."""
    return {"name": "", "description": "", "suits": [], "icons": [], "cards": []}


# ---------------------------------------------------------------- reading a faulty deck


def _copy(raw: Any) -> Raw:
    if not isinstance(raw, Mapping):
        raise EditError(_("This deck file is not a JSON object, so it cannot be edited here."))
    return copy.deepcopy(dict(raw))


def _names(raw: Mapping[str, Any], key: str) -> list[str]:
    """The deck's suits or icons that are names (anything else in the list is a fault
    the check reports, and is kept as it is)."""
    got = raw.get(key)
    return [x for x in got if isinstance(x, str)] if isinstance(got, list) else []


def suits(raw: Mapping[str, Any]) -> list[str]:
    return _names(raw, "suits")


def icons(raw: Mapping[str, Any]) -> list[str]:
    return _names(raw, "icons")


def cards(raw: Mapping[str, Any]) -> list[Any]:
    got = raw.get("cards")
    return got if isinstance(got, list) else []


def _list(raw: Raw, key: str) -> list[Any]:
    """``raw[key]`` as a list to change (a missing or wrong one replaced by a new list)."""
    if not isinstance(raw.get(key), list):
        raw[key] = []
    got: list[Any] = raw[key]
    return got


def _card(raw: Raw, i: int) -> dict[str, Any]:
    items = cards(raw)
    if not 0 <= i < len(items):
        raise EditError(_("There is no card {n} in this deck.").format(n=i + 1))
    card = items[i]
    if not isinstance(card, dict):
        raise EditError(_("Card {n} is not a card the editor can change: delete it and enter it again.").format(
            n=i + 1))
    return card


def text_of(value: Any) -> str:
    """A field that should be text, as text ("" if it is not)."""
    return value if isinstance(value, str) else ""


def card_icons(card: Mapping[str, Any]) -> list[str]:
    got = card.get("icons")
    return [x for x in got if isinstance(x, str)] if isinstance(got, list) else []


def card_set(card: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """(kind, icon) of the set a card collects; (None, None) for none."""
    got = card.get("set")
    if not isinstance(got, Mapping):
        return None, None
    kind = got.get("kind")
    icon = got.get("icon")
    return (kind if isinstance(kind, str) else None), (icon if isinstance(icon, str) else None)


def card_value(card: Mapping[str, Any]) -> int | None:
    value = card.get("value")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def card_discard(card: Mapping[str, Any]) -> int:
    value = card.get("discard", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def same_name(a: str, b: str) -> bool:
    """Two icon names the check takes as one (case and outer spaces aside)."""
    return a.strip().casefold() == b.strip().casefold()


# ---------------------------------------------------------------- the deck


def set_name(raw: Any, text: str) -> Raw:
    out = _copy(raw)
    out["name"] = text
    return out


def set_description(raw: Any, text: str) -> Raw:
    out = _copy(raw)
    out["description"] = text
    return out


def _suit_name(text: str, taken: Sequence[str]) -> str:
    """A suit as the deck keeps it (lowercase, SA-1), or why not."""
    name = " ".join(text.split()).lower()
    if not name:
        raise EditError(_("Type the suit's name first."))
    if name == WILD:
        raise EditError(_("'wild' is not a suit: wild cards are on suit for every suit (SA-4)."))
    if len(name) > MAX_LABEL_LENGTH:
        raise EditError(_("A suit's name has at most {n} characters.").format(n=MAX_LABEL_LENGTH))
    if name in taken:
        raise EditError(_("'{name}' is a suit already.").format(name=name))
    return name


def _icon_name(text: str, taken: Sequence[str]) -> str:
    name = " ".join(text.split())
    if not name:
        raise EditError(_("Type the icon's name first."))
    if len(name) > MAX_LABEL_LENGTH:
        raise EditError(_("An icon's name has at most {n} characters.").format(n=MAX_LABEL_LENGTH))
    if any(same_name(name, t) for t in taken):
        raise EditError(_("'{name}' is an icon already.").format(name=name))
    return name


def add_suit(raw: Any, text: str) -> Raw:
    out = _copy(raw)
    _list(out, "suits").append(_suit_name(text, suits(out)))
    return out


def add_suits(raw: Any, text: str) -> Raw:
    """One suit or several, separated by commas ("sun, rain, snow"): all or none."""
    out = _copy(raw)
    for part in _parts(text):
        out = add_suit(out, part)
    return out


def _parts(text: str) -> list[str]:
    parts = [p for p in text.split(",") if p.strip()]
    return parts or [""]


def rename_suit(raw: Any, old: str, text: str) -> Raw:
    """The suit ``old`` is called ``text`` from now on, on every card of it too; an id
    made from the suit's name (``sun-4``) follows it (``heat-4``) where that id is free."""
    out = _copy(raw)
    if old not in suits(out):
        raise EditError(_("'{name}' is not one of the deck's suits.").format(name=old))
    if " ".join(text.split()).lower() == old:
        return out
    new = _suit_name(text, suits(out))
    out["suits"] = [new if s == old else s for s in out["suits"]]
    made = re.compile(re.escape(old) + r"(-\d+(?:-\d+)?)")     # an id the editor made: sun-4, sun-4-2
    for card in cards(out):
        if isinstance(card, dict) and card.get("suit") == old:
            card["suit"] = new
            got = made.fullmatch(card["id"]) if isinstance(card.get("id"), str) else None
            if got is not None and _id_free(out, new + got.group(1)):
                card["id"] = new + got.group(1)
    return out


def _id_free(raw: Mapping[str, Any], card_id: str) -> bool:
    """No card has this id (ids compared without regard to case, as the check does)."""
    return all(not (isinstance(c, Mapping) and isinstance(c.get("id"), str)
                    and c["id"].strip().casefold() == card_id.casefold()) for c in cards(raw))


def remove_suit(raw: Any, name: str) -> Raw:
    """The suit goes from the deck's list; its cards stay (each shows its fault)."""
    out = _copy(raw)
    if name not in suits(out):
        raise EditError(_("'{name}' is not one of the deck's suits.").format(name=name))
    out["suits"] = [s for s in out["suits"] if s != name]
    return out


def add_icon(raw: Any, text: str) -> Raw:
    out = _copy(raw)
    _list(out, "icons").append(_icon_name(text, icons(out)))
    return out


def add_icons(raw: Any, text: str) -> Raw:
    """One icon or several, separated by commas ("scarf, kite"): all or none."""
    out = _copy(raw)
    for part in _parts(text):
        out = add_icon(out, part)
    return out


def rename_icon(raw: Any, old: str, text: str) -> Raw:
    """The icon ``old`` is called ``text`` from now on: on the cards showing it and in
    the sets collecting it too (icons are compared without regard to case)."""
    out = _copy(raw)
    if old not in icons(out):
        raise EditError(_("'{name}' is not one of the deck's icons.").format(name=old))
    if " ".join(text.split()) == old:
        return out
    new = _icon_name(text, [i for i in icons(out) if i != old])
    out["icons"] = [new if i == old else i for i in out["icons"]]
    for card in cards(out):
        if not isinstance(card, dict):
            continue
        if isinstance(card.get("icons"), list):
            card["icons"] = [new if isinstance(i, str) and same_name(i, old) else i for i in card["icons"]]
        got = card.get("set")
        if isinstance(got, dict) and isinstance(got.get("icon"), str) and same_name(got["icon"], old):
            got["icon"] = new
    return out


def remove_icon(raw: Any, name: str) -> Raw:
    """The icon goes from the deck's list; cards showing or collecting it keep it (each
    shows its fault)."""
    out = _copy(raw)
    if name not in icons(out):
        raise EditError(_("'{name}' is not one of the deck's icons.").format(name=name))
    out["icons"] = [i for i in out["icons"] if i != name]
    return out


# ---------------------------------------------------------------- cards


def new_id(raw: Mapping[str, Any], suit: str, value: int) -> str:
    """``sun-4``, or ``sun-4-2``, ``sun-4-3`` … when that id is taken (ids are compared
    without regard to case, as the check does)."""
    base = f"{suit}-{value}"
    out, n = base, 1
    while not _id_free(raw, out):
        n += 1
        out = f"{base}-{n}"
    return out


def _plain(raw: Mapping[str, Any], suit: str, value: int) -> dict[str, Any]:
    return {"id": new_id(raw, suit, value), "suit": suit, "value": value, "discard": 0, "icons": []}


def add_card(raw: Any, suit: str, value: int) -> tuple[Raw, int]:
    """A plain card of ``suit`` and ``value`` at the end; returns the deck and its index."""
    if value < 0:
        raise EditError(_("A card's value is 0 or more."))
    out = _copy(raw)
    items = _list(out, "cards")
    items.append(_plain(out, suit, value))
    return out, len(items) - 1


def next_value(raw: Any, i: int) -> tuple[Raw, int]:
    """Same again, next value: a card like card ``i`` (suit, discard icons, icons) one
    value higher, right after it; returns the deck and the new card's index."""
    out = _copy(raw)
    card = _card(out, i)
    suit = text_of(card.get("suit"))
    value = (card_value(card) or 0) + 1
    new = _plain(out, suit, value)
    new["discard"] = card_discard(card)
    new["icons"] = card_icons(card)
    out["cards"].insert(i + 1, new)
    return out, i + 1


def duplicate(raw: Any, i: int) -> tuple[Raw, int]:
    """An exact copy of card ``i`` (a new id), right after it."""
    out = _copy(raw)
    card = copy.deepcopy(_card(out, i))
    value = card_value(card)
    card["id"] = new_id(out, text_of(card.get("suit")), value if value is not None else 0)
    out["cards"].insert(i + 1, card)
    return out, i + 1


def delete(raw: Any, i: int) -> Raw:
    out = _copy(raw)
    items = cards(out)
    if not 0 <= i < len(items):
        raise EditError(_("There is no card {n} in this deck.").format(n=i + 1))
    del items[i]
    return out


def move(raw: Any, i: int, by: int) -> tuple[Raw, int]:
    """Card ``i`` moved ``by`` places (−1: up) within the list; returns its new index."""
    out = _copy(raw)
    items = cards(out)
    if not 0 <= i < len(items):
        raise EditError(_("There is no card {n} in this deck.").format(n=i + 1))
    j = max(0, min(len(items) - 1, i + by))
    items.insert(j, items.pop(i))
    return out, j


def _changed(raw: Any, i: int, fn: Callable[[dict[str, Any]], None]) -> Raw:
    out = _copy(raw)
    fn(_card(out, i))
    return out


def set_id(raw: Any, i: int, text: str) -> Raw:
    def put(card: dict[str, Any]) -> None:
        card["id"] = text
    return _changed(raw, i, put)


def set_suit(raw: Any, i: int, suit: str) -> Raw:
    def put(card: dict[str, Any]) -> None:
        card["suit"] = suit
    return _changed(raw, i, put)


def set_value(raw: Any, i: int, value: int) -> Raw:
    if value < 0:
        raise EditError(_("A card's value is 0 or more."))

    def put(card: dict[str, Any]) -> None:
        card["value"] = value
    return _changed(raw, i, put)


def set_discard(raw: Any, i: int, n: int) -> Raw:
    if n < 0:
        raise EditError(_("A card has 0 or more discard icons."))

    def put(card: dict[str, Any]) -> None:
        card["discard"] = n
    return _changed(raw, i, put)


def toggle_icon(raw: Any, i: int, icon: str) -> Raw:
    """The card shows ``icon`` if it did not, or no longer if it did (in the deck's
    order of icons, the way the cards are listed)."""
    def put(card: dict[str, Any]) -> None:
        now = card["icons"] if isinstance(card.get("icons"), list) else []
        if any(isinstance(x, str) and same_name(x, icon) for x in now):
            card["icons"] = [x for x in now if not (isinstance(x, str) and same_name(x, icon))]
            return
        order = {x.strip().casefold(): k for k, x in enumerate(icons(raw))}
        both = [*now, icon]
        card["icons"] = sorted(both, key=lambda x: (
            order.get(x.strip().casefold(), len(order)) if isinstance(x, str) else len(order) + 1))
    return _changed(raw, i, put)


def set_kind(raw: Any, i: int, kind: str | None) -> Raw:
    """The set the card collects: none, ``1x`` or ``neighbor`` (SA-1). A card that
    collected none gets its own first icon as the set's icon (or the deck's first),
    which the player can change (:func:`set_set_icon`)."""
    if kind is not None and kind not in KINDS:
        raise EditError(_("A set card is 1x or neighbor, not '{kind}'.").format(kind=kind))

    def put(card: dict[str, Any]) -> None:
        if kind is None:
            card.pop("set", None)
            return
        _unused, icon = card_set(card)
        if icon is None:
            own = card_icons(card)
            icon = own[0] if own else (icons(raw)[0] if icons(raw) else "")
        card["set"] = {"kind": kind, "icon": icon}
    return _changed(raw, i, put)


def set_set_icon(raw: Any, i: int, icon: str) -> Raw:
    def put(card: dict[str, Any]) -> None:
        got = card.get("set")
        if not isinstance(got, dict):
            raise EditError(_("Make the card a set card first (1x or neighbor)."))
        got["icon"] = icon
    return _changed(raw, i, put)


# ---------------------------------------------------------------- faults and summary


@dataclass(frozen=True)
class Faults:
    """Every fault ``companion deck check`` reports (``deck.check``: typed, never a
    line read back), placed: ``deck`` the faults of the deck itself (its name, suits,
    icons, no cards yet), ``cards`` per card index the faults of that card (an id
    shared by several cards beside each of them). Worded when drawn: :meth:`deck_lines`,
    :meth:`card_lines` (without the card's location: it stands beside it)."""

    deck: list[Fault] = field(default_factory=list)
    cards: dict[int, list[Fault]] = field(default_factory=dict)

    @property
    def count(self) -> int:
        return len(self.deck) + sum(len(v) for v in self.cards.values())

    def deck_lines(self) -> list[str]:
        return [f.said() for f in self.deck]

    def card_lines(self, i: int) -> list[str]:
        return [f.beside() for f in self.cards.get(i, [])]


def faults(raw: Any) -> Faults:
    out = Faults()
    for fault in check(raw):
        if not fault.cards:
            out.deck.append(fault)
        for j in fault.cards:
            out.cards.setdefault(j, []).append(fault)
    return out


def _values(values: list[int]) -> str:
    return ", ".join(str(v) for v in sorted(values))


def suit_summary(raw: Any) -> list[str]:
    """A good deck: the lines ``companion deck check`` prints (``deck.summary``). One
    with faults: per suit (its own, wild, then any other a card names) the cards and
    values entered so far."""
    if not problems(raw):
        return summary(Deck.model_validate(raw))
    items = [c for c in cards(raw) if isinstance(c, Mapping)] if isinstance(raw, Mapping) else []
    named = suits(raw) if isinstance(raw, Mapping) else []
    others = [s for s in dict.fromkeys(text_of(c.get("suit")) for c in items) if s not in named and s != WILD]
    lines = [ngettext("{n} card so far", "{n} cards so far", len(items)).format(n=len(items))]
    for suit in [*named, WILD, *others]:
        of = [c for c in items if text_of(c.get("suit")) == suit]
        values = [v for v in (card_value(c) for c in of) if v is not None]
        if not of and suit == WILD:
            continue
        label = word(suit) if suit else _("no suit")
        if not of:
            lines.append("  " + _("{suit}: no cards yet").format(suit=label))
        elif values:
            lines.append("  " + ngettext("{suit}: {n} card, values {values}", "{suit}: {n} cards, values {values}",
                                         len(of)).format(suit=label, n=len(of), values=_values(values)))
        else:
            lines.append("  " + ngettext("{suit}: {n} card", "{suit}: {n} cards", len(of)).format(
                suit=label, n=len(of)))
    return lines


def name_of(raw: Any) -> str:
    """The deck's name as a player reads it ("" if it has none yet)."""
    return " ".join(text_of(raw.get("name")).split()) if isinstance(raw, Mapping) else ""
