"""Where the app keeps its matches: SQLite in the user's data directory.

See :mod:`companion.store.db`. Nothing here imports flet.
"""

from companion.core.errors import StoreError
from companion.store.db import (
    Store,
    StoredGame,
    StoredMatch,
    data_dir,
    open_store,
)
from companion.store.history import Group, MatchSummary
from companion.store.migrations import SCHEMA_VERSION

__all__ = ["SCHEMA_VERSION", "Group", "MatchSummary", "Store", "StoreError", "StoredGame", "StoredMatch",
           "data_dir", "open_store"]
