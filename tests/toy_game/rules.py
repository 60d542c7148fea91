"""Highest unique, refereed: a pure replay. Rulings TOY-1…TOY-5:

- TOY-1: 2 to 5 players.
- TOY-2: every round each player names a number from 1 to 5, once.
- TOY-3: the game is 3 rounds.
- TOY-4: the highest number named by one player only scores that player a point;
  no such number, no point.
- TOY-5: the most points wins; equal points share the win.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.core.errors import RuleError, error_of
from companion.core.game import replay_rounds
from companion.core.message import messages
from companion.core.names import Roster, check_names
from tests.toy_game.models import Round, RoundResult, ToyRecord, ToyResult

msg, _nmsg = messages(__name__)      # English only: the toy game keeps no catalog

MIN_PLAYERS, MAX_PLAYERS = 2, 5
HIGHEST = 5
ROUNDS = 3


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    points: dict[str, int]
    rounds_played: int = 0

    @property
    def over(self) -> bool:
        return self.rounds_played >= ROUNDS


def start(record: ToyRecord) -> State:
    check_names(record["players"], MIN_PLAYERS, MAX_PLAYERS, "TOY-1")
    return State(tuple(record["players"]), {p: 0 for p in record["players"]})


def _validate(state: State, rnd: Round) -> dict[str, int]:
    r = state.rounds_played + 1
    if state.over:
        raise RuleError("TOY-3", msg("the game is {n} rounds", n=ROUNDS), round=r)
    roster = Roster(state.players)
    picks: dict[str, int] = {}
    for pick in rnd["picks"]:
        p = roster.resolve(pick["player"], "TOY-2", "", round=r)
        if p in picks:
            raise RuleError("TOY-2", "names two numbers in one round", round=r, player=p)
        if pick["number"] > HIGHEST:
            raise RuleError("TOY-2", msg("{number} is not a number from 1 to {highest}", number=pick["number"],
                                         highest=HIGHEST), round=r, player=p)
        picks[p] = pick["number"]
    for p in state.players:
        if p not in picks:
            raise RuleError("TOY-2", "names no number: everyone names one every round", round=r, player=p)
    return {p: picks[p] for p in state.players}


def check_round(state: State, rnd: Round) -> RuleError | None:
    return error_of(_validate, state, rnd)


def play_round(state: State, rnd: Round) -> tuple[RoundResult, State]:
    picks = _validate(state, rnd)
    unique = [n for n in picks.values() if list(picks.values()).count(n) == 1]
    winner = next((p for p, n in picks.items() if unique and n == max(unique)), None)
    points = {p: v + (p == winner) for p, v in state.points.items()}
    r = state.rounds_played + 1
    result: RoundResult = {"round": r, "picks": picks, "winner": winner, "points": points, "rulings": ["TOY-4"]}
    return result, replace(state, points=points, rounds_played=r)


def over(state: State) -> bool:
    return state.over


def replay(record: ToyRecord) -> tuple[list[RoundResult], State]:
    return replay_rounds(start(record), record["rounds"], play_round)


def result(rounds: list[RoundResult], state: State) -> ToyResult:
    won: list[str] = []
    if state.over:
        best = max(state.points.values())
        won = [p for p in state.players if state.points[p] == best]
    return {"game": "toy", "rounds": rounds, "game_over": state.over, "points": dict(state.points),
            "winners": won, "rounds_played": state.rounds_played}


def referee(record: ToyRecord) -> ToyResult:
    return result(*replay(record))


def final_scores(result: ToyResult) -> dict[str, int]:
    return dict(result["points"])
