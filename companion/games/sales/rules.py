"""Sales, refereed: a pure replay of the record, sale by sale (SA-1…SA-15).

``start`` checks the setup and gives the state before the first sale;
``play_sale`` resolves one sale and gives its result and the next state;
``start_round`` opens the next round, dealt the round's own hand size when the
record gives one (SA-16: how many that is, the table works out with ``deal``); ``replay`` and ``referee`` run a whole
record. Nothing is changed in place: a rejected sale or round raises
``RuleError`` before anything changes (``check_sale`` returns it as a value).

No flet, no reportlab here (a test checks it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from companion.core.errors import RuleError, Where, error_of
from companion.core.names import Roster, check_names
from companion.core.seating import first_clockwise, neighbours
from companion.games.sales.i18n import N_, _, ngettext
from companion.games.sales.models import (
    DEFAULT_HAND_SIZE,
    ROUNDS,
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
)
from companion.games.sales.vocab import card_label, word

MIN_PLAYERS, MAX_PLAYERS = 2, 6  # SA-2, competitive
TEAM_PLAYERS = 2  # SA-2, co-op and solo
RATINGS: tuple[tuple[int, Rating], ...] = ((65, "Wow!"), (55, "Good job."), (45, "Not bad!"))  # SA-15
MODE_TITLES = {"competitive": N_("the competitive game"), "coop": N_("co-op"), "solo": N_("solo")}


@dataclass(frozen=True)
class State:
    """The game between sales.

    ``round`` is the round being played (1…3); ``leader`` leads its next sale and
    is None once every hand is empty (the round is over). ``won`` holds each
    player's won cards in the order won; ``last_win`` the number (counted over the
    whole game) of the last sale each player won, for the SA-13 tie-break.
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
            what = (_("co-op is for exactly 2 players, not {n}") if record.mode == "coop"
                    else _("solo is refereed as exactly 2 hands, not {n}"))
            raise RuleError("SA-2", what.format(n=len(players)))
        check_names(players, TEAM_PLAYERS, TEAM_PLAYERS, "SA-2")
    leader = players[0]
    if record.leader is not None:
        leader = Roster(players).resolve(record.leader, "SA-9", _("the first leader"))
    dealt = round_hand(record.hand_size, record.rounds[0].hand_size if record.rounds else None, 1)
    return State(
        players=players,
        mode=record.mode,
        hand_size=record.hand_size,
        dealt=dealt,
        round=1,
        hands={p: dealt for p in players},
        leader=leader,
        won={p: () for p in players},
        last_win={},
    )


def round_hand(game: int, own: int | None, r: int) -> int:
    """The cards dealt to each player in round ``r``: the round's own hand size when the
    record gives one, else the game's (SA-16). A round's own is at least 1 and, dealt
    because the stock ran short, at most the game's."""
    if own is None:
        return game
    if own < 1:
        raise RuleError("SA-16", _("a round deals each player at least 1 card, not {n}").format(n=own), round=r)
    if own > game:
        raise RuleError("SA-16", _("a round deals at most the game's {game} cards each, not {n}: a short "
                                   "stock deals fewer, never more").format(game=game, n=own), round=r)
    return own


