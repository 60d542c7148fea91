"""Benchmark (not a test): how many taps and scrolls a Hot Dog round costs a table.

    python bench/taps.py [--baseline d5f13f8] [--no-baseline] [--scrolls-baseline COMMIT]

Plays one scripted four-player Hot Dog game of twelve rounds in chromium through the
e2e harness, on a 390×844 phone (``--size``), with ties, a table that overflows, a bid
of more hot dogs than its table holds, a bid refused and put right, a last hot dog that
ends the game, and counts every click and key press per round: Playwright's clicks,
presses and typing are wrapped, so every one the drivers make is counted (a typed word
counts one per key).

Scrolls are counted too, as a player's thumb makes them (``tests/e2e/thumb.py``): before
each tap its target is brought fully into the part of the screen under the app bar by
swipes of one screen's height each towards it (the page's end stops one sooner; a
target two screens away costs two), counted one per swipe. Reading a round's result
counts as well: the player reads it to its last line and the money after the round (at
the result's top in this app, else the money grid's "Now" row under the result), then
taps the Next round nearest (one on screen costs no scroll).

Flows played:
  * from the table — every bid picked on one screen, Submit, the whole result;
  * pass the phone — each player's own entry, one tap hides it and names the next;
  * before (optional) — the flow at the baseline commit (steppers, a Hide per player,
    Submit, Show all), served from a ``git worktree`` of that commit on a second
    server and played with that commit's own driver, ``tests/e2e/table.py``;
  * both flows again on the app of ``--scrolls-baseline`` (e.g. the main branch before
    the change measured), with that commit's driver: the baseline of the scrolls.

A round counts from its first tap to the tap that leaves its result (Next round /
End of game); "to the result" leaves that last tap out. Setup is not counted.

Other games' rounds: ``bench/taps_cards.py``'s ``burger_round`` and ``sales_round``
(see :data:`CARD_GAMES` and :func:`card_games`), each on a page of the current app set
up by its ``setup_*`` (not counted); :class:`Taps` counts the round's taps and its
averages are reported with Hot Dog's (their scrolls are taps_cards' own count).
"""

from __future__ import annotations

import argparse
import ast
import functools
import importlib.util
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import taps_cards  # noqa: E402
from companion.games.hotdog.forms import pass_order  # noqa: E402
from tests.e2e import harness  # noqa: E402
from tests.e2e.harness import Server, launch  # noqa: E402

PLAYER_PHONE = {"width": 390, "height": 844}   # the phone the goal is set at (≤ 2 scrolls a round)
from tests.e2e.table import Table  # noqa: E402
from tests.e2e.thumb import Thumb  # noqa: E402

BASELINE = "d5f13f8"      # the commit before bids were picked directly
PLAYERS = ["Anna", "Bernd", "Chris", "Dora"]
Bid = tuple[int, int, int]

# Twelve rounds, mustard card with Anna (HD-4), passing clockwise (HD-14). Checked
# against the referee before anything is played (:func:`check_script`).
ROUNDS: list[dict[str, Bid]] = [
    {"Anna": (5, 2, 0), "Bernd": (5, 3, 2), "Chris": (9, 4, 0), "Dora": (9, 3, 1)},
    {"Anna": (7, 3, 1), "Bernd": (7, 3, 1), "Chris": (5, 1, 0), "Dora": (9, 2, 0)},   # a tie at the 7 table
    {"Anna": (9, 2, 0), "Bernd": (7, 4, 2), "Chris": (7, 2, 0), "Dora": (5, 4, 0)},   # 7 table: no room
    {"Anna": (5, 3, 1), "Bernd": (9, 1, 0), "Chris": (5, 3, 1), "Dora": (7, 1, 0)},   # 5 table overflows
    {"Anna": (7, 2, 0), "Bernd": (5, 2, 1), "Chris": (9, 3, 2), "Dora": (5, 2, 1)},   # Chris put right
    {"Anna": (9, 4, 0), "Bernd": (7, 3, 0), "Chris": (5, 2, 0), "Dora": (9, 3, 2)},
    {"Anna": (5, 1, 0), "Bernd": (5, 6, 3), "Chris": (7, 2, 1), "Dora": (7, 3, 0)},   # 6 at the 5 table
    {"Anna": (7, 3, 2), "Bernd": (9, 2, 0), "Chris": (9, 3, 0), "Dora": (5, 2, 0)},
    {"Anna": (5, 3, 0), "Bernd": (7, 2, 0), "Chris": (7, 2, 1), "Dora": (9, 5, 3)},
    {"Anna": (9, 2, 1), "Bernd": (5, 3, 2), "Chris": (5, 3, 2), "Dora": (7, 4, 0)},   # a tie at the 5 table
    {"Anna": (7, 1, 0), "Bernd": (9, 3, 1), "Chris": (9, 4, 0), "Dora": (5, 2, 0)},
    {"Anna": (5, 2, 0), "Bernd": (5, 2, 0), "Chris": (9, 2, 1), "Dora": (7, 2, 0)},   # Bernd's last hot dog
]
# Round 5: Chris first picks 4 hot dogs and $3, then 2 hot dogs: $3 for 2 hot dogs is
# refused (HD-6) until he puts it right.
MISTAKES: dict[int, tuple[str, list[Bid]]] = {5: ("Chris", [(9, 4, 3), (9, 2, 3)])}
LAST: dict[int, str] = {12: "Bernd"}   # announced (HD-12); the game ends after it (HD-13)


