"""Sales, refereed: a pure replay of the record, sale by sale (SA-1…SA-15).

``start`` checks the setup and gives the state before the first sale;
``play_sale`` resolves one sale and gives its result and the next state;
``start_round`` opens the next round; ``replay`` and ``referee`` run a whole
record. Nothing is changed in place: a rejected sale or round raises
``RuleError`` before anything changes (``check_sale`` returns it as a value).

No flet, no reportlab here (a test checks it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from companion.core import words
from companion.core.errors import RuleError, error_of
from companion.core.names import Roster, check_names
from companion.core.seating import first_clockwise, neighbours
from companion.games.sales.models import (
    DEFAULT_HAND_SIZE,
    ROUNDS,
    Card,
    Play,
    Round,
    RoundResult,
    Sale,
    SaleResult,
    SalesRecord,
    SalesResult,
    Score,
    Team,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 6  # SA-2, competitive
TEAM_PLAYERS = 2  # SA-2, co-op and solo
RATINGS = ((65, "Wow!"), (55, "Good job."), (45, "Not bad!"))  # SA-15
MODE_TITLES = {"competitive": "the competitive game", "coop": "co-op", "solo": "solo"}


@dataclass(frozen=True)
class State:
    """The game between sales.

    ``round`` is the round being played (1…3); ``leader`` leads its next sale and
    is None once every hand is empty (the round is over). ``won`` holds each
    player's won cards in the order won; ``last_win`` the number (counted over the
    whole game) of the last sale each player won, for the SA-13 tie-break.
    """

    players: tuple[str, ...]
    mode: str
    hand_size: int
    round: int
    hands: Mapping[str, int]
    leader: str | None
    won: Mapping[str, tuple[Card, ...]]
    last_win: Mapping[str, int]
    sales_played: int = 0
    sales_in_round: int = 0
    last_winner: str | None = None

    @property
    def round_over(self) -> bool:
        return self.leader is None

    @property
    def game_over(self) -> bool:
        return self.round == ROUNDS and self.round_over


def start(record: SalesRecord) -> State:
    """The state before the first sale of round 1, after checking the setup
    (SA-2, SA-9)."""
    players = tuple(record.players)
    if record.mode == "competitive":
        check_names(players, MIN_PLAYERS, MAX_PLAYERS, "SA-2")
    else:
        if len(players) != TEAM_PLAYERS:
            what = "co-op is for exactly 2 players" if record.mode == "coop" else (
                "solo is refereed as exactly 2 hands"
            )
            raise RuleError("SA-2", f"{what}, not {len(players)}")
        check_names(players, TEAM_PLAYERS, TEAM_PLAYERS, "SA-2")
    leader = players[0]
    if record.leader is not None:
        leader = Roster(players).resolve(record.leader, "SA-9", "the first leader")
    return State(
        players=players,
        mode=record.mode,
        hand_size=record.hand_size,
        round=1,
        hands={p: record.hand_size for p in players},
        leader=leader,
        won={p: () for p in players},
        last_win={},
    )


def start_round(state: State) -> State:
    """The next round: every hand dealt again, led by the winner of the previous
    round's last sale (SA-9). Won cards are kept."""
    r = state.round + 1
    if r > ROUNDS:
        raise RuleError("SA-9", f"the game has {ROUNDS} rounds: it ended after round {ROUNDS}", round=r)
    if not state.round_over:
        holders = [f"{p} ({n})" for p, n in state.hands.items() if n]
        verb = "holds" if len(holders) == 1 else "hold"
        raise RuleError(
            "SA-7",
            f"round {state.round} has not ended: {words.names(holders)} still {verb} cards; "
            "a round ends when every hand is empty (SA-9)",
            round=r,
        )
    assert state.last_winner is not None  # a finished round had at least one sale
    return replace(
        state,
        round=r,
        hands={p: state.hand_size for p in state.players},
        leader=state.last_winner,
        sales_in_round=0,
    )


def play_order(state: State) -> list[str]:
    """SA-3: the leader, then each player with cards in hand, clockwise."""
    if state.leader is None:
        return []
    i = state.players.index(state.leader)
    seats = state.players[i:] + state.players[:i]
    return [p for p in seats if state.hands[p] > 0]


