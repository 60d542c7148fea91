"""Sales at the table, as plain data: what the screens show and the record
operations they send. No flet here — tested without a browser.

The game record is the truth: its setup plus the rounds as entered, each round
its sales, each sale the cards played. A sale being entered is a draft in the
screen's state (a list of plays), not in the record, until every player with
cards has played: ``complete_sale`` then appends it. Undo drops the last sale,
editing replaces an earlier one; every screen shows the pure replay of the
record (``rules.replay`` / ``rules.referee``). Nothing here decides a rule:
refusals come from the rules (``rules.start``, ``rules.check_sale``,
``rules.start_round``) and the core's ``check_names``, and carry their ruling id.

Places in the record are 0-based indexes, ``at = (round_index, sale_index)``:
"the state just before that sale". Without ``at`` a view is of the next sale.

The deck a game is played with is not part of the record (the contract's record
has no such field): the screens keep its path in the store's settings under
``deck_setting_key(match_id)``. Cards are recorded by their attributes (SA-1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from companion.core import edits, words
from companion.core.edits import Change, clean, say, say_where  # noqa: F401 (the screens' API)
from companion.core.errors import RecordError, RuleError
from companion.core.names import normal, same
from companion.core.record import describe_error, error_from_validation
from companion.core.spreadsheet import csv_text
from companion.games.sales import GAME, rules
from companion.games.sales.deck import Deck, card_attributes, check_file, record_card, shipped_decks
from companion.games.sales.models import (
    DEFAULT_HAND_SIZE,
    ROUNDS,
    WILD,
    Card,
    RoundResult,
    Sale,
    SaleResult,
    SalesRecord,
    SalesResult,
)

At = tuple[int, int] | None
PlayDict = Mapping[str, Any]

MODES: list[tuple[str, str]] = [
    ("competitive", "Competitive: 2–6 players"),
    ("coop", "Co-op: 2 players as a team"),
    ("solo", "Solo: one person playing two hands"),
]
SOLO_HANDS = ("Hand 1", "Hand 2")
SET_KINDS: list[tuple[str, str]] = [("1x", "1x set: counts your own cards (SA-11)"),
                                    ("neighbor", "Neighbor set: counts your neighbours' cards (SA-12)")]






# ---------------------------------------------------------------- setup




def player_word(mode: str) -> str:
    """What a seat is called on screen: 'hand' in solo (one person, two hands), else 'player'."""
    return "hand" if mode == "solo" else "player"


def player_range(mode: str) -> tuple[int, int]:
    """How many name fields the setup shows (SA-2): 2–6, or exactly 2 in co-op and solo."""
    if mode == "competitive":
        return rules.MIN_PLAYERS, rules.MAX_PLAYERS
    return rules.TEAM_PLAYERS, rules.TEAM_PLAYERS


def default_names(mode: str, names: Sequence[str] = ()) -> list[str]:
    """The name fields after choosing a mode: the names typed so far, fitted to the
    mode's count (SA-2). Solo offers "Hand 1" and "Hand 2" for empty fields; they
    can be renamed like any name."""
    low, high = player_range(mode)
    out = list(names)[:high]
    out += [""] * (low - len(out))
    if mode == "solo":
        out = [n if n.strip() else SOLO_HANDS[i] for i, n in enumerate(out)]
    return out


def name_errors(names: Sequence[str]) -> list[str | None]:
    """For each name field, why SA-2 refuses it (or None), as the player types."""
    return edits.name_errors(names, "SA-2")


def leader_options(names: Sequence[str]) -> list[str]:
    """The names that can lead round 1 (SA-9): the valid names typed so far, in seat order."""
    errs = name_errors(names)
    return [n for n, e in zip(clean(names), errs) if e is None]


def parse_count(text: str | int) -> int | str:
    """A number typed into a field: the int, or the text as typed (the model then says why not)."""
    if isinstance(text, int):
        return text
    t = text.strip()
    if t.lstrip("-").isdigit():
        return int(t)
    return t


def hand_size_note(mode: str, hand_size: int | str = DEFAULT_HAND_SIZE) -> str:
    """What the setup says under the cards-dealt field (SA-2), from the rules' own note:
    the competitive default 12 is a house rule (the deal chart is missing); co-op and
    solo deal 12 by the rules; anything else is a house variant."""
    n = parse_count(hand_size)
    if not isinstance(n, int) or n < 1:
        n = DEFAULT_HAND_SIZE
    return rules.setup_notes(mode, n)[0]


def hand_size_error(hand_size: int | str) -> str | None:
    """Why the cards-dealt field is refused (SA-2), or None."""
    err = _record_error({"game": "sales", "players": list(SOLO_HANDS),
                         "hand_size": parse_count(hand_size)})
    return _say_setup(err) if err is not None else None


def _say_setup(err: RecordError) -> str:
    """A setup refusal in the setup screen's words (the cards-dealt field, not 'hand_size')."""
    message = err.message
    if message.startswith("hand_size "):
        message = "cards dealt per round " + message.removeprefix("hand_size ")
    return say(RecordError(message, ruling=err.ruling))


