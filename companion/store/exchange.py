"""Export and import: a game or a match as its JSON record, and as CSV.

A game exports as exactly the record ``companion referee`` reads; a match as the
match record of :mod:`companion.core.match`. CSV is for a spreadsheet, all derived
from the referee's results: each game says what its rows are (per round and player:
what was entered and what became of it, the score after the round) in
``companion/games/<game>/export.py`` (``csv_rows(number, record) -> list[dict]``, and
``SCORE_COLUMN``); a game without one gets one row per round with the round as JSON.
Then come per player each game's totals and winner, and a match's.
Cells are written by ``core.spreadsheet``: text a spreadsheet would run as a formula is
kept text.

Files the app keeps in its data folder (exports, printables, copied deck files) are
written with :func:`keep_file`, which never writes over another file.
"""

from __future__ import annotations

import datetime as dt
import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError, RecordError, StoreError
from companion.core.game import EXPORT_PART, Export
from companion.core.i18n import _
from companion.core.match import MatchRecord, tally
from companion.core.registry import games, parse_record, part, referee
from companion.core.spreadsheet import csv_text
from companion.store.db import Store, StoredMatch


def game_json(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


def moment(stamp: float) -> str:
    """A stored time as an export writes it: ISO 8601 with the local offset."""
    return dt.datetime.fromtimestamp(stamp).astimezone().isoformat(timespec="seconds")


def sheet_moment(stamp: float) -> str:
    """A stored time as a spreadsheet reads it as a date and time: local, to the minute
    ("2026-11-30 20:15"; Python's csv, LibreOffice and Excel all take it as one)."""
    return dt.datetime.fromtimestamp(stamp).strftime("%Y-%m-%d %H:%M")


def match_export(match: StoredMatch | Store, match_id: int | None = None) -> dict[str, Any]:
    """A stored match as its export writes it: the match record the contract gives
    (``companion referee`` tallies it), each game its own record without ``"game"``
    (the match names it once), with the match's stable id and when it and each of its
    games were played (:mod:`companion.core.match`): imported elsewhere, it keeps them."""
    m = match if isinstance(match, StoredMatch) else match.match(int(match_id or 0))
    out: dict[str, Any] = {"kind": "match", "game": m.game}
    if m.uid:
        out["id"] = m.uid
    out.update(started=moment(m.created_at), changed=moment(m.updated_at), players=list(m.players),
               games=[{k: v for k, v in g.record.items() if k != "game"} for g in m.games],
               played=[{"started": moment(g.created_at), "changed": moment(g.updated_at)} for g in m.games])
    return out


def match_json(match: StoredMatch) -> str:
    """The match as its JSON export (:func:`match_export`)."""
    return json.dumps(match_export(match), ensure_ascii=False, indent=1) + "\n"


def _round_rows(number: int, record: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"row": "round", "game": number, "round": r, "round_json": json.dumps(rnd, ensure_ascii=False)}
            for r, rnd in enumerate(record.get("rounds", []), 1)]


def _export_module(game: str) -> Export | None:
    """The game's ``export`` part (CSV rows, score column, start player), or None for a
    game without one or a record of no known game."""
    try:
        return part(game, EXPORT_PART)
    except RecordError:
        return None


def csv_rows_of(game: str) -> Callable[[int, dict[str, Any]], list[dict[str, Any]]]:
    """The game's own CSV rows (its ``export`` part's ``csv_rows``); a game without
    one gets a row per round with the round as JSON."""
    export = _export_module(game)
    return _round_rows if export is None else export.csv_rows


def score_column(game: str) -> str:
    """The column the game's rows keep the score in (``export.SCORE_COLUMN``: Hot Dog's
    is "money"); the game's and the match's totals go there too."""
    export = _export_module(game)
    return "score" if export is None else export.SCORE_COLUMN


def _game_rows(number: int, record: dict[str, Any]) -> list[dict[str, Any]]:
    """Per player (seat order): the game's score (final, or so far), whether the player
    won and whether the game is over, from the referee's result."""
    name = str(record.get("game", ""))
    spec = games().get(name)
    if spec is None or spec.final_scores is None:
        return []
    # each game's own record and result (players; winners, game_over)
    rec: Any = parse_record(json.dumps(record))
    result: Any = referee(rec)
    scores = spec.final_scores(result)
    column = score_column(name)
    return [{"row": "game", "game": number, "player": p, column: scores[p], "winner": p in result["winners"],
             "over": result["game_over"]} for p in rec["players"]]


