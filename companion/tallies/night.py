"""A game night: the matches one group played in an evening, whatever the game, and
one tally over them.

A night is its own small record, kept in the store like a match and exported as JSON::

    {"kind": "night", "name": "Friday at Anna's", "date": "2026-11-27",
     "points": [3, 2, 1], "matches": [12, 14, 15]}

``points`` is the points per place, a **house rule** (no rule text has game nights):
1st place 3, 2nd 2, 3rd 1, every later place 0 — the common small scale, so a night's
winner is who placed well most often and one big win cannot outweigh the rest. The
table changes it as it likes; a place the list does not reach scores 0. ``matches`` are
the ids of the stored matches it groups (a match added goes in by its id: the order
they were started in).

Its tally (:func:`tally`) is a pure function of the record and the matches' records
(the store reads them; a match no longer stored is given as None):

- Each match is placed by how it ends, as every part of companion adds a match up
  (:func:`companion.core.match.add_up`): a three-game match (Hot Dog's, HD-15) by its
  totals, any other match by its one game's result. The store reads that from the rows
  it keeps beside each match (:func:`tally_ends`); a night's export is replayed
  (:func:`tally`). The winners, as the game's own rules decide them (its tie breaks
  too: SA-13, BU-8), take 1st place; every other player is placed by final score,
  highest first.
- Players tied **share the place and share its points** (house rule): two tied for 1st
  both take 1st and each gets (3 + 2) / 2 = 2½; the next player is 3rd. So every match
  gives out the same points however it ended.
- A match not finished counts nothing yet; a deleted match, or one whose record the
  referee refuses, counts nothing and says so; a finished game played as a team (sales'
  co-op, SA-15) or solo (one player for both hands) has no winner and places nobody.
- Players are the same player in every match when their names are the same name
  (:func:`companion.core.names.key`: any case, any composition); the night names each
  as most of its counted matches spell the name (the first seen, where as many spell it
  each way; a player of no counted match yet, as that match spells it).
- The night ranks its players by total points, highest first; equal totals share the
  rank, and the tie is said.

Points are exact fractions (:class:`fractions.Fraction`); :func:`points_text` writes
one as a player reads it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, ValidationError

from companion.core import i18n, words
from companion.core.bounds import MAX_MATCHES_PER_NIGHT
from companion.core.errors import CompanionError, RecordError
from companion.core.i18n import N_, _, ngettext, pgettext
from companion.core.match import MatchRecord
from companion.core.match import tally as match_tally
from companion.core.names import key, normal
from companion.core.record import Count, Model, Positive, error_from_validation
from companion.core.registry import game, games
from companion.core.text import label
from companion.tallies.stats import tie_broken

#: The house rule's points per place: 1st 3, 2nd 2, 3rd 1, later places 0.
DEFAULT_POINTS = (3, 2, 1)
#: How many places a night's points list may name.
MAX_PLACES = 10
HOUSE_RULE = "house rule"

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _date(value: str) -> str:
    if not _DATE.match(value):
        raise ValueError(_("must be a date written YYYY-MM-DD"))
    return value


class NightRecord(Model):
    kind: Literal["night"] = "night"
    name: Annotated[str, AfterValidator(normal), AfterValidator(label), Field(max_length=60)]
    date: Annotated[str, AfterValidator(_date)]
    points: Annotated[list[Count], Field(max_length=MAX_PLACES)] = list(DEFAULT_POINTS)
    matches: Annotated[list[Positive], Field(max_length=MAX_MATCHES_PER_NIGHT)] = []   # core.bounds

    def points_for(self, place: int) -> int:
        """The points of ``place`` (1 is 1st) as the house rule gives them; 0 past the list."""
        return self.points[place - 1] if 1 <= place <= len(self.points) else 0

    def with_match(self, match_id: int) -> NightRecord:
        if match_id in self.matches:
            return self
        if len(self.matches) >= MAX_MATCHES_PER_NIGHT:
            raise RecordError(_("matches: a night holds at most {most} matches").format(most=MAX_MATCHES_PER_NIGHT))
        return self.model_copy(update={"matches": sorted([*self.matches, match_id])})

    def without_match(self, match_id: int) -> NightRecord:
        return self.model_copy(update={"matches": [m for m in self.matches if m != match_id]})

    def with_points(self, place: int, points: int) -> NightRecord:
        """The record with ``place``'s points set (at least 0); places before it that the
        list did not reach are written as 0, as they scored."""
        if not 1 <= place <= MAX_PLACES:
            raise RecordError(_("points: a night names places 1 to {most}, not {place}").format(
            most=MAX_PLACES, place=place))
        out = list(self.points) + [0] * max(0, place - len(self.points))
        out[place - 1] = max(0, points)
        return self.model_copy(update={"points": out})


def parse_night(raw: object) -> NightRecord:
    """A night record from parsed JSON; a bad one raises a one-line RecordError."""
    try:
        return NightRecord.model_validate(raw)
    except ValidationError as exc:
        raise error_from_validation(exc, raw, {}) from None


def read_export(raw: object) -> tuple[NightRecord, dict[int, MatchRecord | None]]:
    """A night's JSON export (:func:`companion.store.nights.night_json`: the record and,
    under ``match_records``, each match's record by id, null for one deleted) read back:
    the record and its matches, each checked like a match record. A bad one raises a
    one-line RecordError."""
    if not isinstance(raw, dict) or raw.get("kind") != "night":
        raise RecordError(_('not a game night (its "kind" is not "night")'))
    body = {k: v for k, v in raw.items() if k != "match_records"}
    record = parse_night(body)
    given = raw.get("match_records", {})
    if not isinstance(given, dict):
        raise RecordError(_("match_records: must be an object"))
    matches: dict[int, MatchRecord | None] = {}
    for mid in record.matches:
        found = given.get(str(mid))
        if found is None:
            matches[mid] = None
            continue
        try:
            matches[mid] = MatchRecord.model_validate(found)
        except ValidationError as exc:
            raise RecordError(f"match {mid}: {error_from_validation(exc, found, {})}") from None
    return record, matches


def tied_place(place: str) -> str:
    """A shared place: '=1st' as an English scoresheet writes it, in German „1. (geteilt)“."""
    # Translators: a place shared with another player, e.g. "=1st"
    return _("={place}").format(place=place)


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '4th', '11th', '22nd'."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return _(_ORDINALS[suffix]).format(n=n)


# Translators: a place in a ranking ("1st", "2nd"…); German writes "{n}." for every one
_ORDINALS = {"st": N_("{n}st"), "nd": N_("{n}nd"), "rd": N_("{n}rd"), "th": N_("{n}th")}


def points_text(value: Fraction) -> str:
    """A number of points as a player reads it: '3', '2.5', '1.33' (two decimals at most)."""
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    if i18n.language() == "de":
        return text.replace(".", ",")
    return text


def shared_points(record: NightRecord, place: int, tied: int) -> Fraction:
    """What each of ``tied`` players sharing ``place`` gets: the points of the places they
    cover (``place`` to ``place + tied - 1``), added up and shared equally (house rule)."""
    return Fraction(sum(record.points_for(place + i) for i in range(tied)), tied)


# ---------------------------------------------------------------- the tally

COUNTED = "counted"
IN_PROGRESS = "in progress"
DELETED = "deleted"
UNREADABLE = "unreadable"
NO_WINNER = "no winner"
#: How each status reads (the status itself is data).
STATUS_TEXT = {COUNTED: N_("counted"), IN_PROGRESS: N_("in progress"), DELETED: N_("deleted"),
               UNREADABLE: N_("unreadable"), NO_WINNER: N_("no winner")}


def status_text(status: str) -> str:
    """A match's status as a player reads it."""
    return _(STATUS_TEXT[status]) if status in STATUS_TEXT else status


