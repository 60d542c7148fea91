"""The sales match summed up: a game's and the match's line in the history, the progress
line, and the score grid. No flet here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.edits import say_where
from companion.core.errors import RecordError
from companion.core.grid import GridRow as GridLine
from companion.core.grid import points_added
from companion.games.sales import rules
from companion.games.sales.i18n import _, ngettext
from companion.games.sales.models import ROUNDS
from companion.games.sales.present import Played, played

# ---------------------------------------------------------------- history


def game_line(record: Mapping[str, Any]) -> tuple[str, bool]:
    """One game in one line, and whether it is over: 'round 2 of 3, sale 3 to enter' or
    the final outcome."""
    try:
        game = played(record)
    except RecordError as err:
        return _("cannot be replayed: {problem}").format(problem=say_where(err)), False
    return progress_line(game), game.over


def progress_line(game: Played) -> str:
    """Where the game stands, or how it ended, in one line."""
    res, state = game.result, game.state
    if res["game_over"]:
        the_team = res["team"]
        if the_team is not None:
            earned = the_team["rating"]
            rating = _(earned) if earned else _("no rating")
            return _("game over: team score {score}, {rating} (SA-15)").format(score=the_team["score"], rating=rating)
        w = res["winners"][0]
        total = res["scores"][w]["total"]
        return ngettext("game over: {player} wins with {total} point (SA-13)",
                        "game over: {player} wins with {total} points (SA-13)", total).format(player=w, total=total)
    if state.round_over:
        return _("round {n} of {rounds} over; round {next} not started").format(
            n=state.round, rounds=ROUNDS, next=state.round + 1)
    return _("round {n} of {rounds}, sale {sale} to enter").format(
        n=state.round, rounds=ROUNDS, sale=state.sales_in_round + 1)


def match_line(players: Sequence[str], records: Sequence[Mapping[str, Any]]) -> tuple[str, bool]:
    """The history list's line for a match, and whether it is over: a sales match is
    one game, its three rounds the tally (SA-9)."""
    del players
    if not records:
        return _("not started"), False
    line, over = game_line(records[-1])
    if len(records) > 1:
        line = _("game {n}: {line}").format(n=len(records), line=line)
    return line, over


# ---------------------------------------------------------------- the score grid


def _totals(game: Played, rounds: int) -> dict[str, int]:
    """Each player's score of the cards won in the first ``rounds`` rounds (SA-10…SA-12),
    from the replay at hand: a player wins one card per sale won, in order."""
    players = game.state.players
    won = rules.won_after(game.rounds[:rounds], players)
    return {p: rules.score_of(players, won, p)["total"] for p in players}


def score_grid(game: Played) -> tuple[list[str], list[GridLine]]:
    """The players (seat order) and the grid's lines: the score now first (the final
    score once the game is over; the team score in co-op and solo, SA-15), then what
    each round added, round 1 first. Sets count cards won in every round (SA-11,
    SA-12), so a round's line is the score after it less the score before it."""
    players = list(game.state.players)
    res = game.result
    lines: list[GridLine] = []
    label = _("Final score") if res["game_over"] else _("Score now")
    lines.append(GridLine(label, [str(res["scores"][p]["total"]) for p in players], strong=True))
    if res["game_over"]:
        lines += [GridLine(_("Numbers"), [str(res["scores"][p]["numbers"]) for p in players]),
                  GridLine(_("1x sets"), [str(res["scores"][p]["sets"]) for p in players]),
                  GridLine(_("Neighbor sets"), [str(res["scores"][p]["neighbor"]) for p in players]),
                  GridLine(_("Cards won"), [str(res["scores"][p]["cards"]) for p in players])]
    before = {p: 0 for p in players}
    per_round: list[GridLine] = []
    for n, rnd in enumerate(game.rounds, 1):
        if not rnd["sales"]:
            continue
        after = _totals(game, n)
        per_round.append(GridLine(_("Round {n}").format(n=n), [points_added(after[p] - before[p]) for p in players]))
        before = after
    return players, lines + per_round