def _match_rows(match: MatchRecord) -> list[dict[str, Any]]:
    """Per player (seat order): the match total, whether the player won the match and
    whether all its games are over (HD-15), from the match's tally."""
    result = tally(match)
    column = score_column(match.game)
    return [{"row": "match", "player": p, column: result.totals[p], "winner": p in result.winners,
             "over": result.complete} for p in match.players]


Dates = tuple[str, str]      # (started, changed) as :func:`sheet_moment` writes them


def records_csv(records: list[dict[str, Any]], numbers: list[int] | None = None,
                match: MatchRecord | None = None, dates: list[Dates] | None = None,
                match_dates: Dates | None = None) -> str:
    """These game records as CSV: each game's rows as its ``export.py`` defines them
    (per round and player), then per player the game's totals ("game" rows), and with a
    ``match``, per player the match's totals ("match" rows). A ``row`` column says which.
    ``dates`` (per game) and ``match_dates``: when each game and the match were started
    and last changed, written on their "game" and "match" rows (a stored match's)."""
    numbers = numbers or list(range(1, len(records) + 1))
    rows: list[dict[str, Any]] = []
    for i, (n, rec) in enumerate(zip(numbers, records, strict=True)):
        rows += csv_rows_of(str(rec.get("game", "")))(n, rec)
        when = dict(zip(("started", "changed"), dates[i], strict=True)) if dates else {}
        rows += [{**row, **when} for row in _game_rows(n, rec)]
    if match is not None:
        when = dict(zip(("started", "changed"), match_dates, strict=True)) if match_dates else {}
        rows += [{**row, **when} for row in _match_rows(match)]
    columns = ["row", "game", "round"]
    for row in rows:
        for key in row:
            if key not in columns:
                columns.append(key)
    return csv_text(columns, rows)


def game_csv(record: dict[str, Any], number: int = 1) -> str:
    return records_csv([record], [number])


def match_csv(match: StoredMatch) -> str:
    """The match's games, then the match's totals and winners (HD-15), each game's and
    the match's rows with when they were started and last changed."""
    records = [{**g.record, "game": match.game} for g in match.games]
    tallied = MatchRecord(game=match.game, players=list(match.players), games=[dict(g.record) for g in match.games])
    dates = [(sheet_moment(g.created_at), sheet_moment(g.updated_at)) for g in match.games]
    return records_csv(records, [g.number for g in match.games], match=tallied, dates=dates,
                       match_dates=(sheet_moment(match.created_at), sheet_moment(match.updated_at)))


def keep_file(folder: Path, name: str, data: bytes) -> Path:
    """Write ``data`` to a new file ``folder/name`` — or ``name (2)``, ``name (3)``… when
    that name is taken — and give its path. Another file is never written over: match ids
    start again at 1 after a damaged store is moved aside, so an older export may carry
    the same name. A file that already holds exactly ``data`` is given instead of a copy.

    Raises :class:`StoreError` (why, in one line) when the folder cannot be written."""
    name = Path(name).name                      # a name, never a path out of the folder
    stem, suffix = Path(name).stem, Path(name).suffix
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for n in itertools.count(1):
            path = folder / (name if n == 1 else f"{stem} ({n}){suffix}")
            try:
                fh = open(path, "xb")  # noqa: SIM115 - created here, or FileExistsError: never overwritten
            except FileExistsError:
                if path.is_file() and path.read_bytes() == data:
                    return path
                continue
            try:
                with fh:
                    fh.write(data)
            except BaseException:
                path.unlink(missing_ok=True)   # no half-written file left under the name
                raise
            return path
    except OSError as exc:
        raise StoreError(_("the folder {folder} cannot be written ({reason})").format(
            folder=folder, reason=exc.strerror or exc)) from None
    raise AssertionError("unreachable")  # pragma: no cover - itertools.count never ends


__all__ = ["CompanionError", "game_csv", "game_json", "keep_file", "match_csv", "match_export", "match_json",
           "moment", "records_csv"]
