"""Sales, refereed: a pure replay of the record, sale by sale (SA-1…SA-15).

``start`` checks the setup and gives the state before the first sale;
``play_sale`` resolves one sale and gives its facts and the next state;
``start_round`` opens the next round, dealt the round's own hand size when the
record gives one (SA-16: how many that is, the table works out with ``deal``);
``play_round`` plays the record's next round (the core replays a whole record with
it) and ``result`` gives the game's result. Nothing is changed in place: a rejected
sale or round raises ``RuleError`` before anything changes (``check_sale`` returns
it as a value).

Facts only: no sentence, no number written out, no language here (the ``present``
layer words them; a refusal is a typed message). No flet, no reportlab here (a test
checks it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NoReturn

from companion.core.errors import RuleError, Where, error_of
from companion.core.game import replay_rounds
from companion.core.message import Names, messages
from companion.core.names import Roster, check_names
from companion.core.seating import neighbours
from companion.games.sales.models import (
    ROUNDS,
    WILD,
    Card,
    Mode,
    Play,
    Rating,
    Round,
    RoundResult,
    Sale,
    SaleResult,
    SalesRecord,
    SalesResult,
    Score,
    Team,
    is_wild,
    shows,
    shows_folded,
)

msg, nmsg = messages(__name__)

MIN_PLAYERS, MAX_PLAYERS = 2, 6  # SA-2, competitive
TEAM_PLAYERS = 2  # SA-2, co-op and solo
RATINGS: tuple[tuple[int, Rating], ...] = ((65, "Wow!"), (55, "Good job."), (45, "Not bad!"))  # SA-15


@dataclass(slots=True)
class State:
    """The game between sales.

    Slotted but not frozen, on purpose: a replay builds one state per sale, and a
    frozen dataclass builds itself through ``object.__setattr__`` field by field, 7× the
    time of a plain one (7 against 1 µs in the same run, a third of a realistic
    record's rules, issue 26). It is immutable by discipline instead: the rules build
    every new state whole and never assign to one or change its mappings, the replay
    cache (``core.replays``) shares states on that promise, and a test
    (``tests/every_game/test_states_unchanged.py``) replays every game's records and
    checks that no state changes after it is made.

    ``round`` is the round being played (1…3); ``leader`` leads its next sale and
    is None once every hand is empty (the round is over). ``won`` holds each
    player's won cards in the order won; ``last_win`` the number (counted over the
    whole game) of the last sale each player won, for the SA-13 tie-break.
    ``rounds_begun``: the record's rounds played so far (the next one is dealt anew).
    """

    players: tuple[str, ...]
    mode: Mode
    hand_size: int
    dealt: int        # the cards dealt to each player this round (SA-2, SA-16)
    round: int
    hands: Mapping[str, int]
    leader: str | None
    won: Mapping[str, tuple[Card, ...]]
    last_win: Mapping[str, int]
    sales_played: int = 0
    sales_in_round: int = 0
    last_winner: str | None = None
    rounds_begun: int = 0

    @property
    def round_over(self) -> bool:
        return self.leader is None

    @property
    def game_over(self) -> bool:
        return self.round == ROUNDS and self.round_over


# What a setup's leader is, said in its refusal (made once, not per record).
_FIRST_LEADER = msg("the first leader")


def start(record: SalesRecord) -> State:
    """The state before the first sale of round 1, after checking the setup
    (SA-2, SA-9)."""
    players = tuple(record["players"])
    mode = record["mode"]
    if mode == "competitive":
        check_names(players, MIN_PLAYERS, MAX_PLAYERS, "SA-2")
    else:
        if len(players) != TEAM_PLAYERS:
            what = (msg("co-op is for exactly 2 players, not {n}", n=len(players)) if mode == "coop"
                    else msg("solo is refereed as exactly 2 hands, not {n}", n=len(players)))
            raise RuleError("SA-2", what)
        check_names(players, TEAM_PLAYERS, TEAM_PLAYERS, "SA-2")
    leader = record["leader"]
    if leader is None:
        leader = players[0]
    elif leader not in players:     # most records name them as seated: no Roster made, no call
        leader = Roster(players).resolve(leader, "SA-9", _FIRST_LEADER)
    rounds = record["rounds"]
    dealt = round_hand(record["hand_size"], rounds[0]["hand_size"] if rounds else None, 1)
    return State(
        players=players,
        mode=mode,
        hand_size=record["hand_size"],
        dealt=dealt,
        round=1,
        hands=dict.fromkeys(players, dealt),     # not comprehensions: each is a call of its own
        leader=leader,
        won=dict.fromkeys(players, ()),
        last_win={},
    )


def round_hand(game: int, own: int | None, r: int) -> int:
    """The cards dealt to each player in round ``r``: the round's own hand size when the
    record gives one, else the game's (SA-16). A round's own is at least 1 and, dealt
    because the stock ran short, at most the game's."""
    if own is None:
        return game
    if own < 1:
        raise RuleError("SA-16", msg("a round deals each player at least 1 card, not {n}", n=own), round=r)
    if own > game:
        raise RuleError("SA-16", msg("a round deals at most the game's {game} cards each, not {n}: a short "
                                     "stock deals fewer, never more", game=game, n=own), round=r)
    return own


