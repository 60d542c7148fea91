"""The sales setup screen as plain data: the mode, the players and their names, the deck
and the hand size with what the deal makes of them (SA-16), the steps a tap takes on
the draft, and the record a game starts with. No flet here.

Nothing here decides a rule: the refusals come from the rules (``rules.start``) and
the core's name policy, with their ruling ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.core import edits
from companion.core.edits import clean, say
from companion.core.errors import RecordError, RuleError
from companion.core.names import normal
from companion.games.sales import rules
from companion.games.sales.changes import parse, record_error
from companion.games.sales.deal import deal_plan, hand_for, largest_hand
from companion.games.sales.deck import Deck
from companion.games.sales.deckfiles import DeckFile
from companion.games.sales.i18n import N_, _, ngettext
from companion.games.sales.models import DEFAULT_HAND_SIZE
from companion.games.sales.vocab import setup_notes

MODES: list[tuple[str, str]] = [
    ("competitive", N_("Competitive: 2–6 players")),
    ("coop", N_("Co-op: 2 players as a team")),
    ("solo", N_("Solo: one person playing two hands")),
]
SOLO_HANDS = ("Hand 1", "Hand 2")
OTHER = ""          # the setup's deck choice "another file" (a typed or picked path)
STORED = "stored:"  # the setup's deck choice of a deck made in the app: "stored:<id>"


# ---------------------------------------------------------------- setup


def player_word(mode: str) -> str:
    """What a seat is called on screen: 'hand' in solo (one person, two hands), else 'player'."""
    return "hand" if mode == "solo" else "player"


def player_label(mode: str, n: int) -> str:
    """A seat's name field: "Hand 1" in solo, else "Player 1"."""
    return (_("Hand {n}") if mode == "solo" else _("Player {n}")).format(n=n)


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
    return [n for n, e in zip(clean(names), errs, strict=True) if e is None]


def parse_count(text: str | int) -> int | str:
    """A number typed into a field: the int, or the text as typed (the model then says why not)."""
    if isinstance(text, int):
        return text
    t = text.strip()
    if t.lstrip("-").isdigit():
        return int(t)
    return t


def hand_size_note(mode: str, hand_size: int | str = DEFAULT_HAND_SIZE, players: int = 0,
                   deck: Deck | None = None) -> str:
    """What the setup says under the cards-dealt field (SA-2), from the rules' own note:
    the competitive default 12 is a house rule (the deal chart is missing); co-op and
    solo deal 12 by the rules; anything else is a house variant. When the deck cannot
    deal 12 to every player, the note says so (SA-16)."""
    n = parse_count(hand_size)
    if not isinstance(n, int) or n < 1:
        n = DEFAULT_HAND_SIZE
    note = setup_notes(mode, n)[0]
    if deck is not None and players and n < DEFAULT_HAND_SIZE and len(deck.cards) < players * DEFAULT_HAND_SIZE:
        note += " " + _("{default} each would need {need} cards, and the deck holds {copy} (SA-16).").format(
            default=DEFAULT_HAND_SIZE, need=players * DEFAULT_HAND_SIZE, copy=len(deck.cards))
    return note


def discards_of(deck: Deck) -> list[int]:
    """The discard icons of every card of the deck (how short a round can be, SA-16)."""
    return [c.discard for c in deck.cards]


def offered_hand_size(players: int, deck: Deck | None) -> int:
    """The hand size the setup offers until one is typed (SA-16): the largest up to 12
    that the chosen deck deals every round to this many players; 12 without a deck, or
    when the deck is too small for any (the setup then says why)."""
    if deck is None or players < 1:
        return DEFAULT_HAND_SIZE
    return largest_hand(len(deck.cards), players, DEFAULT_HAND_SIZE, discards_of(deck)) or DEFAULT_HAND_SIZE


