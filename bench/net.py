"""Benchmark (not a test): tables on every phone under load.

    python bench/net.py [--tables 5] [--phones 5] [--rounds 20] [--browser-rounds 4]

1. Load: ``--tables`` Hot Dog tables of ``--phones`` phones on one hub over one store
   (the server process's), each phone a thread calling the hub as its session does:
   submit its own bid, and on every change re-read its own seat's view. Timed: from
   the moment the last bid of a round is submitted to the moment every phone of that
   table has read a view holding the reveal. Every resolution a phone saw is checked
   against ``companion referee`` run on the stored game records.
2. Real browsers: one server, one table of 3 phones (3 chromium contexts), a few
   rounds: from the tap on the last "Submit my bid" to "Round N revealed" drawn on
   all three screens.

Prints p50/p95 (ms) of each, with the machine's load average before and after: the
figures move with whatever else the machine runs, so compare runs made under the same
load (or several runs' medians). Part 1 also prints the CPU time the process spent per
round (every thread: the hub's work and the phones' own), which moves far less with
the machine's load. Needs Debian chromium and playwright for part 2.
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
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.games.hotdog import forms, present, setup_form  # noqa: E402
from companion.net import Hub  # noqa: E402
from companion.store import Store  # noqa: E402

NAMES = ["Anna", "Bernd", "Chris", "Dora", "Emil"]


def legal_bid(record: dict, player: str, rng: random.Random) -> dict:
    """A random bid the rules take for this player now (HD-6)."""
    state = present.replayed(record).state
    for _ in range(200):
        hotdogs = rng.randint(1, 4)
        d = forms.Draft(table=rng.choice(state.tables), hotdogs=hotdogs,
                        dollars=rng.randint(0, min(hotdogs, state.money[player])))
        if forms.bid_errors(state, {player: d}).get(player) is None:
            return {"table": d.table, "hotdogs": d.hotdogs, "dollars": d.dollars}
    raise RuntimeError(f"no legal bid found for {player}")


def head(step: dict) -> str:
    """A step as the screens say it (``present.round_view``), from the referee's output."""
    return (f"{step['table']} table: {step['player']} {step['hotdogs']}−${step['dollars']} = "
            f"${step['price']}: " + ("sold" if step["outcome"] == "sold" else f"returned ({step['reason']})"))


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))]


def load_average() -> str:
    try:
        return "/".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:   # not on this system
        return "?"


def report(name: str, xs: list[float], loads: tuple[str, str]) -> None:
    ms = [x * 1000 for x in xs]
    print(f"{name}: p50 {pct(ms, 0.5):.1f} ms, p95 {pct(ms, 0.95):.1f} ms "
          f"(mean {statistics.mean(ms):.1f}, max {max(ms):.1f}, n={len(ms)}; "
          f"load average {loads[0]} before, {loads[1]} after)", flush=True)


# ---------------------------------------------------------------- 1. threads on the hub

def load(tables: int, phones: int, rounds: int, seed: int = 8) -> list[float]:
    tmp = tempfile.mkdtemp(prefix="companion-bench-net-")
    store = Store(Path(tmp) / "companion.sqlite3")
    hub = Hub(store)
    players = NAMES[:phones]
    seats: list[tuple[int, str, dict[str, str]]] = []
    for _ in range(tables):
        match_id = store.create_match("hotdog", players, setup_form.new_record(players, players[0]))
        code = hub.host(match_id).code
        tokens = {p: hub.take_seat(code, p, f"10.0.0.{i}").token for i, p in enumerate(players)}
        seats.append((match_id, code, tokens))

    # every phone's screen: on a change to its table it re-reads its own view
    seen: dict[str, dict[str, list]] = {code: {p: [] for p in players} for _, code, _ in seats}
    # one condition a table: its player thread sleeps until a view of its table is read (a
    # polling loop would spend the CPU the hub is measured on)
    seen_at = {code: threading.Condition() for _, code, _ in seats}
    tokens_of = {code: tokens for _, code, tokens in seats}

    def on_change(code: str) -> None:
        for p, token in tokens_of[code].items():
            v = hub.view(token)
            with seen_at[code]:
                if not seen[code][p] or seen[code][p][-1][0] != v.position:
                    seen[code][p].append((v.position, time.perf_counter(), v.resolution))
                    seen_at[code].notify_all()

    hub.on_change(on_change)
    latencies: list[float] = []
    lat_lock = threading.Lock()
    errors: list[str] = []

    def play(match_id: int, code: str, tokens: dict[str, str], rng: random.Random) -> None:
        try:
            for n in range(1, rounds + 1):
                record = store.match(match_id).current.record
                bids = {p: legal_bid(record, p, rng) for p in players}
                order = list(players)
                rng.shuffle(order)
                threads = [threading.Thread(target=hub.submit, args=(tokens[p], bids[p])) for p in order[:-1]]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                t0 = time.perf_counter()
                hub.submit(tokens[order[-1]], bids[order[-1]])

                def revealed(n: int = n) -> list[float | None]:
                    return [next((at for pos, at, _ in seen[code][p] if pos == n), None) for p in players]

                with seen_at[code]:
                    if not seen_at[code].wait_for(lambda: all(revealed()), timeout=120):
                        raise RuntimeError(f"round {n} was not seen on every phone")
                    done = [at for at in revealed() if at is not None]
                with lat_lock:
                    latencies.append(max(done) - t0)
        except Exception as exc:  # reported, never hidden
            errors.append(f"table {code}: {type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=play, args=(m, c, t, random.Random(seed + i)))
               for i, (m, c, t) in enumerate(seats)]
    t0, cpu0 = time.perf_counter(), time.process_time()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall, cpu = time.perf_counter() - t0, time.process_time() - cpu0
    if errors:
        raise SystemExit("\n".join(errors))

    # every resolution any phone saw == what `companion referee` says of the stored record
    checked = 0
    for match_id, code, _ in seats:
        record = store.match(match_id).current.record
        out = subprocess.run([sys.executable, "-m", "companion", "referee", "-"], cwd=ROOT,
                             input=json.dumps(record).encode(), capture_output=True, check=True)
        result = json.loads(out.stdout)
        assert len(result["rounds"]) == rounds, (code, len(result["rounds"]))
        for p in players:
            shown = [res for pos, _, res in seen[code][p] if pos >= 1]
            assert len(shown) == rounds, (code, p, len(shown))
            for res, ref in zip(shown, result["rounds"], strict=True):
                assert res["number"] == ref["round"]
                assert [s[0] for s in res["steps"]] == [head(s) for s in ref["steps"]], (code, p, ref["round"])
                checked += 1
    store.close()
    print(f"load: {tables} tables × {phones} phones × {rounds} rounds in {wall:.1f} s "
          f"({cpu / (tables * rounds) * 1000:.1f} ms CPU a round); "
          f"{checked} resolutions on phone screens match `companion referee`", flush=True)
    return latencies


