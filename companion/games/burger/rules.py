"""Burger, refereed: a pure replay of the record, round by round (BU-1…BU-8).

``start`` checks the setup and gives the state before round 1; ``play_round``
resolves one round and gives its result and the next state; ``referee`` replays a
whole record. Nothing is changed in place: a rejected round raises ``RuleError``
(``check_round`` returns it as a value) and the state stays as it was.

BU-7 (the wastebasket card as a last top bun after the end) is not part of the
record: the contract allows no extra input fields. ``last_top_buns`` applies it to
the final state for the app, and ``standings`` scores any state (BU-8).

No flet, no reportlab here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from companion.core import words
from companion.core.errors import RuleError, error_of
from companion.core.names import Roster, check_names
from companion.core.seating import clockwise_from, left_of
from companion.games.burger.i18n import N_, _, ngettext
from companion.games.burger.models import (
    DEFAULT_TEASE,
    DEFAULT_TONGS,
    RAT,
    TOOL_KINDS,
    BurgerRecord,
    BurgerResult,
    Round,
    RoundResult,
    ScoringResult,
    ToolHand,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 5  # BU-1
MIN_TOOL_CARDS = 2  # BU-3

SCORING_NOTE = N_("Scoring is a house rule (BU-8): the rule texts give none.")

NUMBER_WORDS = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six")}


TOOL_NAMES = {"tongs": N_("tongs"), "tease": N_("tease")}
"""A tool card's kind (the record's word) as a player reads it in a sentence."""
TOOL_BUTTONS = {"tongs": N_("Tongs"), "tease": N_("Tease")}
"""A tool card's kind on a button or a choice."""


def tool_name(kind: str) -> str:
    return _(TOOL_NAMES[kind]) if kind in TOOL_NAMES else kind


def tool_button(kind: str) -> str:
    return _(TOOL_BUTTONS[kind]) if kind in TOOL_BUTTONS else kind.capitalize()


def number_word(n: int) -> str:
    """'three' for 3 (up to six), else the digits: in the language now."""
    return _(NUMBER_WORDS[n]) if n in NUMBER_WORDS else str(n)