def deal_refusal(players: int, hand_size: int | str, deck: Deck | None) -> str | None:
    """Why the deck cannot deal this hand size (SA-16), or None: round 1 deals from the
    whole deck; and, house rule, no later round may be left with fewer cards than
    players, however the earlier rounds went."""
    n = parse_count(hand_size)
    if deck is None or players < 1 or not isinstance(n, int) or n < 1:
        return None
    copy = len(deck.cards)
    most = hand_for(copy, players, n)
    if most < 1:
        return ngettext("SA-16: the deck holds {copy} card, fewer than the {players} players",
                        "SA-16: the deck holds {copy} cards, fewer than the {players} players", copy).format(
            copy=copy, players=players)
    if most < n:
        return _("SA-16: {players} players × {n} cards need {need} cards, and the deck holds {copy}: "
                 "round 1 can deal at most {most} each").format(
            players=players, n=n, need=players * n, copy=copy, most=most)
    short = next((r for r in deal_plan(copy, players, n, discards_of(deck)) if r.fewest < 1), None)
    if short is not None:
        return ngettext("SA-16: with {n} card each, round {round} could be left with fewer cards than the "
                        "{players} players (house rule: every round deals each player at least one card); "
                        "choose fewer",
                        "SA-16: with {n} cards each, round {round} could be left with fewer cards than the "
                        "{players} players (house rule: every round deals each player at least one card); "
                        "choose fewer", n).format(n=n, round=short.round, players=players)
    return None


def deal_plan_lines(players: int, hand_size: int | str, deck: Deck | None) -> list[str]:
    """What each round will deal at most, for the setup (SA-16): round 1 from the whole
    deck, each later round from what the rounds before left (cards won are not dealt
    again); the fewest, when no winner discards from hand, beside it. Empty when the
    deck or the hand size cannot be used (the setup says why)."""
    n = parse_count(hand_size)
    if deck is None or players < 1 or not isinstance(n, int) or n < 1 or deal_refusal(players, n, deck):
        return []
    copy = len(deck.cards)
    lines = []
    for r in deal_plan(copy, players, n, discards_of(deck)):
        if r.round == 1:
            out = copy - players * r.most
            line = ngettext("Round 1: {n} each, {dealt} of the {copy} cards; {out} stays out",
                            "Round 1: {n} each, {dealt} of the {copy} cards; {out} stay out", out)
            lines.append(line.format(n=r.most, dealt=players * r.most, copy=copy, out=out))
        elif r.most == r.fewest:
            lines.append(_("Round {round}: {n} each").format(round=r.round, n=r.most))
        else:
            lines.append(_("Round {round}: at most {most} each ({fewest} if no winner discards from hand)").format(
                round=r.round, most=r.most, fewest=r.fewest))
    return lines


def deal_plan_note(hand_size: int | str) -> str:
    """Why later rounds deal fewer (SA-16), under the plan."""
    n = parse_count(hand_size)
    return _("Cards won are not dealt again (so say the rules): each round is dealt from the cards left. When "
             "they do not make {n} each, they are shared out evenly and the rest stay out (house rule, SA-16).").format(
        n=n if isinstance(n, int) else DEFAULT_HAND_SIZE)


def hand_size_error(hand_size: int | str) -> str | None:
    """Why the cards-dealt field is refused (SA-2), or None."""
    err = record_error({"game": "sales", "players": list(SOLO_HANDS), "hand_size": parse_count(hand_size)})
    return _say_setup(err) if err is not None else None


def _say_setup(err: RecordError) -> str:
    """A setup refusal in the setup screen's words (the cards-dealt field, not 'hand_size')."""
    message = err.message
    if message.startswith("hand_size "):
        message = _("cards dealt per round {problem}").format(problem=message.removeprefix("hand_size "))
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
    err = record_error(record)
    if err is None:
        try:
            rules.start(parse(record))
        except RuleError as exc:
            err = exc
    return _say_setup(err) if err is not None else None


@dataclass(frozen=True)
class SetupDraft:
    mode: str = "competitive"
    names: tuple[str, ...] = ("", "", "")
    hand_size: str | None = None       # as typed; None: the size offered for the deck and players (SA-16)
    leader: str | None = None          # a name; None: the first valid name
    deck: str | None = None            # a shipped deck's path, OTHER, STORED + id, or None: the first shipped one
    other: str = ""                    # the path typed or picked for OTHER
    touched: frozenset[int] = frozenset()   # the name fields typed in or left (by seat)
    tried: bool = False                # Start tapped: every field's refusal is said

    def deck_path(self, shipped: Sequence[str]) -> str:
        if self.deck is None:
            return shipped[0] if shipped else ""
        return self.other.strip() if self.deck == OTHER else self.deck

    def stored_deck(self) -> int | None:
        """The id of the deck made in the app that is chosen, if one is."""
        if self.deck is not None and self.deck.startswith(STORED) and self.deck[len(STORED):].isdigit():
            return int(self.deck[len(STORED):])
        return None

    def leader_name(self) -> str | None:
        options = leader_options(self.names)
        if self.leader in options:
            return self.leader
        return options[0] if options else None

    @property
    def players(self) -> int:
        """How many seats the game is set up for (a field for each, SA-2)."""
        return len(self.names)

    def hand_size_for(self, deck: Deck | None) -> str:
        """The cards dealt per round as the field shows it: as typed, or the size
        offered for this deck and number of players (SA-16)."""
        return self.hand_size if self.hand_size is not None else str(offered_hand_size(self.players, deck))


