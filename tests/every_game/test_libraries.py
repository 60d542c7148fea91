"""Every game that declares files of its own (its ``library`` part) declares them whole:
a pure module, shipped examples that its own check accepts, a check that says what is
wrong with any text (never a traceback), and a new file that round-trips."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.game import LIBRARY_PART, Library
from companion.core.registry import games, games_with

LIBRARIES = games_with(LIBRARY_PART)
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)


def test_the_parts_are_libraries():
    assert LIBRARIES and all(isinstance(lib, Library) for lib in LIBRARIES.values())


@pytest.mark.parametrize("game", sorted(LIBRARIES))
def test_the_library_module_imports_neither_flet_nor_reportlab(game):
    module = games()[game].parts["library"].partition(":")[0]
    code = f"import sys, {module}; print(sorted(m for m in ('flet', 'reportlab') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("game", sorted(LIBRARIES))
def test_the_shipped_examples_pass_the_games_own_check_and_are_labelled_examples(game):
    lib = LIBRARIES[game]
    assert lib.examples()
    for path in lib.examples():
        checked = lib.read(path.read_bytes())
        assert checked.ok, checked.problems
        assert checked.summary
        assert "example" in path.read_text(encoding="utf-8").lower()


@pytest.mark.parametrize("game", sorted(LIBRARIES))
def test_a_new_file_says_what_it_still_needs(game):
    lib = LIBRARIES[game]
    checked = lib.read(json.dumps(lib.blank()))
    assert checked.raw == lib.blank() and checked.problems


@pytest.mark.parametrize("game", sorted(LIBRARIES))
@given(raw=JSON)
def test_any_json_is_checked_in_words_never_a_traceback(game, raw):
    lib = LIBRARIES[game]
    checked = lib.read(json.dumps(raw))
    assert all(isinstance(p, str) and p for p in checked.problems)
    assert checked.ok == (not checked.problems)


@pytest.mark.parametrize("game", sorted(LIBRARIES))
def test_text_that_is_not_json_is_one_fault(game):
    checked = LIBRARIES[game].read(b"\xff{")
    assert checked.raw is None and len(checked.problems) == 1 and "not valid JSON" in checked.problems[0]


@pytest.mark.parametrize("game", sorted(LIBRARIES))
def test_a_game_with_files_of_its_own_has_the_screen_that_edits_them(game):
    from companion.ui.services import game_views

    assert callable(getattr(game_views()[game], "editor", None))
