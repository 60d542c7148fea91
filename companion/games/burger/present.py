"""What burger's screens draw, as typed views of the replayed record: the table
screen, the match's history, the host panel and the phones. No flet here.

A played round is drawn by one function (``round_lines``), on the table screen and on
the phones alike: the phones' seat (``seat.py``) sends each phone the round's public
view (``round_view``) beside its own part. Nothing secret is in a public view while
the game runs (``secrecy.py`` decides what is): a player peeks at their own through
``private_view``; once the game is over everything is shown (``end_view``). The BU-7
top buns chosen after the end are the match's own setting: pass them to ``end_view``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core import registry, words
from companion.core.edits import say
from companion.core.errors import RecordError, RuleError
from companion.core.game import Played
from companion.core.grid import GridRow as GridLine
from companion.core.grid import points_added
from companion.core.names import Roster
from companion.games.burger import rules, secrecy
from companion.games.burger.i18n import _, ngettext
from companion.games.burger.models import DEFAULT_TEASE, DEFAULT_TONGS, BurgerResult, RoundResult
from companion.games.burger.recipes import bun_shown
from companion.games.burger.rulings import HOUSE_RULE, scoring_label, tools_label
from companion.games.burger.state import UNNAMED, deck_label
from companion.games.burger.words import (
    SCORING_NOTE,
    cards_text,
    hamburgers_text,
    hand_text,
    number_word,
    points_text,
    rat_tokens_text,
    rats_text,
    rounds_text,
    tool_button,
    tool_name,
    tools_text,
)

__all__ = ["cards_text", "hamburgers_text", "hand_text", "number_word", "points_text", "rat_tokens_text",
           "rats_text", "rounds_text", "tool_button", "tool_name", "tools_text"]

Replayed = Played[rules.State, RoundResult]
"""A record's replay (``state.replay``): worked out once per screen drawn, passed down."""


def replay(record: Mapping[str, Any]) -> Replayed:
    """The record's one replay (:func:`companion.core.registry.replay`)."""
    return registry.replay("burger", record)


# ---------------------------------------------------------------- words

def end_text(end: str | None, hamburgers: int, pile: int | None, players: int) -> str:
    """Why the game ended (BU-6), from the facts of its last round."""
    if end == "hamburgers":
        return _("{hamburgers} on the table reach the {target} that end a {n}-player game (BU-6)").format(
            hamburgers=ngettext("{n} complete hamburger", "{n} complete hamburgers", hamburgers).format(n=hamburgers),
            target=rules.hamburgers_to_end(players), n=players)
    return _("the draw pile holds {cards}, fewer than the {need} ingredients a new round "
             "needs (BU-6)").format(cards=cards_text(pile or 0), need=rules.ingredients_per_round(players))


def last_end(rounds: Sequence[RoundResult]) -> str:
    """Why the game ended, from its last round (before any BU-7 top bun)."""
    last = rounds[-1]
    return end_text(last["end"], sum(last["hamburgers"].values()), last["draw_pile"], last["decks"])


# ---------------------------------------------------------------- a round's facts, worded


def reveal_text(r: RoundResult) -> str:
    """What the first player revealed (BU-2)."""
    decks = ngettext("{n} deck", "{n} decks", r["decks"]).format(n=r["decks"])
    if r["rat_cards"]:
        return _("{first} revealed {ingredients} ingredients and {rats} (rats do not count) "
                 "into {decks} (BU-2).").format(first=r["first"], ingredients=r["ingredients"],
                                                rats=rats_text(r["rat_cards"]), decks=decks)
    return _("{first} revealed {ingredients} ingredients into {decks} (BU-2).").format(
        first=r["first"], ingredients=r["ingredients"], decks=decks)


def takes_text(r: RoundResult) -> str:
    """Who played tongs and who takes the decks (BU-4)."""
    n = r["decks"]
    if r["take_order"]:
        decks = number_word(n)
        if len(r["tongs"]) == 1:
            return _("{player} alone played tongs: {player} takes all {decks} decks (BU-4).").format(
                player=r["tongs"][0], decks=decks)
        return _("{players} played tongs: {order} take the {decks} decks (BU-4).").format(
            players=words.names(r["tongs"]), order=", ".join(r["take_order"]), decks=decks)
    return _("Nobody played tongs: all decks go to {first}'s wastebasket (BU-4); "
             "nobody gets rat tokens this round.").format(first=r["first"])


