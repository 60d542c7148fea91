"""What burger's screens draw, as typed views of the replayed record: the table
screen, the match's history, the host panel and the phones. No flet here. The
referee's sentences these views hold are :mod:`companion.games.burger.explain`'s; the
match's lines and grid are :mod:`companion.games.burger.summaries`'.

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

from companion.core import registry
from companion.core.edits import say
from companion.core.errors import RuleError
from companion.core.game import Played
from companion.core.names import Roster
from companion.games.burger import rules, secrecy
from companion.games.burger.explain import (
    count_line,
    draw_pile_line,
    end_text,
    game_text,
    last_end,
    private_lines,
    public_notes,
    reveal_text,
    takes_text,
)
from companion.games.burger.i18n import _, ngettext
from companion.games.burger.models import RoundResult
from companion.games.burger.recipes import bun_shown
from companion.games.burger.rulings import HOUSE_RULE, scoring_label, tools_label
from companion.games.burger.state import UNNAMED, deck_label
from companion.games.burger.words import (
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


# ---------------------------------------------------------------- the game in play


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
