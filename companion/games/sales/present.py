"""What the sales screens draw, as typed views of a record replayed once, in the
reader's language: the rules' facts worded here (each sale's winner and why, a round's
notes, the scores' breakdown, the winner or the team's rating). No flet here.

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

from companion.core import registry, words
from companion.core.edits import say_where
from companion.core.errors import RecordError
from companion.core.grid import GridRow as GridLine
from companion.core.grid import points_added
from companion.core.record import read
from companion.games.sales import rules
from companion.games.sales.changes import At, PlayDict, deal, plays, truncate, won_before
from companion.games.sales.deal import Deal
from companion.games.sales.i18n import _, ngettext
from companion.games.sales.models import ROUNDS, Card, RoundResult, SaleResult, SalesResult
from companion.games.sales.vocab import MODE_TITLES, card_label, setup_notes, word

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


# ---------------------------------------------------------------- the rules' facts, worded


def _whose(player: str, card: Card) -> str:
    return _("{player}'s {card}").format(player=player, card=card_label(card))


def _card_of(res: SaleResult, player: str) -> Card:
    return res["cards"][res["order"].index(player)]


def sale_text(res: SaleResult, mode: str, round_number: int) -> str:
    """A sale in a player's words (SA-3…SA-8, SA-14): who won it with what and why, the
    discards, who leads next."""
    winner, card = res["winner"], res["card"]
    if res["alone"]:
        head = _("{player} plays alone: the {card} wins (SA-8).").format(player=winner, card=card_label(card))
    else:
        if res["tied"]:
            others = words.names([_whose(p, _card_of(res, p)) for p in res["tied"]])
            why = _("the lowest card on suit, tied with {cards}: the last one played wins").format(cards=others)
        else:
            why = _("the lowest card on suit")
        parts = [_("{player} wins with the {card}: {why}").format(player=winner, card=card_label(card), why=why)]
        if res["setter"] is not None:
            parts.append(_("{player} led a wild, so {card} set the suit").format(
                player=res["order"][0], card=_whose(res["setter"], _card_of(res, res["setter"]))))
        elif res["suit"] is None:
            parts.append(_("every card was wild, so all were on suit"))
        off = res["off_suit"]
        if off:
            cards_off = words.names([_whose(p, _card_of(res, p)) for p in off])
            parts.append(ngettext("{cards} was off suit", "{cards} were off suit", len(off)).format(cards=cards_off))
        head = _("{parts} (SA-4, SA-5).").format(parts="; ".join(parts))
        if off and mode != "competitive":
            head += " " + _(
                "In {mode} an off-suit card may be played only "
                "without an on-suit card in hand: confirm it (SA-14)."
            ).format(mode=_(MODE_TITLES[mode]))
    sentences = [head]
    discards, asked = res["discards"], card["discard"]
    if asked:
        if discards == asked:
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
                "that is discarded (SA-6).", asked).format(player=winner, n=asked, left=left))
    else:
        sentences.append(_("{player} keeps it (no discard icons) (SA-6).").format(player=winner))
    nxt = res["next_leader"]
    if nxt is None:
        sentences.append(_("Every hand is empty: round {n} ends (SA-7).").format(n=round_number))
    elif nxt != winner:
        sentences.append(_("{player}'s hand is empty, so {next}, the next player clockwise "
                           "with cards, leads (SA-7).").format(player=winner, next=nxt))
    else:
        sentences.append(_("{player} leads the next sale (SA-7).").format(player=winner))
    if res["plays_alone"] is not None:
        sentences.append(_("{player} now plays alone (SA-8).").format(player=res["plays_alone"]))
    return " ".join(sentences)


def round_notes(rnd: RoundResult) -> list[str]:
    """Where a round stands after its last recorded sale (SA-7, SA-9)."""
    n = rnd["round"]
    if not rnd["over"]:
        holding = ", ".join(f"{p} {k}" for p, k in rnd["hands"].items() if k)
        return [_("Round {n} in progress: cards in hand {hands}.").format(n=n, hands=holding)]
    notes = [_("Every hand is empty: round {n} is over (SA-7).").format(n=n)]
    if n < ROUNDS:
        notes.append(_("{player} won the last sale and leads round {n} (SA-9).").format(
            player=rnd["next_leader"], n=n + 1))
    else:
        notes.append(_("That was round {n} of {rounds}: the game is over (SA-9).").format(n=ROUNDS, rounds=ROUNDS))
    return notes


def breakdown(result: SalesResult, player: str) -> list[str]:
    """A player's score line by line (SA-10…SA-12): the numbers, each set card and what
    it counted, the total."""
    won = result["won"]
    mine = won[player]
    s = result["scores"][player]
    lines = []
    if mine:
        terms = " + ".join(str(c["value"]) for c in mine)
        labels = ", ".join(card_label(c) for c in mine)
        lines.append(_("Numbers: {terms} = {numbers} ({cards}) (SA-10)").format(
            terms=terms, numbers=s["numbers"], cards=labels))
    else:
        lines.append(_("Numbers: 0, no cards won (SA-10)"))
    for card, counted in rules.one_x_sets(mine):
        assert card["set"] is not None
        lines.append(_("1x set {card} collecting {icon}: {n} ({cards}) (SA-11)").format(
            card=card_label(card), icon=word(card["set"]["icon"]), n=len(counted),
            cards=", ".join(card_label(c) for c in counted)))
    players = list(result["scores"])
    for card, per in rules.neighbor_sets(players, won, player):
        assert card["set"] is not None
        shown = "; ".join(f"{q}: {', '.join(card_label(c) for c in v) if v else _('none')}" for q, v in per.items())
        line = (_("Neighbor set {card} collecting {icon}: {n} ({cards}) (two players: the one neighbour "
                  "counts once) (SA-12)") if len(players) == 2
                else _("Neighbor set {card} collecting {icon}: {n} ({cards}) (SA-12)"))
        lines.append(line.format(card=card_label(card), icon=word(card["set"]["icon"]),
                                 n=sum(len(v) for v in per.values()), cards=shown))
    lines.append(_("Total: {numbers} + {sets} + {neighbor} = {total}").format(
        numbers=s["numbers"], sets=s["sets"], neighbor=s["neighbor"], total=s["total"]))
    return lines


def team_text(result: SalesResult) -> str:
    """The team's score and rating (SA-15), co-op and solo."""
    the_team = result["team"]
    assert the_team is not None
    text = (_("Team score {score}: the lower hand's score (SA-15);") if result["mode"] == "solo"
            else _("Team score {score}: the lower player's score (SA-15);")).format(score=the_team["score"])
    rating = the_team["rating"]
    return text + " " + (_("rating: {rating}").format(rating=_(rating)) if rating else _("below 45: no rating."))