def round_notes(r: RoundResult) -> list[str]:
    """The round's notes, every one (the take-backs' counts included: see
    :func:`secrecy.public_notes` for what the whole table may read): what was revealed,
    the take-backs (BU-3), the hamburgers finished (BU-5), the draw pile, the end or
    the next first player (BU-6, BU-7)."""
    notes = [reveal_text(r)]
    for p, back in r["returned"].items():
        notes.append(_("{player} holds only one tool card after the reveal and takes all {cards} back, "
                       "the one just played included (BU-3).").format(
            player=p, cards=ngettext("{n} used tool card", "{n} used tool cards", back).format(n=back)))
    notes += after_notes(r)
    return notes


def after_notes(r: RoundResult) -> list[str]:
    """The round's notes after the reveal and the take-backs: the hamburgers finished
    (BU-5), the draw pile, the end or the next first player (BU-6, BU-7)."""
    notes = [_("{player} finishes {hamburgers} (BU-5).").format(player=p, hamburgers=hamburgers_text(n))
             for p, n in r["complete"].items()]
    if r["draw_pile"] is not None:
        notes.append(_("The draw pile gives {cards} and holds {pile} now (BU-2).").format(
            cards=cards_text(r["cards"]), pile=r["draw_pile"]))
    if r["end"]:
        notes.append(_("Game over: {end}.").format(end=end_text(r["end"], sum(r["hamburgers"].values()),
                                                                 r["draw_pile"], r["decks"])))
        notes.append(_("Now each player may flip the wastebasket card as the top bun of one "
                       "hamburger that lacks only its top bun (BU-7)."))
    elif r["take_order"]:
        notes.append(_("{player} took the last deck and becomes first player (BU-6).").format(player=r["next_first"]))
    else:
        notes.append(_("Nobody took a deck: {player} stays first player (BU-4, BU-6).").format(player=r["first"]))
    return notes


def public_notes(r: RoundResult) -> list[str]:
    """The round's notes that everyone may read: a take-back happened, but the count of
    the used tool cards it returned is secret (BU-3)."""
    notes = [_("{player} takes the used tool cards back into hand (BU-3).").format(player=p) for p in r["took_back"]]
    return notes + after_notes(r)


def private_lines(r: RoundResult, player: str) -> list[str]:
    """What the rules tell ``player`` alone about a round (BU-3, BU-5): the rat cards
    found in the decks taken, the used tool cards taken back."""
    out = [_("Deck {index} held {rats}: {tokens} for you; the rat goes under your "
             "wastebasket (BU-5).").format(index=f["deck"] + 1, rats=rats_text(f["rats"]), tokens=ngettext(
                 "{n} hidden rat token", "{n} hidden rat tokens", f["rats"]).format(n=f["rats"]))
           for f in r["found"].get(player, [])]
    if player in r["returned"]:
        hand = r["tools_left"][player]
        out.append(_("You take your used tool cards back: in hand now {hand} (BU-3).").format(
            hand=tools_text(hand["tongs"], hand["tease"])))
    return out


def private(r: RoundResult) -> dict[str, list[str]]:
    """Every player's own lines of a round (:func:`private_lines`), seat order."""
    return {p: lines for p in r["tools_left"] if (lines := private_lines(r, p))}


# ---------------------------------------------------------------- a game's facts, worded


def scoring_text(result: BurgerResult) -> str:
    """The scoring, labelled house rule (BU-8)."""
    return _("{note} House rule: {per_hamburger} per complete hamburger, {per_rat} per rat "
             "token; a tie goes to fewer rat tokens, and is shared if still equal.").format(
        note=_(SCORING_NOTE), per_hamburger=points_text(result["scoring"]["hamburger"]),
        per_rat=points_text(result["scoring"]["rat"]))


def game_text(result: BurgerResult, players: Sequence[str]) -> str:
    """Scores, winners and what a player reads about them (BU-6, BU-8)."""
    if not result["game_over"]:
        return _("Game in progress after {rounds}; {first} is first player. Scores so far "
                 "(house rule, BU-8).").format(rounds=rounds_text(result["rounds_played"]), first=result["first"])
    head = _("Game over after {rounds}: {end}.").format(rounds=rounds_text(result["rounds_played"]),
                                                        end=last_end(result["rounds"]))
    won, tied = result["winners"], result["tied"]
    best = result["scores"][won[0]]
    if len(won) == 1 and len(tied) == 1:
        text = _("{head} {player} wins with {points} (house rule, BU-8).").format(
            head=head, player=won[0], points=points_text(best))
    elif len(won) == 1:
        others = [p for p in tied if p != won[0]]
        text = _("{head} {player} wins with {points}, tied with {others} but with fewer rat tokens "
                 "(house rule, BU-8).").format(head=head, player=won[0], points=points_text(best),
                                               others=words.names(others))
    else:
        text = _("{head} {players} share the win with {points} each (house rule, BU-8).").format(
            head=head, players=words.names(won), points=points_text(best))
    if result["top_buns"]:
        text += " " + _("Wastebasket top buns: {players} (BU-7).").format(players=words.names(result["top_buns"]))
    return text


