"""Burger's forms: the record operations a tap sends (a round entered, changed or
undone), the host's decks typed, the BU-7 top buns, and the table screen's passing
state. No flet here. The round being entered, step by step, is ``round_form``'s; the
setup screen's form is ``setup_form``.

A round entered is appended to the record and a round changed replaces its own
(``core.edits``), the record replayed; the rules refuse or take it
(``rules.check_round``, with its ruling id). Not in the record (the contract allows no
extra fields): the recipe file and the BU-7 top buns are the match's own settings
(``recipefiles.RECIPES``, ``TOP_BUNS``); the recipe files are read in ``recipefiles``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core import edits
from companion.core.edits import Change
from companion.core.game import screen_only
from companion.games.burger import rules
from companion.games.burger.i18n import _
from companion.games.burger.round_form import DeckDraft, RoundDraft, ToolDraft, round_of
from companion.games.burger.state import UNNAMED, replay, state_before

# the match's own settings (``TableSession.set_setting``)
TOP_BUNS = "top_buns"       # the BU-7 wastebasket top buns chosen after the end: a JSON list of names


# ---------------------------------------------------------------- the record operations


def submit(record: Mapping[str, Any], draft: RoundDraft, state: rules.State | None = None) -> Change:
    """Append the next round, if the rules take it; else say why and change nothing
    (``state``: the game before it, if worked out already)."""
    if not draft.revealed:
        return Change(dict(record), _("Reveal the tool cards first: all at once (BU-3)."))
    state = state or replay(record).state
    return edits.append_round(replay, record, round_of(state, draft))


def edit(record: Mapping[str, Any], index: int, draft: RoundDraft) -> Change:
    """Replace round ``index`` (0-based) and replay the game from there.

    Refused, with the record unchanged, if the new round breaks a rule or a later
    round no longer holds after the change (e.g. a tool card no longer in hand)."""
    if not 0 <= index < len(record["rounds"]):
        return Change(dict(record), _("There is no round {number} to change.").format(number=index + 1))
    return edits.replace_round(replay, record, index, round_of(state_before(record, index), draft))


def undo(record: Mapping[str, Any]) -> Change:
    """Drop the last round."""
    return edits.drop_last_round(record)


def draft_of(record: Mapping[str, Any], index: int) -> RoundDraft:
    """Round ``index`` (0-based) as a draft, to edit it: tool cards revealed."""
    rnd = record["rounds"][index]
    decks = tuple(DeckDraft(tuple("" if c == UNNAMED else c for c in d)) for d in rnd["decks"])
    tools = {p: ToolDraft(k) for p, k in rnd["tools"].items()}
    picks = tuple(rnd["picks"]) if rnd.get("picks") is not None else None
    return RoundDraft(decks=decks, tools=tools, revealed=True, picks=picks,
                      complete=dict(rnd.get("complete", {})))


# ---------------------------------------------------------------- the host's decks, typed


def parse_decks(text: str) -> list[list[str]]:
    """The decks as laid out, typed by the host: one line per deck, cards separated by
    commas ('bun, rat' / 'patty, cheese'). Empty lines and spaces around names go."""
    decks = []
    for line in text.splitlines():
        cards = [c.strip() for c in line.split(",") if c.strip()]
        if cards:
            decks.append(cards)
    return decks


def decks_text(decks: Sequence[Sequence[str]]) -> str:
    """Decks as the host's field shows them: the inverse of ``parse_decks``."""
    return "\n".join(", ".join(deck) for deck in decks)


# ---------------------------------------------------------------- the BU-7 top buns


def read_top_buns(raw: str | None) -> list[str]:
    """The BU-7 choices as kept in the match's settings (a JSON list of names); anything else: none."""
    try:
        value = json.loads(raw or "[]")
    except ValueError:
        return []
    return [p for p in value if isinstance(p, str)] if isinstance(value, list) else []


def toggled(names: list[str], player: str, on: bool) -> list[str]:
    """The BU-7 choices with ``player`` added or removed (each player at most once)."""
    rest = [p for p in names if p != player]
    return [*rest, player] if on else rest


def card_shown(card: str) -> str:
    """A card as a button names it: an unnamed ingredient and a rat in the language now,
    an ingredient's name as the recipe file spells it."""
    name = card.strip()
    if not name or name == UNNAMED:
        return _("ingredient")
    if rules.is_rat(name):
        return _("rat")
    return name


# ---------------------------------------------------------------- the table screen's passing state


@dataclass(frozen=True)
class TableUI:
    """One session's passing state at a Burger table: data only (the drafts hold the
    tool cards chosen before the reveal, face down until then; the table session keeps
    them in the store for a restart). The record each draft was begun on
    is the session's stamp, not kept here."""

    mode: str = "entry"                      # entry | round | edit
    draft: RoundDraft | None = None          # the round being entered (None: a fresh one)
    edit: RoundDraft | None = None           # a past round being changed
    index: int = 0                           # round / edit: the round (0-based)
    error: str | None = None
    peek: str | None = screen_only()         # the player looking at their own secrets (never kept)
    stack_for: str | None = None             # the player entering a stack for the recipe check
    just: bool = False                       # round: the one just submitted (else opened from the list)
    typing: bool = False                     # decks: card names typed, not tapped on the card buttons
    undo_asked: int | None = None            # "Undo round n?" asked, n the last round then
    said: str | None = None                  # what the last undo did, said next to it

    def asks_undo(self, rounds: int) -> bool:
        """The undo question is on screen, about round ``rounds`` (the last one now)."""
        return self.undo_asked is not None and self.undo_asked == rounds
