"""A game's file commands (`companion deck check FILE`, `companion recipes list`) are
worked out from the game's declaration and its `library` part: every game that names
a command for its files gets `check` and `list`, and one cannot name a command without
the part that reads the files."""

from __future__ import annotations

import argparse

import pytest

from companion.cli import build_parser
from companion.core.game import FileCommand, GameSpec
from companion.core.registry import games


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


def test_every_game_with_files_gets_check_and_list():
    named = {spec.files.name: spec for spec in games().values() if spec.files is not None}
    assert {"deck", "recipes"} <= set(named)
    commands = _commands(build_parser())
    for name, spec in named.items():
        assert "library" in spec.parts
        assert set(_commands(commands[name])) == {"check", "list"}


def test_a_file_command_needs_the_library_part():
    with pytest.raises(ValueError, match="library part"):
        GameSpec(name="cards", title="Cards", record_model=dict, referee=lambda r: {},
                 files=FileCommand("cards", noun="card"))