def _validate(state: State, sale: Sale) -> list[Play]:
    """SA-3, SA-7: the plays of the next sale, one per player with cards, in order."""
    r, s = state.round, state.sales_in_round + 1
    if state.round_over:
        raise RuleError(
            "SA-7", f"every hand is empty: round {r} is over"
            + (f"; start round {r + 1}" if r < ROUNDS else " and so is the game (SA-9)"),
            round=r, sale=s,
        )
    order = play_order(state)
    roster = Roster(state.players)
    plays: list[Play] = []
    seen: set[str] = set()
    for i, play in enumerate(sale.plays):
        p = roster.resolve(play.player, "SA-3", "", round=r, sale=s)
        where = {"round": r, "sale": s, "player": p}
        if p in seen:
            raise RuleError("SA-3", "plays twice in one sale", **where)
        if state.hands[p] == 0:
            raise RuleError("SA-3", "has no cards in hand and cannot play", **where)
        if i >= len(order) or order[i] != p:
            expected = order[i] if i < len(order) else None
            raise RuleError(
                "SA-3",
                f"plays out of turn: {expected} plays next "
                f"(clockwise from the leader {state.leader}, skipping empty hands)",
                **where,
            )
        seen.add(p)
        plays.append(play.model_copy(update={"player": p}) if play.player != p else play)
    if len(plays) < len(order):
        missing = order[len(plays)]
        raise RuleError(
            "SA-3",
            "has not played: every player with cards in hand plays each sale"
            if plays else f"the sale has no plays: {state.leader} leads",
            round=r, sale=s, player=missing if plays else None,
        )
    return plays


def check_sale(state: State, sale: Sale) -> RuleError | None:
    """The error that rejects this sale, or None: for the app, as a value."""
    return error_of(_validate, state, sale)


def lead_suit(cards: Sequence[Card]) -> str | None:
    """SA-4: the suit of the first non-wild card played; None if every card is wild."""
    for card in cards:
        if not card.wild:
            return card.suit
    return None


def sale_winner(cards: Sequence[Card]) -> tuple[int, list[int]]:
    """SA-4, SA-5: the index of the winning card and the indexes of on-suit cards.

    Wilds are on suit for every suit; the lowest on-suit value wins; on a tie,
    the last such card played wins."""
    suit = lead_suit(cards)
    on = [i for i, c in enumerate(cards) if c.wild or suit is None or c.suit == suit]
    low = min(cards[i].value for i in on)
    return max(i for i in on if cards[i].value == low), on


def play_sale(state: State, sale: Sale) -> tuple[SaleResult, State]:
    """Resolve the next sale (SA-3…SA-8, SA-14): its result and the state after it."""
    plays = _validate(state, sale)
    assert state.leader is not None
    order = [p.player for p in plays]
    cards = [p.card for p in plays]
    w, on = sale_winner(cards)
    winner, card = order[w], cards[w]
    hands = dict(state.hands)
    for p in order:
        hands[p] -= 1
    discards = min(card.discard, hands[winner])
    hands[winner] -= discards
    next_leader = first_clockwise(state.players, winner, lambda p: hands[p] > 0)
    number = state.sales_played + 1
    s = state.sales_in_round + 1
    suit = lead_suit(cards)
    off = [order[i] for i in range(len(order)) if i not in on]
    text, rulings = _explain(state, order, cards, w, on, suit, discards, hands, next_leader)
    result = SaleResult(
        leader=state.leader,
        on_suit=[order[i] for i in on],
        winner=winner,
        discards=discards,
        next_leader=next_leader,
        sale=s,
        order=order,
        suit=suit,
        off_suit=off,
        card=card,
        alone=len(order) == 1,
        hands=hands,
        explanation=text,
        rulings=rulings,
    )
    won = dict(state.won)
    won[winner] = won[winner] + (card,)
    after = replace(
        state,
        hands=hands,
        leader=next_leader,
        won=won,
        last_win={**state.last_win, winner: number},
        sales_played=number,
        sales_in_round=s,
        last_winner=winner,
    )
    return result, after