def new_record(players: Sequence[str], mode: str = "competitive",
               hand_size: int | str = DEFAULT_HAND_SIZE, leader: str | None = None) -> dict[str, Any]:
    """A game record before round 1 (the contract's input record)."""
    players = clean(players)
    return {
        "game": "sales",
        "mode": mode,
        "players": players,
        "leader": (normal(leader) if leader else None) or (players[0] if players else None),
        "hand_size": parse_count(hand_size),
        "rounds": [],
    }


def setup_error(players: Sequence[str], mode: str = "competitive",
                hand_size: int | str = DEFAULT_HAND_SIZE, leader: str | None = None) -> str | None:
    """Why the game cannot start yet (SA-2, SA-9), or None: the rules' start decides."""
    record = new_record(players, mode, hand_size, leader)
    err = _record_error(record)
    if err is None:
        try:
            rules.start(parse(record))
        except RuleError as exc:
            err = exc
    return _say_setup(err) if err is not None else None


# ---------------------------------------------------------------- deck files


@dataclass(frozen=True)
class DeckFile:
    """A deck file as the setup shows it: its name, and either the deck or what is wrong."""

    path: str
    name: str
    deck: Deck | None
    problems: list[str]
    summary: list[str]

    @property
    def ok(self) -> bool:
        return self.deck is not None


def open_deck(path: str | Path) -> DeckFile:
    """Read and check a deck file (shipped or picked by the player): every fault as a
    line of text, or the deck with its short summary."""
    found, summary = check_file(path)
    if found:
        return DeckFile(str(path), Path(path).name, None, found, [])
    deck = Deck.model_validate_json(Path(path).read_text(encoding="utf-8"))
    return DeckFile(str(path), deck.name, deck, [], summary)


def deck_choices() -> list[DeckFile]:
    """The deck files shipped in ``assets/decks/``, checked."""
    return [open_deck(p) for p in shipped_decks()]


def deck_setting_key(match_id: int) -> str:
    """The store setting that remembers which deck file a match is played with."""
    return f"sales.deck.{match_id}"


# ---------------------------------------------------------------- cards


def card_text(card: Card | Mapping[str, Any]) -> str:
    """A card in one line: 'sun 1 · discard 2 · sunglasses · 1x set: coat'."""
    c = card if isinstance(card, Card) else Card.model_validate(dict(card))
    parts = [c.label()]
    if c.discard:
        parts.append(f"discard {c.discard}")
    if c.icons:
        parts.append(", ".join(c.icons))
    if c.set is not None:
        parts.append(f"{c.set.kind} set: {c.set.icon}")
    return " · ".join(parts)


def _key(card: Card) -> tuple[Any, ...]:
    """A card's attributes, to find a recorded card in the deck (icons in any order or case)."""
    s = (card.set.kind, card.set.icon.casefold()) if card.set else None
    return (card.suit, card.value, card.discard, tuple(sorted(i.casefold() for i in card.icons)), s)


@dataclass(frozen=True)
class CardDraft:
    """A card being entered by its attributes (kept as typed, even when refused)."""

    suit: str = ""
    value: int | str = 0
    discard: int | str = 0
    icons: tuple[str, ...] = ()
    set_kind: str = ""          # "", "1x" or "neighbor"
    set_icon: str = ""

    def raw(self) -> dict[str, Any]:
        out: dict[str, Any] = {"suit": self.suit.strip().lower(), "value": parse_count(self.value),
                               "discard": parse_count(self.discard)}
        icons = [i.strip() for i in self.icons if i.strip()]
        if icons:
            out["icons"] = icons
        if self.set_kind or self.set_icon.strip():
            out["set"] = {"kind": self.set_kind, "icon": self.set_icon.strip()}
        return out

    def card(self) -> dict[str, Any]:
        """The contract's card (check ``card_errors`` first)."""
        c = Card.model_validate(self.raw())
        out: dict[str, Any] = {"suit": c.suit, "value": c.value, "discard": c.discard}
        if c.icons:
            out["icons"] = list(c.icons)
        if c.set is not None:
            out["set"] = {"kind": c.set.kind, "icon": c.set.icon}
        return out

    @classmethod
    def of(cls, card: Mapping[str, Any]) -> CardDraft:
        s = card.get("set") or {}
        return cls(suit=card["suit"], value=card["value"], discard=card.get("discard", 0),
                   icons=tuple(card.get("icons", ())), set_kind=s.get("kind", ""),
                   set_icon=s.get("icon", ""))

    @classmethod
    def of_deck(cls, deck: Deck, card_id: str) -> CardDraft:
        return cls.of(card_attributes(deck, card_id))


