"""The language in Settings: follow the system (saying which), English or Deutsch;
kept in the store's settings, used at once and at the next start; ``companion print
--lang de`` prints in German for the length of the print."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import flet as ft

from companion.core import i18n
from companion.store import Store
from companion.ui.settings import Settings, apply_language
from tests.conftest import run_cli
from tests.i18n.pseudo import drawn, texts
from tests.i18n.test_i18n_screens import _Page
from tests.render import Renderer
from tests.tabs import tab


def _settings(shell) -> Any:
    return Renderer().render(lambda: Settings(shell))


def _choose(root: Any, value: str) -> None:
    (group,) = [c for c in drawn(root) if isinstance(c, ft.RadioGroup)]
    group.on_change(SimpleNamespace(control=SimpleNamespace(value=value)))


def test_choosing_deutsch_keeps_it_and_draws_the_app_in_german(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")
    store = Store(tmp_path / "companion.sqlite3")
    try:
        shell = tab(store)
        shell.page = _Page()  # type: ignore[assignment]
        root = _settings(shell)
        assert "Follow the system (English)" in texts(root)
        _choose(root, "de")
        assert store.setting("language") == "de"
        assert i18n.language() == "de"
        shown = texts(_settings(shell))
        assert "Einstellungen" in shown and "Sprache" in shown
        assert "Wie das System (Englisch)" in shown   # the UI's word for it, not "English"
        assert [a.tooltip for a in shell.page.appbar.actions]      # the app bar drawn again
        _choose(_settings(shell), "system")
        assert store.setting("language") is None
        assert i18n.language() == "en"
    finally:
        store.close()


def test_the_kept_language_is_used_at_the_next_start(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")
    store = Store(tmp_path / "companion.sqlite3")
    try:
        store.set_setting("language", "de")
        shell = tab(store)
        shell.page = _Page()  # type: ignore[assignment]
        apply_language(shell)
        assert i18n.language() == "de"
    finally:
        store.close()


def test_print_lang_de_prints_in_german_and_leaves_the_language_as_it_was(monkeypatch):
    from companion.pdf import api

    seen: list[str] = []

    def card(game: str, **kwargs: Any) -> bytes:
        seen.append(i18n.language())
        return b"%PDF-"

    monkeypatch.setattr(api, "build_rules_card", card)
    assert run_cli("print", "rules", "hotdog", "--lang", "de", "-o", "-").returncode == 0
    assert run_cli("print", "--lang", "de", "rules", "hotdog", "-o", "-").returncode == 0
    assert run_cli("print", "rules", "hotdog", "-o", "-").returncode == 0
    assert seen == ["de", "de", "en"]
    assert i18n.chosen() is None
    refused = run_cli("print", "rules", "hotdog", "--lang", "fr", "-o", "-")
    assert refused.returncode == 2 and b"invalid choice: 'fr'" in refused.stderr


def test_the_referee_answers_in_english_whatever_the_language(monkeypatch):
    """Its JSON and its messages are a contract: the language chosen does not reach them."""
    from companion.core import referee

    seen: list[str] = []

    def stub(text: Any) -> str:
        seen.append(i18n.language())
        return "{}"

    monkeypatch.setattr(referee, "referee_json", stub)
    monkeypatch.setenv("LANGUAGE", "de")
    i18n.set_language("de")
    assert run_cli("referee", "-", input="{}").returncode == 0
    assert run_cli("referee", "--jsonl", "-", input="{}\n").returncode == 0
    assert seen == ["en", "en"]
    assert i18n.language() == "de"
