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
from dataclasses import asdict, dataclass
from typing import Any

from companion.core import words
from companion.core.edits import say
from companion.core.errors import RecordError, RuleError
from companion.core.grid import GridRow as GridLine
from companion.core.grid import points_added
from companion.core.names import Roster
from companion.games.burger import rules, secrecy
from companion.games.burger.i18n import _, ngettext
from companion.games.burger.models import RoundResult
from companion.games.burger.recipes import bun_shown
from companion.games.burger.rulings import HOUSE_RULE, scoring_label, tools_label
from companion.games.burger.state import UNNAMED, deck_label, on_screen, parse, replay

Replayed = tuple[list[RoundResult], rules.State]
"""A record's replay (``state.replay``): worked out once per screen drawn, passed down."""


def hand_text(hand: Mapping[str, int]) -> str:
    """Tool cards as words: '2 tongs + 1 tease'."""
    return rules.tools_text(hand.get("tongs", 0), hand.get("tease", 0))


# ---------------------------------------------------------------- the game in play


def decks_lines(decks: Sequence[Sequence[str]]) -> list[str]:
    """Decks as laid out (public), one line each, counted from 1: 'Deck 1: bun, rat'."""
    return [_("{deck}: {cards}").format(deck=_capital(deck_label(i)), cards=", ".join(bun_shown(c) for c in deck))
            for i, deck in enumerate(decks)]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def reveal_instructions(state: rules.State) -> list[str]:
    """What to tell the first player before the decks are laid out (BU-2)."""
    n = len(state.players)
    need = rules.ingredients_per_round(n)
    lines = [
        _("Round {round}: {first} is first player.").format(round=state.next_round, first=state.first),
        _("{first}, reveal {need} ingredient cards into {decks} decks: the first {decks} start one "
          "deck each, then place the others on any deck (BU-2).").format(
              first=state.first, need=need, decks=rules.number_word(n)),
        _("Rat cards do not count towards the {need}: place each rat on a deck too and keep "
          "revealing (BU-2).").format(need=need),
    ]
    if state.draw_pile is not None:
        lines.append(_("The draw pile holds {cards}.").format(cards=rules.cards_text(state.draw_pile)))
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
        cards=rules.cards_text(state.draw_pile), need=need)


def next_first_line(state: rules.State) -> str:
    if state.over:
        return _("Game over: {end}.").format(end=state.end)
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
        parts.append(rules.rats_text(rats))
    return ", ".join(parts)


