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

import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError, RecordError, StoreError
from companion.core.i18n import _
from companion.core.match import GAMES_PER_MATCH, MatchRecord, tally
from companion.core.record import parse_json
from companion.core.registry import games, parse_record, part, referee
from companion.core.spreadsheet import csv_text
from companion.store.db import Store, StoredMatch


def game_json(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


def match_json(match: StoredMatch) -> str:
    """The match record the contract gives (``companion referee`` tallies it): each game is
    its own record without ``"game"``, which the match names once."""
    record = match.match_record()
    record["games"] = [{k: v for k, v in g.items() if k != "game"} for g in record["games"]]
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


def _round_rows(number: int, record: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"row": "round", "game": number, "round": r, "round_json": json.dumps(rnd, ensure_ascii=False)}
            for r, rnd in enumerate(record.get("rounds", []), 1)]


def _export_module(game: str) -> Any:
    """The game's ``export`` part (CSV rows, score column, start player), or None for a
    game without one or a record of no known game."""
    try:
        return part(game, "export")
    except RecordError:
        return None


def csv_rows_of(game: str) -> Callable[[int, dict[str, Any]], list[dict[str, Any]]]:
    """The game's own CSV rows (its ``export`` part's ``csv_rows``); a game without
    one gets a row per round with the round as JSON."""
    return getattr(_export_module(game), "csv_rows", _round_rows)


def score_column(game: str) -> str:
    """The column the game's rows keep the score in (``export.SCORE_COLUMN``: Hot Dog's
    is "money"); the game's and the match's totals go there too."""
    return getattr(_export_module(game), "SCORE_COLUMN", "score")


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


def records_csv(records: list[dict[str, Any]], numbers: list[int] | None = None,
                match: MatchRecord | None = None) -> str:
    """These game records as CSV: each game's rows as its ``export.py`` defines them
    (per round and player), then per player the game's totals ("game" rows), and with a
    ``match``, per player the match's totals ("match" rows). A ``row`` column says which."""
    numbers = numbers or list(range(1, len(records) + 1))
    rows = [row for n, rec in zip(numbers, records)
            for row in [*csv_rows_of(str(rec.get("game", "")))(n, rec), *_game_rows(n, rec)]]
    if match is not None:
        rows += _match_rows(match)
    columns = ["row", "game", "round"]
    for row in rows:
        for key in row:
            if key not in columns:
                columns.append(key)
    return csv_text(columns, rows)


def game_csv(record: dict[str, Any], number: int = 1) -> str:
    return records_csv([record], [number])


def match_csv(match: StoredMatch) -> str:
    """The match's games, then the match's totals and winners (HD-15)."""
    records = [{**g.record, "game": match.game} for g in match.games]
    tallied = MatchRecord(game=match.game, players=list(match.players), games=[dict(g.record) for g in match.games])
    return records_csv(records, [g.number for g in match.games], match=tallied)


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
                fh = open(path, "xb")           # created here, or FileExistsError: never overwritten
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


@dataclass(frozen=True)
class Imported:
    match_id: int
    games: int
    finished: bool


def import_json(store: Store, text: str | bytes) -> Imported:
    """Check a JSON game or match record like the referee does, then store it as a match.

    A single game becomes game 1 of a new match; a match keeps its games. Raises a
    one-line ``CompanionError`` for anything the referee refuses (nothing is stored)."""
    raw = parse_json(text)
    if isinstance(raw, dict) and raw.get("kind") == "match":
        try:
            match = MatchRecord.model_validate(raw)
        except Exception as exc:  # pydantic's complaint, in one line
            raise RecordError(_("match: not a match record ({reason})").format(
                reason=str(exc).splitlines()[0])) from None
        if not match.games:
            raise RecordError(_("match: it has no games"))
        result = tally(match)
        records = [{"game": match.game, **g} for g in match.games]
        match_id = store.import_match(match.game, list(match.players), records, result.complete)
        return Imported(match_id, len(records), result.complete)
    record = parse_record(text if isinstance(text, (str, bytes)) else json.dumps(raw))
    referee(record)  # refuses what the referee refuses, before anything is stored
    data = {k: v for k, v in record.items() if v not in ({}, None) or k in ("rounds",)}
    players = list(data["players"])
    match_id = store.import_match(data["game"], players, [data], False)
    return Imported(match_id, 1, False)


__all__ = ["CompanionError", "GAMES_PER_MATCH", "Imported", "game_csv", "game_json",
           "import_json", "keep_file", "match_csv", "match_json", "records_csv"]
