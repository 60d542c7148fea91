"""Benchmark: 2,000 seeded random Hot Dog records through `companion referee --jsonl`.

Reports records per second and time per round, against a baseline measured in the
same run: a Python process that only reads, parses and re-dumps the same JSON lines
(the floor any referee pays for I/O and JSON). Not a test: machines are shared and noisy.

    python bench/referee.py [--records 2000] [--seed 7] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.games.hotdog.models import HotDogRecord, Round  # noqa: E402
from companion.games.hotdog.rules import neutral_tables, play_round, start  # noqa: E402

NAMES = ["Anna", "Bernd", "Chris", "Dora", "Emil"]


def random_record(rng: random.Random) -> dict:
    players = NAMES[: rng.randint(2, 5)]
    setup = {"game": "hotdog", "players": players, "mustard": rng.choice(players)}
    state = start(HotDogRecord.model_validate(setup))
    rounds = []
    for _ in range(rng.randint(4, 14)):
        if state.over:
            break
        bids = []
        for p in players:
            h = rng.randint(1, 7)
            b = {"player": p, "table": rng.choice(neutral_tables(len(players))), "hotdogs": h,
                 "dollars": rng.randint(0, min(h, state.money[p]))}
            if rng.random() < 0.05:
                b["last"] = True
            bids.append(b)
        _, state = play_round(state, Round.model_validate({"bids": bids}))
        rounds.append({"bids": bids})
    return {**setup, "rounds": rounds}


BASELINE = ("import sys, json\n"
            "out = [json.dumps(json.loads(l)) for l in open(sys.argv[1], 'rb')]\n"
            "sys.stdout.write('\\n'.join(out))\n")


def timed(cmd: list[str]) -> float:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env, cwd=ROOT)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    records = [random_record(rng) for _ in range(args.records)]
    rounds = sum(len(r["rounds"]) for r in records)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as fh:
        fh.write("\n".join(json.dumps(r) for r in records) + "\n")
        path = fh.name
    try:
        empty = min(timed([sys.executable, "-m", "companion", "referee", "--jsonl", os.devnull])
                    for _ in range(args.repeat))
        full = [timed([sys.executable, "-m", "companion", "referee", "--jsonl", path]) for _ in range(args.repeat)]
        base = min(timed([sys.executable, "-c", BASELINE, path]) for _ in range(args.repeat))
    finally:
        os.unlink(path)
    best = min(full)
    work = best - empty
    print(f"records: {args.records}  rounds: {rounds}  (seed {args.seed}, best of {args.repeat})")
    print(f"companion referee --jsonl: {best:.3f} s wall (median {statistics.median(full):.3f} s); "
          f"start-up alone {empty:.3f} s")
    print(f"  {args.records / best:,.0f} records/s end to end; {args.records / work:,.0f} records/s after start-up")
    print(f"  {work / rounds * 1e6:.1f} µs per round")
    print(f"baseline (parse + dump the same lines, no refereeing): {base:.3f} s")
    print(f"ratio companion / baseline: {best / base:.2f}x")


if __name__ == "__main__":
    main()
