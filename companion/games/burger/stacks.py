"""A stack a player builds, checked against the recipe file (BU-5): the cards offered,
the check (complete, or what is missing), and a complete stack counted as one more
hamburger in the round being entered. No flet here."""

from __future__ import annotations

from dataclasses import replace

from companion.games.burger import rules
from companion.games.burger.forms import RoundDraft, StackDraft, step_complete, take_rows
from companion.games.burger.recipes import (
    BOTTOM_BUN,
    TOP_BUN,
    HamburgerCheck,
    Recipe,
    RecipeBook,
    check_hamburger,
)


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


def count_stack(draft: RoundDraft, player: str, book: RecipeBook) -> RoundDraft:
    """A checked complete stack counts as one more hamburger for the player, and the
    stack entry is cleared; an incomplete one changes nothing."""
    stack = draft.stacks.get(player)
    check = stack_check(book, stack) if stack else None
    if check is None or not check.complete:
        return draft
    stacks = dict(draft.stacks)
    stacks.pop(player)
    return replace(step_complete(draft, player, 1), stacks=stacks)


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
        out.extend(i for r in book.recipes for i in r.ingredients)
    seen: dict[str, str] = {}
    for c in out:
        seen.setdefault(c.casefold(), c)
    return list(seen.values())



def put_card(stack: StackDraft, card: str) -> StackDraft:
    """One more card on top of the stack."""
    return replace(stack, cards=(*stack.cards, card))