def suit_options(deck: Deck | None) -> list[str]:
    """The suits to pick from when entering by attributes: the deck's weathers and wild."""
    return [*deck.suits, WILD] if deck is not None else [WILD]


def icon_options(deck: Deck | None) -> list[str]:
    return list(deck.icons) if deck is not None else []


def card_errors(draft: CardDraft, deck: Deck | None = None) -> dict[str, str]:
    """What SA-1 refuses in a card entered by attributes, per field ("suit", "value",
    "discard", "icons", "set"); with a deck, the suit and icons must be the deck's."""
    out: dict[str, str] = {}
    raw = draft.raw()
    if "set" in raw and raw["set"]["kind"] not in ("1x", "neighbor"):
        out["set"] = "SA-1: choose what the set collects: 1x or neighbor"
        raw = {k: v for k, v in raw.items() if k != "set"}
    try:
        Card.model_validate(raw)
    except ValidationError as exc:
        for e in exc.errors(include_url=False):
            name = str(e["loc"][0]) if e["loc"] else "card"
            what = " ".join(str(x) for x in e["loc"] if isinstance(x, str)) or "card"
            out.setdefault(name, f"SA-1: {what} {describe_error(e)}")
    if deck is not None:
        suit = raw["suit"]
        if "suit" not in out and suit != WILD and suit not in deck.suits:
            out["suit"] = (f"SA-1: '{suit}' is not one of this deck's suits "
                           f"({', '.join(deck.suits)}) or wild")
        known = {i.casefold() for i in deck.icons}
        unknown = [i for i in raw.get("icons", []) if isinstance(i, str) and i.casefold() not in known]
        if unknown and "icons" not in out:
            out["icons"] = f"SA-1: not this deck's icons: {', '.join(unknown)}"
        icon = draft.set_icon.strip()
        if icon and "set" not in out and icon.casefold() not in known:
            out["set"] = f"SA-1: the set icon '{icon}' is not one of this deck's icons"
    return out


# ---------------------------------------------------------------- the record


def _record_error(record: Mapping[str, Any]) -> RecordError | None:
    try:
        parse(record)
    except RecordError as err:
        return err
    return None


def parse(record: Mapping[str, Any]) -> SalesRecord:
    """The record model; a malformed record raises a one-line RecordError with its ruling."""
    raw = dict(record)
    try:
        return SalesRecord.model_validate(raw)
    except ValidationError as exc:
        raise error_from_validation(exc, raw, GAME.field_rulings) from None


def _truncate(record: Mapping[str, Any], at: At) -> dict[str, Any]:
    """The record up to (not including) sale ``at`` = (round_index, sale_index)."""
    if at is None:
        return dict(record)
    r, s = at
    rounds = list(record["rounds"])[:r]
    rounds.append({"sales": list(record["rounds"][r]["sales"])[:s]} if r < len(record["rounds"])
                  else {"sales": []})
    return {**record, "rounds": rounds}


def replay(record: Mapping[str, Any], at: At = None) -> tuple[list[RoundResult], rules.State]:
    """Every round's result and the state (before sale ``at``, or after the last sale)."""
    return rules.replay(parse(_truncate(record, at)))




def _plays(plays: Sequence[PlayDict]) -> list[dict[str, Any]]:
    return [{"player": p["player"], "card": dict(p["card"])} for p in plays]


def _check_sale(state: rules.State, plays: Sequence[PlayDict]) -> str | None:
    raw = {"plays": _plays(plays)}
    try:
        sale = Sale.model_validate(raw)
    except ValidationError as exc:
        err = error_from_validation(exc, raw, GAME.field_rulings)
        return say_where(RecordError(err.message, ruling=err.ruling, round=state.round,
                                     sale=state.sales_in_round + 1, player=err.player))
    found = rules.check_sale(state, sale)
    return say_where(found) if found is not None else None


