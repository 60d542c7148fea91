"""What the sales screens draw, as typed views of a record replayed once, in the
reader's language: the rules' facts worded by :mod:`companion.games.sales.explain`
(each sale's winner and why, a round's notes, the scores' breakdown, the winner or the
team's rating); the match's lines and grid are :mod:`companion.games.sales.summaries`'.
No flet here.

A screen asks the record's one replay (:func:`played`, the registry's, remembered and
language-free: every round's facts, the state after the last sale and the result) and
hands that down; every view here is worked out from it. A sale's result is drawn by
one function, :func:`sale_outcome`, on the table screen (:func:`sale_result`) and on
the phones and the host panel (:func:`resolution_view`, from what the table's hub
hands them: the sale's facts).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core import registry
from companion.core.errors import RecordError
from companion.core.record import read
from companion.games.sales import rules
from companion.games.sales.changes import At, PlayDict, deal, plays, truncate, won_before
from companion.games.sales.deal import Deal
from companion.games.sales.explain import breakdown, card_text, game_notes, game_text, round_notes, sale_text, team_text
from companion.games.sales.i18n import _, ngettext
from companion.games.sales.models import ROUNDS, Card, RoundResult, SaleResult, SalesResult
from companion.games.sales.vocab import card_label, word

# ---------------------------------------------------------------- the record, replayed once


@dataclass(frozen=True)
class Played:
    """A record replayed once: what every view of it is worked out from."""

    record: Mapping[str, Any]
    rounds: list[RoundResult]      # every round's result, as entered
    state: rules.State             # after the last sale
    result: SalesResult            # the referee's (the scores so far; the final ones)

    @property
    def mode(self) -> str:
        return self.state.mode

    @property
    def over(self) -> bool:
        return self.state.game_over

    @property
    def any_sale(self) -> bool:
        return any(r["sales"] for r in self.rounds)


def played(record: Mapping[str, Any], at: At = None) -> Played:
    """``record`` replayed (up to, not including, sale ``at`` when given): raises a
    one-line RecordError if the rules refuse it."""
    rec = truncate(record, at)
    done = registry.replay("sales", rec)
    return Played(rec, done.rounds, done.state, done.result)


# ---------------------------------------------------------------- the sale being entered


@dataclass(frozen=True)
class HandView:
    player: str
    cards: int                 # in hand now (a card entered in this sale counts as played)
    played: str | None         # the card entered in this sale, as text
    turn: bool                 # plays next
    empty: bool                # skipped: no cards (SA-3)


@dataclass(frozen=True)
class SaleView:
    """The sale being entered: whose turn, what is played, hand sizes, where the game is."""

    mode: str
    round: int
    sale: int                      # the sale's number within its round; 0 once the round is over
    leader: str | None
    order: list[str]               # SA-3: from the leader clockwise, skipping empty hands
    played: list[tuple[str, str]]  # (player, card text) entered so far
    turn: str | None               # who plays next; None once all have played
    ready: bool                    # everyone with cards has played: complete the sale
    suit: str | None               # the suit set so far (SA-4)
    suit_text: str
    hands: list[HandView]
    round_over: bool
    game_over: bool
    can_start_round: bool
    next_round_leader: str | None
    status: str


def sale_view(game: Played, entered: Sequence[PlayDict] = ()) -> SaleView:
    """The sale being entered after ``game`` (the next sale; or, for a game replayed up
    to sale ``at``, that sale being changed)."""
    mode, state = game.mode, game.state
    order = rules.play_order(state)
    now = plays(entered)[: len(order)]
    cards: list[Card] = [read(Card, p["card"], {}) for p in now]
    by = {p["player"]: card_text(c) for p, c in zip(now, cards, strict=True)}
    turn = order[len(now)] if len(now) < len(order) else None
    suit = rules.lead_suit(cards)
    if not cards:
        suit_text = (_("{player} leads: the first card sets the suit (SA-4)").format(player=state.leader)
                     if state.leader else "")
    elif suit is None:
        suit_text = _("Only wilds so far: the first non-wild card sets the suit (SA-4)")
    else:
        suit_text = _("On suit: {suit} and wilds (SA-4)").format(suit=word(suit))
    hands = [HandView(p, state.hands[p] - (1 if p in by else 0), by.get(p), p == turn,
                      state.hands[p] == 0) for p in state.players]
    can_start = state.round_over and state.round < ROUNDS
    next_leader = state.last_winner if can_start else None
    if state.game_over:
        status = _("Game over: round {n} of {rounds} is over (SA-9).").format(n=ROUNDS, rounds=ROUNDS)
    elif state.round_over:
        status = _("Round {n} is over: every hand is empty (SA-7). {player} won the last sale and "
                   "leads round {next} (SA-9).").format(n=state.round, player=next_leader, next=state.round + 1)
    elif turn is None:
        status = (_("Round {round}, sale {sale}: every hand has played.") if mode == "solo"
                  else _("Round {round}, sale {sale}: every player has played.")).format(
            round=state.round, sale=state.sales_in_round + 1)
    else:
        status = _("Round {round}, sale {sale}: {leader} leads; {player} to play.").format(
            round=state.round, sale=state.sales_in_round + 1, leader=state.leader, player=turn)
    return SaleView(
        mode=mode, round=state.round, sale=0 if state.round_over else state.sales_in_round + 1,
        leader=state.leader,
        order=order, played=[(p["player"], by[p["player"]]) for p in now], turn=turn,
        ready=bool(order) and turn is None, suit=suit, suit_text=suit_text, hands=hands,
        round_over=state.round_over, game_over=state.game_over, can_start_round=can_start,
        next_round_leader=next_leader, status=status,
    )


# ---------------------------------------------------------------- a sale's result


@dataclass(frozen=True)
class SaleResultView:
    """What the table and the phones read after a sale: the winner and why, the
    discards, who leads next."""

    round: int
    sale: int
    winner: str
    card: str
    headline: str                  # "Ben wins with the sun 2"
    explanation: str               # the rules' sentence, ruling ids included
    rulings: list[str]
    discards: int
    discards_text: str
    next_leader: str | None
    next_text: str
    on_suit: list[str]
    off_suit: list[str]
    hands: list[tuple[str, int]]   # seat order, after the sale
    notes: list[str]               # the round's notes when this sale ended it


def _discards_text(res: SaleResult) -> str:
    asked = res["card"]["discard"]
    winner, discards = res["winner"], res["discards"]
    if not asked:
        return _("{player} discards nothing: the {card} has no discard icons (SA-6).").format(
            player=winner, card=card_label(res["card"]))
    cards = ngettext("{n} card", "{n} cards", discards).format(n=discards)
    if discards == asked:
        return _("{player} discards {cards} from hand, face down (SA-6).").format(player=winner, cards=cards)
    return ngettext("{player} discards {cards} from hand, face down: the {n} discard icon asks for more than "
                    "the hand holds (SA-6).",
                    "{player} discards {cards} from hand, face down: the {n} discard icons ask for more than "
                    "the hand holds (SA-6).", asked).format(player=winner, cards=cards, n=asked)


def sale_outcome(res: SaleResult, round_number: int, players: Sequence[str], mode: str,
                 notes: Sequence[str] = ()) -> SaleResultView:
    """Sale ``res`` of round ``round_number`` as every screen draws it (hands in seat
    order; ``mode``: the game's, SA-14; ``notes``: the round's, when this sale ended it)."""
    winner, nxt_leader = res["winner"], res["next_leader"]
    if nxt_leader is None:
        nxt = (_("Every hand is empty: round {n} ends (SA-7).").format(n=round_number) if round_number < ROUNDS
               else _("Every hand is empty: round {n} ends and so does the game (SA-9).").format(n=ROUNDS))
    elif nxt_leader == winner:
        nxt = _("{player} leads the next sale (SA-7).").format(player=winner)
    else:
        nxt = _("{player}'s hand is empty: {next}, the next with cards clockwise, leads the next "
                "sale (SA-7).").format(player=winner, next=nxt_leader)
    return SaleResultView(
        round=round_number, sale=res["sale"], winner=winner, card=card_text(res["card"]),
        headline=_("{player} wins with the {card}").format(player=winner, card=card_label(res["card"])),
        explanation=sale_text(res, mode, round_number),
        rulings=list(res["rulings"]), discards=res["discards"], discards_text=_discards_text(res),
        next_leader=nxt_leader, next_text=nxt, on_suit=list(res["on_suit"]),
        off_suit=list(res["off_suit"]), hands=[(p, res["hands"][p]) for p in players],
        notes=list(notes),
    )


def sale_result(game: Played, round_index: int = -1, sale_index: int = -1) -> SaleResultView:
    """The result of a recorded sale (by default the last one)."""
    played_rounds = [r for r in game.rounds if r["sales"]]
    if not played_rounds:
        raise RecordError(_("no sale has been recorded yet"))
    rnd = game.rounds[round_index] if round_index != -1 else played_rounds[-1]
    res = rnd["sales"][sale_index]
    ended = res is rnd["sales"][-1] and rnd["over"]
    return sale_outcome(res, rnd["round"], game.state.players, game.mode, round_notes(rnd) if ended else ())


def resolution_view(resolution: Mapping[str, Any], players: Sequence[str]) -> SaleResultView:
    """The last sale as the table's hub hands it to the phones and the host panel
    (``seat.SalesPlays.resolution``: the sale's facts, its round and the game's mode):
    drawn like the table's, worded on each phone."""
    res: Any = resolution
    return sale_outcome(res, int(resolution["round"]), players, str(resolution["mode"]))


