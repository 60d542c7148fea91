"""A burger round as it is entered at the table: the decks laid out, the tool cards
passed round the phone and revealed at once, who takes which deck, the hamburgers
finished; each a pure step from the old draft to the new, what a tap changes and how,
and the round the draft makes. No flet here.

Nothing here decides a rule: refusals come from ``rules.check_round`` and carry their
ruling id; previews of a round being entered are ``rules.play_round`` run on the
draft. The record operations that enter a round are ``forms``'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.edits import say, say_where
from companion.core.errors import RuleError
from companion.core.game import screen_only
from companion.core.record import read
from companion.games.burger import rules
from companion.games.burger import words as burger_words
from companion.games.burger.explain import takes_text
from companion.games.burger.i18n import _, ngettext
from companion.games.burger.models import (
    RAT,
    TOOL_KINDS,
    Round,
    RoundResult,
)
from companion.games.burger.present import hand_text
from companion.games.burger.recipes import bun_shown
from companion.games.burger.state import UNNAMED, deck_label

MAX_COMPLETE = 9            # a hamburger stepper's top (the rules refuse more than the cards allow)


# ---------------------------------------------------------------- a round being entered


@dataclass(frozen=True)
class DeckDraft:
    """One deck as the first player lays it out. A card '' is an ingredient entered
    without its name (recorded as 'ingredient'); contents are optional."""

    cards: tuple[str, ...] = ("",)

    @property
    def ingredients(self) -> int:
        return sum(1 for c in self.cards if not rules.is_rat(c))

    @property
    def rats(self) -> int:
        return sum(1 for c in self.cards if rules.is_rat(c))

    def deck(self) -> list[str]:
        """The deck as the record holds it."""
        return [c.strip() or UNNAMED for c in self.cards]

    @property
    def text(self) -> str:
        named = [bun_shown(c.strip()) for c in self.cards if c.strip() and not rules.is_rat(c)]
        unnamed = sum(1 for c in self.cards if not c.strip())
        parts = list(named)
        if unnamed and named:
            parts.append(ngettext("{n} ingredient (not named)", "{n} ingredients (not named)",
                                  unnamed).format(n=unnamed))
        elif unnamed:
            parts.append(ngettext("{n} ingredient", "{n} ingredients", unnamed).format(n=unnamed))
        if self.rats:
            parts.append(burger_words.rats_text(self.rats))
        return ", ".join(parts) or _("empty")


@dataclass(frozen=True)
class ToolDraft:
    """One player's tool card, chosen in pass-the-phone secrecy (BU-3): ``shown``
    while its owner holds the phone, hidden again once chosen."""

    kind: str | None = None
    shown: bool = screen_only(False)          # never kept: a later tab shows it face down


@dataclass(frozen=True)
class StackDraft:
    """A stack a player enters to check it against a recipe (BU-5), bottom card first."""

    recipe: str = ""
    cards: tuple[str, ...] = ()
    flipped_bottom: bool = False


@dataclass(frozen=True)
class RoundDraft:
    """A round as being entered (kept as entered, even when refused)."""

    decks: tuple[DeckDraft, ...]
    tools: Mapping[str, ToolDraft] = field(default_factory=dict)
    revealed: bool = False
    picks: tuple[int, ...] | None = None      # deck per take turn; None: the decks in order
    complete: Mapping[str, int] = field(default_factory=dict)
    stacks: Mapping[str, StackDraft] = field(default_factory=dict)


def fresh_round(state: rules.State) -> RoundDraft:
    """A new round: one deck per player, each started with one (unnamed) ingredient (BU-2)."""
    return RoundDraft(decks=tuple(DeckDraft() for _ in state.players))


def _set_deck(draft: RoundDraft, deck: int, cards: Sequence[str]) -> RoundDraft:
    decks = list(draft.decks)
    decks[deck] = DeckDraft(tuple(cards))
    return replace(draft, decks=tuple(decks))


def add_card(draft: RoundDraft, deck: int, name: str = "") -> RoundDraft:
    """Put one more ingredient card on a deck (its name is optional)."""
    return _set_deck(draft, deck, [*draft.decks[deck].cards, name])


def add_rat(draft: RoundDraft, deck: int) -> RoundDraft:
    """The rat button: a rat card on this deck (it does not count as an ingredient, BU-2)."""
    return _set_deck(draft, deck, [*draft.decks[deck].cards, RAT])


def tap_card(draft: RoundDraft, deck: int, name: str) -> RoundDraft:
    """An ingredient button tapped on a deck: the card ``name`` goes on it. It names the
    deck's first ingredient entered without a name (each deck starts with one, BU-2),
    else it is one more card."""
    cards = list(draft.decks[deck].cards)
    blank = next((j for j, c in enumerate(cards) if not c.strip()), None)
    if blank is None:
        cards.append(name)
    else:
        cards[blank] = name
    return _set_deck(draft, deck, cards)


def undo_card(draft: RoundDraft, deck: int) -> RoundDraft:
    """The deck's undo button: its last card taken off again (nothing on an empty deck)."""
    cards = draft.decks[deck].cards
    return _set_deck(draft, deck, cards[:-1]) if cards else draft


