"""Benchmark (not a test): ``companion referee --jsonl`` in records per CPU-second,
against two baselines measured in the same run on the same records (issue 26):

- the plain-dict referee (``bench/plain.py``: the same rules, no validation, no
  wording), run the same way: one process reading the lines and writing a result each;
- the JSON floor: a process that only parses and re-dumps the same lines.

Records (``bench/records.py``, seeded) of the three games, two shapes each:
``realistic`` (Hot Dog played to HD-13, about 8 rounds; sales with 12-card hands over
three rounds; burger to its end) and ``random`` (short random records); and
``examples``, the shipped examples (``tests/examples``: the rulebook's and the
contract's, the games of the match example each as a record of its own), repeated to
``--records`` a game. Each command
runs as its own process; its CPU time (user + system, its workers included) less that
of the same command on an empty file is the work. Machines here are shared and noisy:
read the ratios, best of ``--repeat``.

    python bench/referee.py [--records 1000] [--repeat 3] [--tree DIR ...] [--only hotdog]
                            [--shape realistic|random|examples]

``--tree DIR`` also times the referee of another checkout of companion (e.g. a
worktree of an older commit) on the same records: a before/after in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import records as generate  # noqa: E402

FLOOR = ("import sys, json\n"
         "out = [json.dumps(json.loads(l)) for l in open(sys.argv[1], 'rb')]\n"
         "sys.stdout.write('\\n'.join(out))\n")
PLAIN = ("import sys, json\n"
         f"sys.path.insert(0, {str(HERE)!r})\n"
         "import plain\n"
         "out = [json.dumps(plain.referee(json.loads(l))) for l in open(sys.argv[1], 'rb')]\n"
         "sys.stdout.write('\\n'.join(out))\n")


EXAMPLES = ROOT / "tests" / "examples"


def examples(game: str, count: int) -> list[dict]:
    """The shipped example records of ``game`` (a match's games each a record of its
    own), repeated to ``count``."""
    found = []
    for path in sorted(EXAMPLES.glob("*.json")):
        if path.name.endswith(".expected.json"):
            continue
        rec = json.loads(path.read_text())
        if rec["game"] != game:
            continue
        found += [{"game": game, **g} for g in rec["games"]] if rec.get("kind") == "match" else [rec]
    return [found[i % len(found)] for i in range(count)] if found else []


def records_of(game: str, shape: str, count: int, seed: int) -> list[dict]:
    """``count`` records of ``game`` in ``shape``: the shipped ``examples`` repeated, or
    ``realistic`` / ``random`` ones seeded (``bench/records.py``)."""
    return examples(game, count) if shape == "examples" else generate.records(game, shape, count, seed)


def cpu(cmd: list[str], tree: Path = ROOT, language: str = "en") -> float:
    """CPU seconds (user + system) of ``cmd`` and every process it waited for, with the
    system's language ``language``."""
    env = dict(os.environ, PYTHONPATH=str(tree), LANGUAGE=language)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env, cwd=tree)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def work(cmd: list[str], path: str, repeat: int, tree: Path = ROOT, language: str = "en") -> float:
    """CPU seconds of ``cmd path`` less ``cmd`` on an empty file, best of ``repeat``."""
    empty = min(cpu([*cmd, os.devnull], tree, language) for _ in range(repeat))
    full = min(cpu([*cmd, path], tree, language) for _ in range(repeat))
    return max(full - empty, 1e-9)


def python(tree: Path) -> str:
    venv = tree / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=1000, help="records per game and shape")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", choices=sorted(generate.GAMES), action="append")
    ap.add_argument("--shape", choices=("realistic", "random", "examples"), action="append")
    ap.add_argument("--tree", type=Path, action="append", default=[],
                    help="another checkout whose referee to time on the same records")
    args = ap.parse_args()
    games = args.only or sorted(generate.GAMES)
    shapes = args.shape or ["examples", "realistic", "random"]
    trees = [ROOT, *[t.resolve() for t in args.tree]]
    print(f"{args.records} records per game and shape (seed {args.seed}); CPU seconds of the work "
          f"(start-up taken off), best of {args.repeat}")
    print(f"{'records':<18}{'rounds':>7}{'floor':>8}{'plain':>8}" + "".join(f"{t.name[:14]:>16}" for t in trees)
          + "   referee ÷ plain (×speed)   referee ÷ floor (×time)")
    for shape in shapes:
        for game in games:
            recs = records_of(game, shape, args.records, args.seed)
            rounds = sum(len(r["rounds"]) for r in recs)
            with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as fh:
                fh.write("".join(json.dumps(r) + "\n" for r in recs))
                path = fh.name
            try:
                floor = work([sys.executable, "-c", FLOOR], path, args.repeat)
                plain = work([sys.executable, "-c", PLAIN], path, args.repeat)
                refs = [work([python(t), "-m", "companion", "referee", "--jsonl"], path, args.repeat, t)
                        for t in trees]
            finally:
                os.unlink(path)
            speed = "  ".join(f"{plain / r:5.2f}" for r in refs)
            slow = "  ".join(f"{r / floor:5.1f}" for r in refs)
            print(f"{game + ' ' + shape:<18}{rounds:>7}{floor:8.3f}{plain:8.3f}"
                  + "".join(f"{r:16.3f}" for r in refs) + f"   {speed:<26} {slow}")
            rate = ", ".join(f"{t.name}: {args.records / r:,.0f}" for t, r in zip(trees, refs, strict=True))
            print(f"{'':18}records per CPU-second: plain {args.records / plain:,.0f}; {rate}")


if __name__ == "__main__":
    main()
