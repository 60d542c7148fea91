"""Sales deck files: the card list players describe themselves (SA-1).

The rule texts do not list the cards, so a deck lives in a JSON file under
``assets/decks/``: its name, a description, its suits (weathers) and icons, and
every card with an id, its suit or ``wild``, value, discard icons, the icons it
shows and optionally what set it collects. :func:`check` finds every fault as a
typed :class:`Fault` (where, which cards, what), worded only when shown (``companion
deck check FILE`` reads a file with the game's ``library`` part); ``card_attributes`` turns a deck
card id into the contract's card attributes, so records stay in attribute form.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, Field, StringConstraints, ValidationError

from companion.core.bounds import MAX_ICONS, MAX_LIBRARY_CARDS
from companion.core.errors import RecordError
from companion.core.i18n import language
from companion.core.paths import ASSETS, shipped
from companion.core.record import Count, Model, describe_error, parse_json
from companion.core.text import Prose, label
from companion.games.sales.i18n import _, ngettext
from companion.games.sales.models import WILD, Card, Icon, SetCollector, SetKind, Suit
from companion.games.sales.vocab import shown, word

DECKS_DIR = ASSETS / "decks"

# A name a player reads (the deck's, a card's id), under the text policy of every such
# field (core.text); the description is a paragraph (line breaks allowed).
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1), AfterValidator(label)]


class DeckSet(Model):
    kind: SetKind
    icon: Icon


class DeckCard(Model):
    id: Text
    suit: Suit
    value: Count
    discard: Count = 0
    icons: Annotated[list[Icon], Field(max_length=MAX_ICONS)] = []
    set: DeckSet | None = None


class Deck(Model):
    name: Text
    description: Prose = ""
    suits: list[Suit] = Field(min_length=1, max_length=MAX_LIBRARY_CARDS)
    icons: list[Icon] = Field(default=[], max_length=MAX_LIBRARY_CARDS)
    cards: list[DeckCard] = Field(min_length=1, max_length=MAX_LIBRARY_CARDS)   # bounds: core.bounds

    def card(self, card_id: str) -> DeckCard:
        key = card_id.strip().casefold()
        for card in self.cards:
            if card.id.casefold() == key:
                return card
        raise RecordError(_("deck '{deck}' has no card '{card}'").format(deck=self.name, card=card_id))


def card_attributes(deck: Deck, card_id: str) -> dict[str, Any]:
    """The contract's card for a deck card id: ``{"suit", "value", "discard", "icons", "set"}``
    (``icons`` and ``set`` only when the card has them)."""
    c = deck.card(card_id)
    out: dict[str, Any] = {"suit": c.suit, "value": c.value, "discard": c.discard}
    if c.icons:
        out["icons"] = list(c.icons)
    if c.set is not None:
        out["set"] = {"kind": c.set.kind, "icon": c.set.icon}
    return out


def record_card(deck: Deck, card_id: str) -> Card:
    """The record's card for a deck card id, every attribute given (as the rules read it)."""
    c = deck.card(card_id)
    collect: SetCollector | None = {"kind": c.set.kind, "icon": c.set.icon} if c.set else None
    return {"suit": c.suit, "value": c.value, "discard": c.discard, "icons": list(c.icons), "set": collect}


def _where(loc: tuple[Any, ...], raw: Any) -> str:
    """``cards[3] (id 'sun-4').value`` from a pydantic location."""
    out = ""
    node = raw
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            node = None
        if isinstance(part, int) and isinstance(node, dict) and isinstance(node.get("id"), str):
            out += f" (id '{node['id']}')"
    return out or "deck"


# ---------------------------------------------------------------- faults, as facts
#
# The check returns what is wrong as data: where (the field, as ``companion deck check``
# names it), which cards (their indexes: the editor shows a fault beside each), what
# (the fault's kind and values). A fault is worded only when it is drawn (``said``, or
# ``beside`` next to its card), in the language in effect then: nothing parses a line
# back, and a deck checked once may be shown in any language.


@dataclass(frozen=True)
class Fault:
    """One fault of a deck file. ``cards``: the indexes of the cards it concerns (none:
    it is about the deck itself)."""

    @property
    def cards(self) -> tuple[int, ...]:
        return ()

    def said(self) -> str:
        """The line ``companion deck check`` prints, in the language in effect."""
        raise NotImplementedError

    def beside(self) -> str:
        """The line shown beside its card (without the card's location); the whole
        line for a fault about the deck."""
        return self.said()