def round_view(players: Sequence[str], result: RoundResult, rnd: Mapping[str, Any],
               before: Mapping[str, int] | None = None, *, secrets: bool = False) -> RoundView:
    """One round for the public table screen (``before``: hamburgers before it).

    While the game runs (``secrets`` False) it names no rat token, no rat card per
    deck and no tool hand: those are secret (BU-3, BU-5); see ``private_view``."""
    before = before or {}
    decks = rnd["decks"]
    if result.wastebasket is not None:
        every = rules.number_word(len(decks))
        takes = [_("All {every} decks go to {player}'s wastebasket (BU-4).").format(
            every=every, player=result.wastebasket)]
    else:
        picks = rnd.get("picks") or list(range(len(decks)))
        takes = [_("{player} takes {deck}: {cards}").format(player=who, deck=deck_label(d),
                                                            cards=_deck_text(decks[d], secrets))
                 for who, d in zip(result.take_order, picks)]
    finished = {p: n for p in players if (n := result.hamburgers.get(p, 0) - before.get(p, 0))}
    target = rules.hamburgers_to_end(len(players))
    total = sum(result.hamburgers.values())
    return RoundView(
        number=result.round,
        first=result.first,
        reveal=result.notes[0],
        explanation=result.explanation,
        take_order=list(result.take_order),
        takes=takes,
        finished=finished,
        hamburgers={p: result.hamburgers.get(p, 0) for p in players},
        count=_("{total} of {target} complete hamburgers on the table (BU-6).").format(total=total, target=target),
        next_first=result.next_first,
        notes=secrecy.public_notes(result),
        rulings=list(result.rulings),
        game_over=result.game_over,
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


def last_round(record: Mapping[str, Any], replayed: Replayed) -> RoundView | None:
    """The last round played, as everyone may see it (None before round 1)."""
    results, state = replayed
    if not results:
        return None
    before = results[-2].hamburgers if len(results) > 1 else {}
    return round_view(state.players, results[-1], record["rounds"][-1], before, secrets=state.over)


def seat_round(record: Mapping[str, Any], replayed: Replayed, player: str | None) -> dict[str, Any] | None:
    """The last round as a phone (``player``'s seat; None: the host) receives it: the
    rules' result with only this player's own secret parts, and the round's public
    view (``view``, drawn with ``round_lines``)."""
    rv = last_round(record, replayed)
    if rv is None:
        return None
    results, state = replayed
    out = secrecy.own_part(results[-1].model_dump(), player)
    out["game_over"] = state.over
    out["view"] = asdict(rv)
    return out


def own_lines(seat: Mapping[str, Any]) -> list[Line]:
    """A phone's own secret part of a round (its rat tokens, tool cards left, what the
    rules told it only), from ``seat_round``."""
    out = [Line(_("My rat tokens ({player}): {n}").format(player=p, n=n)) for p, n in seat["rats"].items()]
    out += [Line(_("My tool cards left ({player}): {hand}").format(player=p, hand=hand_text(hand)))
            for p, hand in seat["tools_left"].items()]
    out += [Line(on_screen(line)) for lines in seat["private"].values() for line in lines]
    return out


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
    rec = parse(record)
    results, state = replayed or rules.replay(rec)
    views: list[RoundView] = []
    before: dict[str, int] = {}
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


def private_view(record: Mapping[str, Any], player: str, replayed: Replayed | None = None) -> PrivateView:
    """What ``player`` may see of their own secrets: rat tokens, used tool cards and
    the tool cards in hand. Raises RuleError for a name that is not a player."""
    results, state = replayed or replay(record)
    p = Roster(state.players).resolve(player, "BU-5", "a peek for")
    lines = [_("Round {round}: {note}").format(round=r.round, note=on_screen(line))
             for r in results for line in r.private.get(p, [])]
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
    rec = parse(record)
    __, state = replayed or rules.replay(rec)
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
        end=_("Game over after {rounds}: {end}.").format(rounds=rules.rounds_text(final.rounds_played), end=final.end),
        rows=rows,
        winners=won,
        explanation=text,
        scoring=scoring_label(rec.scoring.hamburger, rec.scoring.rat),
        top_bun_choices=list(final.players),
        top_bun_note=_("Each player may flip the wastebasket card as the top bun of one hamburger "
                       "that lacks only its top bun: one more complete hamburger (BU-7)."),
        error=error,
    )


def score_lines(view: EndView) -> list[str]:
    """The final scores as lines, labelled house rule (BU-8)."""
    out = []
    for row in view.rows:
        burgers = rules.hamburgers_text(row.hamburgers)
        if row.top_bun:
            burgers = _("{hamburgers} incl. the wastebasket top bun (BU-7)").format(hamburgers=burgers)
        out.append(_("{player}: {hamburgers}, {rat_tokens}: {points} ({house_rule}, BU-8)").format(
            player=row.player, hamburgers=burgers, rat_tokens=rules.rat_tokens_text(row.rats),
            points=rules.points_text(row.points), house_rule=_(HOUSE_RULE)))
    return out


def secrets_lines(view: EndView) -> list[str]:
    """Everyone's secrets, shown once the game is over (BU-5)."""
    return [_("{player}: {rat_tokens}, used tool cards: {hand}").format(
                player=r.player, rat_tokens=rules.rat_tokens_text(r.rats), hand=hand_text(r.used))
            for r in view.rows]


# ---------------------------------------------------------------- history


def game_line(record: Mapping[str, Any]) -> str:
    """One game in one line, for lists: where it stands or who won."""
    try:
        __, state = replay(record)
    except RecordError as err:
        return _("cannot be replayed: {error}").format(error=err)
    return state_line(state)


def state_line(state: rules.State) -> str:
    """A replayed game in one line: where it stands or who won."""
    if state.over:
        points, won, __ = rules.standings(state)
        who = words.names(won)
        return ngettext("over after {rounds}: {players} wins with {points} ({house_rule}, before BU-7 top buns)",
                        "over after {rounds}: {players} share the win with {points} ({house_rule}, "
                        "before BU-7 top buns)", len(won)).format(
            rounds=rules.rounds_text(state.rounds_played), players=who,
            points=rules.points_text(points[won[0]]), house_rule=_(HOUSE_RULE))
    target = rules.hamburgers_to_end(len(state.players))
    return _("{rounds} played, {complete} of {target} hamburgers, {first} first").format(
        rounds=rules.rounds_text(state.rounds_played), complete=state.complete, target=target, first=state.first)


def match_line(records: Sequence[Mapping[str, Any]]) -> tuple[str, bool]:
    """A burger match (a single game) in one line for the home screen and the history,
    and whether it is over."""
    if not records:
        return _("no game started"), False
    try:
        __, state = replay(records[-1])
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