def start_round(state: State, hand_size: int | None = None) -> State:
    """The next round: every hand dealt again — the game's hand size, or the round's own
    (``hand_size``, SA-16) — led by the winner of the previous round's last sale (SA-9).
    Won cards are kept."""
    r = state.round + 1
    if r > ROUNDS:
        raise RuleError("SA-9", _("the game has {n} rounds: it ended after round {n}").format(n=ROUNDS), round=r)
    if not state.round_over:
        holders = [f"{p} ({n})" for p, n in state.hands.items() if n]
        raise RuleError(
            "SA-7",
            ngettext("round {n} has not ended: {players} still holds cards; "
                     "a round ends when every hand is empty (SA-9)",
                     "round {n} has not ended: {players} still hold cards; "
                     "a round ends when every hand is empty (SA-9)", len(holders)).format(
                n=state.round, players=_names(holders)),
            round=r,
        )
    assert state.last_winner is not None  # a finished round had at least one sale
    dealt = round_hand(state.hand_size, hand_size, r)
    return replace(
        state,
        round=r,
        dealt=dealt,
        hands={p: dealt for p in state.players},
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
            "SA-7", (_("every hand is empty: round {n} is over; start round {next}") if r < ROUNDS
                     else _("every hand is empty: round {n} is over and so is the game (SA-9)")).format(
                n=r, next=r + 1),
            round=r, sale=s,
        )
    order = play_order(state)
    roster = Roster(state.players)
    plays: list[Play] = []
    seen: set[str] = set()
    for i, play in enumerate(sale.plays):
        p = roster.resolve(play.player, "SA-3", "", round=r, sale=s)
        where: Where = {"round": r, "sale": s, "player": p}
        if p in seen:
            raise RuleError("SA-3", _("plays twice in one sale"), **where)
        if state.hands[p] == 0:
            raise RuleError("SA-3", _("has no cards in hand and cannot play"), **where)
        if i >= len(order) or order[i] != p:
            expected = order[i] if i < len(order) else None
            raise RuleError(
                "SA-3",
                _("plays out of turn: {player} plays next (clockwise from the leader {leader}, "
                  "skipping empty hands)").format(player=expected, leader=state.leader),
                **where,
            )
        seen.add(p)
        plays.append(play.model_copy(update={"player": p}) if play.player != p else play)
    if len(plays) < len(order):
        missing = order[len(plays)]
        raise RuleError(
            "SA-3",
            _("has not played: every player with cards in hand plays each sale")
            if plays else _("the sale has no plays: {player} leads").format(player=state.leader),
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
        head = _("{player} plays alone: the {card} wins (SA-8).").format(player=winner, card=card_label(card))
        rulings += ["SA-5", "SA-8"]
    else:
        rulings += ["SA-4", "SA-5"]
        tied = [i for i in on if cards[i].value == card.value and i != w]
        if tied:
            others = _names([_whose(order[i], cards[i]) for i in tied])
            why = _("the lowest card on suit, tied with {cards}: the last one played wins").format(cards=others)
        else:
            why = _("the lowest card on suit")
        parts = [_("{player} wins with the {card}: {why}").format(player=winner, card=card_label(card), why=why)]
        if cards[0].wild and suit is not None:
            setter = next(i for i, c in enumerate(cards) if not c.wild)
            parts.append(
                _("{player} led a wild, so {card} set the suit").format(
                    player=order[0], card=_whose(order[setter], cards[setter]))
            )
        elif suit is None:
            parts.append(_("every card was wild, so all were on suit"))
        off = [i for i in range(len(order)) if i not in on]
        if off:
            cards_off = _names([_whose(order[i], cards[i]) for i in off])
            parts.append(ngettext("{cards} was off suit", "{cards} were off suit", len(off)).format(cards=cards_off))
        head = _("{parts} (SA-4, SA-5).").format(parts="; ".join(parts))
        if off and state.mode != "competitive":
            head += " " + _(
                "In {mode} an off-suit card may be played only "
                "without an on-suit card in hand: confirm it (SA-14)."
            ).format(mode=_(MODE_TITLES[state.mode]))
            rulings.append("SA-14")
    sentences = [head]
    rulings.append("SA-6")
    if card.discard:
        if discards == card.discard:
            sentences.append(ngettext(
                "{player} keeps it and discards {n} card from hand (SA-6).",
                "{player} keeps it and discards {n} cards from hand (SA-6).", discards).format(
                player=winner, n=discards))
        else:
            left = ngettext("only {n} card was left in hand", "only {n} cards were left in hand",
                            discards).format(n=discards)
            sentences.append(ngettext(
                "{player} keeps it; its {n} discard icon asks for {n}, but {left}, so that is all "
                "that is discarded (SA-6).",
                "{player} keeps it; its {n} discard icons ask for {n}, but {left}, so that is all "
                "that is discarded (SA-6).", card.discard).format(player=winner, n=card.discard, left=left))
    else:
        sentences.append(_("{player} keeps it (no discard icons) (SA-6).").format(player=winner))
    rulings.append("SA-7")
    if next_leader is None:
        sentences.append(_("Every hand is empty: round {n} ends (SA-7).").format(n=state.round))
    elif next_leader != winner:
        sentences.append(
            _("{player}'s hand is empty, so {next}, the next player clockwise "
              "with cards, leads (SA-7).").format(player=winner, next=next_leader)
        )
    else:
        sentences.append(_("{player} leads the next sale (SA-7).").format(player=winner))
    if len(order) > 1 and next_leader is not None and all(
        hands[p] == 0 for p in state.players if p != next_leader
    ) and len(state.players) > 1:
        sentences.append(_("{player} now plays alone (SA-8).").format(player=next_leader))
        if "SA-8" not in rulings:
            rulings.append("SA-8")
    return " ".join(sentences), sorted(set(rulings), key=lambda x: int(x.split("-")[1]))


def _whose(player: str, card: Card) -> str:
    return _("{player}'s {card}").format(player=player, card=card_label(card))


def _names(items: Sequence[str]) -> str:
    """'Anna', 'Anna and Bernd', 'Anna, Bernd and Chris'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return _("{names} and {last}").format(names=", ".join(items[:-1]), last=items[-1])


def _round_result(
    before: State, after: State, results: list[SaleResult], leader: str
) -> RoundResult:
    won = {p: sum(1 for x in results if x.winner == p) for p in before.players}
    won = {p: n for p, n in won.items() if n}
    played = sum(len(x.order) for x in results)
    discarded = played - len(results) + sum(x.discards for x in results)
    notes = []
    if after.round_over:
        notes.append(_("Every hand is empty: round {n} is over (SA-7).").format(n=after.round))
        if after.round < ROUNDS:
            notes.append(
                _("{player} won the last sale and leads round {n} (SA-9).").format(
                    player=after.last_winner, n=after.round + 1)
            )
        else:
            notes.append(_("That was round {n} of {rounds}: the game is over (SA-9).").format(n=ROUNDS, rounds=ROUNDS))
    else:
        holding = ", ".join(f"{p} {n}" for p, n in after.hands.items() if n)
        notes.append(_("Round {n} in progress: cards in hand {hands}.").format(n=after.round, hands=holding))
    next_leader = after.leader if not after.round_over else (
        after.last_winner if after.round < ROUNDS else None
    )
    return RoundResult(
        round=after.round,
        sales=results,
        hands=dict(after.hands),
        hand_size=after.dealt,
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
            state = start_round(state, rnd.hand_size)
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
        labels = ", ".join(card_label(c) for c in mine)
        lines.append(_("Numbers: {terms} = {numbers} ({cards}) (SA-10)").format(
            terms=terms, numbers=numbers, cards=labels))
    else:
        lines.append(_("Numbers: 0, no cards won (SA-10)"))
    sets = 0
    for card in mine:
        if card.set is None or card.set.kind != "1x":
            continue
        icon = card.set.icon
        counted = [c for c in mine if _collects(c, icon)]
        sets += len(counted)
        lines.append(
            _("1x set {card} collecting {icon}: {n} ({cards}) (SA-11)").format(
                card=card_label(card), icon=word(icon), n=len(counted), cards=", ".join(card_label(c) for c in counted))
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
            f"{q}: {', '.join(card_label(c) for c in v) if v else _('none')}" for q, v in per.items()
        )
        line = (_("Neighbor set {card} collecting {icon}: {n} ({cards}) (two players: the one neighbour "
                  "counts once) (SA-12)") if len(state.players) == 2
                else _("Neighbor set {card} collecting {icon}: {n} ({cards}) (SA-12)"))
        lines.append(line.format(card=card_label(card), icon=word(icon), n=n, cards=shown))
    total = numbers + sets + neighbor
    lines.append(_("Total: {numbers} + {sets} + {neighbor} = {total}").format(
        numbers=numbers, sets=sets, neighbor=neighbor, total=total))
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
        return tied, _("Game over: {player} wins with {n} points (SA-13).").format(player=tied[0], n=best)
    top = max(tied, key=lambda p: state.last_win.get(p, 0))
    return [top], (
        _("Game over: {players} tie with {n} points; {player} won the most recent "
          "sale of them (sale {sale} of the game) and wins (SA-13).").format(
            players=_names(tied), n=best, player=top, sale=state.last_win.get(top, 0))
    )


def team(scores: Mapping[str, Score], players: Sequence[str], mode: str) -> Team:
    """SA-15: the team score is the lower score; its rating."""
    low = min(scores[p].total for p in players)
    rating = next((name for at, name in RATINGS if low >= at), None)
    text = (_("Team score {score}: the lower hand's score (SA-15);") if mode == "solo"
            else _("Team score {score}: the lower player's score (SA-15);")).format(score=low)
    text += " " + (_("rating: {rating}").format(rating=_(rating)) if rating else _("below 45: no rating."))
    return Team(score=low, rating=rating, explanation=text)


def _setup_notes(state: State) -> list[str]:
    return setup_notes(state.mode, state.hand_size)


def setup_notes(mode: str, n: int) -> list[str]:
    """What a player reads about the cards dealt per round (SA-2): the competitive
    default is a house rule (the deal chart is missing); other numbers are house variants."""
    if mode == "competitive":
        if n == DEFAULT_HAND_SIZE:
            return [_("{n} cards per round: house rule (SA-2), the deal chart is missing.").format(n=n)]
        return [
            _("{n} cards per round: house variant (SA-2); the deal chart is missing and the "
              "house rule default is {default}.").format(n=n, default=DEFAULT_HAND_SIZE)
        ]
    if n == DEFAULT_HAND_SIZE:
        text = (_("{n} cards per hand per round, as the rules deal in {mode} (SA-2).") if mode == "solo"
                else _("{n} cards per player per round, as the rules deal in {mode} (SA-2)."))
        return [text.format(n=n, mode=_(MODE_TITLES[mode]))]
    text = (_("{n} cards per hand per round: house variant (SA-2); the rules deal {default} in {mode}.")
            if mode == "solo" else
            _("{n} cards per player per round: house variant (SA-2); the rules deal {default} in {mode}."))
    return [text.format(n=n, default=DEFAULT_HAND_SIZE, mode=_(MODE_TITLES[mode]))]


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
        text = (_("Game over.") if over else _progress(state)) + " " + the_team.explanation
    return SalesResult(
        rounds=results,
        game_over=over,
        scores=scores,
        winners=won,
        team=the_team,
        mode=state.mode,
        hand_size=state.hand_size,
        notes=_setup_notes(state),
        explanation=text,
    )


def _progress(state: State) -> str:
    if state.round_over:
        return _("Game in progress: round {n} is over; {player} leads round {next}.").format(
            n=state.round, player=state.last_winner, next=state.round + 1)
    return _("Game in progress: round {n}, {player} leads the next sale.").format(n=state.round, player=state.leader)


def final_scores(result: SalesResult) -> dict[str, int]:
    """A finished game's total per player (SA-10…SA-12)."""
    return {p: s.total for p, s in result.scores.items()}
