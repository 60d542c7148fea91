"""Builders for the burger screen tests: a round entered the way the screens enter it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.burger import forms, round_form, setup_form
from companion.games.burger.state import replay

THREE = ("Ann", "Ben", "Cat")


def start(players: Sequence[str] = THREE, **setup: Any) -> dict[str, Any]:
    s = setup_form.Setup(players=tuple(players), **setup)
    assert setup_form.setup_errors(s) == {}
    return setup_form.new_record(s)


def state(record: Mapping[str, Any]):
    return replay(record).state


def entered(record: Mapping[str, Any], decks: Sequence[Sequence[str]], tools: Mapping[str, str],
            complete: Mapping[str, int] | None = None) -> round_form.RoundDraft:
    """A draft filled in screen by screen: decks card by card, each tool card passed
    the phone around (shown, chosen, hidden), revealed, hamburgers stepped."""
    st = state(record)
    draft = round_form.RoundDraft(decks=tuple(round_form.DeckDraft(()) for _ in decks))
    for i, deck in enumerate(decks):
        for card in deck:
            draft = round_form.add_rat(draft, i) if card == "rat" else round_form.add_card(draft, i, card)
    while (turn := round_form.tool_turn(st, draft)) is not None:
        draft = round_form.show_tools(draft, turn.player)
        draft = round_form.choose_tool(st, draft, turn.player, tools[turn.player])
    draft = round_form.reveal(st, draft)
    for p, n in (complete or {}).items():
        draft = round_form.step_complete(draft, p, n)
    return draft


def play(record: Mapping[str, Any], decks, tools, complete=None) -> dict[str, Any]:
    change = forms.submit(record, entered(record, decks, tools, complete))
    assert change.ok, change.error
    return change.record
