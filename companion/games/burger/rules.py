"""Burger, refereed: a pure replay of the record, round by round (BU-1…BU-8).

``start`` checks the setup and gives the state before round 1; ``play_round``
resolves one round and gives its facts and the next state (the core replays a whole
record with them); ``result`` gives the game's result. Nothing is changed in place: a
rejected round raises ``RuleError`` (``check_round`` returns it as a value) and the
state stays as it was.

BU-7 (the wastebasket card as a last top bun after the end) is not part of the
record: the contract allows no extra input fields. ``last_top_buns`` applies it to
the final state for the app, and ``result`` scores any state (BU-8).

Facts only: no sentence, no number written out, no language here (the ``present``
layer words them; a refusal is a typed message). No flet, no reportlab.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import cast

from companion.core.errors import RuleError, error_of
from companion.core.game import replay_rounds
from companion.core.message import Index, Message, messages
from companion.core.names import Roster, check_names
from companion.core.seating import clockwise_from, left_of
from companion.games.burger.models import (
    RAT,
    BurgerRecord,
    BurgerResult,
    End,
    Found,
    Round,
    RoundResult,
    ToolHand,
)

msg, nmsg = messages(__name__)

MIN_PLAYERS, MAX_PLAYERS = 2, 5  # BU-1
MIN_TOOL_CARDS = 2  # BU-3


_INGREDIENTS = {2: 4, 3: 5, 4: 7, 5: 8}
_TO_END = {2: 8, 3: 8, 4: 9, 5: 10}
_DECK_INDEXES = {n: list(range(n)) for n in range(MAX_PLAYERS + 1)}    # 0…n-1: each deck once (BU-4)


def ingredients_per_round(player_count: int) -> int:
    """BU-2: ingredients revealed each round, rats not counted: 4 / 5 / 7 / 8."""
    return _INGREDIENTS[player_count]


def hamburgers_to_end(player_count: int) -> int:
    """BU-6: complete hamburgers on the table (all players together) that end the game."""
    return _TO_END[player_count]


def is_rat(card: str) -> bool:
    return card == RAT or card.strip().casefold() == RAT


# A rat card as a record may spell it: its cards' names are kept trimmed, and no letter
# but r, a, t and their capitals casefolds to one of them (checked over all of Unicode
# in tests/burger), so these eight are every spelling is_rat takes.
_RAT_SPELLINGS = frozenset(a + b + c for a in "rR" for b in "aA" for c in "tT")


def _rats(deck: Sequence[str]) -> int:
    """The rat cards of a deck as the record holds it (BU-2: they are no ingredient).
    Every deck of every round is counted: most hold no rat, found in one pass."""
    if _RAT_SPELLINGS.isdisjoint(deck):
        return 0
    return sum(1 for card in deck if card in _RAT_SPELLINGS)


@dataclass(slots=True)
class State:
    """The game between rounds. ``hand`` and ``used`` count each player's tool cards
    by kind; ``rats`` and ``hamburgers`` are running totals.

    Slotted, not frozen: a replay builds one state per round, and a frozen dataclass
    sets its fields one ``object.__setattr__`` at a time (as ``sales.rules.State``
    says, issue 26). Immutable by discipline: every new state is built whole, none is
    assigned to or changed in place (``tests/every_game/test_states_unchanged.py``)."""

    players: tuple[str, ...]
    first: str
    tools: Mapping[str, int]                     # what each player started with
    hand: Mapping[str, Mapping[str, int]]
    used: Mapping[str, Mapping[str, int]]
    rats: dict[str, int]                         # seated; the facts share it (none changed once made)
    hamburgers: dict[str, int]                   # likewise
    draw_pile: int | None
    hamburger_points: int = 1
    rat_points: int = 0
    rounds_played: int = 0
    over: bool = False
    end: End | None = None
    top_buns: tuple[str, ...] = field(default=())  # BU-7: who flipped the wastebasket

    @property
    def next_round(self) -> int:
        return self.rounds_played + 1

    @property
    def complete(self) -> int:
        return sum(self.hamburgers.values())


# What a setup's first player is, said in its refusal (made once, not per record).
_FIRST_PLAYER = msg("the first player")


def start(record: BurgerRecord) -> State:
    """The state before round 1, after checking the setup (BU-1, BU-3, BU-6)."""
    check_names(record["players"], MIN_PLAYERS, MAX_PLAYERS, "BU-1")
    players = tuple(record["players"])
    first = record["first"]
    if first is None:
        first = players[0]
    elif first not in players:      # most records name them as seated: no Roster made, no call
        first = Roster(players).resolve(first, "BU-1", _FIRST_PLAYER)
    tools = {"tongs": record["tools"]["tongs"], "tease": record["tools"]["tease"]}
    if sum(tools.values()) < MIN_TOOL_CARDS:
        raise RuleError("BU-3", msg("every player starts with at least {least} tool cards, not {tools}",
                                    least=MIN_TOOL_CARDS, tools=_tools(tools)))
    need = ingredients_per_round(len(players))
    pile = record["draw_pile"]
    if pile is not None and pile < need:
        raise RuleError("BU-6", msg("a draw pile of {cards} cannot make a round: {players} players need {need} "
                                    "ingredients a round (BU-2)", cards=_cards(pile), players=len(players), need=need))
    return State(
        players=players,
        first=first,
        tools=tools,
        # every hand alike, every used pile empty: one dict each, shared by the players
        # (none is changed once made; play_round makes each player's anew)
        hand=dict.fromkeys(players, dict(tools)),
        used=dict.fromkeys(players, {"tongs": 0, "tease": 0}),
        rats={},
        hamburgers={},
        draw_pile=pile,
        hamburger_points=record["scoring"]["hamburger"],
        rat_points=record["scoring"]["rat"],
    )


@dataclass(slots=True)
class _Checked:
    """A round that passed every check, with names resolved."""

    decks: list[list[str]]
    rats: list[int]                   # the rat cards of each deck
    ingredients: int
    rat_cards: int
    tools: Mapping[str, str]          # seat order
    tongs: list[str]                  # who played tongs, in taking order
    take_order: list[str]
    picks: list[int]
    complete: dict[str, int]          # seat order, zeros left out


# What a name not seated is given for, said in its refusal (made once: every tool
# card and hamburger of a round names a player).
_A_TOOL_CARD_FOR = msg("a tool card for")
_HAMBURGERS_FOR = msg("hamburgers for")

# A card that sends its deck to the count card by card (``_counted``): a rat, or no name.
_NOT_PLAIN = _RAT_SPELLINGS | {""}


def _counted(decks: Sequence[Sequence[str]], r: int) -> tuple[int, int, list[int]]:
    """BU-2, deck by deck: the ingredients, the rat cards, and each deck's rats; a
    deck with a nameless card, empty or of rats only is refused."""
    ingredients = rats = 0
    rats_in: list[int] = []
    for i, deck in enumerate(decks):
        if "" in deck:
            raise RuleError("BU-2", msg("deck {index} has a card with no name", index=Index(i)), round=r)
        found = _rats(deck)
        rats_in.append(found)
        here = len(deck) - found
        if here == 0:
            what = (msg("deck {index} is empty: every deck starts with an ingredient", index=Index(i)) if not deck
                    else msg("deck {index} holds only rats: every deck starts with an ingredient", index=Index(i)))
            raise RuleError("BU-2", what, round=r)
        ingredients += here
        rats += len(deck) - here
    return ingredients, rats, rats_in


def _validate(state: State, rnd: Round) -> _Checked:
    r = state.rounds_played + 1
    if state.over:
        raise RuleError("BU-6", msg("no round after the end: the game ended after round {round}",
                                    round=state.rounds_played), round=r)
    players = state.players
    n = len(players)

    # BU-2: as many decks as players, each with an ingredient; 4/5/7/8 ingredients.
    decks = rnd["decks"]
    if len(decks) != n:
        raise RuleError("BU-2", msg("{decks} decks laid out: {n} players make {n} decks", decks=len(decks), n=n),
                        round=r)
    if all(decks) and all(map(_NOT_PLAIN.isdisjoint, decks)):
        # Most rounds: no deck empty, none with a rat or a nameless card, told in two
        # passes that make no Python call per deck (a round replays in microseconds).
        ingredients, rats, rats_in = sum(map(len, decks)), 0, [0] * n
    else:
        ingredients, rats, rats_in = _counted(decks, r)
    need = _INGREDIENTS[n]
    if ingredients != need:
        raise RuleError("BU-2", msg("{ingredients} ingredients revealed: {n} players reveal {need} "
                                    "(rats not counted)", ingredients=ingredients, n=n, need=need), round=r)
    cards = ingredients + rats
    if state.draw_pile is not None and cards > state.draw_pile:
        raise RuleError("BU-2", msg("the decks hold {cards} but the draw pile holds only {pile}",
                                    cards=_cards(cards), pile=state.draw_pile), round=r)

    # BU-3: every player plays one tool card that is in hand.
    tools: Mapping[str, str] = rnd["tools"]
    if tuple(tools) != players or not _in_hand(state.hand, tools):
        tools = _tools_played(state, tools, r)

    # BU-4: who takes which deck: tongs players one deck at a time, clockwise from the
    # player after the first player, round and round until no deck is left.
    k = players.index(state.first) + 1
    tongs: list[str] = []            # a loop, not a comprehension: see _seated
    for p in players[k:] + players[:k]:
        if tools[p] == "tongs":
            tongs.append(p)
    order = (tongs * (n // len(tongs) + 1))[:n] if tongs else []   # tongs[i % len(tongs)] for deck i
    if not order:
        if rnd["picks"] is not None:
            raise RuleError("BU-4", msg("picks are given but nobody played tongs: nobody takes a deck"), round=r)
        picks: list[int] = []
    else:
        indexes = _DECK_INDEXES[n]
        picks = list(indexes) if rnd["picks"] is None else rnd["picks"]
        if sorted(picks) != indexes:
            raise RuleError("BU-4", msg("picks {picks} are not the deck indexes 0–{last} each once, in taking order",
                                        picks=picks, last=n - 1), round=r)

    # BU-5: hamburgers are finished only from cards taken this round (counted only
    # when some are reported: most rounds finish none).
    complete: dict[str, int] = {}
    if rnd["complete"]:
        complete = _complete(players, rnd["complete"], order, picks, decks, rats_in, r)
    return _Checked(decks, rats_in, ingredients, rats, tools, tongs, order, picks, complete)


def _in_hand(hands: Mapping[str, Mapping[str, int]], tools: Mapping[str, str]) -> bool:
    """Each player's tool card played (``tools``, every player named as seated, in seat
    order) is one they hold: the common round, told without a Roster or a call per
    player (a loop, not ``all()`` over a generator, which costs a frame of its own);
    any other is read by :func:`_tools_played`, which says what is wrong."""
    for p, kind in tools.items():  # noqa: SIM110 - see the docstring
        if hands[p][kind] < 1:
            return False
    return True


def _tools_played(state: State, played: Mapping[str, str], r: int) -> dict[str, str]:
    """BU-3: the tool card each player plays, names resolved, in seat order; a tool
    card for no player or not in hand, two for one player or none are refused."""
    players = state.players
    tools: dict[str, str] = {}
    hands = state.hand
    roster = Roster(players)
    for name, kind in played.items():
        p = roster.resolve(name, "BU-3", _A_TOOL_CARD_FOR, round=r)
        if p in tools:
            raise RuleError("BU-3", msg("plays two tool cards in one round"), round=r, player=p)
        if hands[p][kind] < 1:
            raise RuleError(
                "BU-3",
                (msg("plays tongs but holds no tongs card (in hand: {hand})", hand=_tools(hands[p]))
                 if kind == "tongs" else
                 msg("plays tease but holds no tease card (in hand: {hand})", hand=_tools(hands[p]))),
                round=r, player=p,
            )
        tools[p] = kind
    if len(tools) < len(players):
        missing = next(p for p in players if p not in tools)
        raise RuleError("BU-3", msg("plays no tool card: every player plays one each round"), round=r, player=missing)
    if tuple(tools) != players:       # entered in another order: seat order
        tools = {p: tools[p] for p in players}
    return tools


def _complete(players: tuple[str, ...], reported: Mapping[str, int], order: Sequence[str], picks: Sequence[int],
              decks: Sequence[Sequence[str]], rats_in: Sequence[int], r: int) -> dict[str, int]:
    """BU-5: the hamburgers reported finished, each player's from the cards taken this
    round, in seat order (zeros left out)."""
    cards_taken: dict[str, int] = {}
    for who, index in zip(order, picks, strict=True):
        cards_taken[who] = cards_taken.get(who, 0) + len(decks[index]) - rats_in[index]
    if all(map(players.__contains__, reported)):    # every name as seated (most rounds): none twice
        complete = dict(reported)
    else:
        complete = {}
        roster = Roster(players)
        for name, count in reported.items():
            p = roster.resolve(name, "BU-5", _HAMBURGERS_FOR, round=r)
            if p in complete:
                raise RuleError("BU-5", msg("hamburgers are given twice"), round=r, player=p)
            complete[p] = count
    for p, count in complete.items():
        if count and p not in cards_taken:
            raise RuleError("BU-5", msg("took no deck this round, so finishes no hamburger (not {count}): "
                                        "only the cards taken are stacked", count=count), round=r, player=p)
        if count > cards_taken.get(p, 0):
            raise RuleError(
                "BU-5",
                msg("finishes {count} hamburgers with only {cards} taken: each needs its top bun placed last",
                    count=count, cards=nmsg("{n} ingredient card", "{n} ingredient cards", cards_taken[p])),
                round=r, player=p,
            )
    return _seated(players, complete)


def take_order(players: Sequence[str], first: str, tongs: Sequence[str], decks: int) -> list[str]:
    """BU-4: tongs players take one deck at a time, clockwise from the player after the
    first player, round and round until no deck is left. Nobody played tongs: []."""
    seated = tongs_clockwise(players, first, tongs)
    if not seated:
        return []
    return [seated[i % len(seated)] for i in range(decks)]


def tongs_clockwise(players: Sequence[str], first: str, tongs: Sequence[str]) -> list[str]:
    """``tongs`` in taking order: clockwise from the player after ``first`` (BU-4)."""
    among = set(tongs)
    return [p for p in clockwise_from(players, left_of(players, first)) if p in among]


def check_round(state: State, rnd: Round) -> RuleError | None:
    """The error that rejects this round, or None: for the app, as a value."""
    return error_of(_validate, state, rnd)


def play_round(state: State, rnd: Round) -> tuple[RoundResult, State]:
    """Resolve the next round (BU-2…BU-6): its facts and the state after it."""
    c = _validate(state, rnd)
    r = state.rounds_played + 1
    players = state.players
    rulings = ["BU-2", "BU-3", "BU-4"]

    # BU-3: the tool cards, and the take-back. Each hand and each pile of used cards is
    # made anew (tongs, then tease), none changed once made: the state before is shared.
    hand: dict[str, dict[str, int]] = {}
    used: dict[str, dict[str, int]] = {}
    took_back: list[str] = []
    returned: dict[str, int] = {}
    hands_before, used_before = state.hand, state.used
    for p, kind in c.tools.items():
        mine, spent = hands_before[p], used_before[p]
        tongs, tease, used_tongs, used_tease = mine["tongs"], mine["tease"], spent["tongs"], spent["tease"]
        if kind == "tongs":
            tongs -= 1
            used_tongs += 1
        else:
            tease -= 1
            used_tease += 1
        if tongs + tease == 1:
            returned[p] = used_tongs + used_tease
            tongs += used_tongs
            tease += used_tease
            used_tongs = used_tease = 0
            took_back.append(p)
        hand[p] = {"tongs": tongs, "tease": tease}
        used[p] = {"tongs": used_tongs, "tease": used_tease}

    # BU-4: who takes which deck; BU-5: rat tokens per taker. The running totals are the
    # state's own, seated, when nothing is added to them (most rounds): shared, as the
    # hands are, none changed once made.
    taken: dict[str, list[int]] = {}
    seated_rats = state.rats
    found: dict[str, list[Found]] = {}
    wastebasket = None
    if c.take_order:
        deck_rats = c.rats
        for who, deck in zip(c.take_order, c.picks, strict=True):
            mine_taken = taken.get(who)
            if mine_taken is None:
                taken[who] = [deck]
            else:
                mine_taken.append(deck)
            if deck_rats[deck]:
                found.setdefault(who, []).append({"deck": deck, "rats": deck_rats[deck]})
        by_seat: dict[str, list[int]] = {}   # a loop, not a comprehension: see _seated
        for p in players:
            if p in taken:
                by_seat[p] = sorted(taken[p])
        taken = by_seat
    else:
        wastebasket = state.first
    if found:
        rulings.append("BU-5")
        rats = dict(state.rats)
        for who, mine_found in found.items():
            rats[who] = rats.get(who, 0) + sum(f["rats"] for f in mine_found)
        seated_rats = _seated(players, rats)
    # BU-5: hamburgers as reported.
    seated_burgers = state.hamburgers
    if c.complete:
        hamburgers = dict(state.hamburgers)
        for p, count in c.complete.items():
            hamburgers[p] = hamburgers.get(p, 0) + count
        seated_burgers = _seated(players, hamburgers)
        if not found:
            rulings.append("BU-5")

    # BU-6: the end, or the next first player.
    cards = c.ingredients + c.rat_cards
    pile = None if state.draw_pile is None else state.draw_pile - cards
    end: End | None = None
    if sum(seated_burgers.values()) >= _TO_END[len(players)]:
        end = "hamburgers"
    elif pile is not None and pile < _INGREDIENTS[len(players)]:
        end = "draw pile"
    rulings.append("BU-6")
    if end:
        next_first = None
        rulings.append("BU-7")
    else:
        next_first = c.take_order[-1] if c.take_order else state.first

    facts: RoundResult = {
        "round": r, "first": state.first, "take_order": c.take_order, "taken": taken, "wastebasket": wastebasket,
        "rats": seated_rats,
        # the next state's hands, shared (neither is changed once made): each holds tongs, then tease
        "tools_left": cast("dict[str, ToolHand]", hand),
        "hamburgers": seated_burgers, "draw_pile": pile, "next_first": next_first,
        "decks": len(c.decks), "ingredients": c.ingredients, "rat_cards": c.rat_cards,
        "tongs": c.tongs,
        "took_back": took_back, "returned": returned,    # seat order: c.tools is
        "found": {p: found[p] for p in players if p in found} if len(found) > 1 else found,
        "complete": c.complete, "cards": cards,
        "game_over": end is not None, "end": end, "rulings": rulings,
    }
    after = State(players, next_first or state.first, state.tools, hand, used, seated_rats, seated_burgers, pile,
                  state.hamburger_points, state.rat_points, r, end is not None, end, state.top_buns)
    return facts, after


def _seated(players: Sequence[str], counts: Mapping[str, int]) -> dict[str, int]:
    """``counts`` in seat order, zeros left out: ``{p: counts[p] for p in players if
    counts.get(p)}`` written out. A comprehension makes a function object each time it
    runs: the five of a round were some 2 k instructions each, a tenth of a realistic
    game's rules (issue 26)."""
    seated: dict[str, int] = {}
    for p in players:
        n = counts.get(p)
        if n:
            seated[p] = n
    return seated


