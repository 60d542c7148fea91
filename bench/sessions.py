"""Benchmark (not a test): what one client opening and closing sessions costs the server.

    python bench/sessions.py [--sessions 1500] [--baseline PATH]

One raw Flet client (tests/net/wire.py: the browser's register frame, sent by hand)
opens a websocket, registers, and closes it, ``--sessions`` times in a row, against
`companion serve` of this checkout and, with ``--baseline``, of another checkout (say a
worktree of the branch before the session bounds), each started fresh in the same run.
Prints the server's resident memory (VmRSS) after it first answered, after the loop
and after a second loop as long, the growth per 100 sessions, the seconds the loops
took, and the ratio of the two servers' growths. The first loop also warms the
server up (imports, caches, the allocator's high-water mark); the second loop's
growth is what one more session costs. Memory moves with what else the machine runs only a little; compare the
two servers of one run.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.harness import Server  # noqa: E402
from tests.net.wire import Wire  # noqa: E402


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def _loop(port: int, sessions: int) -> float:
    t0 = time.perf_counter()
    for _ in range(sessions):
        with Wire(port) as w:
            w.register()
    return time.perf_counter() - t0


def run(root: Path, sessions: int) -> tuple[list[int], float]:
    """The server's RSS (KB) at start and after each of two loops; the loops' seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "data", root=root)
        server.start()
        try:
            assert server.proc is not None
            with Wire(server.port) as w:             # the first session opens the store
                w.register()
                w.wait_for("Join a table")
            time.sleep(1.0)
            seen = [rss_kb(server.proc.pid)]
            took = 0.0
            for _ in range(2):
                took += _loop(server.port, sessions)
                time.sleep(2.0)                      # the last closes reach the server
                seen.append(rss_kb(server.proc.pid))
            return seen, took
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=1500)
    parser.add_argument("--baseline", type=Path, help="another checkout to compare with")
    args = parser.parse_args()
    growth: dict[str, int] = {}
    for name, root in (("this checkout", ROOT), ("baseline", args.baseline)):
        if root is None:
            continue
        (start, first, second), took = run(root.resolve(), args.sessions)
        growth[name] = second - first
        print(f"{name}: 2 × {args.sessions} sessions in {took:.1f} s; RSS {start / 1024:.0f} MB → "
              f"{first / 1024:.0f} MB → {second / 1024:.0f} MB; the second {args.sessions}: "
              f"+{(second - first) / 1024:.1f} MB ({(second - first) / args.sessions * 100 / 1024:.2f} MB "
              f"per 100 sessions)")
    if len(growth) == 2:
        print(f"the second loop: baseline +{growth['baseline'] / 1024:.1f} MB, this checkout "
              f"+{growth['this checkout'] / 1024:.1f} MB")


if __name__ == "__main__":
    main()