def set_card(draft: RoundDraft, deck: int, index: int, name: str) -> RoundDraft:
    cards = list(draft.decks[deck].cards)
    cards[index] = name
    return _set_deck(draft, deck, cards)


def remove_card(draft: RoundDraft, deck: int, index: int) -> RoundDraft:
    cards = list(draft.decks[deck].cards)
    del cards[index]
    return _set_deck(draft, deck, cards)


@dataclass(frozen=True)
class DeckCheck:
    """The deck entry's hints: per deck, the count line, and whether the layout is complete."""

    per_deck: dict[int, str]
    count: str
    ready: bool


def deck_check(state: rules.State, draft: RoundDraft) -> DeckCheck:
    """Hints while the decks are entered (BU-2): which deck lacks an ingredient, how
    many ingredients are still to place. The refusal itself comes from the rules at submit."""
    per: dict[int, str] = {}
    for i, deck in enumerate(draft.decks):
        if deck.ingredients == 0:
            per[i] = _("{deck} needs an ingredient: every deck starts with one (BU-2)").format(deck=deck_label(i))
    need = rules.ingredients_per_round(len(state.players))
    have = sum(d.ingredients for d in draft.decks)
    rats = sum(d.rats for d in draft.decks)
    if have < need:
        placed = _("{have} of {need} ingredients placed: {more} more to reveal").format(
            have=have, need=need, more=need - have)
    elif have > need:
        placed = _("{have} of {need} ingredients placed: {over} too many").format(
            have=have, need=need, over=have - need)
    else:
        placed = _("{have} of {need} ingredients placed").format(have=have, need=need)
    if rats:
        count = _("{placed} (BU-2; rats do not count, {rats} on the decks).").format(
            placed=placed, rats=burger_words.rats_text(rats))
    else:
        count = _("{placed} (BU-2; rats do not count).").format(placed=placed)
    cards = have + rats
    ready = not per and have == need
    if state.draw_pile is not None and cards > state.draw_pile:
        count += " " + _("The draw pile holds only {cards}.").format(cards=burger_words.cards_text(state.draw_pile))
        ready = False
    return DeckCheck(per, count, ready)


# ---- tool cards, pass the phone


@dataclass(frozen=True)
class ToolTurn:
    """Whose turn it is to choose a tool card, and (only while shown) what they hold."""

    player: str
    shown: bool
    prompt: str
    choices: Sequence[tuple[str, int]]   # (kind, cards in hand) with at least one card; [] while hidden
    hand: str                          # '' while hidden


def tool_order(state: rules.State) -> list[str]:
    """The order the phone is passed: the first player, then clockwise."""
    i = state.players.index(state.first)
    return list(state.players[i:] + state.players[:i])