def replay(record: BurgerRecord) -> tuple[list[RoundResult], State]:
    """Every round's facts and the state after the last recorded round."""
    return replay_rounds(start(record), record["rounds"], play_round)


def over(state: State) -> bool:
    return state.over


# ---------------------------------------------------------------- the end


def last_top_buns(state: State, flips: Iterable[str]) -> State:
    """BU-7: after the end, each named player flips the wastebasket card as the top bun
    of one hamburger that lacked only its top bun: one more complete hamburger each.

    The contract's record has no place for this (extra input fields are an error), so
    the app applies it to the final state before showing the final scores.
    """
    if not state.over:
        raise RuleError("BU-7", msg("the wastebasket card becomes a top bun only after the end of the game"),
                        round=state.next_round)
    roster = Roster(state.players)
    flipped = list(state.top_buns)
    for name in flips:
        p = roster.resolve(name, "BU-7", msg("a wastebasket top bun for"))
        if p in flipped:
            raise RuleError("BU-7", msg("has one wastebasket card: it tops only one hamburger"), player=p)
        flipped.append(p)
    hamburgers = dict(state.hamburgers)
    for p in flipped[len(state.top_buns):]:
        hamburgers[p] = hamburgers.get(p, 0) + 1
    seated = {p: hamburgers[p] for p in state.players if hamburgers.get(p)}
    return replace(state, hamburgers=seated, top_buns=tuple(p for p in state.players if p in flipped))