def complete_sale(record: Mapping[str, Any], plays: Sequence[PlayDict]) -> Change:
    """Append the sale being entered to the current round, if the rules take it (SA-3:
    every player with cards, in order); else say why and change nothing."""
    _, state = replay(record)
    err = _check_sale(state, plays)
    if err is not None:
        return Change(dict(record), err)
    rounds = [dict(r) for r in record["rounds"]] or [{"sales": []}]
    rounds[-1] = {**rounds[-1], "sales": [*rounds[-1]["sales"], {"plays": _plays(plays)}]}
    return Change({**record, "rounds": rounds})


def start_next_round(record: Mapping[str, Any]) -> Change:
    """Start the next round once every hand is empty: every hand dealt again, led by
    the winner of the last sale (SA-9); refused while hands hold cards (SA-7) or after
    round 3 (SA-9)."""
    _, state = replay(record)
    try:
        rules.start_round(state)
    except RuleError as err:
        return Change(dict(record), say_where(err))
    rounds = list(record["rounds"]) or [{"sales": []}]
    return Change({**record, "rounds": [*rounds, {"sales": []}]})


def undo(record: Mapping[str, Any]) -> Change:
    """Drop the last sale; if that empties its round, drop the round too (an empty
    round just started is dropped itself)."""
    rounds = [dict(r) for r in record["rounds"]]
    if rounds and not rounds[-1]["sales"]:
        rounds.pop()
        if rounds:
            return Change({**record, "rounds": rounds})
    if not rounds or not rounds[-1]["sales"]:
        return Change(dict(record), "There is no sale to undo.")
    rounds[-1] = {**rounds[-1], "sales": list(rounds[-1]["sales"][:-1])}
    if not rounds[-1]["sales"]:
        rounds.pop()
    return Change({**record, "rounds": rounds})


def place(record: Mapping[str, Any]) -> edits.Place:
    """How far the game is, in the words the table uses ('round 2, sale 3')."""
    rounds = record["rounds"]
    at = (len(rounds), len(rounds[-1]["sales"]) if rounds else 0)
    sv = sale_view(record)
    if sv.game_over:
        return edits.Place(at, "the final scores")
    if sv.round_over:
        return edits.Place(at, f"round {sv.round + 1}", "started")
    return edits.Place(at, f"round {sv.round}, sale {sv.sale}")


def plays_of(record: Mapping[str, Any], round_index: int, sale_index: int) -> list[dict[str, Any]]:
    """The plays of an earlier sale, as the draft to edit it."""
    return _plays(record["rounds"][round_index]["sales"][sale_index]["plays"])


def edit_sale(record: Mapping[str, Any], round_index: int, sale_index: int,
              plays: Sequence[PlayDict]) -> Change:
    """Replace sale ``sale_index`` of round ``round_index`` (0-based) and replay the game.

    Refused, with the record unchanged, if the new plays break a rule, or if a later
    sale no longer holds after the change (e.g. a hand emptied by new discards)."""
    rounds = [dict(r) for r in record["rounds"]]
    if not (0 <= round_index < len(rounds) and 0 <= sale_index < len(rounds[round_index]["sales"])):
        return Change(dict(record), f"There is no sale {sale_index + 1} in round {round_index + 1} to change.")
    _, state = replay(record, (round_index, sale_index))
    err = _check_sale(state, plays)
    if err is not None:
        return Change(dict(record), err)
    sales = list(rounds[round_index]["sales"])
    sales[sale_index] = {"plays": _plays(plays)}
    rounds[round_index] = {**rounds[round_index], "sales": sales}
    changed = {**record, "rounds": rounds}
    try:
        replay(changed)
    except RecordError as later:
        return Change(dict(record), f"Sale {sale_index + 1} of round {round_index + 1} cannot be "
                                    f"changed so: {say_where(later)}")
    return Change(changed)


# ---------------------------------------------------------------- the sale being entered


def _mode(record: Mapping[str, Any]) -> str:
    return str(record.get("mode") or "competitive")


def needs_confirmation(record: Mapping[str, Any], plays: Sequence[PlayDict],
                       card: Mapping[str, Any] | CardDraft, at: At = None) -> str | None:
    """In co-op and solo, the question to ask before an off-suit play is entered (SA-14):
    the app cannot see hands. None in the competitive game, or when the card is on suit."""
    if _mode(record) == "competitive":
        return None
    new = Card.model_validate(card.raw() if isinstance(card, CardDraft) else dict(card))
    before = [Card.model_validate(dict(p["card"])) for p in plays]
    suit = rules.lead_suit(before)
    if new.wild or suit is None:
        return None  # a wild is on suit for every suit; the first non-wild sets the suit (SA-4)
    if new.suit == suit:
        return None
    _, state = replay(record, at)
    order = rules.play_order(state)
    if len(plays) >= len(order):
        return None
    who = order[len(plays)]
    return (f"{who}'s {new.label()} is off suit: confirm {who} has no {suit} card "
            f"and no wild (SA-14)")


