"""The game's own subcommands: ``companion recipes check FILE`` and ``companion recipes list``."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from companion.core.filecommands import CheckFile, add_file_commands


def _check_file() -> CheckFile:
    from companion.games.burger.recipes import check_file

    return check_file


def _shipped() -> Callable[[], list[Path]]:
    from companion.games.burger.recipes import shipped_recipes

    return shipped_recipes


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    add_file_commands(
        subparsers, "recipes", what="Burger recipe files: check one, list the shipped ones",
        check_help="validate a Burger recipe file: its faults line by line, or a short summary",
        file_help="the recipe file (JSON)",
        list_help="the recipe files shipped with companion (copy one to edit it)",
        check_file=_check_file, shipped=_shipped)
