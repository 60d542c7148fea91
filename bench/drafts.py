"""Benchmark (not a test): what keeping a table's drafts costs a tap.

    python bench/drafts.py [--taps 200] [--rounds 8]

A Hot Dog match with ``--rounds`` rounds played (the draft's stamp is that record), on
a store in a temporary folder on disk: each tap changes one player's bid through the
table session (``TableSession.put_draft``: the passing state changed, then kept in the
store in one transaction). Prints the median and 95th percentile of a whole tap and of
the store write alone (``companion.store.drafts.keep``), in milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.games.hotdog import actions, setup_form  # noqa: E402
from companion.games.hotdog.forms import Draft  # noqa: E402
from companion.store import Store, drafts  # noqa: E402
from companion.ui.table import passing_codec  # noqa: E402
from tests.tabs import tab  # noqa: E402

PLAYERS = ["Anna", "Bernd", "Chris", "Dora", "Emil"]


def played(rounds: int) -> dict:
    record = setup_form.new_record(PLAYERS, "Anna")
    bids = [{"player": p, "table": 5, "hotdogs": 1} for p in PLAYERS]
    return {**record, "rounds": [{"bids": bids} for _ in range(rounds)]}


def quantiles(ms: list[float]) -> str:
    ms = sorted(ms)
    return f"median {statistics.median(ms):.2f} ms, p95 {ms[int(len(ms) * 0.95) - 1]:.2f} ms, max {ms[-1]:.2f} ms"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--taps", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=8)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(dir=Path.home()) as folder:
        store = Store(Path(folder) / "companion.sqlite3")
        record = played(args.rounds)
        mid = store.create_match("hotdog", PLAYERS, record)
        shell = tab(store)
        taps, writes = [], []
        for i in range(args.taps):
            player = PLAYERS[i % len(PLAYERS)]
            s = actions.open_table(shell, mid)
            start = time.perf_counter()
            s.put_draft(actions.ROUND, lambda u, p=player, n=i: replace(
                u, drafts={**u.drafts, p: Draft(table=5, hotdogs=1 + n % 3, hidden=True)}))
            taps.append((time.perf_counter() - start) * 1000)
        held = shell.ui(actions.TABLE)
        state = passing_codec(type(held.ui)).dump_json(held.ui).decode()
        for _ in range(args.taps):
            start = time.perf_counter()
            drafts.keep(store, mid, actions.TABLE, 1, state, held.stamps)
            writes.append((time.perf_counter() - start) * 1000)
        print(f"a tap, drafts kept ({len(state)} + {len(str(held.stamps))} characters): {quantiles(taps)}")
        print(f"the store write alone: {quantiles(writes)}")
        store.close()


if __name__ == "__main__":
    main()
