"""The recipe file's cards at the table (BU-5): the card buttons a deck is entered
with, and a stack a player builds, checked against the recipe file: the cards offered,
the stack begun from the decks the player takes this round, the check (complete, or
what is missing), and a complete stack counted as one more hamburger in the round
being entered. No flet here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.games.burger import rules
from companion.games.burger.recipes import (
    BOTTOM_BUN,
    TOP_BUN,
    HamburgerCheck,
    Recipe,
    RecipeBook,
    check_hamburger,
)
from companion.games.burger.round_form import RoundDraft, StackDraft, step_complete, take_rows
from companion.games.burger.state import UNNAMED, replay


def find_recipe(book: RecipeBook, name: str) -> Recipe | None:
    key = name.strip().casefold()
    return next((r for r in book.recipes if r.name.casefold() == key), None)


def stack_check(
    book: RecipeBook, stack: StackDraft, *, wastebasket_top: bool = False,
) -> HamburgerCheck | None:
    """The recipe check of an entered stack (BU-5; BU-7 with ``wastebasket_top``):
    complete or not, and what is missing. None if the recipe is not in the file."""
    recipe = find_recipe(book, stack.recipe)
    if recipe is None:
        return None
    return check_hamburger(stack.cards, recipe, flipped_bottom=stack.flipped_bottom,
                           wastebasket_top=wastebasket_top)


def count_stack(draft: RoundDraft, player: str, book: RecipeBook,
                state: rules.State | None = None, kept: Sequence[str] = ()) -> RoundDraft:
    """A checked complete stack counts as one more hamburger for the player, and the
    stack entry is cleared; an incomplete one changes nothing. With ``state``, a stack
    the player has not touched is the one begun from the hamburger they kept and the
    cards they take (:func:`stack_of`), as the screen shows it."""
    stack = draft.stacks.get(player)
    if stack is None and state is not None:
        stack = stack_of(state, draft, player, book, kept)
    check = stack_check(book, stack) if stack else None
    if check is None or not check.complete:
        return draft
    stacks = dict(draft.stacks)
    stacks.pop(player, None)
    return replace(step_complete(draft, player, 1), stacks=stacks)


def card_names(book: RecipeBook | None) -> list[str]:
    """The card buttons a deck is entered with: the buns and the recipe file's
    ingredient cards (its list, else the recipes' ingredients), each once, in the
    file's order (the rat has its own button, BU-2)."""
    out = [BOTTOM_BUN, TOP_BUN]
    if book is not None:
        out.extend(book.cards())
    return _once(out)


def _once(cards: list[str]) -> list[str]:
    seen: dict[str, str] = {}
    for c in cards:
        seen.setdefault(c.casefold(), c)
    return list(seen.values())


def taken_cards(state: rules.State, draft: RoundDraft, player: str) -> list[str]:
    """The named ingredient cards of the decks ``player`` takes this round, in taking
    order (the round as the record will hold it: its picks, BU-4); no rats, which go
    under the wastebasket (BU-5), and no card entered without a name."""
    out: list[str] = []
    for row in take_rows(state, draft):
        if row.player == player:
            for card in draft.decks[row.deck].deck():
                if card != UNNAMED and not rules.is_rat(card):
                    out.append(card)
    return out


def kept_cards(record: Mapping[str, Any], rounds: int, player: str) -> list[str]:
    """The named cards ``player`` took in the first ``rounds`` rounds of ``record`` since
    the last round they finished a hamburger in, in taking order (no rats, no card
    entered without a name): the cards their hamburger in progress may hold, which
    stays in front of them across rounds (BU-5). Which of them it does hold the app
    cannot know (the rest went under the wastebasket): the stack check keeps those that
    fit the recipe (:func:`stack_of`). What a round that finished a hamburger left over
    is not carried on (the player adds it)."""
    done = record["rounds"][:rounds]
    results = replay({**record, "rounds": done}).rounds
    key = player.casefold()
    kept: list[str] = []
    for rnd, res in zip(done, results, strict=True):
        if any(name.casefold() == key and n for name, n in (rnd.get("complete") or {}).items()):
            kept = []
            continue
        for deck in res["taken"].get(player, []):
            kept += [c for c in rnd["decks"][deck] if c != UNNAMED and not rules.is_rat(c)]
    return kept


def _k(card: str) -> str:
    return " ".join(card.split()).casefold()


def _kept_for(recipe: Recipe, kept: Sequence[str]) -> list[str]:
    """Of the cards kept from earlier rounds, those a hamburger of ``recipe`` in progress
    can hold: one bottom bun, the recipe's ingredients as often as it has them; never a
    top bun (placed last, it would have finished the hamburger, BU-5)."""
    needed = Counter(_k(i) for i in recipe.ingredients)
    out: list[str] = []
    bottom = False
    for card in kept:
        k = _k(card)
        if k == BOTTOM_BUN and not bottom:
            bottom = True
            out.append(card)
        elif needed[k] > 0:
            needed[k] -= 1
            out.append(card)
    return out


def _ordered(cards: Sequence[str]) -> tuple[str, ...]:
    """Bottom bun first, top bun last (BU-5), the rest as taken."""
    bottom = [c for c in cards if c.casefold() == BOTTOM_BUN]
    top = [c for c in cards if c.casefold() == TOP_BUN]
    middle = [c for c in cards if c.casefold() not in (BOTTOM_BUN, TOP_BUN)]
    return (*bottom, *middle, *top)


def _onto(kept: Sequence[str], now: Sequence[str]) -> list[str]:
    """This round's cards put onto the hamburger kept: one that has its bottom bun
    takes no second one (a second bottom bun would begin another hamburger, BU-5)."""
    if any(_k(c) == BOTTOM_BUN for c in kept):
        now = [c for c in now if _k(c) != BOTTOM_BUN]
    return [*kept, *now]


def stack_of(state: rules.State, draft: RoundDraft, player: str, book: RecipeBook,
             kept: Sequence[str] = ()) -> StackDraft:
    """The stack ``player`` checks: as entered, or else begun from the hamburger they
    kept from earlier rounds (``kept``, :func:`kept_cards`: those of its cards a recipe
    can hold) and the cards they take this round (bottom bun first, top bun last,
    BU-5), with the first recipe it completes; else, when this round's cards alone
    make a hamburger (a new one, the kept one staying in front of them), that one;
    else the recipe most of the kept cards fit (the file's first when none do). Once a
    hamburger is counted this round the next stack begins empty: those cards are
    stacked already."""
    stack = draft.stacks.get(player)
    if stack is not None:
        return stack
    if draft.complete.get(player, 0):
        return StackDraft(recipe=book.recipes[0].name)
    now = taken_cards(state, draft, player)
    begun = [StackDraft(recipe=r.name, cards=_ordered(_onto(_kept_for(r, kept), now))) for r in book.recipes]
    fresh = [StackDraft(recipe=r.name, cards=_ordered(now)) for r in book.recipes] if kept else []
    for stack in (*begun, *fresh):
        check = stack_check(book, stack)
        if check is not None and check.complete:
            return stack
    most = max(range(len(begun)), key=lambda i: (len(_kept_for(book.recipes[i], kept)), -i))
    return begun[most]


def stack_cards(
    state: rules.State, draft: RoundDraft, player: str, book: RecipeBook | None = None,
) -> list[str]:
    """Card names to offer when a player enters a stack: the buns, the named cards of
    the decks they take this round, and the recipe file's ingredients (no rats)."""
    out = [BOTTOM_BUN, TOP_BUN]
    for row in take_rows(state, draft):
        if row.player == player:
            cards = draft.decks[row.deck].cards
            out.extend(c.strip() for c in cards if c.strip() and not rules.is_rat(c))
    if book is not None:
        out.extend(book.cards())
    return _once(out)


def put_card(stack: StackDraft, card: str) -> StackDraft:
    """One more card on top of the stack."""
    return replace(stack, cards=(*stack.cards, card))
