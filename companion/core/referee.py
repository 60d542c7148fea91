"""What ``companion referee`` does with one JSON record: a game's record gives the game's
result, a match record (``"kind": "match"``) the match's tally (HD-15). The shapes are
the contract's (docs/referee-contract.md)."""

from __future__ import annotations

from companion.core.errors import RecordError
from companion.core.record import parse_json
from companion.core.registry import parse_record, referee, result_json


def referee_json(text: str | bytes) -> str:
    """JSON record in, JSON result out; a bad record raises a one-line CompanionError."""
    try:
        record = parse_record(text)  # the fast path: most records are games
    except RecordError:
        raw = parse_json(text)
        if isinstance(raw, dict) and "kind" in raw:  # a match: its games carry no "kind"
            # Imported for a match only: its models take ~40 ms to build, a tenth of
            # a thousand games' referee work (issue 26), and a file of games needs none.
            from companion.core.match import parse_match, tally  # noqa: PLC0415

            return tally(parse_match(raw)).model_dump_json()
        raise
    return result_json(referee(record))
