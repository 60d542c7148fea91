"""Shared test helpers: the project's own copies of the example records live in tests/examples."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent

# The tests read the app in English whatever the developer's language: LANGUAGE is the
# first variable companion.core.i18n reads (subprocesses started by a test inherit it).
os.environ["LANGUAGE"] = "en"
EXAMPLES = Path(__file__).resolve().parent / "examples"


# Hypothesis profiles. `ci` (what CI runs: CI=true, or HYPOTHESIS_PROFILE=ci) tries as
# many examples per property as the suite always has; `dev`, the default elsewhere, an
# eighth of them, so that a run on a laptop is quick. HYPOTHESIS_PROFILE picks either.
CI_EXAMPLES = 400
settings.register_profile("ci", max_examples=CI_EXAMPLES, deadline=None)
settings.register_profile("dev", max_examples=CI_EXAMPLES // 8, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE")
                      or ("ci" if os.environ.get("CI", "").lower() == "true" else "dev"))


# The screens drawn in each language (tests/i18n/test_i18n_screens.py) in a shuffled order
# when COMPANION_TEST_ORDER gives a seed (CI gives one that changes each day): a language,
# a translated text or a cache left behind by one test shows up in the next one drawn,
# as the sales deck summary cached in English once did. The seed is printed in the
# header; the same seed gives the same order (on every xdist worker alike).
SHUFFLED = ("tests/i18n/test_i18n_screens.py",)


def pytest_report_header(config: pytest.Config) -> str | None:
    seed = os.environ.get("COMPANION_TEST_ORDER")
    return f"COMPANION_TEST_ORDER={seed}: {', '.join(SHUFFLED)} in a shuffled order" if seed else None


#: The browser tests (a test there takes 5–120 s, one elsewhere mostly milliseconds) run
#: first, the static site's before the served app's, each folder in its own order. With
#: xdist's work stealing (``--dist worksteal``, the README's command) the quick tests then
#: fill the end of the run on every worker alike, where a browser test drawn last had
#: kept one worker busy for minutes with the other idle. (xdist's default ``load`` hands
#: each worker a quarter of the run at once: the browser tests all went to one worker.)
FIRST = ("tests/web/", "tests/e2e/")


def _first(item: pytest.Item) -> int:
    path = item.nodeid.split("::")[0]
    return next((i for i, folder in enumerate(FIRST) if path.startswith(folder)), len(FIRST))


#: How many times more a failed browser test runs before it counts as failed. Chromium
#: on a shared two-core machine now and then loses a tap or a key that a player would
#: simply tap or type again (three different tests, once each, in five clean CI runs).
#: A second failure is a real one; a test passing only on its rerun is listed in the
#: summary (RERUN, ``-rR`` in pyproject.toml), to be looked into, not forgotten. The
#: tests that use no browser are never run again: their failures are never chance.
BROWSER_RERUNS = 1


RERUNS = Path(__file__).resolve().parents[1] / "test-artifacts" / "reruns"


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """What made a browser test run again, kept (``test-artifacts/reruns/<test>.txt``):
    the summary names the test only, and a flake is looked into by its first failure."""
    if report.outcome == "rerun":
        RERUNS.mkdir(parents=True, exist_ok=True)
        name = report.nodeid.replace("/", "_").replace("::", "--")
        (RERUNS / f"{name}.txt").write_text(f"{report.nodeid} ({report.when})\n\n{report.longreprtext}\n",
                                            encoding="utf-8")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=_first)                   # stable: each folder keeps its order
    for item in items:
        if "chromium_browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.flaky(reruns=BROWSER_RERUNS, reruns_delay=1))
    seed = os.environ.get("COMPANION_TEST_ORDER")
    if not seed:
        return
    import random

    places = [i for i, item in enumerate(items) if item.nodeid.split("::")[0] in SHUFFLED]
    chosen = [items[i] for i in places]
    random.Random(seed).shuffle(chosen)
    for i, item in zip(places, chosen, strict=True):
        items[i] = item


def property_examples(in_ci: int) -> int:
    """The examples for a property that runs ``in_ci`` of them under the `ci` profile
    (its own number, fewer than the profile's) and the same share of any other
    profile's number, at least 10."""
    return max(10, in_ci * settings.default.max_examples // CI_EXAMPLES)


def run_companion(*args: str, input: str | bytes | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    """Run `python -m companion ARGS` from this checkout, as a user would."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    data = input.encode() if isinstance(input, str) else input
    return subprocess.run(
        [sys.executable, "-m", "companion", *args], input=data, capture_output=True,
        cwd=ROOT, env=env, timeout=timeout,
    )


def run_cli(*args: str, input: str | bytes | None = None) -> subprocess.CompletedProcess:
    """Run ``companion ARGS`` in this process through ``companion.cli.main``, as
    ``python -m companion`` does, and give back what `run_companion` would: the exit
    code and the bytes written to standard output and standard error.

    Standard input reads ``input`` (nothing if None). An exit through ``SystemExit``
    (argparse's usage errors, ``--help``) gives its code as the interpreter would, and
    a warning Python would print by default is written to standard error, as it would
    be in a process of its own. A starting interpreter costs about a second; this
    costs what the command itself costs. Keep `run_companion` for the one test per
    command that runs it as a user would.
    """
    from companion.cli import main

    data = input.encode() if isinstance(input, str) else (input or b"")
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    stderr = io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace", write_through=True)
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.resetwarnings()
            for action, category in _PYTHON_WARNING_FILTERS:
                warnings.simplefilter(action, category)
            try:
                code = main(list(args))
            except SystemExit as exc:
                code = exc.code
        if code is not None and not isinstance(code, int):
            stderr.write(f"{code}\n")
            code = 1
        for w in caught:
            stderr.write(warnings.formatwarning(w.message, w.category, w.filename, w.lineno, w.line))
        stdout.flush()
        stderr.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return subprocess.CompletedProcess(["companion", *args], code or 0, out.getvalue(), err.getvalue())


# What a plain `python` shows of warnings raised outside __main__: all but these.
_PYTHON_WARNING_FILTERS = [
    ("ignore", DeprecationWarning), ("ignore", PendingDeprecationWarning),
    ("ignore", ImportWarning), ("ignore", ResourceWarning),
]


def load_example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def _english_after():
    """A test that switches the language (companion.core.i18n) leaves English behind."""
    yield
    from companion.core import i18n

    i18n.set_language(None)
    i18n.set_system_language(None)


@pytest.fixture
def examples() -> Path:
    return EXAMPLES


@pytest.fixture
def store(tmp_path):
    """A store of its own in the test's folder, closed after the test."""
    from companion.store import Store

    s = Store(tmp_path / "companion.sqlite3")
    yield s
    s.close()


# ---------------------------------------------------------------- the browser

from tests.e2e.harness import CHROMIUM, TEST_ARGS, launch  # noqa: E402  (no playwright imported here)


def _browser_missing() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is not installed (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install playwright; never `playwright install`)"
    return None


@pytest.fixture(scope="session")
def chromium_browser():
    """One chromium per test process (each test opens its own contexts: its own Flet
    sessions, cookies and storage), for the e2e and the static site's tests alike.

    Every context a test opens asks for reduced motion (``prefers-reduced-motion:
    reduce``, a setting any player can choose), unless the test asks otherwise: Flutter
    then plays its own animations (a tap's ink ripple, a dialog's fade, a chip's
    colour change) at a twentieth of their length, so each tap draws a few frames
    instead of a second's worth. Nothing a test checks moves with it: the app itself
    animates nothing, and the screens, their texts and where things rest are the same.
    Each of those frames is drawn by chromium's software GPU on the machine's cores:
    test_app_e2e.py took 100 CPU-s, 75 with reduced motion; test_table_edges_e2e.py
    177, 140. The benchmarks (bench/), which time what a player waits for, launch
    their own chromium with full motion."""
    missing = _browser_missing()
    if missing:
        if os.environ.get("COMPANION_REQUIRE_BROWSER") == "1":
            pytest.fail(f"COMPANION_REQUIRE_BROWSER=1 but {missing}")
        pytest.skip(missing)
    import functools

    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch(pw, TEST_ARGS)
        browser.new_context = functools.partial(browser.new_context, reduced_motion="reduce")
        yield browser
        browser.close()


def run_async(coroutine: Any) -> Any:
    """Run a coroutine to its end, as ``asyncio.run`` does, in a thread of its own: a test
    process that has started the browser (Playwright's sync API keeps an event loop
    running in the main thread) refuses ``asyncio.run`` there."""
    import asyncio
    import threading

    out: list[Any] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            out.append(asyncio.run(coroutine))
        except BaseException as exc:  # handed back to the test's thread
            failed.append(exc)

    runner = threading.Thread(target=run)
    runner.start()
    runner.join()
    if failed:
        raise failed[0]
    return out[0]