@dataclass(frozen=True)
class _CardFault(Fault):
    """A fault of the card at ``index`` (its id as the file has it)."""

    index: int
    card_id: str

    @property
    def cards(self) -> tuple[int, ...]:
        return (self.index,)

    def said(self) -> str:
        return f"cards[{self.index}] (id '{self.card_id}'): {self.beside()}"


@dataclass(frozen=True)
class NotAnObject(Fault):
    """The file's JSON is not an object."""

    def said(self) -> str:
        return _("deck: a deck file must be a JSON object")


@dataclass(frozen=True)
class Invalid(Fault):
    """A field of the wrong shape, as pydantic found it: ``loc`` its location, ``at`` it
    said (``cards[3] (id 'sun-4').value``), ``card`` the card it is in, ``error`` pydantic's."""

    loc: tuple[str | int, ...]
    at: str
    card: int | None
    error: Mapping[str, Any] = field(compare=False)

    @property
    def cards(self) -> tuple[int, ...]:
        return () if self.card is None else (self.card,)

    def said(self) -> str:
        return f"{self.at}: {describe_error(self.error)}"

    def beside(self) -> str:
        if self.card is None:
            return self.said()
        rest = _where(self.loc[2:], None) if len(self.loc) > 2 else ""
        return f"{rest}: {describe_error(self.error)}" if rest else describe_error(self.error)


@dataclass(frozen=True)
class SuitTwice(Fault):
    suit: str
    n: int

    def said(self) -> str:
        return _("suits: '{suit}' is listed {n} times").format(suit=self.suit, n=self.n)


@dataclass(frozen=True)
class WildSuit(Fault):
    def said(self) -> str:
        return _("suits: 'wild' is not a suit: wild cards are on suit for every suit (SA-4)")


@dataclass(frozen=True)
class IconTwice(Fault):
    icon: str
    n: int

    def said(self) -> str:
        return _("icons: '{icon}' is listed {n} times").format(icon=self.icon, n=self.n)


@dataclass(frozen=True)
class SharedId(Fault):
    """Several cards use one id (compared without regard to case): said once, at the
    first of them, and shown beside each (``sharing``)."""

    index: int
    card_id: str
    sharing: tuple[int, ...]

    @property
    def cards(self) -> tuple[int, ...]:
        return self.sharing

    def said(self) -> str:
        return f"cards[{self.index}] (id '{self.card_id}'): {self.beside()}"

    def beside(self) -> str:
        return _("the id '{id}' is used by {n} cards").format(id=self.card_id, n=len(self.sharing))


@dataclass(frozen=True)
class UnknownSuit(_CardFault):
    suit: str
    suits: tuple[str, ...]

    def beside(self) -> str:
        return _("suit '{suit}' is not one of the deck's suits ({suits}) or wild").format(
            suit=self.suit, suits=", ".join(self.suits))


@dataclass(frozen=True)
class UnknownIcon(_CardFault):
    icon: str

    def beside(self) -> str:
        return _("icon '{icon}' is not one of the deck's icons").format(icon=self.icon)


@dataclass(frozen=True)
class UnknownSetIcon(_CardFault):
    icon: str

    def beside(self) -> str:
        return _("set icon '{icon}' is not one of the deck's icons").format(icon=self.icon)


@dataclass(frozen=True)
class Unreadable(Fault):
    """The file cannot be read at all (``error``: the system's reason)."""

    path: str
    error: str

    def said(self) -> str:
        return _("cannot read {path}: {error}").format(path=self.path, error=self.error)


