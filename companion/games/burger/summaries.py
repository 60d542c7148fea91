"""The burger match summed up: a game's and the match's line in the history, the state
line, and the score grid. No flet here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core import words
from companion.core.errors import RecordError
from companion.core.grid import GridRow as GridLine
from companion.core.grid import points_added
from companion.games.burger import rules
from companion.games.burger.i18n import _, ngettext
from companion.games.burger.present import EndView, GameView, replay
from companion.games.burger.rulings import HOUSE_RULE
from companion.games.burger.words import (
    rounds_text,
)

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