def start_round(state: State, hand_size: int | None = None) -> State:
    """The next round: every hand dealt again — the game's hand size, or the round's own
    (``hand_size``, SA-16) — led by the winner of the previous round's last sale (SA-9).
    Won cards are kept."""
    r = state.round + 1
    if r > ROUNDS:
        raise RuleError("SA-9", msg("the game has {n} rounds: it ended after round {n}", n=ROUNDS), round=r)
    if not state.round_over:
        holders = [msg("{player} ({n})", player=p, n=n) for p, n in state.hands.items() if n]
        raise RuleError(
            "SA-7",
            nmsg("round {n} has not ended: {players} still holds cards; "
                 "a round ends when every hand is empty (SA-9)",
                 "round {n} has not ended: {players} still hold cards; "
                 "a round ends when every hand is empty (SA-9)", len(holders), n=state.round,
                 players=Names(holders)),
            round=r,
        )
    assert state.last_winner is not None  # a finished round had at least one sale
    dealt = round_hand(state.hand_size, hand_size, r)
    # made whole, as dataclasses.replace would (at a quarter of its time: once a round)
    return State(state.players, state.mode, state.hand_size, dealt, r, dict.fromkeys(state.players, dealt),
                 state.last_winner, state.won, state.last_win, state.sales_played, 0, state.last_winner,
                 state.rounds_begun)


def play_order(state: State) -> list[str]:
    """SA-3: the leader, then each player with cards in hand, clockwise."""
    if state.leader is None:
        return []
    players, hands = state.players, state.hands
    i = players.index(state.leader)
    return [p for p in players[i:] + players[:i] if hands[p] > 0]


def _validate(state: State, sale: Sale) -> list[Play]:
    """SA-3, SA-7: the plays of the next sale, one per player with cards, in order."""
    if state.leader is not None and _in_turn(state.players, state.hands, state.leader, sale["plays"]):
        return sale["plays"]
    return _validate_each(state, sale)


def _in_turn(players: tuple[str, ...], hands: Mapping[str, int], leader: str, plays: Sequence[Play]) -> bool:
    """The common sale, checked in one pass: every player with cards plays, in turn
    from ``leader``, named exactly as seated. Anything else (a name typed otherwise, a
    play refused) is read by the careful loop, which says what is wrong."""
    i = players.index(leader)
    n = len(plays)
    k = 0
    for p in players[i:] + players[:i]:
        if hands[p] > 0:
            if k == n or plays[k]["player"] != p:
                return False
            k += 1
    return k == n


