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