@dataclass(frozen=True)
class Drafted:
    """The sale being entered after adding a card: the plays, or why not, or a question."""

    plays: list[dict[str, Any]]
    error: str | None = None
    question: str | None = None    # SA-14: ask, then add again with confirmed=True

    @property
    def ok(self) -> bool:
        return self.error is None and self.question is None


def draft_play(record: Mapping[str, Any], plays: Sequence[PlayDict],
               card: Mapping[str, Any] | CardDraft, *, deck: Deck | None = None,
               confirmed: bool = False, at: At = None) -> Drafted:
    """Add the next player's card to the sale being entered (SA-3: the player whose
    turn it is). A card by attributes is checked first (SA-1); in co-op and solo an
    off-suit card waits for the confirmation question's answer (SA-14)."""
    current = _plays(plays)
    draft = card if isinstance(card, CardDraft) else CardDraft.of(card)
    errs = card_errors(draft, deck)
    if errs:
        return Drafted(current, "; ".join(errs.values()))
    _, state = replay(record, at)
    order = rules.play_order(state)
    if state.round_over:
        return Drafted(current, f"SA-7: every hand is empty: round {state.round} is over")
    if len(current) >= len(order):
        return Drafted(current, "SA-3: every player with cards has played: complete the sale")
    if not confirmed:
        q = needs_confirmation(record, current, draft, at)
        if q is not None:
            return Drafted(current, question=q)
    return Drafted([*current, {"player": order[len(current)], "card": draft.card()}])


def drop_last_play(plays: Sequence[PlayDict]) -> list[dict[str, Any]]:
    """Take back the last card entered in the sale being entered (not yet recorded)."""
    return _plays(plays)[:-1]


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


def sale_view(record: Mapping[str, Any], plays: Sequence[PlayDict] = (), at: At = None) -> SaleView:
    """The sale being entered (the next sale, or sale ``at`` when editing)."""
    mode = _mode(record)
    _, state = replay(record, at)
    order = rules.play_order(state)
    entered = _plays(plays)[: len(order)]
    cards = [Card.model_validate(p["card"]) for p in entered]
    by = {p["player"]: card_text(c) for p, c in zip(entered, cards)}
    turn = order[len(entered)] if len(entered) < len(order) else None
    suit = rules.lead_suit(cards)
    if not cards:
        suit_text = f"{state.leader} leads: the first card sets the suit (SA-4)" if state.leader else ""
    elif suit is None:
        suit_text = "Only wilds so far: the first non-wild card sets the suit (SA-4)"
    else:
        suit_text = f"On suit: {suit} and wilds (SA-4)"
    hands = [HandView(p, state.hands[p] - (1 if p in by else 0), by.get(p), p == turn,
                      state.hands[p] == 0) for p in state.players]
    can_start = state.round_over and state.round < ROUNDS
    next_leader = state.last_winner if can_start else None
    word = player_word(mode)
    if state.game_over:
        status = f"Game over: round {ROUNDS} of {ROUNDS} is over (SA-9)."
    elif state.round_over:
        status = (f"Round {state.round} is over: every hand is empty (SA-7). {next_leader} won "
                  f"the last sale and leads round {state.round + 1} (SA-9).")
    elif turn is None:
        status = f"Round {state.round}, sale {state.sales_in_round + 1}: every {word} has played."
    else:
        status = (f"Round {state.round}, sale {state.sales_in_round + 1}: {state.leader} leads; "
                  f"{turn} to play.")
    return SaleView(
        mode=mode, round=state.round, sale=0 if state.round_over else state.sales_in_round + 1,
        leader=state.leader,
        order=order, played=[(p["player"], by[p["player"]]) for p in entered], turn=turn,
        ready=bool(order) and turn is None, suit=suit, suit_text=suit_text, hands=hands,
        round_over=state.round_over, game_over=state.game_over, can_start_round=can_start,
        next_round_leader=next_leader, status=status,
    )


# ---------------------------------------------------------------- picking from the deck