def with_mode(d: SetupDraft, mode: str) -> SetupDraft:
    """Another mode: the names fitted to its count (SA-2); solo's default hand names
    are dropped again when leaving solo."""
    names = list(d.names)
    if d.mode == "solo" and mode != "solo":
        names = ["" if n in SOLO_HANDS else n for n in names]
    fitted = tuple(default_names(mode, names))
    return replace(d, mode=mode, names=fitted, touched=frozenset(k for k in d.touched if k < len(fitted)))


def with_name(d: SetupDraft, i: int, name: str) -> SetupDraft:
    return replace(d, names=d.names[:i] + (name,) + d.names[i + 1:], touched=d.touched | {i})


def left(d: SetupDraft, i: int) -> SetupDraft:
    """Name field ``i`` was left (typed in or not): its refusal is said from now on."""
    return d if i in d.touched else replace(d, touched=d.touched | {i})


def started(d: SetupDraft) -> SetupDraft:
    """Start tapped: every field's refusal is said from now on."""
    return replace(d, tried=True)


def said_name_errors(d: SetupDraft) -> list[str | None]:
    """Each name field's refusal (SA-2) as the setup says it: only for a field typed in
    or left, or every field once Start was tapped (a fresh empty field is no mistake)."""
    return edits.said_name_errors(name_errors(d.names), d.touched, d.tried)


def with_players(d: SetupDraft, names: Sequence[str]) -> SetupDraft:
    """A group played with before, picked: its names in their seats, replacing the
    fields (the mode's count allows the group: the setup offers only those, SA-2); the
    leader of the first sale (SA-9) stays if in the group, else it is the first seat."""
    return replace(d, names=tuple(names), touched=frozenset(range(len(names))))


def moved(d: SetupDraft, i: int, by: int) -> SetupDraft:
    names, j = list(d.names), i + by
    if not (0 <= i < len(names) and 0 <= j < len(names)):
        return d
    names[i], names[j] = names[j], names[i]
    return replace(d, names=tuple(names), touched=edits.touched_swapped(d.touched, i, j))


def removed(d: SetupDraft, i: int) -> SetupDraft:
    low, _high = player_range(d.mode)
    if len(d.names) <= low or not 0 <= i < len(d.names):
        return d
    return replace(d, names=d.names[:i] + d.names[i + 1:], touched=edits.touched_removed(d.touched, i))


def added(d: SetupDraft) -> SetupDraft:
    _low, high = player_range(d.mode)
    return d if len(d.names) >= high else replace(d, names=d.names + ("",))


def said_problem(d: SetupDraft, deck: DeckFile | None) -> str | None:
    """Why the game cannot start yet, as the setup says it by its Start button: not
    while a fresh name field keeps its refusal to itself (:func:`said_name_errors`)."""
    if edits.keeps_quiet(name_errors(d.names), d.touched, d.tried):
        return None
    return setup_problem(d, deck)


def setup_problem(d: SetupDraft, deck: DeckFile | None) -> str | None:
    """Why the game cannot start yet: the rules' refusal (SA-2, SA-9), or the deck's,
    or a hand size the deck cannot deal (SA-16)."""
    cards = deck.deck if deck is not None else None
    problem = setup_error(d.names, d.mode, d.hand_size_for(cards), d.leader_name())
    if problem is not None:
        return problem
    if deck is None:
        return _("Choose a deck file (SA-1).")
    if not deck.ok:
        return _("SA-1: the deck file cannot be used: {problem}").format(problem=deck.problems[0])
    return deal_refusal(d.players, d.hand_size_for(cards), cards)