def game_notes(result: BurgerResult) -> list[str]:
    """The house rules in play (BU-3, BU-8) and, at the end, the BU-7 top bun still open."""
    notes = [_(SCORING_NOTE)]
    tools = result["tools"]
    if (tools["tongs"], tools["tease"]) == (DEFAULT_TONGS, DEFAULT_TEASE):
        notes.append(_("Tool cards: {tools} per player is a house rule (BU-3): the rule texts do "
                       "not give the number.").format(tools=hand_text(tools)))
    else:
        notes.append(_("Tool cards: {tools} per player, set at setup (BU-3).").format(tools=hand_text(tools)))
    if result["game_over"] and not result["top_buns"]:
        notes.append(_("Each player may still flip the wastebasket card as the top bun of one "
                       "hamburger that lacks only its top bun (BU-7); these scores do not include that."))
    return notes


# ---------------------------------------------------------------- the game in play


def decks_lines(decks: Sequence[Sequence[str]]) -> list[str]:
    """Decks as laid out (public), one line each, counted from 1: 'Deck 1: bun, rat'."""
    return [_("{deck}: {cards}").format(deck=words.sentence(deck_label(i)), cards=", ".join(bun_shown(c) for c in deck))
            for i, deck in enumerate(decks)]


def reveal_instructions(state: rules.State) -> list[str]:
    """What to tell the first player before the decks are laid out (BU-2)."""
    n = len(state.players)
    need = rules.ingredients_per_round(n)
    lines = [
        _("Round {round}: {first} is first player.").format(round=state.next_round, first=state.first),
        _("{first}, reveal {need} ingredient cards into {decks} decks: the first {decks} start one "
          "deck each, then place the others on any deck (BU-2).").format(
              first=state.first, need=need, decks=number_word(n)),
        _("Rat cards do not count towards the {need}: place each rat on a deck too and keep "
          "revealing (BU-2).").format(need=need),
    ]
    if state.draw_pile is not None:
        lines.append(_("The draw pile holds {cards}.").format(cards=cards_text(state.draw_pile)))
    return lines


def count_line(state: rules.State) -> str:
    """Hamburgers on the table towards the end (BU-6): every player's together."""
    target = rules.hamburgers_to_end(len(state.players))
    return _("{complete} of {target} complete hamburgers on the table (all players together): "
             "the game ends at {target} (BU-6).").format(complete=state.complete, target=target)


def draw_pile_line(state: rules.State) -> str:
    need = rules.ingredients_per_round(len(state.players))
    if state.draw_pile is None:
        return _("Draw pile: size not entered at setup, so the app cannot see it run short; "
                 "a round needs {need} ingredients (BU-2, BU-6).").format(need=need)
    return _("Draw pile: {cards}; a round needs {need} ingredients (BU-2, BU-6).").format(
        cards=cards_text(state.draw_pile), need=need)


def next_first_line(played: Replayed) -> str:
    state = played.state
    if state.over:
        return _("Game over: {end}.").format(end=last_end(played.rounds))
    return _("{first} is first player in round {round} (BU-6).").format(first=state.first, round=state.next_round)


# ---------------------------------------------------------------- a round played


@dataclass(frozen=True)
class RoundView:
    """A played round as everyone may see it. ``secrets`` says whether the rat cards
    per deck are in (only once the game is over)."""

    number: int
    first: str
    reveal: str                   # what the first player revealed (BU-2)
    explanation: str              # who played tongs and who takes the decks (BU-4)
    take_order: list[str]         # who takes a deck, turn by turn (BU-4)
    takes: list[str]              # 'Ben takes deck 1: onion, mushroom', or the wastebasket line
    finished: dict[str, int]      # hamburgers finished this round, per player (BU-5; said in ``notes``)
    hamburgers: dict[str, int]    # complete hamburgers after the round, every player (public)
    count: str                    # towards the end (BU-6)
    next_first: str | None        # None once the game is over
    notes: list[str]              # the rules' notes a player may see: draw pile, first player, end
    rulings: list[str]
    game_over: bool
    secrets: bool