@dataclass(frozen=True)
class DeckCardView:
    id: str
    label: str          # "sun 4"
    text: str           # "sun 4 · discard 1 · sunglasses"
    suit: str
    out: bool           # out of play: shown greyed out
    why: str | None     # "won by Ann in round 1", "played in sale 2", "played by Cat in this sale"

    def matches(self, query: str) -> bool:
        """Every word of the search text appears in the card's id or text."""
        hay = f"{self.id} {self.text}".casefold()
        return all(w in hay for w in query.casefold().split())


@dataclass(frozen=True)
class SuitGroup:
    suit: str
    title: str          # "sun: 10 cards, 2 out of play"
    cards: list[DeckCardView]


def _out_of_play(record: Mapping[str, Any], plays: Sequence[PlayDict], at: At) -> list[tuple[Card, str]]:
    """Cards the record shows out of play for the sale being entered: cards won in
    earlier rounds (kept, not shuffled back: SA-9), every card played this round (won
    or discarded: SA-6), and the cards entered in this sale."""
    rec = _truncate(record, at)
    results, _ = rules.replay(parse(rec))
    out: list[tuple[Card, str]] = []
    last = len(results) - 1
    for r, (rnd, result) in enumerate(zip(rec["rounds"], results)):
        for s, (sale, res) in enumerate(zip(rnd["sales"], result.sales)):
            for play in sale["plays"]:
                card = Card.model_validate(play["card"])
                won = same(play["player"], res.winner)
                if r < last:
                    if won:
                        out.append((card, f"won by {res.winner} in round {r + 1}"))
                elif won:
                    out.append((card, f"won by {res.winner} in sale {s + 1}"))
                else:
                    out.append((card, f"discarded in sale {s + 1}"))
    for p in plays:
        out.append((Card.model_validate(dict(p["card"])), f"played by {p['player']} in this sale"))
    return out


def deck_groups(deck: Deck, record: Mapping[str, Any], plays: Sequence[PlayDict] = (),
                query: str = "", at: At = None) -> list[SuitGroup]:
    """The deck's cards grouped by suit (the deck's suits in order, then wild), the
    cards out of play flagged to grey out, filtered by the search text."""
    taken: dict[str, str] = {}
    cards = [(c, record_card(deck, c.id)) for c in deck.cards]
    for played, why in _out_of_play(record, plays, at):
        key = _key(played)
        for dc, card in cards:
            if dc.id not in taken and _key(card) == key:
                taken[dc.id] = why
                break
    groups = []
    for suit in [*deck.suits, WILD]:
        views = [DeckCardView(dc.id, card.label(), card_text(card), dc.suit, dc.id in taken,
                              taken.get(dc.id))
                 for dc, card in cards if dc.suit == suit]
        if views:
            n_out = sum(v.out for v in views)
            title = f"{suit}: {words.count(len(views), 'card')}" + (f", {n_out} out of play" if n_out else "")
            groups.append(SuitGroup(suit, title, views))
    return search(groups, query)


def search(groups: Sequence[SuitGroup], query: str) -> list[SuitGroup]:
    """Only the cards matching the search text ('sun 4', 'coat', 'wild'); empty groups go."""
    if not query.strip():
        return list(groups)
    out = []
    for g in groups:
        hit = [c for c in g.cards if c.matches(query)]
        if hit:
            out.append(SuitGroup(g.suit, g.title, hit))
    return out


# ---------------------------------------------------------------- after a sale


@dataclass(frozen=True)
class SaleResultView:
    """What the table reads after a sale: the winner and why, the discards, who leads."""

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
    asked = res.card.discard
    if not asked:
        return f"{res.winner} discards nothing: the {res.card.label()} has no discard icons (SA-6)."
    if res.discards == asked:
        return f"{res.winner} discards {words.count(res.discards, 'card')} from hand, face down (SA-6)."
    return (f"{res.winner} discards {words.count(res.discards, 'card')} from hand, face down: "
            f"the {words.count(asked, 'discard icon')} {'asks' if asked == 1 else 'ask'} for more than "
            "the hand holds (SA-6).")