def _validate_each(state: State, sale: Sale) -> list[Play]:
    """:func:`_validate`, play by play: names resolved as the roster finds them, the
    first wrong play refused."""
    r, s = state.round, state.sales_in_round + 1
    if state.round_over:
        raise RuleError(
            "SA-7", (msg("every hand is empty: round {n} is over; start round {next}", n=r, next=r + 1)
                     if r < ROUNDS else
                     msg("every hand is empty: round {n} is over and so is the game (SA-9)", n=r)),
            round=r, sale=s,
        )
    order = play_order(state)
    roster: Roster | None = None
    plays: list[Play] = []
    seen: set[str] = set()
    hands = state.hands
    for i, play in enumerate(sale["plays"]):
        p = play["player"]
        if p not in hands:                         # not a player's name exactly as seated
            roster = roster or Roster(state.players)
            p = roster.resolve(p, "SA-3", "", round=r, sale=s)
            play = {**play, "player": p}
        if p in seen or hands[p] == 0 or i >= len(order) or order[i] != p:
            _refuse_play(state, order, i, p, p in seen, s)
        seen.add(p)
        plays.append(play)
    if len(plays) < len(order):
        missing = order[len(plays)]
        raise RuleError(
            "SA-3",
            msg("has not played: every player with cards in hand plays each sale")
            if plays else msg("the sale has no plays: {player} leads", player=str(state.leader)),
            round=r, sale=s, player=missing if plays else None,
        )
    return plays


def _refuse_play(state: State, order: Sequence[str], i: int, p: str, again: bool, s: int) -> NoReturn:
    """Raise SA-3's refusal of ``p``'s play, the ``i``-th of sale ``s`` (the loop of
    :func:`_validate` found it out of order: played twice, from an empty hand or out of
    turn)."""
    where: Where = {"round": state.round, "sale": s, "player": p}
    if again:
        raise RuleError("SA-3", msg("plays twice in one sale"), **where)
    if state.hands[p] == 0:
        raise RuleError("SA-3", msg("has no cards in hand and cannot play"), **where)
    expected = order[i] if i < len(order) else None
    raise RuleError("SA-3", msg("plays out of turn: {player} plays next (clockwise from the leader "
                                "{leader}, skipping empty hands)", player=str(expected),
                                leader=str(state.leader)), **where)


def check_sale(state: State, sale: Sale) -> RuleError | None:
    """The error that rejects this sale, or None: for the app, as a value."""
    return error_of(_validate, state, sale)


def lead_suit(cards: Sequence[Card]) -> str | None:
    """SA-4: the suit of the first non-wild card played; None if every card is wild."""
    for card in cards:
        if card["suit"] != "wild":
            return card["suit"]
    return None


def play_sale(state: State, sale: Sale) -> tuple[SaleResult, State]:
    """Resolve the next sale (SA-3…SA-8, SA-14): its facts and the state after it."""
    plays = _validate(state, sale)
    assert state.leader is not None
    s = state.sales_in_round + 1
    result = _sale(state.players, state.mode, state.leader, state.hands, s, plays)
    winner, number = result["winner"], state.sales_played + 1
    won = dict(state.won)
    won[winner] = (*won[winner], result["card"])
    after = State(state.players, state.mode, state.hand_size, state.dealt, state.round, result["hands"],
                  result["next_leader"], won, {**state.last_win, winner: number}, number, s, winner,
                  state.rounds_begun)
    return result, after


