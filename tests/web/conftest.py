"""The static site's tests: the site ``companion build web`` makes, built once for the
test run into a temporary folder (one build shared by xdist's workers) and served by a
plain static file server on this machine (the browser is the session's chromium,
``tests/conftest.py``)."""

from __future__ import annotations

import os

import pytest

from tests.e2e.harness import serve_folder


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The built site, read only (a test that changes it copies it first). Under xdist
    it is built once for the run, in the run's folder that the workers share, by the
    first worker to ask (the others wait on its lock and take it): a build is seconds of
    CPU that each worker spent again. Without fcntl (Windows), each worker builds its own."""
    from companion.web.build import build_site

    try:
        import fcntl
    except ImportError:
        fcntl = None
    if fcntl is None or not os.environ.get("PYTEST_XDIST_WORKER"):
        out = tmp_path_factory.mktemp("site") / "companion"
        build_site(out, say=lambda line: None)
        return out
    shared = tmp_path_factory.getbasetemp().parent        # this run's folder, above each worker's
    out = shared / "site" / "companion"
    with open(shared / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)                   # released as the file closes
        if not (shared / "site" / "built").exists():
            build_site(out, say=lambda line: None)
            (shared / "site" / "built").touch()            # whole: a worker stopped mid-build leaves none
    return out


@pytest.fixture(scope="session")
def static_server(site):
    with serve_folder(site) as url:
        yield url


@pytest.fixture(scope="session")
def warm_profile(chromium_browser, static_server, tmp_path_factory):
    """A browser profile that has started the site at ``static_server`` once and kept
    this build's Python snapshot and the site's files (its service worker in control),
    closed: each test that takes it starts from a copy (tests.web.site.returning). A
    fresh profile starts Python from nothing and makes the snapshot, CPU-seconds that
    the tests of a first visit, of the snapshot and of updates spend on their own."""
    from tests.web.site import START, Tab, kept_profile

    folder = tmp_path_factory.mktemp("warm-profile")
    ctx = kept_profile(chromium_browser, folder)
    try:
        t = Tab(ctx, static_server)
        t.snapshot_made()
        t.pg.wait_for_function("navigator.serviceWorker.controller !== null", timeout=START)
    finally:
        ctx.close()
    return folder