def as_entered(bid: Bid, beyond: bool) -> Bid:
    """A bid as the app lets a table enter it: with ``beyond`` False (an app without a
    table's "more" chip) a bid of more hot dogs than its table holds is entered as the
    table's value, as players of that app had to (the script's such bid goes back
    either way, so the game plays out the same, HD-8)."""
    table, hotdogs, dollars = bid
    return bid if beyond or hotdogs <= table else (table, table, min(dollars, table))


def check_script() -> list[str]:
    """The script as the referee takes it: each round's mustard holder; raises if refused."""
    from companion.games.hotdog import forms, present, setup_form
    from companion.games.hotdog.forms import Draft

    record = setup_form.new_record(PLAYERS, "Anna")
    holders = []
    for n, bids in enumerate(ROUNDS, 1):
        holders.append(present.replayed(record).state.mustard)
        drafts = {p: Draft(t, h, d, last=LAST.get(n) == p) for p, (t, h, d) in bids.items()}
        change = forms.submit(record, drafts)
        if not change.ok:
            raise SystemExit(f"the script's round {n} is refused: {change.error}")
        record = change.record
    if not present.replayed(record).state.over:
        raise SystemExit("the script's game does not end")
    return holders


# ---------------------------------------------------------------- counting


Round = tuple[str, int, int, int]   # (label, taps to the result, taps in all, scrolls)


