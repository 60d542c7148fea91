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
                                 [--tree DIR ...] [--profile | --in-process]

``--tree DIR`` counts another checkout's referee on the same records (a before/after
in one run); ``--profile`` instead prints where the referee's time goes, in-process
(cProfile over ``companion.core.referee.referee_json``, the top functions by their own
time), one table per game and shape. Under callgrind a run takes some 50× its time:
200 realistic records a game take a few minutes in all.

``--in-process`` counts inside one process instead, between callgrind's client requests
(``bench/callgrind.py``): the first record alone (the referee's validator built, the
game's modules imported; plain's first call), then every other record, the same count
from run to run (the two processes' way above wanders by ±1 % at 1,000 records). Each
record is a JSON line in and its result's JSON out, as a string: the referee's
``referee_json`` (in English, for the record, as ``companion referee`` runs it) against
plain's ``json.dumps(referee(json.loads(line)))``; no process start, no forked
workers, no output written.
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
        return sum(_total(Path(out, name)) for name in os.listdir(out))


_empty: dict[tuple[str, ...], int] = {}

# What --in-process runs under callgrind: argv is the bench's folder, "plain" or
# "referee", and the records' file; what is counted is between the client requests.
IN_PROCESS = """\
import json, sys
sys.path.insert(0, sys.argv[1])
import callgrind
lines = open(sys.argv[3], 'rb').read().splitlines()
if sys.argv[2] == 'plain':
    import plain
    def one(line):
        return json.dumps(plain.referee(json.loads(line)))
else:
    from companion.core import i18n
    from companion.core.message import for_the_record
    from companion.core.referee import referee_json as one
    from companion.core.registry import games
    i18n.using('en').__enter__()
    for_the_record().__enter__()
    games()
with callgrind.collect():
    one(lines[0])
callgrind.request(callgrind.DUMP_STATS)
with callgrind.collect():
    for line in lines[1:]:
        one(line)
"""


def in_process(kind: str, path: str, tree: Path) -> tuple[int, int]:
    """The instructions of ``kind``'s first record, and of all the others, counted in
    one process (``IN_PROCESS``)."""
    cmd = [python(tree) if kind == "referee" else sys.executable, "-c", IN_PROCESS, str(HERE), kind, path]
    env = _env(tree)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env, cwd=tree)   # modules compiled
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(["valgrind", "--tool=callgrind", "--collect-atstart=no",
                        f"--callgrind-out-file={out}/cg", *cmd],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=tree)
        first, rest = (_total(Path(out, name)) for name in ("cg.1", "cg"))
    return first, rest


def _total(path: Path) -> int:
    for line in path.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise ValueError(f"{path}: no total")


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


def _in_process_row(game: str, shape: str, path: str, count: int, trees: list[Path]) -> None:
    """One row of ``--in-process``: a record after the first, the first in brackets."""
    counts = [in_process("plain", path, ROOT), *(in_process("referee", path, t) for t in trees)]
    rate = [rest / (count - 1) for _first, rest in counts]
    cells = "".join(f" {r:12,.0f} ({first / 1e6:6.1f} M)" for r, (first, _rest) in zip(rate, counts, strict=True))
    print(f"{game + ' ' + shape:<18}{cells}   " + "  ".join(f"{rate[0] / r:5.2f}" for r in rate[1:]), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=1000, help="records per game and shape")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--only", choices=sorted(generate.GAMES), action="append")
    ap.add_argument("--shape", choices=("realistic", "random", "examples"), action="append")
    ap.add_argument("--tree", type=Path, action="append", default=[],
                    help="another checkout whose referee to count on the same records")
    how = ap.add_mutually_exclusive_group()
    how.add_argument("--profile", action="store_true", help="cProfile the referee in-process instead")
    how.add_argument("--in-process", action="store_true",
                     help="count in one process: the first record, then a record of the others")
    args = ap.parse_args()
    games = args.only or sorted(generate.GAMES)
    shapes = args.shape or ["examples", "realistic", "random"]
    trees = [ROOT, *[t.resolve() for t in args.tree]]
    if args.in_process:
        print(f"{args.records} records per game and shape (seed {args.seed}); instructions a record "
              "after the first (callgrind, in-process); the first record's in brackets")
        print(f"{'records':<18}{'plain':>24}" + "".join(f"{t.name[:14]:>24}" for t in trees)
              + "   plain ÷ referee (×speed)")
    elif not args.profile:
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
                if args.in_process:
                    _in_process_row(game, shape, path, len(recs), trees)
                    continue
                plain = per_record([sys.executable, "-c", PLAIN], path, len(recs))
                refs = [per_record([python(t), "-m", "companion", "referee", "--jsonl"], path, len(recs), t)
                        for t in trees]
            finally:
                os.unlink(path)
            print(f"{game + ' ' + shape:<18}{plain:12,.0f}" + "".join(f"{r:16,.0f}" for r in refs)
                  + "   " + "  ".join(f"{plain / r:5.2f}" for r in refs), flush=True)
    if _empty:
        # What was taken off: a change to what every run costs (its imports, its exit)
        # moves this, and so every figure above, the other way.
        plain_run, *tree_runs = _empty.values()     # counted in the columns' order
        print(f"{'empty file':<18}{plain_run:12,}" + "".join(f"{n:16,}" for n in tree_runs) + "   instructions a run")


if __name__ == "__main__":
    main()
