"""The static site's tests: the site ``companion build web`` makes, built once for the
test process into a temporary folder and served by a plain static file server on this
machine (the browser is the session's chromium, ``tests/conftest.py``)."""

from __future__ import annotations

import pytest

from tests.e2e.harness import serve_folder


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    from companion.web.build import build_site

    out = tmp_path_factory.mktemp("site") / "companion"
    build_site(out, say=lambda line: None)
    return out


@pytest.fixture(scope="session")
def static_server(site):
    with serve_folder(site) as url:
        yield url
