"""One replay per record, however many ask: a game's replay of a record, remembered.

A hosted round asks the same record's replay many times over: each phone's bid is
checked against it, then the round is appended and the new record is asked whether
the game is over and what each seat sees. Replaying is a pydantic parse and the
whole game again, so the hub's time per round was mostly the same replay repeated.

:func:`remembered` wraps a game's replay of a plain-JSON record so that the same
record (the same canonical JSON) is replayed once while it is among the most recent
``size`` records. This is safe because a replay is a pure function of the record and
its answer is never changed by its callers: the rules build each new state afresh and
never change one once made (the states are not frozen, for speed; a test over every
game holds them to it), and the facts (plain data) are only read. The facts hold
no words, so one replay serves every language. A record the rules refuse is not
remembered (its error is raised every time).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any, TypeVar

T = TypeVar("T")


def record_key(record: Mapping[str, Any]) -> str:
    """The record as canonical JSON: equal records, equal keys."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def remembered(replay: Callable[[Mapping[str, Any]], T], size: int = 128) -> Callable[[Mapping[str, Any]], T]:
    """``replay``, remembering its answer for the ``size`` most recent records."""
    kept: OrderedDict[str, T] = OrderedDict()
    lock = threading.Lock()

    @wraps(replay)
    def wrapper(record: Mapping[str, Any]) -> T:
        key = record_key(record)
        with lock:
            hit = kept.get(key)
            if hit is not None:
                kept.move_to_end(key)
        if hit is None:
            hit = replay(record)          # raises for a refused record: nothing kept
            with lock:
                kept[key] = hit
                while len(kept) > size:
                    kept.popitem(last=False)
        return hit

    return wrapper
