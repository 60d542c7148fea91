"""A sales game record and the changes the table makes to it. No flet here.

The record is the truth: its setup plus the rounds as entered, each round its sales,
each sale the cards played (SA-1: cards by their attributes). A sale is recorded
whole, once every player with cards has played (``complete_sale``); a round is
started once every hand is empty (``start_next_round``); undo drops the last sale,
and an earlier sale can be changed and the game replayed (``edit_sale``). Nothing
here decides a rule: refusals come from the rules and carry their ruling id.

Places in the record are 0-based indexes, ``at = (round_index, sale_index)``: "the
state just before that sale". Without ``at``, the state after the last sale.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core import edits, registry
from companion.core.edits import Change, say_where
from companion.core.errors import RecordError, RuleError
from companion.core.game import Played
from companion.core.record import read
from companion.games.sales import rules
from companion.games.sales.deal import Deal, round_deal
from companion.games.sales.i18n import _
from companion.games.sales.models import RoundResult, Sale, SalesRecord

At = tuple[int, int] | None
PlayDict = Mapping[str, Any]


def parse(record: Mapping[str, Any]) -> SalesRecord:
    """The record as the rules read it; a malformed one raises a one-line RecordError
    with its ruling."""
    return read(SalesRecord, {"game": "sales", **record}, registry.game("sales").field_rulings)


def record_error(record: Mapping[str, Any]) -> RecordError | None:
    """Why ``record`` is not a sales record (its shape or a field's ruling), or None."""
    try:
        parse(record)
    except RecordError as err:
        return err
    return None


def truncate(record: Mapping[str, Any], at: At) -> dict[str, Any]:
    """The record up to (not including) sale ``at`` = (round_index, sale_index)."""
    if at is None:
        return dict(record)
    r, s = at
    rounds = list(record["rounds"])[:r]
    # the round's own deal stays with it (SA-16): only its later sales go
    rounds.append({**record["rounds"][r], "sales": list(record["rounds"][r]["sales"])[:s]}
                  if r < len(record["rounds"]) else {"sales": []})
    return {**record, "rounds": rounds}


def replay(record: Mapping[str, Any], at: At = None) -> Played[rules.State, RoundResult]:
    """The record's one replay (:func:`companion.core.registry.replay`), up to (not
    including) sale ``at`` when given: each round's facts and the state then."""
    return registry.replay("sales", truncate(record, at))


def plays(plays: Sequence[PlayDict]) -> list[dict[str, Any]]:
    """Plays as the record keeps them: the player and a copy of the card."""
    return [{"player": p["player"], "card": dict(p["card"])} for p in plays]


def sale_places(record: Mapping[str, Any]) -> list[tuple[int, int]]:
    """Every recorded sale as (round_index, sale_index), in play order."""
    return [(r, s) for r, rnd in enumerate(record.get("rounds", []))
            for s in range(len(rnd.get("sales", [])))]


def last_sale_at(record: Mapping[str, Any]) -> tuple[int, int] | None:
    places = sale_places(record)
    return places[-1] if places else None


def plays_of(record: Mapping[str, Any], round_index: int, sale_index: int) -> list[dict[str, Any]]:
    """The plays of an earlier sale, as the draft to edit it."""
    return plays(record["rounds"][round_index]["sales"][sale_index]["plays"])


def check_sale(state: rules.State, entered: Sequence[PlayDict]) -> str | None:
    """Why the rules refuse ``entered`` as the next sale from ``state`` (SA-1, SA-3,
    SA-7), said with its place; None when they take it."""
    raw = {"plays": plays(entered)}
    try:
        sale = read(Sale, raw, registry.game("sales").field_rulings)
    except RecordError as err:
        return say_where(RecordError(err.said, ruling=err.ruling, round=state.round,
                                     sale=state.sales_in_round + 1, player=err.player))
    found = rules.check_sale(state, sale)
    return say_where(found) if found is not None else None


def _replay_whole(record: Mapping[str, Any]) -> Any:
    return registry.replay("sales", record)


def won_before(record: Mapping[str, Any], round_number: int) -> int:
    """The cards won before round ``round_number``: one per sale of the rounds before."""
    return sum(len(r.get("sales", [])) for r in record.get("rounds", [])[: round_number - 1])


def deal(record: Mapping[str, Any], round_number: int, copy: int) -> Deal:
    """Round ``round_number``'s deal from a copy of ``copy`` cards (SA-16): the cards
    won in the rounds before it are out of the stock."""
    return round_deal(round_number, copy, len(record["players"]), int(record.get("hand_size", 12)),
                      won_before(record, round_number))


def _dealt(rnd: dict[str, Any], d: Deal | None) -> dict[str, Any]:
    """A round as the record keeps it: its own hand size only when the stock was short
    (SA-16), first, then its sales."""
    return {"hand_size": d.each, **rnd} if d is not None and d.short else rnd


def with_first_deal(record: Mapping[str, Any], copy: int | None) -> Mapping[str, Any]:
    """The record as round 1 is played: unchanged, unless no sale is recorded yet and
    the deck cannot deal the game's hand size (a match set up before SA-16, or a deck
    file cut since): then round 1 is begun with its own, shorter hand size."""
    if copy is None or record.get("rounds"):
        return record
    d = deal(record, 1, copy)
    return {**record, "rounds": [_dealt({"sales": []}, d)]} if d.short and d.possible else record


def complete_sale(record: Mapping[str, Any], entered: Sequence[PlayDict], copy: int | None = None) -> Change:
    """Append the sale being entered to the current round, if the rules take it (SA-3:
    every player with cards, in order); else say why and change nothing. ``copy``: the
    cards of the deck, for round 1's deal (SA-16)."""
    record = with_first_deal(record, copy)
    state = replay(record).state
    err = check_sale(state, entered)
    if err is not None:
        return Change(dict(record), err)
    sale = {"plays": plays(entered)}
    rounds = record["rounds"]
    if not rounds:
        return edits.append_round(_replay_whole, record, {"sales": [sale]})
    last = rounds[-1]
    return edits.replace_round(_replay_whole, record, len(rounds) - 1, {**last, "sales": [*last["sales"], sale]})


def start_next_round(record: Mapping[str, Any], copy: int | None = None) -> Change:
    """Start the next round once every hand is empty: every hand dealt again, led by
    the winner of the last sale (SA-9); refused while hands hold cards (SA-7) or after
    round 3 (SA-9). With the deck's ``copy`` cards known, the round is dealt from those
    not won before: the record keeps the round's own hand size when that is short, and
    a stock too small to give each player a card is refused (SA-16)."""
    state = replay(record).state
    try:
        rules.start_round(state)
    except RuleError as err:
        return Change(dict(record), say_where(err))
    d = deal(record, state.round + 1, copy) if copy is not None else None
    if d is not None and not d.possible:
        return Change(dict(record), say_where(RuleError("SA-16", _(
            "{stock} cards are left after the {won} won, fewer than the {players} players: "
            "the round cannot be dealt").format(stock=d.stock, won=d.won_before, players=d.players),
            round=d.round)))
    return edits.append_round(_replay_whole, record, _dealt({"sales": []}, d))


def undo(record: Mapping[str, Any]) -> Change:
    """Drop the last sale; if that empties its round, drop the round too (an empty
    round just started is dropped itself)."""
    rounds = [dict(r) for r in record["rounds"]]
    if rounds and not rounds[-1]["sales"]:
        rounds.pop()
        if rounds:
            return Change({**record, "rounds": rounds})
    if not rounds or not rounds[-1]["sales"]:
        return Change(dict(record), _("There is no sale to undo."))
    rounds[-1] = {**rounds[-1], "sales": list(rounds[-1]["sales"][:-1])}
    if not rounds[-1]["sales"]:
        rounds.pop()
    return Change({**record, "rounds": rounds})


def undone_plays(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The plays ``undo`` drops from this record (back for entry), or none when undo
    only takes back a round just started."""
    rounds = record.get("rounds", [])
    if not rounds or not rounds[-1].get("sales"):
        return []
    return plays_of(record, len(rounds) - 1, len(rounds[-1]["sales"]) - 1)


def edit_sale(record: Mapping[str, Any], round_index: int, sale_index: int,
              entered: Sequence[PlayDict]) -> Change:
    """Replace sale ``sale_index`` of round ``round_index`` (0-based) and replay the game.

    Refused, with the record unchanged, if the new plays break a rule, or if a later
    sale no longer holds after the change (e.g. a hand emptied by new discards)."""
    rounds = record["rounds"]
    if not (0 <= round_index < len(rounds) and 0 <= sale_index < len(rounds[round_index]["sales"])):
        return Change(dict(record), _("There is no sale {sale} in round {round} to change.").format(
            sale=sale_index + 1, round=round_index + 1))
    state = replay(record, (round_index, sale_index)).state
    err = check_sale(state, entered)
    if err is not None:
        return Change(dict(record), err)
    sales = list(rounds[round_index]["sales"])
    sales[sale_index] = {"plays": plays(entered)}
    changed = {**rounds[round_index], "sales": sales}

    def replay_after(whole: Mapping[str, Any]) -> Any:
        """The sale itself holds (checked above): a refusal is a later sale's, said as such."""
        try:
            return _replay_whole(whole)
        except RecordError as later:
            raise RecordError(_("Sale {sale} of round {round} cannot be changed so: {problem}").format(
                sale=sale_index + 1, round=round_index + 1, problem=say_where(later))) from None

    return edits.replace_round(replay_after, record, round_index, changed)
