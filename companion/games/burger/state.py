"""A burger game as its record holds it, replayed: the record is the truth, every
screen shows the registry's one replay of it. The game before the next round
(``next_state``) holds every secret (rat tokens, tool hands): it is what the draft
helpers check a round against, never drawn as it is. No flet here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import registry
from companion.core.game import Played
from companion.core.record import read
from companion.games.burger import rules
from companion.games.burger.i18n import _
from companion.games.burger.models import BurgerRecord, RoundResult

UNNAMED = "ingredient"      # the card name recorded for an ingredient entered without its name


def parse(record: Mapping[str, Any]) -> BurgerRecord:
    """The record as the rules read it; a malformed one raises RecordError (its ruling)."""
    return read(BurgerRecord, {"game": "burger", **record}, registry.game("burger").field_rulings)


def replay(record: Mapping[str, Any]) -> Played[rules.State, RoundResult]:
    """The record's one replay (:func:`companion.core.registry.replay`): each round's
    facts, the state before each round and after the last; raises RecordError if refused."""
    return registry.replay("burger", record)


def next_state(record: Mapping[str, Any]) -> rules.State:
    """The game before the next round: what the draft helpers take. It holds every
    secret: never draw it as it is."""
    return replay(record).state


def state_before(record: Mapping[str, Any], index: int) -> rules.State:
    """The game before round ``index`` (0-based): what its draft is checked against."""
    return replay(record).before(index)


def deck_label(index: int) -> str:
    """A deck as a player counts them, from 1: the record's deck index 0 is 'deck 1'."""
    return _("deck {number}").format(number=index + 1)
