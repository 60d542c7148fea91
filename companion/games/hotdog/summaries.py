"""Hot Dog's match summed up: the games' tally and its sentence (HD-15), the match's line in
the history, the progress line, the money and match grids, and the next game's mustard.
No flet here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.grid import GridRow as GridLine
from companion.core.match import GAMES_PER_MATCH, MatchRecord, MatchResult, match_text, tally
from companion.games.hotdog import rules
from companion.games.hotdog.explain import dollars
from companion.games.hotdog.i18n import _, ngettext
from companion.games.hotdog.models import START_MONEY
from companion.games.hotdog.present import GameView, money_text

# ---------------------------------------------------------------- the match


def match_tally(players: Sequence[str], records: Sequence[Mapping[str, Any]]) -> MatchResult:
    return tally(MatchRecord(game="hotdog", players=list(players), games=[dict(r) for r in records]))


def match_explanation(result: MatchResult) -> str:
    """The match in one sentence (HD-15): its winner, or how many games are finished."""
    return match_text(result)


def match_line(players: Sequence[str], finished: MatchResult, number: int) -> str | None:
    """The match so far as game ``number``'s table shows it (HD-15): the finished
    games' totals, said as such; the game in play is added when it ends (its money is
    the table's own line). None in game 1."""
    if number <= 1:
        return None
    money = money_text(finished.totals, players)
    if number == 2:
        return _("Match after game 1 (HD-15): {money}; game {n}'s money is added when it ends").format(
            money=money, n=number)
    return _("Match after games 1–{last} (HD-15): {money}; game {n}'s money is added when it ends").format(
        last=number - 1, money=money, n=number)


def signed(n: int) -> str:
    """A change of money: '+2', '−1' ('' for none)."""
    return "" if n == 0 else (f"+{n}" if n > 0 else f"−{-n}")


def money_grid(gv: GameView) -> list[GridLine]:
    """The game's money as a score grid reads it, a column per player: the money now
    first, then each round played, its money after it and its change ('$5 +2')."""
    players = gv.players
    out: list[GridLine] = [GridLine(_("Now"), [dollars(gv.state.money[p]) for p in players], True)]
    before = {p: START_MONEY for p in players}
    for r in gv.results:
        cells = [f"{dollars(r['money'][p])} {signed(r['money'][p] - before[p])}".strip() for p in players]
        out.append(GridLine(_("Round {n}").format(n=r["round"]), cells))
        before = dict(r["money"])
    return out


def match_grid(players: Sequence[str], result: MatchResult) -> list[GridLine]:
    """The match as a score grid reads it (HD-15): the totals first, then each game's dollars."""
    out: list[GridLine] = [GridLine(_("Total"), [dollars(result.totals[p]) for p in players], True)]
    out += [GridLine(_("Game {n}").format(n=g.number), [dollars(g.scores[p]) for p in players])
            for g in result.games]
    return out


def can_start_next_game(result: MatchResult) -> bool:
    """The match's last game is over and it has fewer than three."""
    return 0 < len(result.games) < GAMES_PER_MATCH and result.games[-1].over


def next_game_mustard(record: Mapping[str, Any]) -> str:
    """HD-17 (house rule): the next game's mustard starts one seat clockwise from this game's start."""
    players = record["players"]
    return rules.next_game_mustard(players, record.get("mustard") or players[0])


def progress(players: Sequence[str], records: Sequence[Mapping[str, Any]]) -> tuple[str, bool]:
    """Where a match stands, in one line for the history list, and whether it is over."""
    result = match_tally(players, records)
    if result.complete:
        return match_text(result), True
    current = result.games[-1] if result.games else None
    rounds = len(records[-1]["rounds"]) if records else 0
    if current is not None and current.over:
        return _("game {n} of {of} over; next game not started").format(n=len(records), of=GAMES_PER_MATCH), False
    return ngettext("game {n} of {of}, {rounds} round played", "game {n} of {of}, {rounds} rounds played",
                    rounds).format(n=len(records), of=GAMES_PER_MATCH, rounds=rounds), False