# ---------------------------------------------------------------- a round's deal (SA-16)


def deal_text(d: Deal) -> str:
    """What a round deals and why, in one line (SA-16): 'Round 2: 34 cards left after
    the 11 won: 8 each, 2 stay out (SA-16, house rule).'"""
    if d.round == 1:
        if d.short:
            line = ngettext("Round 1: {stock} cards in the deck: {n} each, {out} stays out (SA-16, house rule).",
                            "Round 1: {stock} cards in the deck: {n} each, {out} stay out (SA-16, house rule).",
                            d.unused)
        else:
            line = ngettext("Round 1: {n} each from the {stock} cards of the deck; {out} stays out (SA-16).",
                            "Round 1: {n} each from the {stock} cards of the deck; {out} stay out (SA-16).",
                            d.unused)
    elif d.short:
        line = ngettext("Round {round}: {stock} cards left after the {won} won: {n} each, {out} stays out "
                        "(SA-16, house rule).",
                        "Round {round}: {stock} cards left after the {won} won: {n} each, {out} stay out "
                        "(SA-16, house rule).", d.unused)
    else:
        line = ngettext("Round {round}: {n} each from the {stock} cards left after the {won} won; {out} stays "
                        "out (SA-16).",
                        "Round {round}: {n} each from the {stock} cards left after the {won} won; {out} stay "
                        "out (SA-16).", d.unused)
    return line.format(round=d.round, stock=d.stock, won=d.won_before, n=d.each, out=d.unused)