def sale_result(record: Mapping[str, Any], round_index: int = -1, sale_index: int = -1) -> SaleResultView:
    """The result of a recorded sale (by default the last one)."""
    results, state = replay(record)
    played = [r for r in results if r.sales]
    if not played:
        raise RecordError("no sale has been recorded yet")
    rnd = results[round_index] if round_index != -1 else played[-1]
    res = rnd.sales[sale_index]
    is_last = res is rnd.sales[-1]
    if res.next_leader is None:
        nxt = (f"Every hand is empty: round {rnd.round} ends (SA-7)." if rnd.round < ROUNDS
               else f"Every hand is empty: round {ROUNDS} ends and so does the game (SA-9).")
    elif res.next_leader == res.winner:
        nxt = f"{res.winner} leads the next sale (SA-7)."
    else:
        nxt = (f"{res.winner}'s hand is empty: {res.next_leader}, the next with cards "
               "clockwise, leads the next sale (SA-7).")
    return SaleResultView(
        round=rnd.round, sale=res.sale, winner=res.winner, card=card_text(res.card),
        headline=f"{res.winner} wins with the {res.card.label()}", explanation=res.explanation,
        rulings=list(res.rulings), discards=res.discards, discards_text=_discards_text(res),
        next_leader=res.next_leader, next_text=nxt, on_suit=list(res.on_suit),
        off_suit=list(res.off_suit), hands=[(p, res.hands[p]) for p in state.players],
        notes=list(rnd.notes) if is_last and rnd.over else [],
    )


@dataclass(frozen=True)
class RoundView:
    number: int
    leader: str
    sales: list[str]               # one line per sale
    hands: list[tuple[str, int]]
    over: bool
    notes: list[str]


def sale_line(res: SaleResult) -> str:
    """'Sale 1: Ann led; Ben wins with the sun 2 (discards 1)'."""
    tail = f" (discards {res.discards})" if res.discards else ""
    alone = " alone (SA-8)" if res.alone else ""
    return f"Sale {res.sale}: {res.leader} led{alone}; {res.winner} wins with the {res.card.label()}{tail}"


def round_views(record: Mapping[str, Any]) -> list[RoundView]:
    """Every round as entered, a line per sale, for the game's history."""
    results, state = replay(record)
    return [RoundView(r.round, r.leader, [sale_line(s) for s in r.sales],
                      [(p, r.hands[p]) for p in state.players], r.over, list(r.notes))
            for r in results]


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


def result(record: Mapping[str, Any]) -> SalesResult:
    return rules.referee(parse(record))


def score_view(record: Mapping[str, Any]) -> ScoreView:
    """The scores of the cards won so far; after three rounds the final score."""
    res = result(record)
    players = list(record["players"])
    order = sorted(players, key=lambda p: (-res.scores[p].total, players.index(p)))
    scores, place = [], 0
    for i, p in enumerate(order):
        s = res.scores[p]
        if i == 0 or s.total != res.scores[order[i - 1]].total:
            place = i + 1
        scores.append(PlayerScore(p, place, s.numbers, s.sets, s.neighbor, s.total, s.cards,
                                  list(s.breakdown)))
    team = (TeamView(res.team.score, res.team.rating, res.team.explanation)
            if res.team is not None else None)
    played = sum(1 for r in res.rounds if r.sales)
    return ScoreView(res.mode, res.game_over, played, scores, list(res.winners), res.explanation,
                     team, list(res.notes))


# ---------------------------------------------------------------- history


@dataclass
class MatchProgress:
    """Where a game stands, in one line for the history list."""

    over: bool
    line: str = field(default="")


def game_line(record: Mapping[str, Any]) -> tuple[str, bool]:
    """One game in one line: 'round 2, sale 3 to enter' or the final outcome."""
    try:
        res = result(record)
        _, state = replay(record)
    except RecordError as err:
        return f"cannot be replayed: {say_where(err)}", False
    if res.game_over:
        if res.team is not None:
            rating = res.team.rating or "no rating"
            return f"game over: team score {res.team.score}, {rating} (SA-15)", True
        w = res.winners[0]
        return f"game over: {w} wins with {res.scores[w].total} (SA-13)", True
    if state.round_over:
        return f"round {state.round} of {ROUNDS} over; round {state.round + 1} not started", False
    return f"round {state.round} of {ROUNDS}, sale {state.sales_in_round + 1} to enter", False


def progress(players: Sequence[str], records: Sequence[Mapping[str, Any]]) -> MatchProgress:
    """A Sales match is one game: its three rounds are the tally (SA-9)."""
    del players
    if not records:
        return MatchProgress(False, "not started")
    line, over = game_line(records[-1])
    if len(records) > 1:
        line = f"game {len(records)}: {line}"
    return MatchProgress(over, line)


def match_line(players: Sequence[str], records: Sequence[Mapping[str, Any]]) -> tuple[str, bool]:
    """The history list's line for a match, and whether it is over (the shell's protocol)."""
    p = progress(players, records)
    return p.line, p.over


# ---------------------------------------------------------------- export

CSV_COLUMNS = ["round", "sale", "player", "suit", "value", "discard", "icons", "set", "outcome"]


