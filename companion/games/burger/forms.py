"""Burger's forms: the setup screen's fields and steps, and a round as it is entered
at the table (the decks laid out, the tool cards passed round the phone and revealed
at once, who takes which deck, the hamburgers finished), each a pure step from the
old value to the new: what a tap changes and how. No flet here.

Nothing here decides a rule: refusals come from ``rules.start``, ``rules.check_round``
and the core's ``check_names``, and carry their ruling id; previews of a round being
entered are ``rules.play_round`` run on the draft. A round entered is appended to the
record and a round changed replaces its own (``core.edits``), the record replayed.
Not in the record (the contract allows no extra fields): the recipe file and the BU-7
top buns are the match's own settings (``recipefiles.RECIPES``, ``TOP_BUNS``); the
recipe files are read in ``recipefiles``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core import edits
from companion.core.edits import Change, clean, say, say_where
from companion.core.errors import RecordError, RuleError
from companion.core.game import screen_only
from companion.core.names import Roster, check_names, normal
from companion.core.record import read
from companion.games.burger import rules
from companion.games.burger import words as burger_words
from companion.games.burger.i18n import _, ngettext
from companion.games.burger.models import (
    DEFAULT_HAMBURGER_POINTS,
    DEFAULT_RAT_POINTS,
    DEFAULT_TEASE,
    DEFAULT_TONGS,
    RAT,
    TOOL_KINDS,
    BurgerRecord,
    Round,
    RoundResult,
)
from companion.games.burger.present import hand_text, takes_text
from companion.games.burger.recipefiles import RecipeStatus, default_recipes, recipe_status
from companion.games.burger.recipes import bun_shown
from companion.games.burger.state import UNNAMED, deck_label, replay, state_before

MAX_TOOL_CARDS = 9          # a setup stepper's top per kind
MAX_POINTS = 9              # a scoring stepper's range: −MAX_POINTS…MAX_POINTS
MAX_COMPLETE = 9            # a hamburger stepper's top (the rules refuse more than the cards allow)


# the match's own settings (``TableSession.set_setting``)
STORED = "stored:"          # the setup's choice of a recipe set made in the app: "stored:<id>"
TOP_BUNS = "top_buns"       # the BU-7 wastebasket top buns chosen after the end: a JSON list of names


# ---------------------------------------------------------------- setup


def name_errors(names: Sequence[str]) -> list[str | None]:
    """For each name field, why BU-1 refuses it (or None), as the player types."""
    return edits.name_errors(names, "BU-1")


@dataclass(frozen=True)
class Setup:
    """The setup screen's fields as entered. ``draw_pile`` is the text typed
    ('' = size not known); ``recipes`` the recipe file's path."""

    players: tuple[str, ...] = ()
    first: str | None = None
    tongs: int = DEFAULT_TONGS
    tease: int = DEFAULT_TEASE
    draw_pile: str = ""
    hamburger_points: int = DEFAULT_HAMBURGER_POINTS
    rat_points: int = DEFAULT_RAT_POINTS
    recipes: str = field(default_factory=default_recipes)

    def step(self, what: str, by: int) -> Setup:
        """A stepper press: tool cards stay 0…MAX_TOOL_CARDS, points −MAX_POINTS…MAX_POINTS."""
        if what in ("tongs", "tease"):
            return replace(self, **{what: min(MAX_TOOL_CARDS, max(0, getattr(self, what) + by))})
        if what in ("hamburger_points", "rat_points"):
            return replace(self, **{what: min(MAX_POINTS, max(-MAX_POINTS, getattr(self, what) + by))})
        raise ValueError(what)