def _explain(
    state: State,
    order: Sequence[str],
    cards: Sequence[Card],
    w: int,
    on: Sequence[int],
    suit: str | None,
    discards: int,
    hands: Mapping[str, int],
    next_leader: str | None,
) -> tuple[str, list[str]]:
    """The sale in a player's words, and the rulings it applied."""
    winner, card = order[w], cards[w]
    rulings = ["SA-3"]
    if len(order) == 1:
        head = f"{winner} plays alone: the {card.label()} wins (SA-8)."
        rulings += ["SA-5", "SA-8"]
    else:
        rulings += ["SA-4", "SA-5"]
        why = "the lowest card on suit"
        tied = [i for i in on if cards[i].value == card.value and i != w]
        if tied:
            others = words.names([f"{order[i]}'s {cards[i].label()}" for i in tied])
            why += f", tied with {others}: the last one played wins"
        parts = [f"{winner} wins with the {card.label()}: {why}"]
        if cards[0].wild and suit is not None:
            setter = next(i for i, c in enumerate(cards) if not c.wild)
            parts.append(
                f"{order[0]} led a wild, so {order[setter]}'s {cards[setter].label()} set the suit"
            )
        elif suit is None:
            parts.append("every card was wild, so all were on suit")
        off = [i for i in range(len(order)) if i not in on]
        if off:
            cards_off = words.names([f"{order[i]}'s {cards[i].label()}" for i in off])
            was = "was" if len(off) == 1 else "were"
            parts.append(f"{cards_off} {was} off suit")
        head = "; ".join(parts) + " (SA-4, SA-5)."
        if off and state.mode != "competitive":
            head += (
                f" In {MODE_TITLES[state.mode]} an off-suit card may be played only "
                "without an on-suit card in hand: confirm it (SA-14)."
            )
            rulings.append("SA-14")
    sentences = [head]
    rulings.append("SA-6")
    if card.discard:
        if discards == card.discard:
            sentences.append(
                f"{winner} keeps it and discards {words.count(discards, 'card')} from hand (SA-6)."
            )
        else:
            sentences.append(
                f"{winner} keeps it; its {words.count(card.discard, 'discard icon')} ask for "
                f"{card.discard}, but only {words.count(discards, 'card')} "
                f"{'was' if discards == 1 else 'were'} left in hand, so that is all "
                "that is discarded (SA-6)."
            )
    else:
        sentences.append(f"{winner} keeps it (no discard icons) (SA-6).")
    rulings.append("SA-7")
    if next_leader is None:
        sentences.append(f"Every hand is empty: round {state.round} ends (SA-7).")
    elif next_leader != winner:
        sentences.append(
            f"{winner}'s hand is empty, so {next_leader}, the next player clockwise "
            "with cards, leads (SA-7)."
        )
    else:
        sentences.append(f"{winner} leads the next sale (SA-7).")
    if len(order) > 1 and next_leader is not None and all(
        hands[p] == 0 for p in state.players if p != next_leader
    ) and len(state.players) > 1:
        sentences.append(f"{next_leader} now plays alone (SA-8).")
        if "SA-8" not in rulings:
            rulings.append("SA-8")
    return " ".join(sentences), sorted(set(rulings), key=lambda x: int(x.split("-")[1]))


def _round_result(
    before: State, after: State, results: list[SaleResult], leader: str
) -> RoundResult:
    won = {p: sum(1 for x in results if x.winner == p) for p in before.players}
    won = {p: n for p, n in won.items() if n}
    played = sum(len(x.order) for x in results)
    discarded = played - len(results) + sum(x.discards for x in results)
    notes = []
    if after.round_over:
        notes.append(f"Every hand is empty: round {after.round} is over (SA-7).")
        if after.round < ROUNDS:
            notes.append(
                f"{after.last_winner} won the last sale and leads round {after.round + 1} (SA-9)."
            )
        else:
            notes.append(f"That was round {ROUNDS} of {ROUNDS}: the game is over (SA-9).")
    else:
        holding = ", ".join(f"{p} {n}" for p, n in after.hands.items() if n)
        notes.append(f"Round {after.round} in progress: cards in hand {holding}.")
    next_leader = after.leader if not after.round_over else (
        after.last_winner if after.round < ROUNDS else None
    )
    return RoundResult(
        round=after.round,
        sales=results,
        hands=dict(after.hands),
        leader=leader,
        over=after.round_over,
        won=won,
        discarded=discarded,
        next_leader=next_leader,
        notes=notes,
    )


def play_round(state: State, rnd: Round) -> tuple[RoundResult, State]:
    """Play every recorded sale of the current round (already started)."""
    assert state.leader is not None
    leader = state.leader
    before = state
    results = []
    for sale in rnd.sales:
        result, state = play_sale(state, sale)
        results.append(result)
    return _round_result(before, state, results, leader), state


def replay(record: SalesRecord) -> tuple[list[RoundResult], State]:
    """Every round's result and the state after the last recorded sale."""
    state = start(record)
    results: list[RoundResult] = []
    for i, rnd in enumerate(record.rounds):
        if i > 0:
            state = start_round(state)
        result, state = play_round(state, rnd)
        results.append(result)
    return results, state


# ---------------------------------------------------------------- scoring


def _collects(card: Card, icon: str) -> bool:
    """A card counted by a set collecting ``icon``: it shows the icon or is wild."""
    return card.wild or card.shows(icon)