def _sale(players: tuple[str, ...], mode: Mode, leader: str, before: Mapping[str, int], s: int,
          plays: Sequence[Play]) -> SaleResult:
    """The facts of sale ``s`` of the round, its ``plays`` checked (:func:`_validate`),
    led by ``leader`` with ``before`` the cards in each hand: what :func:`play_sale` and
    a round's replay (:func:`play_round`) both resolve a sale with."""
    hands = dict(before)
    # SA-4, SA-5, the plays in one pass, here and not a function of their own (a call a
    # sale: 34 k instructions of a realistic record's 1,594 k rules, callgrind, issue 26):
    # who played in turn and their cards, each card taken from ``hands``; the suit led
    # (the first card not wild: the cards before it are all wild, so the suit is known
    # by the card that sets it); the indexes of the on-suit cards (wilds are on suit
    # for every suit) and of those of the lowest value so far, ``same``, whose last,
    # ``w``, wins (on a tie, the last such card played wins).
    order: list[str] = []
    cards: list[Card] = []
    on: list[int] = []
    same: list[int] = []
    suit: str | None = None
    w = low = -1
    for i, play in enumerate(plays):
        p, c = play["player"], play["card"]
        order.append(p)
        cards.append(c)
        hands[p] -= 1
        c_suit = c["suit"]
        if suit is None:
            if c_suit != WILD:
                suit = c_suit
        elif c_suit not in (suit, WILD):
            continue                           # off suit
        on.append(i)
        value = c["value"]
        if w < 0 or value < low:
            w, low, same = i, value, [i]
        elif value == low:                     # a later card of the same value wins the tie
            w = i
            same.append(i)
    winner, card = order[w], cards[w]
    discards = min(card["discard"], hands[winner])
    hands[winner] -= discards
    # The first clockwise from the winner with cards left (seating.first_clockwise,
    # written out: a replay asks it once per sale).
    k = players.index(winner)
    next_leader = None
    for p in players[k:] + players[:k]:
        if hands[p] > 0:
            next_leader = p
            break
    alone = len(order) == 1
    # same[-1] is the winner's; a tie is rare, and a comprehension is a call of its own
    tied = [order[i] for i in same[:-1]] if len(same) > 1 else []
    off: list[str] = []
    if len(on) == len(order):
        on_suit = order
    else:                                      # one loop: a comprehension is a call of its own
        on_suit = []
        for i, p in enumerate(order):
            (on_suit if i in on else off).append(p)
    setter = None
    if suit is not None and cards[0]["suit"] == WILD:
        setter = next(order[i] for i, c in enumerate(cards) if c["suit"] != WILD)
    plays_alone = None
    if not alone and next_leader is not None and len(players) > 1:
        for p in players:                  # nobody else holds a card
            if hands[p] != 0 and p != next_leader:
                break
        else:
            plays_alone = next_leader
    if alone:
        rulings = ["SA-3", "SA-5", "SA-6", "SA-7", "SA-8"]
    else:                                  # in the rulings' order
        rulings = ["SA-3", "SA-4", "SA-5", "SA-6", "SA-7"]
        if plays_alone:
            rulings.append("SA-8")
        if off and mode != "competitive":
            rulings.append("SA-14")
    return {
        "leader": leader, "on_suit": list(on_suit), "winner": winner, "discards": discards,
        "next_leader": next_leader, "sale": s, "order": order, "cards": cards, "card": card, "suit": suit,
        "off_suit": off,
        "tied": tied, "setter": setter, "alone": alone, "hands": hands, "plays_alone": plays_alone,
        "rulings": rulings,
    }


def _round_result(before: State, after: State, results: list[SaleResult], leader: str) -> RoundResult:
    count: dict[str, int] = {}
    discarded = 0
    for x in results:                   # one pass over the sales, not one per player
        winner = x["winner"]
        count[winner] = count.get(winner, 0) + 1
        discarded += len(x["order"]) - 1 + x["discards"]
    won: dict[str, int] = {}            # seat order; a loop, not a comprehension (a call of its own)
    for p in before.players:
        if p in count:
            won[p] = count[p]
    next_leader = after.leader if not after.round_over else (after.last_winner if after.round < ROUNDS else None)
    return {
        "round": after.round, "sales": results, "hands": dict(after.hands), "hand_size": after.dealt,
        "leader": leader, "over": after.round_over, "won": won, "discarded": discarded, "next_leader": next_leader,
    }


def _now(first: State, hands: Mapping[str, int], leader: str | None, won: Mapping[str, list[Card]],
         last_win: Mapping[str, int], number: int, s: int, last_winner: str | None, begun: int) -> State:
    """The state :func:`play_round` is at, from the game it keeps in local names (``first``:
    the state the round began with). A function of the module, not a closure in the
    round: a closure made every name it reads a cell, each read and write of them in
    the loop over the sales a slower one (18 k instructions a realistic record of its
    1,683 k rules, callgrind, issue 26)."""
    kept: dict[str, tuple[Card, ...]] = {}
    for p, cards in won.items():       # a loop, not a comprehension (a call of its own)
        kept[p] = tuple(cards)
    return State(first.players, first.mode, first.hand_size, first.dealt, first.round, hands, leader,
                 kept, last_win, number, s, last_winner, begun)