class Taps:
    """Every click and key press Playwright makes while counting, per round, and the
    swipes a thumb makes to bring each tap's target into view."""

    def __init__(self) -> None:
        self.rounds: list[Round] = []
        self.on = False
        self.n = 0
        self.swipes = 0
        self.at_result = 0
        self.label = ""
        self.thumb: Thumb | None = None  # the thumb that scrolls (set by :meth:`wrapped`)

    def tap(self, n: int = 1) -> None:
        if self.on:
            self.n += n

    def begin(self, label: str) -> None:
        """A round's first tap follows: the round before it ends here."""
        self.end()
        self.on, self.n, self.swipes, self.at_result, self.label = True, 0, 0, -1, label

    def result(self) -> None:
        """The round's result is on screen (its taps so far: 'to the result')."""
        self.at_result = self.n

    def end(self) -> None:
        if self.on:
            self.rounds.append((self.label, self.at_result if self.at_result >= 0 else self.n, self.n, self.swipes))
        self.on = False

    # ------------------------------------------------------------ a thumb's swipes
    def into_view(self, found: Any, part: float | None = None) -> None:
        """Swipe ``found`` (its first ``part`` px) into view, as a thumb does
        (:class:`~tests.e2e.thumb.Thumb`), the swipes counted."""
        if self.thumb is not None:
            made = self.thumb.into_view(found, part)
            if self.on:
                self.swipes += made

    def nearest(self, found: Any) -> Any:
        """Of the targets ``found`` matches, the one on screen, else the nearest."""
        return self.thumb.nearest(found) if self.thumb is not None else found.first

    @contextmanager
    def wrapped(self, page: Any = None) -> Iterator[None]:
        """Playwright's clicks, presses and typing counted while inside; with ``page``,
        each tap's target brought into view by counted swipes first."""
        from playwright.sync_api import Keyboard, Locator, Mouse, Page

        self.thumb = Thumb(page) if page is not None else None

        def counting(cls: Any, name: str, keys: bool = False) -> tuple[Any, str, Any]:
            real = getattr(cls, name)

            def call(obj: Any, *args: Any, **kwargs: Any) -> Any:
                text = args[-1] if keys and args else kwargs.get("text", "")
                self.tap(len(text) if keys and isinstance(text, str) and name != "press" else 1)
                if page is not None and cls is Locator and name in ("click", "dblclick", "tap", "check"):
                    self.into_view(obj)
                return real(obj, *args, **kwargs)

            setattr(cls, name, call)
            return cls, name, real

        patched = [counting(Locator, "click"), counting(Locator, "dblclick"), counting(Locator, "tap"),
                   counting(Locator, "check"), counting(Locator, "press"), counting(Locator, "fill", True),
                   counting(Locator, "type", True), counting(Locator, "press_sequentially", True),
                   counting(Page, "click"), counting(Page, "tap"), counting(Page, "press"),
                   counting(Page, "fill", True), counting(Page, "type", True),
                   counting(Keyboard, "press"), counting(Keyboard, "type", True), counting(Mouse, "click")]
        try:
            yield
        finally:
            for cls, name, real in patched:
                setattr(cls, name, real)


# ---------------------------------------------------------------- the flows


GRID_TOP = 90    # a money grid's heading and its first row ("Now")


def read_result(t: Any, count: Taps, name: str) -> None:
    """A round's result read as a player reads it: the steps down to its last line, and
    the money after the round. An app that says that money at the result's top (this
    one) is read to its last line, where its second ``name`` button (Next round) sits;
    one that does not (a baseline) down to the money grid's "Now" row under the result.
    The result reached and read, it waits for nothing more."""
    grid = t.pg.locator('[aria-label="money grid"]')
    if t.pg.get_by_text(re.compile(r"^Money after round \d+: ")).count():
        count.into_view(t.pg.get_by_role("button", name=name).last)
    elif grid.count():
        count.into_view(grid.first, GRID_TOP)
    # else an app older than the money grid (the taps' baseline): its result is read as shown


def result_then_next(t: Any, count: Taps, n: int) -> None:
    """Round ``n``'s whole result on screen (counted up to here), read (:func:`read_result`,
    the swipes counted), then on to the next round by the Next round nearest (End of
    game after the last)."""
    t.see("Tables now")
    count.result()
    name = "End of game" if n == len(ROUNDS) else "Next round"
    read_result(t, count, name)
    count.nearest(t.pg.get_by_role("button", name=name)).click()
    count.end()


def from_the_table(t: Table, count: Taps, beyond: bool = True) -> None:
    """Every bid picked on one screen as it lies on the table, Submit, the whole result."""
    for n, bids in enumerate(ROUNDS, 1):
        count.begin(f"round {n}")
        for p, bid in bids.items():
            if n in MISTAKES and MISTAKES[n][0] == p:
                for wrong in MISTAKES[n][1]:
                    t.bid(p, *wrong)
                t.see("HD-6: dollars (3) exceed hot dogs (2)")        # said on his card at once
            t.bid(p, *as_entered(bid, beyond))
            if LAST.get(n) == p:
                t.check(f"{p}: last hot dog")
        t.submit(n)
        result_then_next(t, count, n)
        if n < len(ROUNDS):
            t.see(f"Round {n + 1} · mustard card")


