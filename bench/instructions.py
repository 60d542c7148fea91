"""Benchmark (not a test): ``companion referee --jsonl`` against the plain-dict referee
(``bench/plain.py``) in CPU instructions per record, counted by valgrind's callgrind
(issue 26).

Instructions are counted, not timed: the count is the same from run to run on a
loaded machine, where ``bench/referee.py``'s CPU seconds wander by a fifth. Each
command runs under ``valgrind --tool=callgrind`` on the records and on an empty file,
as ``bench/referee.py`` runs it (the referee's forked workers counted with it: every
process's own instructions are added up); the difference, divided by the records, is the
instructions a record. The ratio is plain's ÷ the referee's: 1.0 is as fast as plain,
higher is faster. Records as ``bench/referee.py`` makes them (``bench/records.py``,
seeded; ``examples``: the shipped examples repeated).

The empty file's counts are printed last: what changes every run (imports, exit)
moves them, and each figure a record the other way. Before the referee's own process
kept its objects out of its last garbage collection (``companion.cli``), that
collection, 36 M instructions, was counted in the empty file's run but not in a run of
256 lines or more (whose process had frozen its objects already): figures measured
before it read some 35 k instructions a record low at 1,000 records.

    python bench/instructions.py [--records 1000] [--only burger] [--shape realistic]
                                 [--tree DIR ...] [--profile]

``--tree DIR`` counts another checkout's referee on the same records (a before/after
in one run); ``--profile`` instead prints where the referee's time goes, in-process
(cProfile over ``companion.core.referee.referee_json``, the top functions by their own
time), one table per game and shape. Under callgrind a run takes some 50× its time:
200 realistic records a game take a few minutes in all.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import records as generate  # noqa: E402
from referee import PLAIN, python, records_of  # noqa: E402


def _env(tree: Path) -> dict[str, str]:
    """The commands' environment: ``tree`` on the path, English, and bytecode written
    as an installed companion has it (with ``PYTHONDONTWRITEBYTECODE`` set, every run
    compiles each module it imports again: a game's modules, imported with the first
    record, were counted as some 15 million instructions of the records' work)."""
    env = dict(os.environ, PYTHONPATH=str(tree), LANGUAGE="en")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def instructions(cmd: list[str], path: str, tree: Path) -> int:
    """The instructions ``cmd path`` executes, every process it forks included."""
    env = _env(tree)
    # once untimed first, so that every module it imports is compiled and kept
    subprocess.run([*cmd, path], check=True, stdout=subprocess.DEVNULL, env=env, cwd=tree)
    with tempfile.TemporaryDirectory() as out:
        # Dumped (and zeroed) before each fork: a forked worker's counts would else start
        # from its parent's, every instruction before the fork counted once more per worker.
        subprocess.run(["valgrind", "--tool=callgrind", "--dump-before=fork", f"--callgrind-out-file={out}/cg.%p",
                        *cmd, path],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=tree)
        total = 0
        for name in os.listdir(out):
            for line in Path(out, name).read_text().splitlines():
                if line.startswith(("summary:", "totals:")):
                    total += int(line.split()[1])
                    break
        return total


_empty: dict[tuple[str, ...], int] = {}


def per_record(cmd: list[str], path: str, count: int, tree: Path = ROOT) -> float:
    """Instructions a record: ``cmd`` on the records less ``cmd`` on an empty file
    (counted once a run)."""
    key = (*cmd, str(tree))
    if key not in _empty:
        _empty[key] = instructions(cmd, os.devnull, tree)
    return (instructions(cmd, path, tree) - _empty[key]) / count


def profile(lines: list[bytes], top: int = 25) -> None:
    """Where ``referee_json``'s time goes on ``lines``: the first line refereed once
    untimed (imports, validators built), then every line under cProfile."""
    import cProfile
    import pstats

    from companion.core.referee import referee_json

    referee_json(lines[0])
    prof = cProfile.Profile()
    prof.enable()
    for line in lines:
        referee_json(line)
    prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(top)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=1000, help="records per game and shape")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--only", choices=sorted(generate.GAMES), action="append")
    ap.add_argument("--shape", choices=("realistic", "random", "examples"), action="append")
    ap.add_argument("--tree", type=Path, action="append", default=[],
                    help="another checkout whose referee to count on the same records")
    ap.add_argument("--profile", action="store_true", help="cProfile the referee in-process instead")
    args = ap.parse_args()
    games = args.only or sorted(generate.GAMES)
    shapes = args.shape or ["examples", "realistic", "random"]
    trees = [ROOT, *[t.resolve() for t in args.tree]]
    if not args.profile:
        print(f"{args.records} records per game and shape (seed {args.seed}); instructions a record "
              "(callgrind, the empty file's taken off)")
        print(f"{'records':<18}{'plain':>12}" + "".join(f"{t.name[:14]:>16}" for t in trees)
              + "   plain ÷ referee (×speed)")
    for shape in shapes:
        for game in games:
            recs = records_of(game, shape, args.records, args.seed)
            if args.profile:
                print(f"---- {game} {shape}: {len(recs)} records")
                profile([json.dumps(r).encode() for r in recs])
                continue
            with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as fh:
                fh.write("".join(json.dumps(r) + "\n" for r in recs))
                path = fh.name
            try:
                plain = per_record([sys.executable, "-c", PLAIN], path, len(recs))
                refs = [per_record([python(t), "-m", "companion", "referee", "--jsonl"], path, len(recs), t)
                        for t in trees]
            finally:
                os.unlink(path)
            print(f"{game + ' ' + shape:<18}{plain:12,.0f}" + "".join(f"{r:16,.0f}" for r in refs)
                  + "   " + "  ".join(f"{plain / r:5.2f}" for r in refs), flush=True)
    if not args.profile and _empty:
        # What was taken off: a change to what every run costs (its imports, its exit)
        # moves this, and so every figure above, the other way.
        plain_run, *tree_runs = _empty.values()     # counted in the columns' order
        print(f"{'empty file':<18}{plain_run:12,}" + "".join(f"{n:16,}" for n in tree_runs) + "   instructions a run")


if __name__ == "__main__":
    main()