def deal_why(d: Deal) -> str | None:
    """Why a short round deals fewer than the game's hand size (SA-16), or None."""
    if not d.short:
        return None
    return _("{players} × {chosen} would need {need} cards: the cards left are shared out evenly and the rest "
             "stay out unused this round (house rule: the deal chart is missing).").format(
        players=d.players, chosen=d.chosen, need=d.players * d.chosen)


def deal_in_play(game: Played, copy: int | None) -> Deal | None:
    """The deal of the round in play (as the record dealt it), from a deck of ``copy``
    cards; None without a deck (the app cannot count what is left)."""
    if copy is None:
        return None
    r = game.state.round
    return Deal(r, copy, won_before(game.record, r), len(game.state.players), game.state.hand_size,
                game.state.dealt)


def next_deal(game: Played, copy: int | None) -> Deal | None:
    """What the next round will deal (SA-16), once this one is over; None without a deck
    or once the game is over."""
    state = game.state
    if copy is None or not state.round_over or state.round >= ROUNDS:
        return None
    return deal(game.record, state.round + 1, copy)


def dealt_text(game: Played) -> str:
    """The round's deal without a deck to count from: the cards each player got."""
    state = game.state
    if state.dealt < state.hand_size:
        return _("Round {round}: {n} cards each, fewer than the game's {chosen}: the stock ran short "
                 "(SA-16, house rule).").format(round=state.round, n=state.dealt, chosen=state.hand_size)
    return ngettext("Round {round}: {n} card each.", "Round {round}: {n} cards each.",
                    state.dealt).format(round=state.round, n=state.dealt)