@dataclass(frozen=True)
class Placing:
    player: str          # as the match's record spells the name
    place: int           # 1 is 1st
    tied: int            # how many share the place (1: nobody else)
    points: Fraction


@dataclass(frozen=True)
class MatchPlaces:
    """One match of the night: what it is, and its placings once it counts."""

    id: int
    game: str            # the record's game ('hotdog'), '' for a deleted match
    title: str           # 'Hot Dog #12', or 'Match 12' when deleted
    players: tuple[str, ...]
    status: str          # COUNTED, IN_PROGRESS, DELETED, UNREADABLE or NO_WINNER
    line: str            # what a player reads about it
    placings: Mapping[str, Placing]   # by player key; empty unless COUNTED

    @property
    def counts(self) -> bool:
        return self.status == COUNTED


@dataclass(frozen=True)
class Standing:
    player: str
    total: Fraction
    rank: int
    tied: bool           # another player has the same total

    @property
    def rank_text(self) -> str:
        """'1st', or '=1st' when shared."""
        return tied_place(ordinal(self.rank)) if self.tied else ordinal(self.rank)


@dataclass(frozen=True)
class NightResult:
    record: NightRecord
    matches: tuple[MatchPlaces, ...]
    standings: tuple[Standing, ...]   # ranked: best first (seen first among equals)
    explanation: str

    @property
    def counted(self) -> int:
        return sum(1 for m in self.matches if m.counts)


