"""Benchmark (not a test): how fast `companion print` builds the printables.

    PYTHONPATH=. python bench/printables.py [--runs N]

Times, each in a fresh process (cold: imports, font loading, layout, writing):
  - baselines: `python -c "pass"`, `python -c "import reportlab"` and the libraries
    a printable needs (`import reportlab.platypus, pydantic`)
  - `companion print --all` into a temporary directory (the whole committed set: every
    language's, English and German)
  - one filled sheet: `companion print score-sheet --record <a three-game Hot Dog match>`
and in-process (warm) the filled sheet once more. Targets: the whole set under 1.5 s a language
cold, every PDF under 80 KB.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion.core.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
MATCH = ROOT / "tests" / "pdf" / "data" / "hotdog-match.json"
TARGET_SET_S = 1.5 * len(LANGUAGES)     # 1.5 s for each language's set of 15 files
TARGET_PDF_BYTES = 80_000


def cold(args: list[str]) -> float:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], check=True, cwd=ROOT, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per figure (default 5)")
    runs = parser.parse_args().runs

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        figures = {
            'python -c "pass"': ["-c", "pass"],
            'python -c "import reportlab"': ["-c", "import reportlab"],
            "import reportlab.platypus, pydantic": ["-c", "import reportlab.platypus, pydantic"],
            "companion print --all (cold)": ["-m", "companion", "print", "--all", "--out", str(out / "set")],
            "filled match sheet (cold)": ["-m", "companion", "print", "score-sheet", "--record",
                                          str(MATCH), "-o", str(out / "match.pdf")],
        }
        for label, args in figures.items():
            times = [cold(args) for _ in range(runs)]
            rows.append((label, min(times), statistics.median(times)))

        sys.path.insert(0, str(ROOT))
        from companion.pdf.api import build_score_sheet

        data = MATCH.read_bytes()
        build_score_sheet(record=data)
        start = time.perf_counter()
        filled = build_score_sheet(record=data)
        warm = time.perf_counter() - start

        sizes = {p.name: p.stat().st_size for p in sorted((out / "set").glob("*.pdf"))}
        sizes["filled match sheet"] = len(filled)

    print(f"{'figure':40} {'best s':>8} {'median s':>9}   ({runs} fresh processes each)")
    for label, best, median in rows:
        print(f"{label:40} {best:8.3f} {median:9.3f}")
    print(f"{'filled match sheet (in process, warm)':40} {warm:8.3f}")
    print()
    print(f"{'PDF':40} {'bytes':>8}")
    for name, size in sizes.items():
        print(f"{name:40} {size:8d}")
    set_median = rows[3][2]
    biggest = max(sizes.values())
    print()
    print(f"whole set cold: {set_median:.3f} s (target < {TARGET_SET_S} s) "
          f"{'OK' if set_median < TARGET_SET_S else 'OVER'}; "
          f"largest PDF {biggest} bytes (target < {TARGET_PDF_BYTES}) "
          f"{'OK' if biggest < TARGET_PDF_BYTES else 'OVER'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