# ---------------------------------------------------------------- the rounds


@dataclass(frozen=True)
class RoundView:
    number: int
    leader: str
    sales: list[str]               # one line per sale
    hands: list[tuple[str, int]]
    over: bool
    notes: list[str]
    dealt: int = 12                # the cards dealt to each player (SA-2, SA-16)
    short: bool = False            # fewer than the game's hand size: the stock ran short (SA-16)


def sale_line(res: SaleResult) -> str:
    """'Sale 1: Ann led; Ben wins with the sun 2 (discards 1)'."""
    if res["alone"]:
        line = _("Sale {n}: {leader} leads alone (SA-8); {player} wins with the {card}")
    else:
        line = _("Sale {n}: {leader} leads; {player} wins with the {card}")
    line = line.format(n=res["sale"], leader=res["leader"], player=res["winner"], card=card_label(res["card"]))
    if res["discards"]:
        line = _("{sale} (discards {n})").format(sale=line, n=res["discards"])
    return line


def round_views(game: Played) -> list[RoundView]:
    """Every round as entered, a line per sale, for the game's history."""
    players = game.state.players
    return [RoundView(r["round"], r["leader"], [sale_line(s) for s in r["sales"]],
                      [(p, r["hands"][p]) for p in players], r["over"], round_notes(r),
                      r["hand_size"], r["hand_size"] < game.state.hand_size)
            for r in game.rounds]


# ---------------------------------------------------------------- scores


@dataclass(frozen=True)
class PlayerScore:
    player: str
    place: int
    numbers: int
    sets: int
    neighbor: int
    total: int
    cards: int
    breakdown: list[str]       # the rules' lines: numbers, each set card and what it counted


@dataclass(frozen=True)
class TeamView:
    score: int
    rating: str | None
    explanation: str


@dataclass(frozen=True)
class ScoreView:
    mode: str
    over: bool
    rounds_played: int
    scores: list[PlayerScore]   # highest first; equal totals share a place
    winners: list[str]          # SA-13: one name, competitive game over only
    explanation: str            # the rules' sentence (the tie-break reason, SA-13; SA-15)
    team: TeamView | None       # co-op and solo (SA-15)
    notes: list[str]            # the setup notes (house rule for the deal, SA-2)


def score_view(game: Played) -> ScoreView:
    """The scores of the cards won so far; after three rounds the final score."""
    res = game.result
    players = list(game.state.players)
    totals = {p: res["scores"][p]["total"] for p in players}
    order = sorted(players, key=lambda p: (-totals[p], players.index(p)))
    scores: list[PlayerScore] = []
    place = 0
    for i, p in enumerate(order):
        s = res["scores"][p]
        if i == 0 or s["total"] != totals[order[i - 1]]:
            place = i + 1
        scores.append(PlayerScore(p, place, s["numbers"], s["sets"], s["neighbor"], s["total"], s["cards"],
                                  breakdown(res, p)))
    the_team = res["team"]
    team = (TeamView(the_team["score"], the_team["rating"], team_text(res)) if the_team is not None else None)
    rounds_played = sum(1 for r in res["rounds"] if r["sales"])
    return ScoreView(res["mode"], res["game_over"], rounds_played, scores, list(res["winners"]), game_text(res),
                     team, game_notes(res))
