"""The game's own subcommands: ``companion deck check FILE`` and ``companion deck list``."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from companion.core.filecommands import CheckFile, add_file_commands


def _check_file() -> CheckFile:
    from companion.games.sales.deck import check_file

    return check_file


def _shipped() -> Callable[[], list[Path]]:
    from companion.games.sales.deck import shipped_decks

    return shipped_decks


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    add_file_commands(
        subparsers, "deck", what="Sales deck files: check one, list the shipped ones",
        check_help="validate a Sales deck file: its faults line by line, or a short summary",
        file_help="the deck file (JSON)",
        list_help="the deck files shipped with companion (copy one to edit it)",
        check_file=_check_file, shipped=_shipped)
