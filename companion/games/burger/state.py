"""A burger game as its record holds it, replayed: the record is the truth, every
screen shows the pure replay of it (``rules.replay``). The game before the next round
(``next_state``) holds every secret (rat tokens, tool hands): it is what the draft
helpers check a round against, never drawn as it is. No flet here."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from companion.core import edits, i18n
from companion.core.record import validated
from companion.core.replays import remembered
from companion.games.burger import GAME, rules
from companion.games.burger.i18n import _
from companion.games.burger.models import BurgerRecord, RoundResult

UNNAMED = "ingredient"      # the card name recorded for an ingredient entered without its name


def parse(record: Mapping[str, Any]) -> BurgerRecord:
    """The record as the rules read it; a malformed one raises RecordError (its ruling)."""
    return validated(BurgerRecord, record, GAME.field_rulings)


def _replay(record: Mapping[str, Any]) -> tuple[list[RoundResult], rules.State]:
    return rules.replay(parse(record))


_REPLAYS: dict[str, Callable[[Mapping[str, Any]], tuple[list[RoundResult], rules.State]]] = {}


def replay(record: Mapping[str, Any]) -> tuple[list[RoundResult], rules.State]:
    """Every round's result and the game after the last round; raises RecordError if refused.
    Remembered per record (``core.replays``): a hosted round asks it of one record often.
    The rules' notes in it are worded in the language now, so each language keeps its own."""
    lang = i18n.language()
    if lang not in _REPLAYS:
        _REPLAYS.setdefault(lang, remembered(_replay))
    return _REPLAYS[lang](record)


def next_state(record: Mapping[str, Any]) -> rules.State:
    """The game before the next round: what the draft helpers take. It holds every
    secret: never draw it as it is."""
    return replay(record)[1]


def state_before(record: Mapping[str, Any], index: int) -> rules.State:
    """The game before round ``index`` (0-based): what its draft is checked against."""
    return next_state({**record, "rounds": list(record["rounds"][:index])})


def over(record: Mapping[str, Any]) -> bool:
    return next_state(record).over


def place(record: Mapping[str, Any]) -> edits.Place:
    """How far the game is, in the words the table uses ('round 4')."""
    return edits.round_place(record, over(record))


def deck_label(index: int) -> str:
    """A deck as a player counts them, from 1: the record's deck index 0 is 'deck 1'."""
    return _("deck {number}").format(number=index + 1)


_DECK_INDEX = re.compile(r"\b([Dd]eck|Stapel) (\d+)\b")


def on_screen(text: str) -> str:
    """A line of the rules (a refusal, a note) as a player reads it: the rules name a
    deck by the record's index ('deck 0', as the referee's output does), the screens
    count decks from 1 ('deck 1')."""
    return _DECK_INDEX.sub(lambda m: f"{m.group(1)} {int(m.group(2)) + 1}", text)