def _deck_text(deck: Sequence[str], secrets: bool) -> str:
    names = [c for c in deck if not rules.is_rat(c)]
    unnamed = sum(1 for c in names if c == UNNAMED)
    parts = [bun_shown(c) for c in names if c != UNNAMED]
    if unnamed:
        parts.append(ngettext("{n} ingredient", "{n} ingredients", unnamed).format(n=unnamed))
    rats = secrecy.rat_cards_shown(deck, secrets)
    if rats:
        parts.append(rats_text(rats))
    return ", ".join(parts)


def round_view(players: Sequence[str], result: RoundResult, rnd: Mapping[str, Any],
               before: Mapping[str, int] | None = None, *, secrets: bool = False) -> RoundView:
    """One round for the public table screen (``before``: hamburgers before it).

    While the game runs (``secrets`` False) it names no rat token, no rat card per
    deck and no tool hand: those are secret (BU-3, BU-5); see ``private_view``."""
    before = before or {}
    decks = rnd["decks"]
    if result["wastebasket"] is not None:
        every = number_word(len(decks))
        takes = [_("All {every} decks go to {player}'s wastebasket (BU-4).").format(
            every=every, player=result["wastebasket"])]
    else:
        picks = rnd.get("picks") or list(range(len(decks)))
        takes = [_("{player} takes {deck}: {cards}").format(player=who, deck=deck_label(d),
                                                            cards=_deck_text(decks[d], secrets))
                 for who, d in zip(result["take_order"], picks, strict=True)]
    finished = {p: n for p in players if (n := result["hamburgers"].get(p, 0) - before.get(p, 0))}
    target = rules.hamburgers_to_end(len(players))
    total = sum(result["hamburgers"].values())
    return RoundView(
        number=result["round"],
        first=result["first"],
        reveal=reveal_text(result),
        explanation=takes_text(result),
        take_order=list(result["take_order"]),
        takes=takes,
        finished=finished,
        hamburgers={p: result["hamburgers"].get(p, 0) for p in players},
        count=_("{total} of {target} complete hamburgers on the table (BU-6).").format(total=total, target=target),
        next_first=result["next_first"],
        notes=public_notes(result),
        rulings=list(result["rulings"]),
        game_over=result["game_over"],
        secrets=secrets,
    )


@dataclass(frozen=True)
class Line:
    """A line to draw: ``style`` is '' (plain), 'bold' or 'small'."""

    text: str
    style: str = ""


def round_lines(rv: RoundView) -> list[Line]:
    """A played round as lines: the one drawing of a round, on the table screen, in the
    history and on the phones. The hamburgers finished are said once, in the rules'
    own note ('Dora finishes 1 hamburger (BU-5).'), not again from ``finished``."""
    out = [Line(rv.reveal), Line(rv.explanation)]
    if rv.take_order:
        out.append(Line(_("Take order: {players}").format(players=", ".join(rv.take_order))))
    out += [Line(line) for line in rv.takes]
    out.append(Line(_("Hamburgers: {counts}").format(counts=", ".join(f"{p} {n}" for p, n in rv.hamburgers.items()))))
    out += [Line(note) for note in rv.notes]
    out.append(Line(rv.count))
    if rv.next_first:
        out.append(Line(_("Next first player: {player} (BU-6)").format(player=rv.next_first), "bold"))
    out.append(Line(_("Rulings: {ids}").format(ids=", ".join(rv.rulings)), "small"))
    return out


def last_round(replayed: Replayed) -> RoundView | None:
    """The last round played, as everyone may see it (None before round 1)."""
    results, state = replayed.rounds, replayed.state
    if not results:
        return None
    before = results[-2]["hamburgers"] if len(results) > 1 else {}
    return round_view(state.players, results[-1], replayed.record["rounds"][-1], before, secrets=state.over)


def seat_round(replayed: Replayed, player: str | None) -> dict[str, Any] | None:
    """The last round as a phone (``player``'s seat; None: the host) receives it: the
    round's facts with only this player's own secret parts (``secrecy.own_part``), the
    round as the record holds it (the decks, for the public view) and whether the game
    is over. Facts only: each phone words it (:func:`seat_view`, :func:`own_lines`)."""
    if not replayed.rounds:
        return None
    out = secrecy.own_part(replayed.rounds[-1], player)
    out["players"] = list(replayed.state.players)
    out["entered"] = replayed.record["rounds"][-1]
    out["before"] = replayed.rounds[-2]["hamburgers"] if len(replayed.rounds) > 1 else {}
    out["game_over"] = replayed.state.over
    return out


