"""Builders for the burger view-model tests: a round entered the way the screens enter it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.burger import viewmodel as vm

THREE = ("Ann", "Ben", "Cat")


def start(players: Sequence[str] = THREE, **setup: Any) -> dict[str, Any]:
    s = vm.Setup(players=tuple(players), **setup)
    assert vm.setup_errors(s) == {}
    return vm.new_record(s)


def state(record: Mapping[str, Any]):
    return vm.replay(record)[1]


def entered(record: Mapping[str, Any], decks: Sequence[Sequence[str]], tools: Mapping[str, str],
            complete: Mapping[str, int] | None = None) -> vm.RoundDraft:
    """A draft filled in screen by screen: decks card by card, each tool card passed
    the phone around (shown, chosen, hidden), revealed, hamburgers stepped."""
    st = state(record)
    draft = vm.RoundDraft(decks=tuple(vm.DeckDraft(()) for _ in decks))
    for i, deck in enumerate(decks):
        for card in deck:
            draft = vm.add_rat(draft, i) if card == "rat" else vm.add_card(draft, i, card)
    while (turn := vm.tool_turn(st, draft)) is not None:
        draft = vm.show_tools(draft, turn.player)
        draft = vm.choose_tool(st, draft, turn.player, tools[turn.player])
    draft = vm.reveal(st, draft)
    for p, n in (complete or {}).items():
        draft = vm.step_complete(draft, p, n)
    return draft


def play(record: Mapping[str, Any], decks, tools, complete=None) -> dict[str, Any]:
    change = vm.submit(record, entered(record, decks, tools, complete))
    assert change.ok, change.error
    return change.record