def score(state: State, player: str) -> Score:
    """SA-10…SA-12: numbers, 1x sets and neighbor sets of the cards won so far."""
    mine = state.won[player]
    lines = []
    numbers = sum(c.value for c in mine)
    if mine:
        terms = " + ".join(str(c.value) for c in mine)
        labels = ", ".join(c.label() for c in mine)
        lines.append(f"Numbers: {terms} = {numbers} ({labels}) (SA-10)")
    else:
        lines.append("Numbers: 0, no cards won (SA-10)")
    sets = 0
    for card in mine:
        if card.set is None or card.set.kind != "1x":
            continue
        icon = card.set.icon
        counted = [c for c in mine if _collects(c, icon)]
        sets += len(counted)
        lines.append(
            f"1x set {card.label()} collecting {icon}: {len(counted)} "
            f"({', '.join(c.label() for c in counted)}) (SA-11)"
        )
    neighbor = 0
    nbrs = neighbours(state.players, player)
    for card in mine:
        if card.set is None or card.set.kind != "neighbor":
            continue
        icon = card.set.icon
        per = {q: [c for c in state.won[q] if _collects(c, icon)] for q in nbrs}
        n = sum(len(v) for v in per.values())
        neighbor += n
        shown = "; ".join(
            f"{q}: {', '.join(c.label() for c in v) if v else 'none'}" for q, v in per.items()
        )
        once = " (two players: the one neighbour counts once)" if len(state.players) == 2 else ""
        lines.append(f"Neighbor set {card.label()} collecting {icon}: {n} ({shown}){once} (SA-12)")
    total = numbers + sets + neighbor
    lines.append(f"Total: {numbers} + {sets} + {neighbor} = {total}")
    return Score(
        numbers=numbers, sets=sets, neighbor=neighbor, total=total,
        cards=len(mine), breakdown=lines,
    )


def winners(state: State, scores: Mapping[str, Score]) -> tuple[list[str], str]:
    """SA-13: the highest total wins; a tie goes to the tied player who won the
    most recent sale. Only in the competitive game once three rounds are over."""
    best = max(s.total for s in scores.values())
    tied = [p for p in state.players if scores[p].total == best]
    if len(tied) == 1:
        return tied, f"Game over: {tied[0]} wins with {best} points (SA-13)."
    top = max(tied, key=lambda p: state.last_win.get(p, 0))
    return [top], (
        f"Game over: {words.names(tied)} tie with {best} points; {top} won the most recent "
        f"sale of them (sale {state.last_win.get(top, 0)} of the game) and wins (SA-13)."
    )


def team(scores: Mapping[str, Score], players: Sequence[str], mode: str) -> Team:
    """SA-15: the team score is the lower score; its rating."""
    low = min(scores[p].total for p in players)
    rating = next((name for at, name in RATINGS if low >= at), None)
    who = "hand" if mode == "solo" else "player"
    text = f"Team score {low}: the lower {who}'s score (SA-15); "
    text += f"rating: {rating}" if rating else "below 45: no rating."
    return Team(score=low, rating=rating, explanation=text)  # type: ignore[arg-type]


def _setup_notes(state: State) -> list[str]:
    return setup_notes(state.mode, state.hand_size)


def setup_notes(mode: str, n: int) -> list[str]:
    """What a player reads about the cards dealt per round (SA-2): the competitive
    default is a house rule (the deal chart is missing); other numbers are house variants."""
    if mode == "competitive":
        if n == DEFAULT_HAND_SIZE:
            return [f"{n} cards per round: house rule (SA-2), the deal chart is missing."]
        return [
            f"{n} cards per round: house variant (SA-2); the deal chart is missing and the "
            f"house rule default is {DEFAULT_HAND_SIZE}."
        ]
    unit = "hand" if mode == "solo" else "player"
    if n == DEFAULT_HAND_SIZE:
        return [f"{n} cards per {unit} per round, as the rules deal in {MODE_TITLES[mode]} (SA-2)."]
    return [
        f"{n} cards per {unit} per round: house variant (SA-2); the rules deal "
        f"{DEFAULT_HAND_SIZE} in {MODE_TITLES[mode]}."
    ]


def referee(record: SalesRecord) -> SalesResult:
    """The result of a Sales record (the contract's output)."""
    return result_of(*replay(record))


def result_of(results: list[RoundResult], state: State) -> SalesResult:
    """The contract's output from a replay (``replay``'s results and final state): a
    screen that needs both replays the record once."""
    scores = {p: score(state, p) for p in state.players}
    over = state.game_over
    won: list[str] = []
    the_team = None
    if state.mode == "competitive":
        if over:
            won, text = winners(state, scores)
        else:
            text = _progress(state)
    else:
        the_team = team(scores, state.players, state.mode)
        text = ("Game over. " if over else _progress(state) + " ") + the_team.explanation
    return SalesResult(
        rounds=results,
        game_over=over,
        scores=scores,
        winners=won,
        team=the_team,
        mode=state.mode,  # type: ignore[arg-type]
        hand_size=state.hand_size,
        notes=_setup_notes(state),
        explanation=text,
    )


def _progress(state: State) -> str:
    if state.round_over:
        return f"Game in progress: round {state.round} is over; {state.last_winner} leads round {state.round + 1}."
    return f"Game in progress: round {state.round}, {state.leader} leads the next sale."


def final_scores(result: SalesResult) -> dict[str, int]:
    """A finished game's total per player (SA-10…SA-12)."""
    return {p: s.total for p, s in result.scores.items()}




