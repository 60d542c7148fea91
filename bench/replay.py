"""Benchmark (not a test): a replay of a large archive, in records per CPU-second, this
checkout against other checkouts (``--tree``: main) and two floors, all in one run on
the same records (issue 26).

The archive: ``--records`` realistic records of each game (``bench/records.py``,
seeded: Hot Dog played to HD-13, sales' 12-card hands over three rounds, burger to its
end), one JSON text a line, as the store keeps them. Each command runs as its own
process and reads every line:

- ``json``: the JSON floor, each line parsed and nothing else;
- ``plain``: the plain-dict rules (``bench/plain.py``: no validation, no wording);
- each checkout: every record read with its game's shape and refereed,
  ``registry.referee(registry.parse_record(line))`` (what every replay of the archive
  asks: Statistics, History, exports), in English and in German (``LANGUAGE``);
  where the checkout has the one replay of the screens (``registry.replay``: each
  round's facts and the states between them), that too.

Its CPU time (user + system) less that of the same command on an empty file (the
imports, the games found) is the work; best of ``--repeat``. Machines here are
shared and noisy: read the ratios.

    python bench/replay.py [--records 3000] [--repeat 3] [--tree DIR ...]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import records as generate  # noqa: E402
from referee import ROOT, python, work  # noqa: E402

JSON = ("import sys, json\n"
        "for l in open(sys.argv[1], 'rb'): json.loads(l)\n")
PLAIN = ("import sys, json\n"
         f"sys.path.insert(0, {str(HERE)!r})\n"
         "import plain\n"
         "for l in open(sys.argv[1], 'rb'): plain.referee(json.loads(l))\n")
REFEREE = ("import sys\n"
           "from companion.core import registry\n"
           "registry.games()\n"
           "for l in open(sys.argv[1], 'rb'): registry.referee(registry.parse_record(l))\n")
REPLAY = ("import sys, json\n"
          "from companion.core import registry\n"
          "registry.games()\n"
          "for l in open(sys.argv[1], 'rb'):\n"
          "    r = json.loads(l)\n"
          "    registry.replay(r['game'], r)\n")


def has_replay(tree: Path) -> bool:
    return "def replay(" in (tree / "companion" / "core" / "registry.py").read_text()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=3000, help="realistic records per game")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--tree", type=Path, action="append", default=[],
                    help="another checkout whose replay to time on the same records")
    args = ap.parse_args()
    trees = [ROOT, *[t.resolve() for t in args.tree]]
    recs = [r for game in sorted(generate.GAMES)
            for r in generate.records(game, "realistic", args.records, args.seed)]
    rounds = sum(len(r["rounds"]) for r in recs)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as fh:
        fh.write("".join(json.dumps(r) + "\n" for r in recs))
        path = fh.name
    print(f"archive: {len(recs)} realistic records ({args.records} a game), {rounds} rounds (seed {args.seed}); "
          f"CPU seconds of the work, start-up taken off, best of {args.repeat}")
    print(f"{'':38}{'CPU s':>8}{'records/s':>11}{'÷ plain (×speed)':>18}{'÷ json (×time)':>16}", flush=True)
    runs = [("json floor (parse only)", [sys.executable, "-c", JSON], ROOT, "en"),
            ("plain-dict rules", [sys.executable, "-c", PLAIN], ROOT, "en")]
    for tree in trees:
        runs += [(f"{tree.name}: referee ({language})", [python(tree), "-c", REFEREE], tree, language)
                 for language in ("en", "de")]
        if has_replay(tree):
            runs.append((f"{tree.name}: registry.replay (en)", [python(tree), "-c", REPLAY], tree, "en"))
    found: list[float] = []
    try:
        for label, cmd, tree, language in runs:
            seconds = work(cmd, path, args.repeat, tree, language)
            found.append(seconds)
            floor, plain = found[0], found[min(1, len(found) - 1)]
            print(f"{label:38}{seconds:8.3f}{len(recs) / seconds:11,.0f}{plain / seconds:18.2f}"
                  f"{seconds / floor:16.1f}", flush=True)
    finally:
        os.unlink(path)


if __name__ == "__main__":
    main()