def _progress(result: SalesResult) -> str:
    if result["round_over"]:
        return _("Game in progress: round {n} is over; {player} leads round {next}.").format(
            n=result["round"], player=result["last_winner"], next=result["round"] + 1)
    return _("Game in progress: round {n}, {player} leads the next sale.").format(
        n=result["round"], player=result["leader"])


def game_text(result: SalesResult) -> str:
    """The game in a sentence: the winner and the tie-break (SA-13), the team's score
    (SA-15), or where it stands."""
    over = result["game_over"]
    if result["mode"] == "competitive":
        if not over:
            return _progress(result)
        won, tied = result["winners"], result["tied"]
        best = result["scores"][won[0]]["total"]
        if len(tied) == 1:
            return _("Game over: {player} wins with {n} points (SA-13).").format(player=won[0], n=best)
        return _("Game over: {players} tie with {n} points; {player} won the most recent "
                 "sale of them (sale {sale} of the game) and wins (SA-13).").format(
            players=words.names(tied), n=best, player=won[0], sale=result["last_win"].get(won[0], 0))
    return (_("Game over.") if over else _progress(result)) + " " + team_text(result)


def game_notes(result: SalesResult) -> list[str]:
    """What a player reads about the cards dealt per round (SA-2)."""
    return setup_notes(result["mode"], result["hand_size"])


# ---------------------------------------------------------------- cards


def card_text(card: Card | Mapping[str, Any]) -> str:
    """A card in one line: 'sun 1 · discard 2 · sunglasses · 1x set: coat'."""
    c: Card = read(Card, card, {})
    parts = [card_label(c)]
    if c["discard"]:
        parts.append(_("discard {n}").format(n=c["discard"]))
    if c["icons"]:
        parts.append(", ".join(word(i) for i in c["icons"]))
    collects = c["set"]
    if collects is not None:
        parts.append((_("1x set: {icon}") if collects["kind"] == "1x" else _("neighbor set: {icon}")).format(
            icon=word(collects["icon"])))
    return " · ".join(parts)


def played_text(card: Mapping[str, Any]) -> str:
    """A card played from a phone, as the phones name it: 'sun 4, discard 1, icons car'."""
    out = _("{suit} {value}").format(suit=word(str(card["suit"])), value=card["value"])
    if card.get("discard"):
        out += _(", discard {n}").format(n=card["discard"])
    if card.get("icons"):
        out += _(", icons {icons}").format(icons=", ".join(word(str(i)) for i in card["icons"]))
    if card.get("set"):
        out += _(", collects {icon}").format(icon=word(str(card["set"].get("icon"))))
    return out


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