def tool_turn(state: rules.State, draft: RoundDraft) -> ToolTurn | None:
    """The next player to choose a tool card, or None when everyone has (ready to reveal)."""
    for p in tool_order(state):
        t = draft.tools.get(p, ToolDraft())
        if t.kind is not None:
            continue
        if not t.shown:
            return ToolTurn(p, False, _("Pass the phone to {player}. {player}: tap to see your tool cards "
                                        "(the others look away, BU-3).").format(player=p), [], "")
        hand = state.hand[p]
        choices = [(k, hand[k]) for k in TOOL_KINDS if hand[k] > 0]
        return ToolTurn(p, True, _("{player}: play one tool card face down (BU-3).").format(player=p), choices,
                        _("In your hand: {hand}.").format(hand=hand_text(hand)))
    return None


def show_tools(draft: RoundDraft, player: str) -> RoundDraft:
    """The player taps to see their own hand (only one player's is ever shown)."""
    tools = {p: replace(t, shown=False) for p, t in draft.tools.items()}
    tools[player] = replace(tools.get(player, ToolDraft()), shown=True)
    return replace(draft, tools=tools)


def choose_tool(state: rules.State, draft: RoundDraft, player: str, kind: str) -> RoundDraft:
    """The player plays ``kind`` face down; the choice is hidden at once. Only the
    kinds ``tool_turn`` offers can be chosen (ValueError otherwise)."""
    if kind not in TOOL_KINDS or state.hand[player][kind] < 1:
        raise ValueError(f"{player} holds no {kind} card")
    return replace(draft, tools={**draft.tools, player: ToolDraft(kind, False)})


def play_tool(draft: RoundDraft, player: str, kind: str) -> RoundDraft:
    """Changing a past round: ``player`` played ``kind`` (its tool cards are open)."""
    return replace(draft, tools={**draft.tools, player: ToolDraft(kind)})


def clear_tool(draft: RoundDraft, player: str) -> RoundDraft:
    """Before the reveal, a player who mis-tapped chooses again (their card is put back)."""
    tools = dict(draft.tools)
    tools.pop(player, None)
    return replace(draft, tools=tools, revealed=False)


def tools_status(state: rules.State, draft: RoundDraft) -> list[str]:
    """Before the reveal: who has chosen, never what (BU-3). After it: every card."""
    out = []
    for p in tool_order(state):
        kind = draft.tools.get(p, ToolDraft()).kind
        if draft.revealed and kind:
            out.append(f"{p}: {burger_words.tool_name(kind)}")
        else:
            # Translators: before the reveal, beside a player's name: a card played face down, or none yet
            state_word = _("card down") if kind else _("to choose")
            out.append(f"{p}: {state_word}")
    return out


def reveal(state: rules.State, draft: RoundDraft) -> RoundDraft:
    """Reveal all tool cards at once (BU-3); unchanged until everyone has chosen."""
    if tool_turn(state, draft) is not None:
        return draft
    tools = {p: replace(t, shown=False) for p, t in draft.tools.items()}
    return replace(draft, tools=tools, revealed=True)


# ---- who takes which deck


def tongs_players(state: rules.State, draft: RoundDraft) -> list[str]:
    return [p for p in state.players if draft.tools.get(p, ToolDraft()).kind == "tongs"]


def _order(state: rules.State, draft: RoundDraft) -> list[str]:
    return rules.take_order(state.players, state.first, tongs_players(state, draft), len(draft.decks))


def _picks(draft: RoundDraft) -> list[int]:
    return list(draft.picks) if draft.picks is not None else list(range(len(draft.decks)))


@dataclass(frozen=True)
class TakeRow:
    """One take turn (BU-4): who takes, which deck, and the decks they could choose."""

    turn: int
    player: str
    deck: int
    cards: str
    choices: list[int]     # decks not taken in earlier turns (the current one included)

    @property
    def text(self) -> str:
        return _("{player} takes {deck}: {cards}").format(player=self.player, deck=deck_label(self.deck),
                                                          cards=self.cards)