def passing_the_phone(t: Table, count: Taps, holders: list[str], beyond: bool = True) -> None:
    """Each player's own entry in turn, clockwise from the mustard holder; a refused bid
    goes back to its owner after the last player."""
    t.entry_mode(passing=True)
    for n, bids in enumerate(ROUNDS, 1):
        count.begin(f"round {n}")
        order = pass_order(PLAYERS, holders[n - 1])
        back = None
        for k, p in enumerate(order):
            to = order[k + 1] if k + 1 < len(order) else None
            t.see(f"{p}'s bid, in secret")
            if n in MISTAKES and MISTAKES[n][0] == p:
                for wrong in MISTAKES[n][1]:     # not noticed: hidden as it is
                    t.bid(p, *wrong)
                back = p
            else:
                t.bid(p, *as_entered(bids[p], beyond))
                if LAST.get(n) == p:
                    t.check(f"{p}: last hot dog")
            t.click(f"Hide · pass to {to}" if to else "Hide · see the result")
        if back is not None:
            t.see(f"Hand the phone to {back}")
            t.click(f"I am {back}")
            t.see(f"{back}'s bid, in secret")
            t.bid(back, *as_entered(bids[back], beyond))
            t.click("Hide · see the result")
        t.see(f"Round {n}: result")
        result_then_next(t, count, n)


def before(t: Any, count: Taps) -> None:
    """The baseline's flow as the first-time group played it: steppers, a Hide per
    player before passing the phone on, Submit, Show all, Next round."""
    for n, bids in enumerate(ROUNDS, 1):
        count.begin(f"round {n}")
        refused = None
        for p, bid in bids.items():
            if n in MISTAKES and MISTAKES[n][0] == p:
                for wrong in MISTAKES[n][1]:
                    t.bid(p, *wrong)
                refused = p
            else:
                t.bid(p, *as_entered(bid, False))
                if LAST.get(n) == p:
                    t.check(f"{p}: last hot dog")
            t.click(f"Hide {p}'s bid")
        t.click("Submit round")
        if refused is not None:
            t.see(f"{refused}'s bid needs checking")
            t.click(f"Show {refused}'s bid")
            t.bid(refused, *as_entered(bids[refused], False))
            t.click(f"Hide {refused}'s bid")
            t.click("Submit round")
        t.see(f"Round {n}: reveal")
        t.click("Show all")
        result_then_next(t, count, n)
        if n < len(ROUNDS):
            t.see(f"Round {n + 1} · mustard card")


# ---------------------------------------------------------------- other games' rounds

CARD_GAMES = ("burger", "sales")


def card_games() -> dict[str, tuple[Callable[[Any], None], Callable[[Any, Any], None]]]:
    """``bench/taps_cards.py``'s games: per game its setup (not counted) and its round
    (counted by :class:`Taps`, which wraps the page's taps)."""
    return {name: (getattr(taps_cards, f"setup_{name}"), getattr(taps_cards, f"{name}_round"))
            for name in CARD_GAMES}


# ---------------------------------------------------------------- servers


def baseline_checkout(commit: str, where: Path) -> Path:
    """A ``git worktree`` of ``commit`` (detached), made once."""
    if not (where / "companion").exists():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(where), commit],
                       check=True, capture_output=True)
    return where


def shipped_fonts(root: Path) -> list[str]:
    """The font files the app of checkout ``root`` registers (its companion/ui/fonts.py's
    FONTS; none before it had that file): what its page is waited for."""
    path = root / "companion" / "ui" / "fonts.py"
    if not path.exists():
        return []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "FONTS" for t in node.targets):
            return list(ast.literal_eval(node.value).values())
    return []