# ---------------------------------------------------------------- 2. real browsers

# In the page: note the wall-clock time (ms) the text is first in the accessibility tree,
# checked every 5 ms (Playwright's own waits back off to 500 ms between polls).
WATCH = """want => { window.__revealSeen = null; const t = setInterval(() => {
  const hit = [...document.querySelectorAll('[aria-label]')].some(n => n.getAttribute('aria-label').includes(want))
    || document.body.innerText.includes(want);
  if (hit) { window.__revealSeen = Date.now(); clearInterval(t); } }, 5); }"""


def browsers(rounds: int, seed: int = 3) -> list[float]:
    from playwright.sync_api import sync_playwright

    from tests.e2e.harness import Server, launch
    from tests.e2e.test_net_e2e import Phone

    players = NAMES[:3]
    rng = random.Random(seed)
    out: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        data.mkdir()
        store = Store(data / "companion.sqlite3")
        match_id = store.create_match("hotdog", players, setup_form.new_record(players, players[0]))
        code = Hub(store).host(match_id).code
        store.close()
        server = Server(data)
        server.start()
        try:
            with sync_playwright() as pw:
                browser = launch(pw)
                phones = {}
                for p in players:
                    phones[p] = ph = Phone(browser, server.url)
                    ph.join(code)
                    ph.sit(p)
                reader = Store(data / "companion.sqlite3")
                for n in range(1, rounds + 1):
                    record = reader.match(match_id).current.record
                    for p in players:
                        b = legal_bid(record, p, rng)
                        phones[p].bid(p, b["table"], b["hotdogs"], b["dollars"])
                    for p in players[:-1]:
                        phones[p].click("Submit my bid")
                        phones[p].see("My bid is in:")
                    last = phones[players[-1]]
                    last.see(f"Bids in: {', '.join(players[:-1])} · waiting for {players[-1]}")
                    button = last.button("Submit my bid").first
                    button.wait_for()
                    want = f"Round {n} revealed"
                    for ph in phones.values():        # each page notes when it draws the reveal
                        ph.pg.evaluate(WATCH, want)
                    t0 = time.time() * 1000
                    button.click()
                    seen_at = []
                    for ph in phones.values():
                        ph.see(want)
                        seen_at.append(ph.pg.evaluate("window.__revealSeen"))
                    out.append((max(seen_at) - t0) / 1000)
                reader.close()
                for ph in phones.values():
                    ph.close()
                browser.close()
        finally:
            server.stop()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=5)
    ap.add_argument("--phones", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--browser-rounds", type=int, default=4)
    args = ap.parse_args()
    before = load_average()
    hub = load(args.tables, args.phones, args.rounds)
    report("last bid → reveal on every phone's view (hub, threads)", hub, (before, load_average()))
    if args.browser_rounds:
        before = load_average()
        drawn = browsers(args.browser_rounds)
        report("last bid tapped → 'Round N revealed' drawn on 3 browsers", drawn, (before, load_average()))


if __name__ == "__main__":
    main()