def seat_view(seat: Mapping[str, Any]) -> RoundView:
    """The round a phone got (:func:`seat_round`) as everyone may see it."""
    facts: Any = seat        # a round's facts, its own parts only, with what a phone needs beside them
    return round_view(seat["players"], facts, seat["entered"], seat["before"], secrets=seat["game_over"])


def own_lines(seat: Mapping[str, Any]) -> list[Line]:
    """A phone's own secret part of a round (its rat tokens, tool cards left, what the
    rules told it only), from ``seat_round``."""
    out = [Line(_("My rat tokens ({player}): {n}").format(player=p, n=n)) for p, n in seat["rats"].items()]
    out += [Line(_("My tool cards left ({player}): {hand}").format(player=p, hand=hand_text(hand)))
            for p, hand in seat["tools_left"].items()]
    out += [Line(line) for p in seat["players"] for line in private_lines(seat, p)]  # type: ignore[arg-type]
    return out


def seat_end(seat: Mapping[str, Any]) -> str | None:
    """The end of the game as a phone says it, from the round it got (None while it runs)."""
    if not seat["end"]:
        return None
    return end_text(seat["end"], sum(seat["hamburgers"].values()), seat["draw_pile"], len(seat["players"]))


# ---------------------------------------------------------------- the game


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