def parse_draw_pile(text: str) -> int | None:
    """The draw pile field: '' is 'not known' (None); raises ValueError if not a whole number ≥ 0."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise ValueError(text)
    return int(text)


def stored_recipes(setup: Setup) -> int | None:
    """The id of the recipe set made in the app that the setup has chosen, if one is."""
    if setup.recipes.startswith(STORED) and setup.recipes[len(STORED):].isdigit():
        return int(setup.recipes[len(STORED):])
    return None


def _setup_record(setup: Setup) -> BurgerRecord:
    return read(BurgerRecord, {
        "game": "burger",
        "players": clean(setup.players),
        "first": normal(setup.first) if setup.first else None,
        "tools": {"tongs": setup.tongs, "tease": setup.tease},
        "scoring": {"hamburger": setup.hamburger_points, "rat": setup.rat_points},
        "draw_pile": parse_draw_pile(setup.draw_pile),
    }, {})


def setup_errors(setup: Setup, recipes: RecipeStatus | None = None) -> dict[str, str]:
    """Why the game cannot start yet, per field: 'names' (the list as a whole),
    'first', 'tools', 'draw_pile', 'scoring', 'recipes'. Empty when it can start.
    ``recipes``: the chosen recipes, checked (default: the file ``setup.recipes`` names)."""
    out: dict[str, str] = {}
    names = clean(setup.players)
    try:
        check_names(names, rules.MIN_PLAYERS, rules.MAX_PLAYERS, "BU-1")
    except RuleError as err:
        out["names"] = say(err)
    try:
        pile = parse_draw_pile(setup.draw_pile)
    except ValueError:
        out["draw_pile"] = _("the draw pile is a whole number of cards, or empty if not known")
        pile = None
    recipes = recipes if recipes is not None else recipe_status(setup.recipes)
    if not recipes.ok:
        out["recipes"] = recipes.text
    if "names" in out:
        return out
    try:
        rules.start(_setup_record(replace(setup, draw_pile="" if pile is None else str(pile))))
    except RuleError as err:
        where = {"BU-1": "first", "BU-3": "tools", "BU-6": "draw_pile", "BU-8": "scoring"}
        out[where.get(err.ruling or "", "names")] = say(err)
    except RecordError:   # a count below zero: the steppers never give one
        out["tools"] = _("tool cards are whole numbers, 0 or more")
    return out


def setup_error(setup: Setup) -> str | None:
    """The first reason the game cannot start, or None."""
    errs = setup_errors(setup)
    for key in ("names", "first", "tools", "draw_pile", "scoring", "recipes"):
        if key in errs:
            return errs[key]
    return None


def new_record(setup: Setup) -> dict[str, Any]:
    """A game record before round 1 (the contract's input record). Only call it
    when ``setup_errors`` is empty; the recipe file is not part of the record."""
    players = clean(setup.players)
    record: dict[str, Any] = {"game": "burger", "players": players}
    record["first"] = Roster(players).find(setup.first) if setup.first else players[0]
    record["tools"] = {"tongs": setup.tongs, "tease": setup.tease}
    record["scoring"] = {"hamburger": setup.hamburger_points, "rat": setup.rat_points}
    pile = parse_draw_pile(setup.draw_pile)
    if pile is not None:
        record["draw_pile"] = pile
    record["rounds"] = []
    return record


@dataclass(frozen=True)
class SetupUI:
    """The setup screen's passing state: the fields, and the first player as a seat."""

    # made for each screen, not at import: its recipes are the shipped set in the language then in effect
    setup: Setup = field(default_factory=lambda: Setup(players=("", "", "")))
    first: int = 0                       # index into the names
    touched: frozenset[int] = frozenset()   # the name fields typed in or left (by seat)
    tried: bool = False                  # Start tapped: every field's refusal is said


def renamed(d: SetupUI, i: int, name: str) -> SetupUI:
    """Name field ``i`` typed in."""
    players = d.setup.players
    return replace(d, setup=replace(d.setup, players=players[:i] + (name,) + players[i + 1:]),
                   touched=d.touched | {i})


def left(d: SetupUI, i: int) -> SetupUI:
    """Name field ``i`` was left (typed in or not): its refusal is said from now on."""
    return d if i in d.touched else replace(d, touched=d.touched | {i})


def started(d: SetupUI) -> SetupUI:
    """Start tapped: every field's refusal is said from now on."""
    return replace(d, tried=True)


def said_setup_errors(d: SetupUI, errors: Mapping[str, str]) -> tuple[list[str | None], dict[str, str]]:
    """The name fields' refusals (BU-1) and the setup's own (``errors``, from
    :func:`setup_errors`) as the screen says them: a field's only once it was typed in
    or left, or Start was tapped; the names' and the first player's not while a fresh
    field keeps its refusal to itself (a fresh empty field is no mistake)."""
    fields = name_errors(d.setup.players)
    quiet = edits.keeps_quiet(fields, d.touched, d.tried)
    return (edits.said_name_errors(fields, d.touched, d.tried),
            {k: v for k, v in errors.items() if not (quiet and k in ("names", "first"))})


def moved(d: SetupUI, i: int, by: int) -> SetupUI:
    """Seat ``i`` moved up (``by`` −1) or down (+1); the first player stays with their name."""
    names, j = list(d.setup.players), i + by
    names[i], names[j] = names[j], names[i]
    return replace(d, setup=replace(d.setup, players=tuple(names)), first={i: j, j: i}.get(d.first, d.first),
                   touched=edits.touched_swapped(d.touched, i, j))


def removed(d: SetupUI, i: int) -> SetupUI:
    """Seat ``i`` removed; if it was the first player's, the first seat is first."""
    names = d.setup.players[:i] + d.setup.players[i + 1:]
    first = d.first
    if first == i or first >= len(names):
        first = 0
    elif first > i:
        first -= 1
    return replace(d, setup=replace(d.setup, players=names), first=first, touched=edits.touched_removed(d.touched, i))


def with_players(d: SetupUI, names: Sequence[str]) -> SetupUI:
    """A group played with before, picked: its names in their seats, replacing the fields;
    the first player (BU-1) stays with their name if they are in the group, else the
    first seat is first."""
    chosen = setup_of(d).first
    found = Roster(names).find(chosen) if chosen else None
    first = list(names).index(found) if found is not None else 0
    return replace(d, setup=replace(d.setup, players=tuple(names)), first=first,
                   touched=frozenset(range(len(names))))


def setup_of(d: SetupUI) -> Setup:
    """The setup with the first player taken from the chosen seat."""
    names = d.setup.players
    first = names[d.first].strip() if d.first < len(names) and names[d.first].strip() else None
    return replace(d.setup, first=first)


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
