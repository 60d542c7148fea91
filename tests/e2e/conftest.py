"""E2E fixtures: a server per test module whose store is
emptied before each test that asks for ``app_server`` — what a fresh data folder shows,
without starting the app again. A test that kills or restarts a server, or needs a data
folder prepared before the start, runs a :class:`Server` of its own."""

from __future__ import annotations

import pytest

from tests.e2e.harness import Server


@pytest.fixture(scope="module")
def module_server(tmp_path_factory):
    """One app server for a test module (see :func:`app_server`)."""
    server = Server(tmp_path_factory.mktemp("data"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def app_server(module_server):
    """The module's server with an empty store, as if just started on a fresh data folder
    (started again if a test before this one stopped it)."""
    if not module_server.running:
        module_server.start()
    module_server.reset()
    return module_server