def game_view(record: Mapping[str, Any], replayed: Replayed | None = None) -> GameView:
    """The game as the table shows it (``replayed``: the record's replay, if worked out already)."""
    replayed = replayed or replay(record)
    rec, results, state = replayed.record, replayed.rounds, replayed.state
    views: list[RoundView] = []
    before: dict[str, int] = {}
    for result, rnd in zip(results, record["rounds"], strict=True):
        views.append(round_view(state.players, result, rnd, before, secrets=state.over))
        before = dict(result["hamburgers"])
    return GameView(
        record=dict(record),
        players=state.players,
        rounds=views,
        over=state.over,
        first=state.first,
        hamburgers={p: state.hamburgers.get(p, 0) for p in state.players},
        count=count_line(state),
        draw_pile=draw_pile_line(state),
        next_first=next_first_line(replayed),
        tools=tools_label(rec["tools"]["tongs"], rec["tools"]["tease"]),
        scoring=scoring_label(rec["scoring"]["hamburger"], rec["scoring"]["rat"]),
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


def private_view(record: Mapping[str, Any], player: str, replayed: Replayed | None = None) -> PrivateView:
    """What ``player`` may see of their own secrets: rat tokens, used tool cards and
    the tool cards in hand. Raises RuleError for a name that is not a player."""
    replayed = replayed or replay(record)
    results, state = replayed.rounds, replayed.state
    p = Roster(state.players).resolve(player, "BU-5", "a peek for")
    lines = [_("Round {round}: {note}").format(round=r["round"], note=line)
             for r in results for line in private_lines(r, p)]
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
        _("{player}, your rat tokens: {n} (secret, BU-5).").format(player=view.player, n=view.rats),
        _("Your tool cards in hand: {hand}.").format(hand=hand_text(view.hand)),
        _("Your used tool cards: {hand} (secret, BU-3).").format(hand=hand_text(view.used)),
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


def end_view(record: Mapping[str, Any], top_buns: Sequence[str] = (),
             replayed: Replayed | None = None) -> EndView | None:
    """After the end: scores with the chosen BU-7 wastebasket top buns applied.
    None while the game runs. A refused choice leaves the scores without any top bun
    and says why in ``error``."""
    replayed = replayed or replay(record)
    rec, state = replayed.record, replayed.state
    if not state.over:
        return None
    error = None
    try:
        final = rules.last_top_buns(state, top_buns)
    except RuleError as err:
        final, error = state, (f"{err.player}: {say(err)}" if err.player else say(err))
    result = rules.result(replayed.rounds, final)
    points, won, text = result["scores"], result["winners"], game_text(result, final.players)
    rows = [ScoreRow(p, final.hamburgers.get(p, 0), final.rats.get(p, 0), points[p],
                     dict(final.used[p]), p in final.top_buns) for p in final.players]
    return EndView(
        end=_("Game over after {rounds}: {end}.").format(rounds=rounds_text(final.rounds_played),
                                                         end=last_end(replayed.rounds)),
        rows=rows,
        winners=won,
        explanation=text,
        scoring=scoring_label(rec["scoring"]["hamburger"], rec["scoring"]["rat"]),
        top_bun_choices=list(final.players),
        top_bun_note=_("Each player may flip the wastebasket card as the top bun of one hamburger "
                       "that lacks only its top bun: one more complete hamburger (BU-7)."),
        error=error,
    )


def score_lines(view: EndView) -> list[str]:
    """The final scores as lines, labelled house rule (BU-8)."""
    out = []
    for row in view.rows:
        burgers = hamburgers_text(row.hamburgers)
        if row.top_bun:
            burgers = _("{hamburgers} incl. the wastebasket top bun (BU-7)").format(hamburgers=burgers)
        out.append(_("{player}: {hamburgers}, {rat_tokens}: {points} ({house_rule}, BU-8)").format(
            player=row.player, hamburgers=burgers, rat_tokens=rat_tokens_text(row.rats),
            points=points_text(row.points), house_rule=_(HOUSE_RULE)))
    return out


def secrets_lines(view: EndView) -> list[str]:
    """Everyone's secrets, shown once the game is over (BU-5)."""
    return [_("{player}: {rat_tokens}, used tool cards: {hand}").format(
                player=r.player, rat_tokens=rat_tokens_text(r.rats), hand=hand_text(r.used))
            for r in view.rows]


# ---------------------------------------------------------------- history


def game_line(record: Mapping[str, Any]) -> str:
    """One game in one line, for lists: where it stands or who won."""
    try:
        state = replay(record).state
    except RecordError as err:
        return _("cannot be replayed: {error}").format(error=err)
    return state_line(state)


def state_line(state: rules.State) -> str:
    """A replayed game in one line: where it stands or who won."""
    if state.over:
        points, won = rules.scores(state), rules.winners(state)
        who = words.names(won)
        # A summary line names no ruling id; the wastebasket's top bun (BU-7) is flipped
        # after the last round, so these points are said to come before it.
        won_with = ngettext("with {n} point", "with {n} points", points[won[0]]).format(n=points[won[0]])
        return ngettext("over after {rounds}: {players} wins {with_points} ({house_rule}; wastebasket top buns "
                        "not counted yet)",
                        "over after {rounds}: {players} share the win {with_points} ({house_rule}; wastebasket "
                        "top buns not counted yet)", len(won)).format(
            rounds=rounds_text(state.rounds_played), players=who, with_points=won_with, house_rule=_(HOUSE_RULE))
    target = rules.hamburgers_to_end(len(state.players))
    return _("{rounds} played, {complete} of {target} hamburgers, {first} first").format(
        rounds=rounds_text(state.rounds_played), complete=state.complete, target=target, first=state.first)


def match_line(records: Sequence[Mapping[str, Any]]) -> tuple[str, bool]:
    """A burger match (a single game) in one line for the home screen and the history,
    and whether it is over."""
    if not records:
        return _("no game started"), False
    try:
        state = replay(records[-1]).state
    except RecordError as err:
        return _("cannot be replayed: {error}").format(error=err), False
    return state_line(state), state.over


# ---------------------------------------------------------------- the score grid


def score_grid(gv: GameView, ev: EndView | None = None) -> tuple[list[str], list[GridLine]]:
    """The players (seat order) and the grid's lines. While the game runs: the complete
    hamburgers on the table first (public, BU-5), then the hamburgers each round
    finished; rat tokens are secret and never in it (BU-5). At the end (``ev``): the
    final score first (house rule, BU-8), the hamburgers and the rat tokens, now shown;
    the rounds, and the BU-7 wastebasket top buns."""
    players = list(gv.players)
    lines: list[GridLine] = []
    if ev is None:
        lines.append(GridLine(_("Hamburgers"), [str(gv.hamburgers.get(p, 0)) for p in players], strong=True))
    else:
        row = {r.player: r for r in ev.rows}
        lines += [GridLine(_("Final score"), [str(row[p].points) for p in players], strong=True),
                  GridLine(_("Hamburgers"), [str(row[p].hamburgers) for p in players]),
                  GridLine(_("Rat tokens"), [str(row[p].rats) for p in players])]
    lines += [GridLine(_("Round {number}").format(number=rv.number),
                       [points_added(rv.finished.get(p, 0)) for p in players])
              for rv in gv.rounds]
    if ev is not None and any(r.top_bun for r in ev.rows):
        lines.append(GridLine(_("Top bun (BU-7)"), ["+1" if row[p].top_bun else "0" for p in players]))
    return players, lines
