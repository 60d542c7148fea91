"""Burger at the table, as plain data: what the screens show and the record
operations they send. No flet here — tested without a browser.

The game record is the truth: a game is its setup plus the rounds as entered.
Submitting a round appends one, undo drops the last, editing a past round
replaces it; every screen shows the pure replay of the record (``rules.replay``).
Nothing here decides a rule: refusals come from ``rules.start``,
``rules.check_round``, ``rules.last_top_buns`` and the core's ``check_names``, and
carry their ruling id; previews of a round being entered are ``rules.play_round``
run on the draft.

Secrecy (BU-3, BU-5): rat tokens, used tool cards and the tool cards in hand are
secret while the game runs. The public views (``game_view``, ``round_view``) leave
them out — the round's reveal and who took which deck happen in the open at the
table, so they are shown — and a player peeks at their own through
``private_view``. Once the game is over everything is shown (``end_view``).

Not in the record (the contract allows no extra fields): the recipe file (keep its
path beside the match, e.g. in the store's settings) and the BU-7 wastebasket top
buns chosen after the end (pass them to ``end_view``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from companion.core import edits, words
from companion.core.edits import Change, clean, say, say_where  # noqa: F401 (the screens' API)
from companion.core.errors import RecordError, RuleError
from companion.core.match import GAMES_PER_MATCH, MatchRecord, MatchResult, tally
from companion.core.names import Roster, check_names, normal
from companion.core.spreadsheet import csv_text
from companion.games.burger import rules
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
from companion.games.burger.recipes import (
    BOTTOM_BUN,
    RECIPES_DIR,
    TOP_BUN,
    HamburgerCheck,
    Recipe,
    RecipeBook,
    check_hamburger,
    load_recipes,
)

UNNAMED = "ingredient"      # the card name recorded for an ingredient entered without its name
MAX_TOOL_CARDS = 9          # a setup stepper's top per kind
MAX_POINTS = 9              # a scoring stepper's range: −MAX_POINTS…MAX_POINTS
MAX_COMPLETE = 9            # a hamburger stepper's top (the rules refuse more than the cards allow)
DEFAULT_RECIPES = RECIPES_DIR / "example.json"

HOUSE_RULE = "house rule"
SCORING_LABEL = "Scoring is a house rule (BU-8): the rule texts give no scoring."






def deck_label(index: int) -> str:
    """A deck as the rules' messages name it (the record's 0-based index): 'deck 0'."""
    return f"deck {index}"


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
    recipes: str = str(DEFAULT_RECIPES)

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


def tools_label(tongs: int = DEFAULT_TONGS, tease: int = DEFAULT_TEASE) -> str:
    """What the setup says about the tool cards (BU-3)."""
    cards = f"{words.count(tongs, 'tongs', 'tongs')} + {words.count(tease, 'tease', 'tease')} per player"
    if (tongs, tease) == (DEFAULT_TONGS, DEFAULT_TEASE):
        return f"{cards}: {HOUSE_RULE} (BU-3), the rule texts do not give the number."
    return (f"{cards}, set at setup (BU-3; the {HOUSE_RULE} default is "
            f"{DEFAULT_TONGS} tongs + {DEFAULT_TEASE} tease).")


def scoring_label(hamburger: int = DEFAULT_HAMBURGER_POINTS, rat: int = DEFAULT_RAT_POINTS) -> str:
    """What every screen with points says about them: always the BU-8 house rule."""
    return (f"{SCORING_LABEL} House rule: {words.count(hamburger, 'point')} per complete hamburger, "
            f"{words.count(rat, 'point')} per rat token; a tie goes to fewer rat tokens, "
            "and is shared if still equal.")


@dataclass(frozen=True)
class RecipeStatus:
    """A recipe file as the setup shows it: loaded, or why not."""

    path: str
    book: RecipeBook | None
    text: str

    @property
    def ok(self) -> bool:
        return self.book is not None


def recipe_files() -> list[Path]:
    """The recipe files shipped in ``assets/recipes/`` (the picker's list)."""
    return sorted(RECIPES_DIR.glob("*.json"))


def recipe_status(path: str | Path | None = None) -> RecipeStatus:
    """Load a recipe file and say what it holds, or why it cannot be used (BU-5)."""
    path = Path(path) if path else DEFAULT_RECIPES
    try:
        book = load_recipes(path)
    except RecordError as err:
        return RecipeStatus(str(path), None, say(err))
    names = ", ".join(r.name for r in book.recipes)
    text = f"{path.name}: {words.count(len(book.recipes), 'recipe')} ({names})."
    if book.example:
        text += " An example file, made up: edit it to match your recipe cards."
    return RecipeStatus(str(path), book, text)


def _setup_record(setup: Setup) -> BurgerRecord:
    return BurgerRecord.model_validate({
        "game": "burger",
        "players": clean(setup.players),
        "first": normal(setup.first) if setup.first else None,
        "tools": {"tongs": setup.tongs, "tease": setup.tease},
        "scoring": {"hamburger": setup.hamburger_points, "rat": setup.rat_points},
        "draw_pile": parse_draw_pile(setup.draw_pile),
    })


def setup_errors(setup: Setup) -> dict[str, str]:
    """Why the game cannot start yet, per field: 'names' (the list as a whole),
    'first', 'tools', 'draw_pile', 'scoring', 'recipes'. Empty when it can start."""
    out: dict[str, str] = {}
    names = clean(setup.players)
    try:
        check_names(names, rules.MIN_PLAYERS, rules.MAX_PLAYERS, "BU-1")
    except RuleError as err:
        out["names"] = say(err)
    try:
        pile = parse_draw_pile(setup.draw_pile)
    except ValueError:
        out["draw_pile"] = "the draw pile is a whole number of cards, or empty if not known"
        pile = None
    recipes = recipe_status(setup.recipes)
    if not recipes.ok:
        out["recipes"] = recipes.text
    if "names" in out:
        return out
    try:
        rules.start(_setup_record(replace(setup, draw_pile="" if pile is None else str(pile))))
    except ValidationError:   # a count below zero: the steppers never give one
        out["tools"] = "tool cards are whole numbers, 0 or more"
    except RuleError as err:
        where = {"BU-1": "first", "BU-3": "tools", "BU-6": "draw_pile", "BU-8": "scoring"}
        out[where.get(err.ruling or "", "names")] = say(err)
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


# ---------------------------------------------------------------- the game


def parse(record: Mapping[str, Any]) -> BurgerRecord:
    return BurgerRecord.model_validate(dict(record))


def replay(record: Mapping[str, Any]) -> tuple[list[RoundResult], rules.State]:
    return rules.replay(parse(record))




def reveal_instructions(state: rules.State) -> list[str]:
    """What to tell the first player before the decks are laid out (BU-2)."""
    n = len(state.players)
    need = rules.ingredients_per_round(n)
    lines = [
        f"Round {state.next_round}: {state.first} is first player.",
        (f"{state.first}, reveal {need} ingredient cards into {words.number_word(n)} decks: "
        f"the first {words.number_word(n)} start one deck each, then place the others on "
        "any deck (BU-2)."),
        (f"Rat cards do not count towards the {need}: place each rat on a deck too and keep "
        "revealing (BU-2)."),
    ]
    if state.draw_pile is not None:
        lines.append(f"The draw pile holds {words.count(state.draw_pile, 'card')}.")
    return lines


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
        named = [c.strip() for c in self.cards if c.strip() and not rules.is_rat(c)]
        unnamed = sum(1 for c in self.cards if not c.strip())
        parts = list(named)
        if unnamed:
            parts.append(words.count(unnamed, "ingredient") + (" (not named)" if named else ""))
        if self.rats:
            parts.append(words.count(self.rats, "rat"))
        return ", ".join(parts) or "empty"


@dataclass(frozen=True)
class ToolDraft:
    """One player's tool card, chosen in pass-the-phone secrecy (BU-3): ``shown``
    while its owner holds the phone, hidden again once chosen."""

    kind: str | None = None
    shown: bool = False


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
            per[i] = f"{deck_label(i)} needs an ingredient: every deck starts with one (BU-2)"
    need = rules.ingredients_per_round(len(state.players))
    have = sum(d.ingredients for d in draft.decks)
    rats = sum(d.rats for d in draft.decks)
    count = f"{have} of {need} ingredients placed"
    if have < need:
        count += f": {need - have} more to reveal"
    elif have > need:
        count += f": {have - need} too many"
    count += " (BU-2; rats do not count"
    count += f", {words.count(rats, 'rat')} on the decks)." if rats else ")."
    cards = have + rats
    ready = not per and have == need
    if state.draw_pile is not None and cards > state.draw_pile:
        count += f" The draw pile holds only {words.count(state.draw_pile, 'card')}."
        ready = False
    return DeckCheck(per, count, ready)


# ---- tool cards, pass the phone


def hand_text(hand: Mapping[str, int]) -> str:
    return " + ".join(words.count(hand[k], k, k) for k in TOOL_KINDS)


@dataclass(frozen=True)
class ToolTurn:
    """Whose turn it is to choose a tool card, and (only while shown) what they hold."""

    player: str
    shown: bool
    prompt: str
    choices: list[tuple[str, int]]     # (kind, cards in hand) with at least one card; [] while hidden
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
            return ToolTurn(p, False, f"Pass the phone to {p}. {p}: tap to see your tool cards "
                                      "(the others look away, BU-3).", [], "")
        hand = state.hand[p]
        choices = [(k, hand[k]) for k in TOOL_KINDS if hand[k] > 0]
        return ToolTurn(p, True, f"{p}: play one tool card face down (BU-3).", choices,
                        f"In your hand: {hand_text(hand)}.")
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
            out.append(f"{p}: {kind}")
        else:
            out.append(f"{p}: {'card down' if kind else 'to choose'}")
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
        return f"{self.player} takes {deck_label(self.deck)}: {self.cards}"


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
        return result.explanation
    return err or ""


# ---- hamburgers


def step_complete(draft: RoundDraft, player: str, by: int) -> RoundDraft:
    """The hamburger stepper: 0…MAX_COMPLETE finished this round."""
    n = min(MAX_COMPLETE, max(0, draft.complete.get(player, 0) + by))
    return replace(draft, complete={**draft.complete, player: n})


def set_stack(draft: RoundDraft, player: str, stack: StackDraft) -> RoundDraft:
    return replace(draft, stacks={**draft.stacks, player: stack})


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
    return rules.check_round(state, Round.model_validate(round_of(state, draft)))


def preview(state: rules.State, draft: RoundDraft) -> tuple[RoundResult | None, str | None]:
    """The round's result if it were submitted now, or the refusal's line."""
    if not draft.revealed:
        return None, "Reveal the tool cards first: all at once (BU-3)."
    rnd = Round.model_validate(round_of(state, draft))
    err = rules.check_round(state, rnd)
    if err is not None:
        return None, say_where(err)
    result, _ = rules.play_round(state, rnd)
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
    result, _ = preview(state, draft)
    if result is None:
        return {}
    return {p: result.rats.get(p, 0) - state.rats.get(p, 0)
            for p in state.players if result.rats.get(p, 0) != state.rats.get(p, 0)}


def submit(record: Mapping[str, Any], draft: RoundDraft) -> Change:
    """Append the next round, if the rules take it; else say why and change nothing."""
    _, state = replay(record)
    if not draft.revealed:
        return Change(dict(record), "Reveal the tool cards first: all at once (BU-3).")
    rnd = round_of(state, draft)
    err = rules.check_round(state, Round.model_validate(rnd))
    if err is not None:
        return Change(dict(record), say_where(err))
    return Change({**record, "rounds": [*record["rounds"], rnd]})


def undo(record: Mapping[str, Any]) -> Change:
    """Drop the last round."""
    return edits.drop_last_round(record)


def place(record: Mapping[str, Any]) -> edits.Place:
    """How far the game is, in the words the table uses ('round 4')."""
    return edits.round_place(record, next_state(record).over)


def draft_of(record: Mapping[str, Any], index: int) -> RoundDraft:
    """Round ``index`` (0-based) as a draft, to edit it: tool cards revealed."""
    rnd = record["rounds"][index]
    decks = tuple(DeckDraft(tuple("" if c == UNNAMED else c for c in d)) for d in rnd["decks"])
    tools = {p: ToolDraft(k) for p, k in rnd["tools"].items()}
    picks = tuple(rnd["picks"]) if rnd.get("picks") is not None else None
    return RoundDraft(decks=decks, tools=tools, revealed=True, picks=picks,
                      complete=dict(rnd.get("complete", {})))


def next_state(record: Mapping[str, Any]) -> rules.State:
    """The game before the next round: what ``fresh_round``, ``tool_turn`` and the
    other draft helpers take. It holds every secret: never draw it as it is."""
    return replay(record)[1]


def state_before(record: Mapping[str, Any], index: int) -> rules.State:
    """The game before round ``index`` (0-based): what its draft is checked against."""
    return replay({**record, "rounds": list(record["rounds"][:index])})[1]


def edit(record: Mapping[str, Any], index: int, draft: RoundDraft) -> Change:
    """Replace round ``index`` (0-based) and replay the game from there.

    Refused, with the record unchanged, if the new round breaks a rule or a later
    round no longer holds after the change (e.g. a tool card no longer in hand)."""
    rounds = list(record["rounds"])
    if not 0 <= index < len(rounds):
        return Change(dict(record), f"There is no round {index + 1} to change.")
    rounds[index] = round_of(state_before(record, index), draft)
    changed = {**record, "rounds": rounds}
    try:
        replay(changed)
    except RuleError as err:
        if err.round is not None and err.round > index + 1:
            return Change(dict(record), f"Round {index + 1} cannot be changed so: {say_where(err)}")
        return Change(dict(record), say_where(err))
    return Change(changed)


# ---------------------------------------------------------------- what the table shows


def count_line(state: rules.State) -> str:
    """Hamburgers on the table towards the end (BU-6): every player's together."""
    target = rules.hamburgers_to_end(len(state.players))
    return (f"{state.complete} of {target} complete hamburgers on the table (all players "
            f"together): the game ends at {target} (BU-6).")


def draw_pile_line(state: rules.State) -> str:
    need = rules.ingredients_per_round(len(state.players))
    if state.draw_pile is None:
        return ("Draw pile: size not entered at setup, so the app cannot see it run short; "
                f"a round needs {need} ingredients (BU-2, BU-6).")
    return (f"Draw pile: {words.count(state.draw_pile, 'card')}; a round needs {need} "
            "ingredients (BU-2, BU-6).")


def next_first_line(state: rules.State) -> str:
    if state.over:
        return f"Game over: {state.end}."
    return f"{state.first} is first player in round {state.next_round} (BU-6)."


@dataclass(frozen=True)
class RoundView:
    """A played round as everyone may see it. ``secrets`` says whether the rat cards
    per deck are in (only once the game is over)."""

    number: int
    first: str
    reveal: str                   # what the first player revealed (BU-2)
    explanation: str              # who played tongs and who takes the decks (BU-4)
    takes: list[str]              # 'Ben takes deck 1: onion, mushroom', or the wastebasket line
    finished: dict[str, int]      # hamburgers finished this round, per player (BU-5)
    count: str                    # towards the end (BU-6)
    next_first: str | None        # None once the game is over
    notes: list[str]              # the rules' notes a player may see: draw pile, first player, end
    rulings: list[str]
    game_over: bool
    secrets: bool


def _deck_text(deck: Sequence[str], secrets: bool) -> str:
    names = [c for c in deck if not rules.is_rat(c)]
    unnamed = sum(1 for c in names if c == UNNAMED)
    parts = [c for c in names if c != UNNAMED]
    if unnamed:
        parts.append(words.count(unnamed, "ingredient"))
    rats = len(deck) - len(names)
    if secrets and rats:
        parts.append(words.count(rats, "rat"))
    return ", ".join(parts)


def round_view(players: Sequence[str], result: RoundResult, rnd: Mapping[str, Any],
               before: Mapping[str, int] | None = None, *, secrets: bool = False) -> RoundView:
    """One round for the public table screen (``before``: hamburgers before it).

    While the game runs (``secrets`` False) it names no rat token, no rat card per
    deck and no tool hand: those are secret (BU-3, BU-5); see ``private_view``."""
    before = before or {}
    decks = rnd["decks"]
    if result.wastebasket is not None:
        every = words.number_word(len(decks))
        takes = [f"All {every} decks go to {result.wastebasket}'s wastebasket (BU-4)."]
    else:
        picks = rnd.get("picks") or list(range(len(decks)))
        takes = [f"{who} takes {deck_label(d)}: {_deck_text(decks[d], secrets)}"
                 for who, d in zip(result.take_order, picks)]
    finished = {p: n for p in players if (n := result.hamburgers.get(p, 0) - before.get(p, 0))}
    # A take-back note counts the used tool cards, which are secret (BU-3): say only that it happened.
    notes = [f"{p} takes the used tool cards back into hand (BU-3)." for p in result.took_back]
    notes += [note for note in result.notes[1:] if "(BU-3)" not in note]
    target = rules.hamburgers_to_end(len(players))
    total = sum(result.hamburgers.values())
    return RoundView(
        number=result.round,
        first=result.first,
        reveal=result.notes[0],
        explanation=result.explanation,
        takes=takes,
        finished=finished,
        count=f"{total} of {target} complete hamburgers on the table (BU-6).",
        next_first=result.next_first,
        notes=notes,
        rulings=list(result.rulings),
        game_over=result.game_over,
        secrets=secrets,
    )


@dataclass(frozen=True)
class GameView:
    """A game as the public table screen shows it: the replay of its record, with
    nothing secret in it while the game runs (no rat tokens, no tool hands, and no
    scores, which would give away rat tokens when rats score)."""

    record: dict[str, Any]
    players: tuple[str, ...]
    rounds: list[RoundView]
    over: bool
    first: str
    hamburgers: dict[str, int]        # complete hamburgers per player (on the table: public)
    count: str
    draw_pile: str
    next_first: str
    tools: str
    scoring: str
    next_round: int


def game_view(record: Mapping[str, Any]) -> GameView:
    rec = parse(record)
    results, state = rules.replay(rec)
    views, before = [], {}
    for result, rnd in zip(results, record["rounds"]):
        views.append(round_view(state.players, result, rnd, before, secrets=state.over))
        before = dict(result.hamburgers)
    return GameView(
        record=dict(record),
        players=state.players,
        rounds=views,
        over=state.over,
        first=state.first,
        hamburgers={p: state.hamburgers.get(p, 0) for p in state.players},
        count=count_line(state),
        draw_pile=draw_pile_line(state),
        next_first=next_first_line(state),
        tools=tools_label(rec.tools.tongs, rec.tools.tease),
        scoring=scoring_label(rec.scoring.hamburger, rec.scoring.rat),
        next_round=state.next_round,
    )


@dataclass(frozen=True)
class PrivateView:
    """One player's peek behind a tap (BU-3, BU-5): their own secrets only."""

    player: str
    rats: int
    hand: dict[str, int]
    used: dict[str, int]
    lines: list[str]            # per round, what the rules told this player only


def private_view(record: Mapping[str, Any], player: str) -> PrivateView:
    """What ``player`` may see of their own secrets: rat tokens, used tool cards and
    the tool cards in hand. Raises RuleError for a name that is not a player."""
    results, state = replay(record)
    p = Roster(state.players).resolve(player, "BU-5", "a peek for")
    lines = [f"Round {r.round}: {line}" for r in results for line in r.private.get(p, [])]
    return PrivateView(
        player=p,
        rats=state.rats.get(p, 0),
        hand=dict(state.hand[p]),
        used=dict(state.used[p]),
        lines=lines,
    )


def private_text(view: PrivateView) -> list[str]:
    """The peek as lines to draw."""
    return [
        f"{view.player}, your rat tokens: {view.rats} (secret, BU-5).",
        f"Your tool cards in hand: {hand_text(view.hand)}.",
        f"Your used tool cards: {hand_text(view.used)} (secret, BU-3).",
        *view.lines,
    ]


# ---------------------------------------------------------------- the end


@dataclass(frozen=True)
class ScoreRow:
    player: str
    hamburgers: int
    rats: int
    points: int
    used: dict[str, int]
    top_bun: bool


@dataclass(frozen=True)
class EndView:
    """The end screen: everything shown (BU-5), the BU-7 choice, scores (house rule, BU-8)."""

    end: str
    rows: list[ScoreRow]
    winners: list[str]
    explanation: str            # the winner and the tie-break reason (BU-8)
    scoring: str                # always the house-rule label
    top_bun_choices: list[str]  # players who may still flip the wastebasket card (BU-7)
    top_bun_note: str
    error: str | None = None


def end_view(record: Mapping[str, Any], top_buns: Sequence[str] = ()) -> EndView | None:
    """After the end: scores with the chosen BU-7 wastebasket top buns applied.
    None while the game runs. A refused choice leaves the scores without any top bun
    and says why in ``error``."""
    rec = parse(record)
    _, state = rules.replay(rec)
    if not state.over:
        return None
    error = None
    try:
        final = rules.last_top_buns(state, top_buns)
    except RuleError as err:
        final, error = state, (f"{err.player}: {say(err)}" if err.player else say(err))
    points, won, text = rules.standings(final)
    rows = [ScoreRow(p, final.hamburgers.get(p, 0), final.rats.get(p, 0), points[p],
                     dict(final.used[p]), p in final.top_buns) for p in final.players]
    return EndView(
        end=f"Game over after {words.count(final.rounds_played, 'round')}: {final.end}.",
        rows=rows,
        winners=won,
        explanation=text,
        scoring=scoring_label(rec.scoring.hamburger, rec.scoring.rat),
        top_bun_choices=list(final.players),
        top_bun_note=("Each player may flip the wastebasket card as the top bun of one hamburger "
                      "that lacks only its top bun: one more complete hamburger (BU-7)."),
        error=error,
    )


def score_lines(view: EndView) -> list[str]:
    """The final scores as lines, labelled house rule (BU-8)."""
    out = []
    for row in view.rows:
        extra = " incl. the wastebasket top bun (BU-7)" if row.top_bun else ""
        out.append(f"{row.player}: {words.count(row.hamburgers, 'hamburger')}{extra}, "
                   f"{words.count(row.rats, 'rat token')}: {words.count(row.points, 'point')} "
                   f"({HOUSE_RULE}, BU-8)")
    return out


# ---------------------------------------------------------------- history and export


def game_line(record: Mapping[str, Any]) -> str:
    """One game in one line, for lists: where it stands or who won."""
    try:
        _, state = replay(record)
    except RecordError as err:
        return f"cannot be replayed: {err}"
    if state.over:
        points, won, _ = rules.standings(state)
        who = words.names(won)
        verb = "wins" if len(won) == 1 else "share the win"
        return (f"over after {words.count(state.rounds_played, 'round')}: {who} {verb} with "
                f"{words.count(points[won[0]], 'point')} ({HOUSE_RULE}, before BU-7 top buns)")
    target = rules.hamburgers_to_end(len(state.players))
    return (f"{words.count(state.rounds_played, 'round')} played, {state.complete} of {target} "
            f"hamburgers, {state.first} first")


def match_record(players: Sequence[str], records: Sequence[Mapping[str, Any]]) -> MatchRecord:
    return MatchRecord(game="burger", players=list(players), games=[dict(r) for r in records])


def match_tally(players: Sequence[str], records: Sequence[Mapping[str, Any]]) -> MatchResult:
    return tally(match_record(players, records))


def match_line(players: Sequence[str], records: Sequence[Mapping[str, Any]]) -> tuple[str, bool]:
    """A match in one line for the history list, and whether it is over."""
    result = match_tally(players, records)
    if result.complete:
        return result.explanation, True
    if not records:
        return "no game started", False
    return f"game {len(records)} of {GAMES_PER_MATCH}: {game_line(records[-1])}", False


CSV_COLUMNS = ["game", "round", "deck", "cards", "taker", "rats", "wastebasket"]


def csv_rows(record: Mapping[str, Any], number: int = 1) -> list[dict[str, Any]]:
    """One row per deck: round, deck index, its cards, who took it and the rat cards
    in it; a deck nobody took names the wastebasket it went to (BU-4).
    Rats are secret while the game runs (BU-5): export when the table agrees."""
    results, _ = replay(record)
    rows = []
    for result, rnd in zip(results, record["rounds"]):
        decks = rnd["decks"]
        takers: dict[int, str] = {}
        if result.wastebasket is None:
            picks = rnd.get("picks") or list(range(len(decks)))
            takers = dict(zip(picks, result.take_order))
        for i, deck in enumerate(decks):
            rows.append({
                "game": number,
                "round": result.round,
                "deck": i,
                "cards": "; ".join(deck),
                "taker": takers.get(i, ""),
                "rats": sum(1 for c in deck if rules.is_rat(c)),
                "wastebasket": result.wastebasket or "",
            })
    return rows


def game_csv(records: Sequence[Mapping[str, Any]]) -> str:
    """The decks of these games (numbered 1, 2, 3) as CSV text."""
    return csv_text(CSV_COLUMNS, [row for n, record in enumerate(records, 1)
                                  for row in csv_rows(record, n)])


# ---------------------------------------------------------------- the rules, in plain words

RULES_INTRO: list[str] = [
    ("Burger is a drafting game: each round ingredient cards are laid out in as many decks "
    "as players, everyone plays a tool card at once, and the tongs players take the decks "
    "to build hamburgers by recipe."),
    ("A round: 1. the first player reveals ingredients into the decks; 2. every player plays "
    "tongs or tease face down, all revealed at once; 3. tongs players take the decks in turn; "
    "4. rat cards give hidden rat tokens, the other cards build hamburgers; 5. the game ends, "
    "or whoever took the last deck becomes first player."),
    ("The recipes are not in the rule texts: they come from a recipe file (assets/recipes/, "
    "the shipped one is a made-up example to edit)."),
]

RULES: list[tuple[str, str, bool]] = [
    ("BU-1", ("2 to 5 players sit clockwise in the order entered. The first player is chosen "
             "at setup: whoever most recently ate a hamburger."), False),
    ("BU-2", ("Each round the first player reveals ingredient cards until 4 / 5 / 7 / 8 "
             "ingredients are out (2 / 3 / 4 / 5 players). Rat cards do not count towards that "
             "number but are placed on a deck too. There are as many decks as players; the first "
             "ingredients revealed start one deck each, so every deck holds an ingredient; the "
             "first player chooses where each later card goes. A round cannot use more cards than "
             "the draw pile holds."), False),
    ("BU-3", ("House rule: each player starts with 2 tongs + 1 tease (the rule texts do not give "
             "the number; it can be changed at setup, at least 2 cards). Each round every player "
             "plays one tool card face down and all are revealed at once. Used cards stay out of "
             "the hand, secret, until a player holds only one tool card after the reveal: then "
             "that player takes all used tool cards back, the one just played included."), True),
    ("BU-4", ("Tongs players take one deck at a time, clockwise starting with the player after "
             "the first player, going round again until no deck is left; one tongs player alone "
             "takes every deck. Tease players take none. If nobody played tongs, every deck goes "
             "to the first player's wastebasket, nobody gets rat tokens, and the first player "
             "stays."), False),
    ("BU-5", ("Every rat card in a deck taken gives its taker one hidden rat token and goes under "
             "the wastebasket. The other cards build hamburgers by the recipe in any order: a "
             "bottom bun first (an ingredient card may be flipped to serve as one, never a rat), "
             "the recipe's ingredients, and the top bun last. Unused cards go under the "
             "wastebasket. A hamburger in progress stays in front of its player. Rat tokens and "
             "used tool cards are secret: the app shows them only to their owner, on a tap, and "
             "to everyone at the end."), False),
    ("BU-6", ("The game ends when the complete hamburgers on the table, every player's together, "
             "reach 8 (2–3 players), 9 (4) or 10 (5), or when the draw pile has fewer cards than "
             "a new round needs. Otherwise whoever took the last deck becomes first player (if "
             "nobody took a deck, the first player stays)."), False),
    ("BU-7", ("After the end, each player may flip the wastebasket card to serve as the top bun "
             "of one hamburger that lacks only its top bun."), False),
    ("BU-8", ("House rule (the rule texts give no scoring; changeable at setup): points per "
             "complete hamburger (default 1) plus points per rat token (default 0, e.g. −1). "
             "Highest score wins; a tie goes to fewer rat tokens, and is shared if still "
             "equal."), True),
]