def old_driver(root: Path) -> type:
    """The baseline's own ``tests/e2e/table.py`` (its Table class), opening its pages
    with today's harness, waiting for the fonts that app ships."""
    spec = importlib.util.spec_from_file_location("baseline_table", root / "tests" / "e2e" / "table.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.TIMEOUT = 60000     # its waits for a stepper's echo, given time on a loaded machine
    mod.open_app = functools.partial(harness.open_app, fonts=shipped_fonts(root))
    return mod.Table


# ---------------------------------------------------------------- the run


def report(name: str, rounds: list[Round]) -> None:
    if not rounds:
        print(f"{name}: no rounds played")
        return
    to_result = [r for _, r, _, _ in rounds]
    total = [a for _, _, a, _ in rounds]
    swipes = [w for _, _, _, w in rounds]
    print(f"{name}: {len(rounds)} rounds; taps per round: average {statistics.mean(total):.1f} "
          f"(min {min(total)}, max {max(total)}); to the result: average {statistics.mean(to_result):.1f} "
          f"(min {min(to_result)}, max {max(to_result)}); scrolls per round: average "
          f"{statistics.mean(swipes):.1f} (min {min(swipes)}, max {max(swipes)})")
    print("    taps per round:    " + " ".join(f"{a:2}" for a in total))
    print("    scrolls per round: " + " ".join(f"{w:2}" for w in swipes))


def play(browser: Any, server: Server, flow: Callable[..., None], driver: type = Table, *args: Any,
         size: dict[str, int] = PLAYER_PHONE) -> Taps:
    count = Taps()
    server.reset()          # a fresh store: the app opens at home, not at the last match
    t = driver(browser, server.url, size)
    t.pg.set_default_timeout(30000)
    try:
        t.setup(PLAYERS, mustard="Anna")
        t.pg.wait_for_timeout(600)      # the table opened: it takes taps once settled, as a player looks first
        with count.wrapped(t.pg):
            flow(t, count, *args)
        count.end()
    finally:
        t.close()
    return count


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", default=BASELINE, help="the commit whose flow is 'before'")
    ap.add_argument("--no-baseline", action="store_true", help="play only today's flows")
    ap.add_argument("--only-baseline", action="store_true", help="play only the baseline's flow")
    ap.add_argument("--scrolls-baseline", metavar="COMMIT",
                    help="play both of today's flows on that commit's app too, with its driver")
    ap.add_argument("--size", default="390x844", help="the phone's viewport, WIDTHxHEIGHT (default 390x844)")
    args = ap.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    size = {"width": width, "height": height}
    holders = check_script()
    from playwright.sync_api import sync_playwright

    results: dict[str, Taps] = {}
    worktrees: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "data")
        server.start()
        others: list[Server] = []
        try:
            with sync_playwright() as pw:
                browser = launch(pw)
                if not args.only_baseline:
                    results["from the table"] = play(browser, server, from_the_table, size=size)
                    report("from the table", results["from the table"].rounds)
                    results["pass the phone"] = play(browser, server, passing_the_phone, Table, holders, size=size)
                    report("pass the phone", results["pass the phone"].rounds)
                for name, (setup, fn) in (card_games() if not args.only_baseline else {}).items():
                    count = Taps()
                    server.reset()
                    ctx, page = harness.open_app(browser, server.url, size)
                    cards = taps_cards.Count()
                    try:
                        setup(page)
                        with count.wrapped():
                            count.begin(f"{name} round")
                            fn(page, cards)
                        count.end()
                    finally:
                        ctx.close()
                    count.rounds = [(label, r, a, cards.scrolls) for label, r, a, _ in count.rounds]
                    results[name] = count
                    report(name, count.rounds)
                if args.scrolls_baseline:
                    root = baseline_checkout(args.scrolls_baseline, Path(tmp) / "scrolls-baseline")
                    worktrees.append(root)
                    old = Server(Path(tmp) / "scrolls-data", root=root)
                    others.append(old)
                    old.start(timeout=60)
                    driver = old_driver(root)
                    for flow_name, flow, extra in (("from the table", from_the_table, (False,)),
                                                   ("pass the phone", passing_the_phone, (holders, False))):
                        label = f"{flow_name} ({args.scrolls_baseline})"
                        results[label] = play(browser, old, flow, driver, *extra, size=size)
                        report(label, results[label].rounds)
                if not args.no_baseline:
                    root = baseline_checkout(args.baseline, Path(tmp) / "baseline")
                    worktrees.append(root)
                    old = Server(Path(tmp) / "old-data", root=root)   # the app of that checkout
                    others.append(old)
                    old.start(timeout=60)
                    label = f"before ({args.baseline})"
                    results[label] = play(browser, old, before, old_driver(root), size=size)
                    report(label, results[label].rounds)
                browser.close()
        finally:
            server.stop()
            for other in others:
                other.stop()
            for root in worktrees:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(root)],
                               capture_output=True)
    print(f"\nHot Dog, {len(PLAYERS)} players, {len(ROUNDS)} rounds, in chromium ({width}×{height}):")
    for name, count in results.items():
        report(name, count.rounds)


if __name__ == "__main__":
    main()