def play_round(state: State, rnd: Round) -> tuple[RoundResult, State]:
    """Play the record's next round: dealt anew after the first (SA-9, SA-16), then
    every recorded sale of it.

    What :func:`play_sale` does sale by sale, with the game between sales kept in local
    names and one state made at the round's end (not one a sale: its making, and the
    copies of the cards won it holds, were a fifth of a replay, issue 26); a sale that
    is not the common one is read against the state it is played in, made then."""
    if state.rounds_begun:
        state = start_round(state, rnd["hand_size"])
    begun = state.rounds_begun + 1     # the state made at the round's end counts it
    assert state.leader is not None
    first, opening = state, state.leader
    players, mode = state.players, state.mode
    hands: Mapping[str, int] = state.hands
    leader: str | None = state.leader
    number, s, last_winner = state.sales_played, state.sales_in_round, state.last_winner
    won: dict[str, list[Card]] = {}
    for p, cards in state.won.items():    # a loop, not a comprehension (a call of its own)
        won[p] = list(cards)
    last_win = dict(state.last_win)

    results = []
    for sale in rnd["sales"]:
        plays = sale["plays"]
        if leader is None or not _in_turn(players, hands, leader, plays):
            plays = _validate_each(_now(first, hands, leader, won, last_win, number, s, last_winner, begun), sale)
        assert leader is not None                  # else _validate_each raised
        s += 1
        number += 1
        result = _sale(players, mode, leader, hands, s, plays)
        results.append(result)
        hands, leader, last_winner = result["hands"], result["next_leader"], result["winner"]
        won[last_winner].append(result["card"])
        last_win[last_winner] = number
    state = _now(first, hands, leader, won, last_win, number, s, last_winner, begun)
    return _round_result(first, state, results, opening), state


def check_round(state: State, rnd: Round) -> RuleError | None:
    """The error that refuses the record's next round (its deal or one of its sales), or None."""
    return error_of(play_round, state, rnd)


def over(state: State) -> bool:
    return state.game_over


def replay(record: SalesRecord) -> tuple[list[RoundResult], State]:
    """Every round's facts and the state after the last recorded sale."""
    return replay_rounds(start(record), record["rounds"], play_round)


# ---------------------------------------------------------------- scoring


def collects(card: Card, icon: str) -> bool:
    """A card counted by a set collecting ``icon``: it shows the icon or is wild."""
    return is_wild(card) or shows(card, icon)


def _collected(cards: Sequence[Card], icon: str) -> list[Card]:
    """The cards of ``cards`` a set collecting ``icon`` counts (:func:`collects`, the
    icon folded once for them all)."""
    key = icon.casefold()
    return [c for c in cards if _in_set(c, key)]


def _in_set(card: Card, key: str) -> bool:
    """A set collecting the icon ``key`` (casefolded) counts ``card``: a wild, or a card showing it."""
    return card["suit"] == WILD or shows_folded(card, key)


def one_x_sets(mine: Sequence[Card]) -> list[tuple[Card, list[Card]]]:
    """SA-11: each 1x set card won, with the cards won it counts (itself included)."""
    return [(card, _collected(mine, card["set"]["icon"]))
            for card in mine if card["set"] is not None and card["set"]["kind"] == "1x"]


def neighbor_sets(state_players: Sequence[str], won: Mapping[str, Sequence[Card]], player: str
                  ) -> list[tuple[Card, dict[str, list[Card]]]]:
    """SA-12: each neighbor set card won, with the cards each neighbour won that it counts
    (two players: the one neighbour, once)."""
    nbrs = neighbours(state_players, player)
    return [(card, {q: _collected(won[q], card["set"]["icon"]) for q in nbrs})
            for card in won[player] if card["set"] is not None and card["set"]["kind"] == "neighbor"]


def score(state: State, player: str) -> Score:
    """SA-10…SA-12: numbers, 1x sets and neighbor sets of the cards won so far."""
    return score_of(state.players, state.won, player)