def csv_rows(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One row per play: round, sale, player, the card's attributes, and whether the
    card was won (kept for points) or discarded (SA-6)."""
    results, _ = replay(record)
    rows = []
    for rnd, rres in zip(record["rounds"], results):
        for sale, sres in zip(rnd["sales"], rres.sales):
            for play in sale["plays"]:
                card = Card.model_validate(play["card"])
                player = normal(play["player"])
                rows.append({
                    "round": rres.round, "sale": sres.sale, "player": player, "suit": card.suit,
                    "value": card.value, "discard": card.discard, "icons": " ".join(card.icons),
                    "set": f"{card.set.kind} {card.set.icon}" if card.set else "",
                    "outcome": "won" if same(player, sres.winner) else "discarded",
                })
    return rows


def game_csv(record: Mapping[str, Any]) -> str:
    return csv_text(CSV_COLUMNS, csv_rows(record))


# ---------------------------------------------------------------- the rules, in plain words

RULES_INTRO: list[str] = [
    ("Sales is a trick-taking game: each sale, every player with cards plays one card; the "
    "lowest card on suit wins it and is kept for points. Three rounds are played; then the "
    "cards won are scored."),
    ("The app cannot see anyone's hand: the players enter each card as it is played (picked "
    "from the deck file or by its attributes), and the app says who plays next, who wins "
    "and why, what to discard and who leads. Each rule has its id; the app cites it wherever "
    "it decides something."),
]

RULES: list[tuple[str, str, bool]] = [
    ("SA-1", ("A card has a suit (one of the deck's weathers) or is wild; a value (its points); "
             "a number of discard icons; the icons it shows; and it may collect a set, 1x or "
             "neighbor, of one icon. The card list is not in the rules: it comes from a deck "
             "file you can edit, and any card can also be entered by its attributes."), False),
    ("SA-2", ("The competitive game is for 2 to 6 players; co-op for exactly 2; solo is one "
             "person playing two hands, refereed as two players. Co-op and solo deal 12 cards "
             "per hand each round. House rule: the competitive game deals 12 cards per player "
             "each round, because the deal chart is missing; you can change it at setup, and "
             "any other number is a house variant."), True),
    ("SA-3", ("The leader plays first, then each player who still has cards, clockwise. Players "
             "with empty hands are skipped."), False),
    ("SA-4", ("The first card played sets the suit; cards of that suit are on suit. Wild cards "
             "are on suit for every suit, in every mode. If the first card is wild, the first "
             "non-wild card sets the suit; if every card is wild, all are on suit. You don't "
             "have to play on suit in the competitive game."), False),
    ("SA-5", ("The lowest card on suit wins the sale. On a tie, the last of the tied cards "
             "played wins."), False),
    ("SA-6", ("The winner keeps the card played, for its points; every other card played is "
             "discarded. The winner then discards face down from hand as many cards as the won "
             "card has discard icons, or the whole hand if it holds fewer."), False),
    ("SA-7", ("The winner leads the next sale. If the winner's hand is empty, the next player "
             "clockwise with cards leads. When every hand is empty, the round ends."), False),
    ("SA-8", ("A player who is the only one with cards plays sales alone: each card wins, and "
             "its discard icons are paid as usual."), False),
    ("SA-9", ("Three rounds. Round 1's leader is chosen at setup; each later round is led by "
             "the winner of the last sale of the round before. Won cards are kept across "
             "rounds; the rest of the deck is shuffled and dealt again."), False),
    ("SA-10", "Numbers: each player adds up the values of all the cards they won.", False),
    ("SA-11", ("Each won 1x set card collecting an icon scores 1 for every card the same player "
              "won that shows the icon or is wild, itself included (a set card shows the icon "
              "it collects). A card counts at most once per set card."), False),
    ("SA-12", ("Each won neighbor set card collecting an icon scores 1 for every card the "
              "player's left and right neighbours won that shows the icon or is wild. With two "
              "players the one neighbour counts once."), False),
    ("SA-13", ("The highest total wins. On a tie, the tied player who won the most recent sale "
              "wins."), False),
    ("SA-14", ("Co-op and solo: follow suit if you can. With no card on suit you may play any "
              "card, and it cannot win. Wilds may be played any time, and with no other card on "
              "suit you must play a wild if you hold one. The app cannot see hands, so it asks "
              "you to confirm every off-suit play."), False),
    ("SA-15", ("Co-op and solo: the team score is the lower of the two scores. 65 or more: "
              "\"Wow!\"; 55 or more: \"Good job.\"; 45 or more: \"Not bad!\"; below 45 no "
              "rating."), False),
]