def cards_text(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def rats_text(n: int) -> str:
    # Translators: rat cards
    return ngettext("{n} rat", "{n} rats", n).format(n=n)


def hamburgers_text(n: int) -> str:
    return ngettext("{n} hamburger", "{n} hamburgers", n).format(n=n)


def rounds_text(n: int) -> str:
    return ngettext("{n} round", "{n} rounds", n).format(n=n)


def rat_tokens_text(n: int) -> str:
    return ngettext("{n} rat token", "{n} rat tokens", n).format(n=n)


def ingredients_per_round(player_count: int) -> int:
    """BU-2: ingredients revealed each round, rats not counted: 4 / 5 / 7 / 8."""
    return {2: 4, 3: 5, 4: 7, 5: 8}[player_count]


def hamburgers_to_end(player_count: int) -> int:
    """BU-6: complete hamburgers on the table (all players together) that end the game."""
    return {2: 8, 3: 8, 4: 9, 5: 10}[player_count]


def is_rat(card: str) -> bool:
    return card.strip().casefold() == RAT


@dataclass(frozen=True)
class State:
    """The game between rounds. ``hand`` and ``used`` count each player's tool cards
    by kind; ``rats`` and ``hamburgers`` are running totals."""

    players: tuple[str, ...]
    first: str
    tools: Mapping[str, int]                     # what each player started with
    hand: Mapping[str, Mapping[str, int]]
    used: Mapping[str, Mapping[str, int]]
    rats: Mapping[str, int]
    hamburgers: Mapping[str, int]
    draw_pile: int | None
    hamburger_points: int = 1
    rat_points: int = 0
    rounds_played: int = 0
    over: bool = False
    end: str | None = None
    top_buns: tuple[str, ...] = field(default=())  # BU-7: who flipped the wastebasket

    @property
    def next_round(self) -> int:
        return self.rounds_played + 1

    @property
    def complete(self) -> int:
        return sum(self.hamburgers.values())


def start(record: BurgerRecord) -> State:
    """The state before round 1, after checking the setup (BU-1, BU-3, BU-6)."""
    check_names(record.players, MIN_PLAYERS, MAX_PLAYERS, "BU-1")
    players = tuple(record.players)
    roster = Roster(players)
    first = players[0]
    if record.first is not None:
        first = roster.resolve(record.first, "BU-1", "the first player")
    tools = {"tongs": record.tools.tongs, "tease": record.tools.tease}
    if sum(tools.values()) < MIN_TOOL_CARDS:
        raise RuleError(
            "BU-3",
            _("every player starts with at least {least} tool cards, not {tools}").format(
                least=MIN_TOOL_CARDS, tools=_tools_text(tools)),
        )
    need = ingredients_per_round(len(players))
    if record.draw_pile is not None and record.draw_pile < need:
        raise RuleError(
            "BU-6",
            _("a draw pile of {cards} cannot make a round: {players} players need {need} "
              "ingredients a round (BU-2)").format(cards=cards_text(record.draw_pile),
                                                   players=len(players), need=need),
        )
    return State(
        players=players,
        first=first,
        tools=tools,
        hand={p: dict(tools) for p in players},
        used={p: {k: 0 for k in TOOL_KINDS} for p in players},
        rats={},
        hamburgers={},
        draw_pile=record.draw_pile,
        hamburger_points=record.scoring.hamburger,
        rat_points=record.scoring.rat,
    )


@dataclass(frozen=True)
class _Checked:
    """A round that passed every check, with names resolved."""

    decks: list[list[str]]
    ingredients: int
    rat_cards: int
    tools: dict[str, str]             # seat order
    take_order: list[str]
    picks: list[int]
    complete: dict[str, int]          # seat order, zeros left out


def _validate(state: State, rnd: Round) -> _Checked:
    r = state.next_round
    if state.over:
        raise RuleError("BU-6", _("no round after the end: the game ended after round {round}").format(
            round=state.rounds_played), round=r)
    n = len(state.players)
    roster = Roster(state.players)

    # BU-2: as many decks as players, each with an ingredient; 4/5/7/8 ingredients.
    if len(rnd.decks) != n:
        raise RuleError(
            "BU-2", _("{decks} decks laid out: {n} players make {n} decks").format(decks=len(rnd.decks), n=n),
            round=r,
        )
    ingredients = rats = 0
    for i, deck in enumerate(rnd.decks):
        if any(not card for card in deck):
            raise RuleError("BU-2", _("deck {index} has a card with no name").format(index=i), round=r)
        here = sum(1 for card in deck if not is_rat(card))
        if here == 0:
            what = (_("deck {index} is empty: every deck starts with an ingredient") if not deck
                    else _("deck {index} holds only rats: every deck starts with an ingredient"))
            raise RuleError("BU-2", what.format(index=i), round=r)
        ingredients += here
        rats += len(deck) - here
    need = ingredients_per_round(n)
    if ingredients != need:
        raise RuleError(
            "BU-2",
            _("{ingredients} ingredients revealed: {n} players reveal {need} "
              "(rats not counted)").format(ingredients=ingredients, n=n, need=need),
            round=r,
        )
    cards = ingredients + rats
    if state.draw_pile is not None and cards > state.draw_pile:
        raise RuleError(
            "BU-2",
            _("the decks hold {cards} but the draw pile holds only {pile}").format(
                cards=cards_text(cards), pile=state.draw_pile),
            round=r,
        )

    # BU-3: every player plays one tool card that is in hand.
    tools: dict[str, str] = {}
    for name, kind in rnd.tools.items():
        p = roster.resolve(name, "BU-3", "a tool card for", round=r)
        if p in tools:
            raise RuleError("BU-3", _("plays two tool cards in one round"), round=r, player=p)
        if state.hand[p][kind] < 1:
            raise RuleError(
                "BU-3",
                (_("plays tongs but holds no tongs card (in hand: {hand})") if kind == "tongs"
                 else _("plays tease but holds no tease card (in hand: {hand})")).format(
                    hand=_tools_text(state.hand[p])),
                round=r, player=p,
            )
        tools[p] = kind
    for p in state.players:
        if p not in tools:
            raise RuleError(
                "BU-3", _("plays no tool card: every player plays one each round"), round=r, player=p,
            )
    tools = {p: tools[p] for p in state.players}

    # BU-4: who takes which deck.
    order = take_order(state.players, state.first, [p for p in state.players if tools[p] == "tongs"], n)
    if not order:
        if rnd.picks is not None:
            raise RuleError(
                "BU-4", _("picks are given but nobody played tongs: nobody takes a deck"), round=r,
            )
        picks: list[int] = []
    else:
        picks = list(range(n)) if rnd.picks is None else list(rnd.picks)
        if sorted(picks) != list(range(n)):
            raise RuleError(
                "BU-4",
                _("picks {picks} are not the deck indexes 0–{last} each once, in taking order").format(
                    picks=picks, last=n - 1),
                round=r,
            )

    # BU-5: hamburgers are finished only from cards taken this round.
    cards_taken: dict[str, int] = {}
    for who, index in zip(order, picks):
        cards_taken[who] = cards_taken.get(who, 0) + sum(1 for c in rnd.decks[index] if not is_rat(c))
    complete: dict[str, int] = {}
    for name, count in rnd.complete.items():
        p = roster.resolve(name, "BU-5", "hamburgers for", round=r)
        if p in complete:
            raise RuleError("BU-5", _("hamburgers are given twice"), round=r, player=p)
        complete[p] = count
    for p, count in complete.items():
        if count and p not in cards_taken:
            raise RuleError(
                "BU-5",
                _("took no deck this round, so finishes no hamburger (not {count}): "
                  "only the cards taken are stacked").format(count=count),
                round=r, player=p,
            )
        if count > cards_taken.get(p, 0):
            raise RuleError(
                "BU-5",
                _("finishes {count} hamburgers with only {cards} taken: each needs its top bun "
                  "placed last").format(count=count, cards=ngettext(
                      "{n} ingredient card", "{n} ingredient cards", cards_taken[p]).format(n=cards_taken[p])),
                round=r, player=p,
            )
    complete = {p: complete[p] for p in state.players if complete.get(p)}
    return _Checked(
        decks=[list(d) for d in rnd.decks], ingredients=ingredients, rat_cards=rats,
        tools=tools, take_order=order, picks=picks, complete=complete,
    )


def take_order(players: Sequence[str], first: str, tongs: Sequence[str], decks: int) -> list[str]:
    """BU-4: tongs players take one deck at a time, clockwise from the player after the
    first player, round and round until no deck is left. Nobody played tongs: []."""
    seated = [p for p in clockwise_from(players, left_of(players, first)) if p in set(tongs)]
    if not seated:
        return []
    return [seated[i % len(seated)] for i in range(decks)]


def check_round(state: State, rnd: Round) -> RuleError | None:
    """The error that rejects this round, or None: for the app, as a value."""
    return error_of(_validate, state, rnd)


def play_round(state: State, rnd: Round) -> tuple[RoundResult, State]:
    """Resolve the next round (BU-2…BU-6): its result and the state after it."""
    c = _validate(state, rnd)
    r = state.next_round
    players = state.players
    n = len(players)
    notes: list[str] = []
    private: dict[str, list[str]] = {}
    rulings = ["BU-2", "BU-3", "BU-4"]

    cards = c.ingredients + c.rat_cards
    decks_n = ngettext("{n} deck", "{n} decks", n).format(n=n)
    if c.rat_cards:
        notes.append(_("{first} revealed {ingredients} ingredients and {rats} (rats do not count) "
                       "into {decks} (BU-2).").format(first=state.first, ingredients=c.ingredients,
                                                      rats=rats_text(c.rat_cards), decks=decks_n))
    else:
        notes.append(_("{first} revealed {ingredients} ingredients into {decks} (BU-2).").format(
            first=state.first, ingredients=c.ingredients, decks=decks_n))

    # BU-3: the tool cards, and the take-back.
    hand = {p: dict(state.hand[p]) for p in players}
    used = {p: dict(state.used[p]) for p in players}
    took_back: list[str] = []
    for p, kind in c.tools.items():
        hand[p][kind] -= 1
        used[p][kind] += 1
        if sum(hand[p].values()) == 1:
            back = sum(used[p].values())
            for k in TOOL_KINDS:
                hand[p][k] += used[p][k]
                used[p][k] = 0
            took_back.append(p)
            notes.append(
                _("{player} holds only one tool card after the reveal and takes all {cards} back, "
                  "the one just played included (BU-3).").format(
                    player=p, cards=ngettext("{n} used tool card", "{n} used tool cards", back).format(n=back))
            )

    # BU-4: who takes which deck.
    tongs = [p for p in players if c.tools[p] == "tongs"]
    taken: dict[str, list[int]] = {}
    wastebasket = None
    if c.take_order:
        for who, deck in zip(c.take_order, c.picks):
            taken.setdefault(who, []).append(deck)
        taken = {p: sorted(taken[p]) for p in players if p in taken}
        decks = number_word(n)
        if len(tongs) == 1:
            explanation = _("{player} alone played tongs: {player} takes all {decks} decks (BU-4).").format(
                player=tongs[0], decks=decks)
        else:
            explanation = _("{players} played tongs: {order} take the {decks} decks (BU-4).").format(
                players=words.names(_clockwise(players, state.first, tongs)),
                order=", ".join(c.take_order), decks=decks)
    else:
        wastebasket = state.first
        explanation = _("Nobody played tongs: all decks go to {first}'s wastebasket (BU-4); "
                        "nobody gets rat tokens this round.").format(first=state.first)

    # BU-5: rat tokens per taker; hamburgers as reported.
    rats = dict(state.rats)
    for who, deck in zip(c.take_order, c.picks):
        found = sum(1 for card in c.decks[deck] if is_rat(card))
        if found:
            rats[who] = rats.get(who, 0) + found
            private.setdefault(who, []).append(
                _("Deck {index} held {rats}: {tokens} for you; the rat goes under your "
                  "wastebasket (BU-5).").format(index=deck, rats=rats_text(found), tokens=ngettext(
                      "{n} hidden rat token", "{n} hidden rat tokens", found).format(n=found))
            )
    if any(rats.get(p, 0) != state.rats.get(p, 0) for p in players):
        rulings.append("BU-5")
    for p in took_back:
        private.setdefault(p, []).append(
            _("You take your used tool cards back: in hand now {hand} (BU-3).").format(hand=_tools_text(hand[p]))
        )
    hamburgers = dict(state.hamburgers)
    for p, count in c.complete.items():
        hamburgers[p] = hamburgers.get(p, 0) + count
        notes.append(_("{player} finishes {hamburgers} (BU-5).").format(player=p, hamburgers=hamburgers_text(count)))
    if c.complete and "BU-5" not in rulings:
        rulings.append("BU-5")

    # BU-6: the end, or the next first player.
    pile = None if state.draw_pile is None else state.draw_pile - cards
    if pile is not None:
        notes.append(_("The draw pile gives {cards} and holds {pile} now (BU-2).").format(
            cards=cards_text(cards), pile=pile))
    total = sum(hamburgers.values())
    target = hamburgers_to_end(n)
    need = ingredients_per_round(n)
    end = None
    if total >= target:
        end = _("{hamburgers} on the table reach the {target} that end a {n}-player game (BU-6)").format(
            hamburgers=ngettext("{n} complete hamburger", "{n} complete hamburgers", total).format(n=total),
            target=target, n=n)
    elif pile is not None and pile < need:
        end = _("the draw pile holds {cards}, fewer than the {need} ingredients a new round "
                "needs (BU-6)").format(cards=cards_text(pile), need=need)
    rulings.append("BU-6")
    if end:
        next_first = None
        notes.append(_("Game over: {end}.").format(end=end))
        notes.append(_("Now each player may flip the wastebasket card as the top bun of one "
                       "hamburger that lacks only its top bun (BU-7)."))
        rulings.append("BU-7")
    elif c.take_order:
        next_first = c.take_order[-1]
        notes.append(_("{player} took the last deck and becomes first player (BU-6).").format(player=next_first))
    else:
        next_first = state.first
        notes.append(_("Nobody took a deck: {player} stays first player (BU-4, BU-6).").format(player=state.first))

    seated_rats = {p: rats[p] for p in players if rats.get(p)}
    seated_burgers = {p: hamburgers[p] for p in players if hamburgers.get(p)}
    result = RoundResult(
        round=r,
        first=state.first,
        take_order=c.take_order,
        taken=taken,
        wastebasket=wastebasket,
        rats=seated_rats,
        tools_left={p: ToolHand(tongs=hand[p]["tongs"], tease=hand[p]["tease"]) for p in players},
        hamburgers=seated_burgers,
        draw_pile=pile,
        next_first=next_first,
        ingredients=c.ingredients,
        rat_cards=c.rat_cards,
        took_back=took_back,
        game_over=end is not None,
        end=end,
        explanation=explanation,
        rulings=rulings,
        notes=notes,
        private={p: private[p] for p in players if p in private},
    )
    after = replace(
        state,
        first=next_first or state.first,
        hand=hand,
        used=used,
        rats=seated_rats,
        hamburgers=seated_burgers,
        draw_pile=pile,
        rounds_played=r,
        over=end is not None,
        end=end,
    )
    return result, after


def replay(record: BurgerRecord) -> tuple[list[RoundResult], State]:
    """Every round's result and the state after the last recorded round."""
    state = start(record)
    results = []
    for rnd in record.rounds:
        result, state = play_round(state, rnd)
        results.append(result)
    return results, state


# ---------------------------------------------------------------- the end


def last_top_buns(state: State, flips: Iterable[str]) -> State:
    """BU-7: after the end, each named player flips the wastebasket card as the top bun
    of one hamburger that lacked only its top bun: one more complete hamburger each.

    The contract's record has no place for this (extra input fields are an error), so
    the app applies it to the final state before showing the final scores.
    """
    if not state.over:
        raise RuleError(
            "BU-7", _("the wastebasket card becomes a top bun only after the end of the game"),
            round=state.next_round,
        )
    roster = Roster(state.players)
    flipped = list(state.top_buns)
    for name in flips:
        p = roster.resolve(name, "BU-7", "a wastebasket top bun for")
        if p in flipped:
            raise RuleError(
                "BU-7", _("has one wastebasket card: it tops only one hamburger"), player=p,
            )
        flipped.append(p)
    hamburgers = dict(state.hamburgers)
    for p in flipped[len(state.top_buns):]:
        hamburgers[p] = hamburgers.get(p, 0) + 1
    seated = {p: hamburgers[p] for p in state.players if hamburgers.get(p)}
    return replace(state, hamburgers=seated, top_buns=tuple(p for p in state.players if p in flipped))


def scores(state: State) -> dict[str, int]:
    """BU-8 (house rule): points per complete hamburger plus points per rat token."""
    return {
        p: state.hamburger_points * state.hamburgers.get(p, 0) + state.rat_points * state.rats.get(p, 0)
        for p in state.players
    }


def winners(state: State) -> list[str]:
    """BU-8: the highest score wins; a tie goes to fewer rat tokens, and is shared if
    still equal (seat order). Empty while the game is not over."""
    if not state.over:
        return []
    points = scores(state)
    best = max(points.values())
    tied = [p for p in state.players if points[p] == best]
    fewest = min(state.rats.get(p, 0) for p in tied)
    return [p for p in tied if state.rats.get(p, 0) == fewest]


def scoring_result(state: State) -> ScoringResult:
    h, r = state.hamburger_points, state.rat_points
    return ScoringResult(
        hamburger=h,
        rat=r,
        house_rule=True,
        explanation=_("{note} House rule: {per_hamburger} per complete hamburger, {per_rat} per rat "
                      "token; a tie goes to fewer rat tokens, and is shared if still equal.").format(
            note=_(SCORING_NOTE), per_hamburger=_points(h), per_rat=_points(r)),
    )


def standings(state: State) -> tuple[dict[str, int], list[str], str]:
    """Scores, winners and what a player reads about them (BU-6, BU-8)."""
    points = scores(state)
    won = winners(state)
    if not state.over:
        text = _("Game in progress after {rounds}; {first} is first player. Scores so far "
                 "(house rule, BU-8).").format(rounds=rounds_text(state.rounds_played), first=state.first)
        return points, won, text
    head = _("Game over after {rounds}: {end}.").format(rounds=rounds_text(state.rounds_played), end=state.end)
    best = points[won[0]]
    tied = [p for p in state.players if points[p] == best]
    if len(won) == 1 and len(tied) == 1:
        text = _("{head} {player} wins with {points} (house rule, BU-8).").format(
            head=head, player=won[0], points=_points(best))
    elif len(won) == 1:
        others = [p for p in tied if p != won[0]]
        text = _("{head} {player} wins with {points}, tied with {others} but with fewer rat tokens "
                 "(house rule, BU-8).").format(head=head, player=won[0], points=_points(best),
                                               others=words.names(others))
    else:
        text = _("{head} {players} share the win with {points} each (house rule, BU-8).").format(
            head=head, players=words.names(won), points=_points(best))
    if state.top_buns:
        text += " " + _("Wastebasket top buns: {players} (BU-7).").format(players=words.names(list(state.top_buns)))
    return points, won, text


def result_of(results: Sequence[RoundResult], state: State) -> BurgerResult:
    """The contract's output for rounds already played and the state after them."""
    points, won, text = standings(state)
    notes = [_(SCORING_NOTE)]
    if dict(state.tools) == {"tongs": DEFAULT_TONGS, "tease": DEFAULT_TEASE}:
        notes.append(_("Tool cards: {tools} per player is a house rule (BU-3): the rule texts do "
                       "not give the number.").format(tools=_tools_text(state.tools)))
    else:
        notes.append(_("Tool cards: {tools} per player, set at setup (BU-3).").format(tools=_tools_text(state.tools)))
    if state.over and not state.top_buns:
        notes.append(_("Each player may still flip the wastebasket card as the top bun of one "
                       "hamburger that lacks only its top bun (BU-7); these scores do not include that."))
    return BurgerResult(
        rounds=list(results),
        game_over=state.over,
        scores=points,
        winners=won,
        scoring=scoring_result(state),
        hamburgers=dict(state.hamburgers),
        rats=dict(state.rats),
        explanation=text,
        notes=notes,
    )


def referee(record: BurgerRecord) -> BurgerResult:
    """The result of a Burger record (the contract's output)."""
    results, state = replay(record)
    return result_of(results, state)


def final_scores(result: BurgerResult) -> dict[str, int]:
    """A finished game's points per player (BU-8)."""
    return dict(result.scores)


# ---------------------------------------------------------------- words


def _clockwise(players: Sequence[str], first: str, who: Sequence[str]) -> list[str]:
    """``who`` in taking order: clockwise from the player after ``first`` (BU-4)."""
    return [p for p in clockwise_from(players, left_of(players, first)) if p in set(who)]


def tools_text(tongs: int, tease: int) -> str:
    """'2 tongs + 1 tease': a tool hand in the language now."""
    return _("{tongs} + {tease}").format(
        # Translators: tool cards; "tongs" is the same word for one card or several in English
        tongs=ngettext("{n} tongs", "{n} tongs", tongs).format(n=tongs),
        tease=ngettext("{n} tease", "{n} tease", tease).format(n=tease))


def _tools_text(tools: Mapping[str, int]) -> str:
    return tools_text(tools["tongs"], tools["tease"])


def points_text(n: int) -> str:
    """'1 point', '3 points'."""
    return ngettext("{n} point", "{n} points", n).format(n=n)


_points = points_text