@dataclass(frozen=True)
class NotJson(Fault):
    """The text is not JSON a deck can be read from: ``message`` is the record reader's
    (:func:`companion.core.record.parse_json`), worded when it was read; ``where`` the
    file's path, if it has one."""

    where: str
    message: str

    def said(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


def check(raw: Any) -> list[Fault]:
    """Every fault of a deck file's parsed JSON (empty: a good deck), as facts."""
    if not isinstance(raw, dict):
        return [NotAnObject()]
    try:
        deck = Deck.model_validate(raw)
    except ValidationError as exc:
        listed = raw.get("cards")
        count = len(listed) if isinstance(listed, list) else 0
        out: list[Fault] = []
        for e in exc.errors(include_url=False):
            loc = tuple(e["loc"])
            index = loc[1] if len(loc) > 1 and loc[0] == "cards" and isinstance(loc[1], int) else None
            out.append(Invalid(loc, _where(loc, raw), index if index is not None and index < count else None,
                               {k: v for k, v in e.items() if k in ("type", "msg", "ctx", "input")}))
        return out
    found: list[Fault] = []
    suits = list(deck.suits)
    found += [SuitTwice(s, n) for s, n in Counter(suits).items() if n > 1]
    if WILD in suits:
        found.append(WildSuit())
    icons = {i.casefold() for i in deck.icons}
    found += [IconTwice(icon, n) for icon, n in Counter(i.casefold() for i in deck.icons).items() if n > 1]
    ids: dict[str, list[int]] = {}
    for i, card in enumerate(deck.cards):
        ids.setdefault(card.id.casefold(), []).append(i)
    for i, card in enumerate(deck.cards):
        sharing = ids[card.id.casefold()]
        if len(sharing) > 1 and sharing[0] == i:      # said once, at the first of them
            found.append(SharedId(i, card.id, tuple(sharing)))
        if card.suit != WILD and card.suit not in suits:
            found.append(UnknownSuit(i, card.id, card.suit, tuple(suits)))
        found += [UnknownIcon(i, card.id, icon) for icon in card.icons if icon.casefold() not in icons]
        if card.set is not None and card.set.icon.casefold() not in icons:
            found.append(UnknownSetIcon(i, card.id, card.set.icon))
    return found


def problems(raw: Any) -> list[str]:
    """Every fault of a deck file's parsed JSON, one line each, worded now (empty: a good deck)."""
    return [f.said() for f in check(raw)]


def summary(deck: Deck) -> list[str]:
    """A short description: cards per suit with their value range, wilds, discard icons, sets."""
    lines = [ngettext("{deck}: {cards} cards, {n} suit", "{deck}: {cards} cards, {n} suits", len(deck.suits)).format(
        deck=shown(deck.name), cards=len(deck.cards), n=len(deck.suits))]
    for suit in [*deck.suits, WILD]:
        values = [c.value for c in deck.cards if c.suit == suit]
        if values:
            low, high = min(values), max(values)
            line = (ngettext("{suit}: {n} card, value {low}", "{suit}: {n} cards, value {low}", len(values))
                    if low == high else
                    ngettext("{suit}: {n} card, values {low}–{high}", "{suit}: {n} cards, values {low}–{high}",
                             len(values)))
            lines.append("  " + line.format(suit=word(suit), n=len(values), low=low, high=high))
        elif suit != WILD:
            lines.append("  " + _("{suit}: no cards").format(suit=word(suit)))
    values = [c.value for c in deck.cards]
    lines.append("  " + _("values {low}–{high} in all").format(low=min(values), high=max(values)))
    with_discard = [c for c in deck.cards if c.discard]
    lines.append("  " + ngettext("discard icons: {icons} on {n} card", "discard icons: {icons} on {n} cards",
                                 len(with_discard)).format(icons=sum(c.discard for c in with_discard),
                                                           n=len(with_discard)))
    kinds = Counter(c.set.kind for c in deck.cards if c.set)
    lines.append("  " + _("set cards: {one} 1x, {neighbor} neighbor").format(
        one=kinds.get("1x", 0), neighbor=kinds.get("neighbor", 0)))
    return lines


def load_deck(path: str | Path) -> Deck:
    """A deck file, checked; a bad one raises a RecordError naming its first fault."""
    found, deck = read_file(path)
    if deck is None:
        first = found[0].said()
        raise RecordError(f"{path}: {first}" if len(found) == 1 else _("{path}: {problem} (and {n} more)").format(
            path=path, problem=first, n=len(found) - 1))
    return deck


def read_file(path: str | Path) -> tuple[list[Fault], Deck | None]:
    """A deck file's faults and the deck (None if it has faults), as facts.

    The JSON is read as the referee reads a record (``core.record.parse_json``): text
    that is not UTF-8, not JSON or nested too deeply is one fault, never a traceback."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        return [Unreadable(str(path), str(exc.strerror or exc))], None
    return read_text(data, str(path))


def read_text(text: str | bytes, where: str = "") -> tuple[list[Fault], Deck | None]:
    """A deck's JSON text (``where``: its file, said with a fault of the JSON itself):
    its faults and the deck (None if it has faults), as facts."""
    try:
        raw = parse_json(text)
    except RecordError as err:
        return [NotJson(where, err.message)], None
    found = check(raw)
    if found:
        return found, None
    return [], Deck.model_validate(raw)


def shipped_decks() -> list[Path]:
    """The deck files shipped in ``assets/decks/``, in the player's language where there
    are ones in it (``assets/decks/de/``)."""
    return shipped(DECKS_DIR, language())