def scores(state: State) -> dict[str, int]:
    """BU-8 (house rule): points per complete hamburger plus points per rat token."""
    hamburgers, rats = state.hamburgers, state.rats
    per_hamburger, per_rat = state.hamburger_points, state.rat_points
    points: dict[str, int] = {}    # a loop, not a comprehension: see _seated
    for p in state.players:
        points[p] = per_hamburger * hamburgers.get(p, 0) + per_rat * rats.get(p, 0)
    return points


def winners(state: State) -> list[str]:
    """BU-8: the highest score wins; a tie goes to fewer rat tokens, and is shared if
    still equal (seat order). Empty while the game is not over."""
    return _winners(state, scores(state)) if state.over else []


def _winners(state: State, points: Mapping[str, int]) -> list[str]:
    """:func:`winners` of a game over, its ``points`` (:func:`scores`) known."""
    best = max(points.values())
    tied = [p for p in state.players if points[p] == best]
    fewest = min(state.rats.get(p, 0) for p in tied)
    return [p for p in tied if state.rats.get(p, 0) == fewest]


def result(rounds: Sequence[RoundResult], state: State) -> BurgerResult:
    """The game's result for rounds already played and the state after them (any
    state: with the BU-7 top buns applied too): the contract's output."""
    points = scores(state)
    won = _winners(state, points) if state.over else []
    best = points[won[0]] if won else 0
    return {
        "game": "burger", "rounds": list(rounds), "game_over": state.over, "scores": points, "winners": won,
        "scoring": {"hamburger": state.hamburger_points, "rat": state.rat_points, "house_rule": True},
        "hamburgers": dict(state.hamburgers), "rats": dict(state.rats),
        "tools": {"tongs": state.tools["tongs"], "tease": state.tools["tease"]},
        "rounds_played": state.rounds_played, "first": state.first, "end": state.end,
        "top_buns": list(state.top_buns),
        "tied": [p for p in state.players if points[p] == best] if won else [],
    }


def referee(record: BurgerRecord) -> BurgerResult:
    """The result of a Burger record (the contract's output)."""
    return result(*replay(record))


def final_scores(result: BurgerResult) -> dict[str, int]:
    """A finished game's points per player (BU-8)."""
    return dict(result["scores"])


# ---------------------------------------------------------------- refusals' words


def _tools(tools: Mapping[str, int]) -> Message:
    """'2 tongs + 1 tease', as a refusal says a tool hand."""
    # Translators: tool cards; "tongs" is the same word for one card or several in English
    return msg("{tongs} + {tease}", tongs=nmsg("{n} tongs", "{n} tongs", tools["tongs"]),
               tease=nmsg("{n} tease", "{n} tease", tools["tease"]))


def _cards(n: int) -> Message:
    return nmsg("{n} card", "{n} cards", n)
