"""The browser for the web site's test: the e2e suite's chromium (tests/e2e/conftest.py)."""

from tests.e2e.conftest import chromium_browser  # noqa: F401
