"""A game's subcommands for its players' files: ``companion <command> check FILE`` (every
fault, one a line, exit 1; else a short summary) and ``companion <command> list`` (the
shipped examples, one path a line). Sales' decks and burger's recipe sets use it."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from companion.core.errors import one_line

CheckFile = Callable[[str], tuple[list[str], list[str]]]


def check(check_file: CheckFile, path: str) -> int:
    """Print a file's faults (stderr, exit 1) or its summary (stdout, exit 0). Lines quote
    the file (names, ids) and its path: control characters in them are shown escaped,
    never sent to the terminal."""
    problems, summary = check_file(path)
    if problems:
        sys.stderr.write("".join(one_line(line) + "\n" for line in problems))
        return 1
    sys.stdout.write("".join(one_line(line) + "\n" for line in summary))
    return 0


def listing(shipped: Callable[[], list[Path]]) -> int:
    """The shipped files, one path a line: where an installed companion keeps its
    examples (to copy and edit)."""
    sys.stdout.write("".join(f"{path}\n" for path in shipped()))
    return 0


def add_file_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], command: str, *,
                      what: str, check_help: str, file_help: str, list_help: str,
                      check_file: Callable[[], CheckFile], shipped: Callable[[], Callable[[], list[Path]]]) -> None:
    """``companion <command> check FILE`` and ``companion <command> list``. ``check_file``
    and ``shipped`` give the game's functions when the command runs (imported then, so
    that building the parser imports nothing of the game's)."""
    parser = subparsers.add_parser(command, help=what)
    sub = parser.add_subparsers(dest=f"{command}_command", required=True)
    checking = sub.add_parser("check", help=check_help)
    checking.add_argument("file", help=file_help)
    checking.set_defaults(run=lambda args: check(check_file(), args.file))
    listed = sub.add_parser("list", help=list_help)
    listed.set_defaults(run=lambda args: listing(shipped()))