def take_rows(state: rules.State, draft: RoundDraft) -> list[TakeRow]:
    """After the reveal: the taking order and the deck each taker takes (by default the
    decks in order; ``pick`` changes a turn's deck). Empty when nobody played tongs."""
    picks = _picks(draft)
    rows = []
    for turn, who in enumerate(_order(state, draft)):
        deck = picks[turn]
        choices = sorted(picks[turn:])
        rows.append(TakeRow(turn, who, deck, draft.decks[deck].text, choices))
    return rows


def pick(draft: RoundDraft, turn: int, deck: int) -> RoundDraft:
    """The taker of ``turn`` chooses ``deck``; the turn that had it gets this turn's
    deck instead, so the picks stay one deck each."""
    picks = _picks(draft)
    other = picks.index(deck)
    picks[turn], picks[other] = picks[other], picks[turn]
    return replace(draft, picks=tuple(picks))


def take_line(state: rules.State, draft: RoundDraft) -> str:
    """The reveal explained before it is submitted, in the rules' words (BU-4)."""
    result, err = preview(state, draft)
    if result is not None:
        return takes_text(result)
    return err or ""


# ---- hamburgers


def step_complete(draft: RoundDraft, player: str, by: int) -> RoundDraft:
    """The hamburger stepper: 0…MAX_COMPLETE finished this round."""
    n = min(MAX_COMPLETE, max(0, draft.complete.get(player, 0) + by))
    return replace(draft, complete={**draft.complete, player: n})


def set_stack(draft: RoundDraft, player: str, stack: StackDraft) -> RoundDraft:
    return replace(draft, stacks={**draft.stacks, player: stack})


# ---- the round as the record holds it


def round_of(state: rules.State, draft: RoundDraft) -> dict[str, Any]:
    """The draft as a record round (the contract's shape)."""
    rnd: dict[str, Any] = {
        "decks": [d.deck() for d in draft.decks],
        "tools": {p: kind for p in state.players
                  if (kind := draft.tools.get(p, ToolDraft()).kind) is not None},
    }
    picks = draft.picks
    if tongs_players(state, draft) and picks is not None and list(picks) != list(range(len(picks))):
        rnd["picks"] = list(picks)
    complete = {p: n for p in state.players if (n := draft.complete.get(p, 0))}
    if complete:
        rnd["complete"] = complete
    return rnd


def round_error(state: rules.State, draft: RoundDraft) -> RuleError | None:
    """Why the rules refuse this draft (as the error), or None."""
    return rules.check_round(state, read(Round, round_of(state, draft), {}))


def preview(state: rules.State, draft: RoundDraft) -> tuple[RoundResult | None, str | None]:
    """The round's result if it were submitted now, or the refusal's line."""
    if not draft.revealed:
        return None, _("Reveal the tool cards first: all at once (BU-3).")
    rnd = read(Round, round_of(state, draft), {})
    err = rules.check_round(state, rnd)
    if err is not None:
        return None, say_where(err, start=True)
    result, __ = rules.play_round(state, rnd)
    return result, None


def complete_errors(state: rules.State, draft: RoundDraft) -> dict[str, str]:
    """What BU-5 refuses in each player's hamburger count, said next to that player."""
    err = round_error(state, draft)
    if err is not None and err.player is not None and err.ruling == "BU-5":
        return {err.player: say(err)}
    return {}


def rats_taken(state: rules.State, draft: RoundDraft) -> dict[str, int]:
    """SECRET (BU-5): rat tokens each taker gets this round. Show a player only their
    own, behind a tap; the others' never while the game runs."""
    result, __ = preview(state, draft)
    if result is None:
        return {}
    return {p: result["rats"].get(p, 0) - state.rats.get(p, 0)
            for p in state.players if result["rats"].get(p, 0) != state.rats.get(p, 0)}