def _title(game_name: str, match_id: int) -> str:
    spec = games().get(game_name)
    # Translators: a match in a night's ranking, e.g. "Sales #2"
    return _("{game} #{number}").format(game=spec.title if spec else game_name, number=match_id)


def _order(players: Sequence[str], scores: Mapping[str, int], winners: Sequence[str]) -> list[tuple[str, int, int]]:
    """(player, place, how many share it): the winners first, then by score, highest first;
    players the game's result cannot tell apart share the place."""
    won = {key(w) for w in winners}

    def rank_key(p: str) -> tuple[bool, int]:
        return (key(p) in won, scores[p])

    out = []
    for p in players:
        mine = rank_key(p)
        better = sum(1 for q in players if rank_key(q) > mine)
        same = sum(1 for q in players if rank_key(q) == mine)
        out.append((p, better + 1, same))
    return out


@dataclass(frozen=True)
class MatchEnd:
    """How a match ends, as a night places its players: from the store's derived rows
    (:mod:`companion.store.derived`) or from its record replayed (:func:`ends_of`)."""

    id: int
    game: str
    players: tuple[str, ...]
    complete: bool
    totals: Mapping[str, int]        # by the match's spelling of the names
    winners: tuple[str, ...]
    lone: bool = False               # one person played every seat (sales' solo)
    tie_break: str | None = None     # a one-game match won on its game's tie-break (SA-13, BU-8)
    error: str | None = None         # the referee refuses a record of it: why


def end_of(match_id: int, match: MatchRecord) -> MatchEnd:
    """A match record replayed (:func:`companion.core.match.tally`) as a night reads it."""
    try:
        spec = game(match.game)
        result = match_tally(match)
    except CompanionError as exc:
        return MatchEnd(match_id, match.game, tuple(match.players), False, {}, (), error=str(exc))
    lone = bool(match.games) and match.games[0].get("mode") in spec.lone_modes
    tie_break = None
    if spec.match_games == 1 and result.complete and result.winners:
        tie_break = tie_broken(spec, match.players, {p: result.totals.get(p, 0) for p in match.players},
                               result.winners)
    return MatchEnd(match_id, match.game, tuple(match.players), result.complete, dict(result.totals),
                    tuple(result.winners), lone, tie_break)


def ends_of(matches: Mapping[int, MatchRecord | None]) -> dict[int, MatchEnd | None]:
    return {mid: None if m is None else end_of(mid, m) for mid, m in matches.items()}


def place_match(record: NightRecord, match_id: int, end: MatchEnd | None) -> MatchPlaces:
    """One match of the night, placed (or why it counts nothing)."""
    if end is None:
        return MatchPlaces(match_id, "", _("Match {id}").format(id=match_id), (), DELETED,
                           _("Match {id} is no longer saved (deleted): it counts nothing.").format(id=match_id),
                           {})
    title = _title(end.game, match_id)
    players = end.players
    if end.error is not None:
        return MatchPlaces(match_id, end.game, title, players, UNREADABLE,
                           _("{title} cannot be read ({reason}): it counts nothing.").format(
                               title=title, reason=end.error), {})
    spec = game(end.game)
    if not end.complete:
        return MatchPlaces(match_id, end.game, title, players, IN_PROGRESS,
                           _("{title} is not finished: it counts nothing yet.").format(title=title), {})
    if not end.winners:
        line = (_("{title} was played solo, one person playing every hand: it places nobody.") if end.lone
                else _("{title} was played as a team and has no winner: it places nobody."))
        return MatchPlaces(match_id, end.game, title, players, NO_WINNER, line.format(title=title), {})
    by_seat = {p: end.totals.get(p, 0) for p in players}
    placings = {key(p): Placing(p, place, tied, shared_points(record, place, tied))
                for p, place, tied in _order(players, by_seat, end.winners)}
    firsts = [pl.player for pl in placings.values() if pl.place == 1]
    ruling = spec.match_ruling if spec.match_games > 1 else end.tie_break
    # Translators: a ruling's id cited at the end of a summary, " (HD-15)"
    cite = pgettext("cited", " ({ruling})").format(ruling=ruling) if ruling else ""
    if len(firsts) == 1:
        line = _("{player} wins {title}{ruling}.").format(player=firsts[0], title=title, ruling=cite)
    else:
        line = _("{players} share 1st place in {title}{ruling}.").format(
            players=words.names(firsts), title=title, ruling=cite)
    return MatchPlaces(match_id, end.game, title, players, COUNTED, line, placings)


