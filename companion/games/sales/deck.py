"""Sales deck files: the card list players describe themselves (SA-1).

The rule texts do not list the cards, so a deck lives in a JSON file under
``assets/decks/``: its name, a description, its suits (weathers) and icons, and
every card with an id, its suit or ``wild``, value, discard icons, the icons it
shows and optionally what set it collects. ``check_file`` reports every fault
line by line (``companion deck check FILE``); ``card_attributes`` turns a deck
card id into the contract's card attributes, so records stay in attribute form.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, Field, StringConstraints, ValidationError

from companion.core.bounds import MAX_ICONS, MAX_LIBRARY_CARDS
from companion.core.errors import RecordError
from companion.core.paths import ASSETS
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
    """The record's Card for a deck card id."""
    c = deck.card(card_id)
    collect = SetCollector(kind=c.set.kind, icon=c.set.icon) if c.set else None
    return Card(suit=c.suit, value=c.value, discard=c.discard, icons=list(c.icons), set=collect)


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


def problems(raw: Any) -> list[str]:
    """Every fault of a deck file's parsed JSON, one line each (empty: a good deck)."""
    if not isinstance(raw, dict):
        return [_("deck: a deck file must be a JSON object")]
    try:
        deck = Deck.model_validate(raw)
    except ValidationError as exc:
        return [f"{_where(tuple(e['loc']), raw)}: {describe_error(e)}" for e in exc.errors(include_url=False)]
    found: list[str] = []
    suits = [s for s in deck.suits]
    for s, n in Counter(suits).items():
        if n > 1:
            found.append(_("suits: '{suit}' is listed {n} times").format(suit=s, n=n))
    if WILD in suits:
        found.append(_("suits: 'wild' is not a suit: wild cards are on suit for every suit (SA-4)"))
    icons = {i.casefold() for i in deck.icons}
    for icon, n in Counter(i.casefold() for i in deck.icons).items():
        if n > 1:
            found.append(_("icons: '{icon}' is listed {n} times").format(icon=icon, n=n))
    ids = Counter(c.id.casefold() for c in deck.cards)
    for i, card in enumerate(deck.cards):
        at = f"cards[{i}] (id '{card.id}')"
        if ids[card.id.casefold()] > 1:
            found.append(_("{at}: the id '{id}' is used by {n} cards").format(
                at=at, id=card.id, n=ids[card.id.casefold()]))
            ids[card.id.casefold()] = 0  # say it once
        if card.suit != WILD and card.suit not in suits:
            found.append(_("{at}: suit '{suit}' is not one of the deck's suits ({suits}) or wild").format(
                at=at, suit=card.suit, suits=", ".join(suits)))
        for icon in card.icons:
            if icon.casefold() not in icons:
                found.append(_("{at}: icon '{icon}' is not one of the deck's icons").format(at=at, icon=icon))
        if card.set is not None and card.set.icon.casefold() not in icons:
            found.append(_("{at}: set icon '{icon}' is not one of the deck's icons").format(at=at, icon=card.set.icon))
    return found


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
    found, _unused, deck = _read(path)
    if deck is None:
        raise RecordError(f"{path}: {found[0]}" if len(found) == 1 else _("{path}: {problem} (and {n} more)").format(
            path=path, problem=found[0], n=len(found) - 1))
    return deck


def check_file(path: str | Path) -> tuple[list[str], list[str]]:
    """(problems, summary) of a deck file: problems empty when the deck is good."""
    found, lines, _unused = _read(path)
    return found, lines


def _read(path: str | Path) -> tuple[list[str], list[str], Deck | None]:
    """A deck file's problems, its summary and the deck (None if it has problems).

    The JSON is read as the referee reads a record (``core.record.parse_json``): text
    that is not UTF-8, not JSON or nested too deeply is one problem, never a traceback."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        return [_("cannot read {path}: {error}").format(path=path, error=exc.strerror or exc)], [], None
    try:
        raw = parse_json(data)
    except RecordError as err:
        return [f"{path}: {err.message}"], [], None
    found = problems(raw)
    if found:
        return found, [], None
    deck = Deck.model_validate(raw)
    return [], summary(deck), deck


def shipped_decks() -> list[Path]:
    """The deck files shipped in ``assets/decks/``."""
    return sorted(DECKS_DIR.glob("*.json")) if DECKS_DIR.is_dir() else []