def _counted(cards: Sequence[Card], key: str) -> int:
    """How many of ``cards`` a set collecting the icon ``key`` (casefolded) counts:
    ``len(_collected(cards, icon))``, the cards not kept, each looked at in one loop
    (:func:`_in_set` written out: a score asks it of every card won for each set card,
    and a call a card made a realistic game's scores a twelfth of its referee's work,
    issue 26)."""
    n = 0
    for card in cards:
        if card["suit"] == WILD:
            n += 1
            continue
        for icon in card["icons"]:
            if icon.casefold() == key:
                n += 1
                break
        else:
            collects = card["set"]
            if collects is not None and collects["icon"].casefold() == key:
                n += 1
    return n


def score_of(players: Sequence[str], won: Mapping[str, Sequence[Card]], player: str) -> Score:
    """SA-10…SA-12: ``player``'s numbers, 1x sets and neighbor sets of the cards ``won``
    (what :func:`one_x_sets` and :func:`neighbor_sets` find, counted)."""
    mine = won[player]
    numbers = sets = neighbor = 0
    collectors = []
    for c in mine:      # one loop, not a generator and a comprehension, each a call of its own
        numbers += c["value"]
        if c["set"] is not None:
            collectors.append(c["set"])
    if collectors:
        nbrs: tuple[str, ...] | None = None
        for collects in collectors:
            if collects["kind"] == "1x":
                sets += _counted(mine, collects["icon"].casefold())
            elif collects["kind"] == "neighbor":
                nbrs = nbrs or tuple(neighbours(players, player))
                key = collects["icon"].casefold()
                neighbor += sum(_counted(won[q], key) for q in nbrs)
    return {"numbers": numbers, "sets": sets, "neighbor": neighbor, "total": numbers + sets + neighbor,
            "cards": len(mine)}


def won_after(rounds: Sequence[RoundResult], players: Sequence[str]) -> dict[str, list[Card]]:
    """Each player's cards won in ``rounds`` (the facts of the first rounds), in the order won."""
    won: dict[str, list[Card]] = {p: [] for p in players}
    for rnd in rounds:
        for sale in rnd["sales"]:
            won[sale["winner"]].append(sale["card"])
    return won


def winners(state: State, scores: Mapping[str, Score]) -> tuple[list[str], list[str]]:
    """SA-13: the highest total wins; a tie goes to the tied player who won the most
    recent sale. Only in the competitive game once three rounds are over. The winner,
    and who was level with them."""
    best = max(s["total"] for s in scores.values())
    tied = [p for p in state.players if scores[p]["total"] == best]
    if len(tied) == 1:
        return tied, tied
    return [max(tied, key=lambda p: state.last_win.get(p, 0))], tied


def team(scores: Mapping[str, Score], players: Sequence[str]) -> Team:
    """SA-15: the team score is the lower score; its rating."""
    low = min(scores[p]["total"] for p in players)
    return {"score": low, "rating": next((name for at, name in RATINGS if low >= at), None)}


def result(rounds: list[RoundResult], state: State) -> SalesResult:
    """The game's result from a replay (``replay``'s rounds and final state): the
    contract's output."""
    scores: dict[str, Score] = {}
    won_cards: dict[str, list[Card]] = {}
    for p in state.players:     # one loop: score's call and two comprehensions', each a call more
        scores[p] = score_of(state.players, state.won, p)
        won_cards[p] = list(state.won[p])
    over = state.game_over
    won: list[str] = []
    tied: list[str] = []
    the_team = None
    if state.mode == "competitive":
        if over:
            won, tied = winners(state, scores)
    else:
        the_team = team(scores, state.players)
    return {
        "game": "sales", "rounds": rounds, "game_over": over, "scores": scores, "winners": won, "team": the_team,
        "mode": state.mode, "hand_size": state.hand_size, "won": won_cards,
        "tied": tied, "last_win": dict(state.last_win), "round": state.round, "round_over": state.round_over,
        "leader": state.leader, "last_winner": state.last_winner, "sales_in_round": state.sales_in_round,
    }


def referee(record: SalesRecord) -> SalesResult:
    """The result of a Sales record (the contract's output)."""
    return result(*replay(record))


def final_scores(result: SalesResult) -> dict[str, int]:
    """A finished game's total per player (SA-10…SA-12)."""
    return {p: s["total"] for p, s in result["scores"].items()}
