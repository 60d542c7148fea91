"""What one render of a screen reads: the store's reads and transactions, and the files it opens.

A screen draws from values read once at its route (issue 28: "data down, effects in
hooks"); a read in a component's body is made again at every redraw (every tap), and a
file opened there is read from disk again each time. :func:`counting` counts, while its
``with`` block runs, every call of the store's reading methods by name (the outermost
call only: ``current_match_id`` reading the match it names is one read), every
transaction (a change, or the hub's look at its hosted tables), and every file opened
to read, by path. :func:`drawn_reads` draws a screen whole with ``tests/render.py``
(every component in it run once, as Flet runs them) and gives what that one render read.

The store's class is wrapped from here, not edited: its methods are whatever
``companion.store.db.Store`` names among :data:`READS` and :data:`TRANSACTIONS`.
"""

from __future__ import annotations

import builtins
import io
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import wraps
from pathlib import Path
from typing import Any

from companion.store.db import Store
from tests import render

#: The store's methods that read (``reading`` is the connection other store modules read
#: through: drafts, library files, hosting, derived results).
READS = ("match", "match_uid", "matches", "summaries", "page_of_summaries", "groups", "seated_most", "setting",
         "match_setting", "match_settings", "current_match_id", "reading")
#: The store's transactions: every change, and what reads inside one (the hub's tables).
TRANSACTIONS = ("transaction", "keeping_derived")

_PYTHON = tuple(str(Path(p).resolve()) for p in {sys.prefix, sys.base_prefix, sys.exec_prefix})


@dataclass
class Reads:
    """What was read: the store's reads and transactions by method name, files by path."""

    store: Counter[str] = field(default_factory=Counter)
    transactions: Counter[str] = field(default_factory=Counter)
    files: Counter[str] = field(default_factory=Counter)

    def __str__(self) -> str:
        return f"store {dict(self.store)}, transactions {dict(self.transactions)}, files {dict(self.files)}"


@contextmanager
def counting() -> Iterator[Reads]:
    """Count, until the block ends, the store's reads and transactions (every ``Store``)
    and the files opened to read (Python's own left out: a module imported late)."""
    found = Reads()
    depth = threading.local()
    saved: dict[str, Any] = {}

    def counted(name: str, into: Counter[str]) -> Callable[..., Any]:
        method = getattr(Store, name)

        @wraps(method)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            level = getattr(depth, "n", 0)
            if level == 0:
                into[name] += 1
            depth.n = level + 1
            try:
                return method(*args, **kwargs)
            finally:
                depth.n = level
        return wrapper

    real_open = io.open

    def opened(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, (str, Path)) and not any(c in mode for c in "wax+"):
            path = str(Path(file).resolve())
            if not path.startswith(_PYTHON):
                found.files[path] += 1
        return real_open(file, mode, *args, **kwargs)

    for name in (*READS, *TRANSACTIONS):
        saved[name] = Store.__dict__[name]
        setattr(Store, name, counted(name, found.store if name in READS else found.transactions))
    io.open = builtins.open = opened
    try:
        yield found
    finally:
        io.open = builtins.open = real_open
        for name, method in saved.items():
            setattr(Store, name, method)


def drawn_reads(component: Any, *args: Any, **kwargs: Any) -> Reads:
    """What one render of ``component`` (drawn whole: every component in it run once)
    reads."""
    with counting() as found:
        for _control in render.controls(render.draw(component, *args, **kwargs), deep=True):
            pass
    return found