def tally(record: NightRecord, matches: Mapping[int, MatchRecord | None]) -> NightResult:
    """The night's tally from its matches' records (each replayed): each match placed,
    and its players ranked by total points. ``matches`` gives each of the record's match
    ids its match record, or None when it is no longer stored (a missing id is read as
    deleted too)."""
    return tally_ends(record, ends_of(matches))


def tally_ends(record: NightRecord, ends: Mapping[int, MatchEnd | None]) -> NightResult:
    """The night's tally from how each of its matches ends: each placed, and its players
    ranked by total points. A player is named as the counted matches spell the name
    (most of them; the first seen where as many spell it each way); a player seen only
    in a match not counted yet, as that match spells it."""
    placed = tuple(place_match(record, mid, ends.get(mid)) for mid in record.matches)
    spellings: dict[str, Counter[str]] = {}
    pending: dict[str, str] = {}
    totals: dict[str, Fraction] = {}
    for m in placed:
        if m.status in (DELETED, UNREADABLE, NO_WINNER):
            continue
        for p in m.players:
            if m.counts:
                spellings.setdefault(key(p), Counter())[p] += 1
            else:
                pending.setdefault(key(p), p)
            totals.setdefault(key(p), Fraction(0))
        for k, pl in m.placings.items():
            totals[k] += pl.points
    names = {k: c.most_common(1)[0][0] for k, c in spellings.items()}
    names = {k: names.get(k, pending.get(k, "")) for k in totals}
    seen = list(totals)
    ordered = sorted(seen, key=lambda k: (-totals[k], seen.index(k)))
    standings = tuple(
        Standing(names[k], totals[k], 1 + sum(1 for o in seen if totals[o] > totals[k]),
                 sum(1 for o in seen if totals[o] == totals[k]) > 1)
        for k in ordered)
    return NightResult(record, placed, standings, _explain(record, placed, standings))


def _explain(record: NightRecord, placed: Sequence[MatchPlaces], standings: Sequence[Standing]) -> str:
    counted = sum(1 for m in placed if m.counts)
    if not placed:
        return _("No matches in this night yet.")
    if not counted:
        return _("No match of this night is finished yet: nothing counts so far.")
    best = standings[0]
    top = [s.player for s in standings if s.rank == 1]
    so_far = any(m.status == IN_PROGRESS for m in placed)
    if counted != len(placed):
        of = ngettext("{counted} of {n} match counted", "{counted} of {n} matches counted",
                      len(placed)).format(counted=counted, n=len(placed))
    else:
        of = ngettext("{n} match counted", "{n} matches counted", counted).format(n=counted)
    points = points_text(best.total)
    if len(top) == 1:
        if so_far:
            return _("{player} leads so far with {points} points ({counted}).").format(
                player=best.player, points=points, counted=of)
        return _("{player} leads with {points} points ({counted}).").format(
            player=best.player, points=points, counted=of)
    if so_far:
        return _("{players} tie for 1st so far with {points} points each ({counted}).").format(
            players=words.names(top), points=points, counted=of)
    return _("{players} tie for 1st with {points} points each ({counted}).").format(
        players=words.names(top), points=points, counted=of)


def points_rule_text(record: NightRecord) -> str:
    """'House rule: points per place 1st 3, 2nd 2, 3rd 1, later places 0; tied players
    share the places' points.'"""
    return _("House rule: {rule}").format(rule=points_rule(record))


def points_rule(record: NightRecord) -> str:
    """The house rule itself: 'points per place 1st 3, 2nd 2, 3rd 1, later places 0;
    tied players share the places' points equally.'"""
    named = ", ".join(_("{place} {points}").format(place=ordinal(i), points=p)
                      for i, p in enumerate(record.points, 1))
    if named:
        return _("points per place {places}, later places 0; "
                 "players tied share their places' points equally.").format(places=named)
    return _("every place scores 0 points; players tied share their places' points equally.")
