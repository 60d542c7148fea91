"""A game's subcommands for its players' files, worked out from its ``library`` part and
the :class:`~companion.core.game.FileCommand` it declares: ``companion <command> check
FILE`` (every fault, one a line, exit 1; else a short summary) and ``companion <command>
list`` (the shipped examples, one path a line). Sales' decks and burger's recipe sets."""

from __future__ import annotations

import argparse
import sys

from companion.core.errors import one_line
from companion.core.game import LIBRARY_PART, GameSpec, Library
from companion.core.registry import part


def check(library: Library, path: str) -> int:
    """Print a file's faults (stderr, exit 1) or its summary (stdout, exit 0). Lines quote
    the file (names, ids) and its path: control characters in them are shown escaped,
    never sent to the terminal."""
    read = library.read_file(path)
    if read.problems:
        sys.stderr.write("".join(one_line(line) + "\n" for line in read.problems))
        return 1
    sys.stdout.write("".join(one_line(line) + "\n" for line in read.summary))
    return 0


def listing(library: Library) -> int:
    """The shipped files, one path a line: where an installed companion keeps its
    examples (to copy and edit)."""
    sys.stdout.write("".join(f"{path}\n" for path in library.examples()))
    return 0


def _library(spec: GameSpec) -> Library:
    """The game's library part, imported when its command runs (building the parser
    imports nothing of the game's)."""
    library = part(spec.name, LIBRARY_PART)
    assert library is not None, f"{spec.name}: a file command without a library part"   # GameSpec refuses one
    return library


def add_file_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], spec: GameSpec) -> None:
    """``companion <command> check FILE`` and ``companion <command> list`` for the game
    ``spec``'s files (its :attr:`~companion.core.game.GameSpec.files`), if it has them."""
    if spec.files is None:
        return
    command, noun = spec.files.name, spec.files.noun
    parser = subparsers.add_parser(command, help=f"{spec.title} {noun} files: check one, list the shipped ones")
    sub = parser.add_subparsers(dest=f"{command}_command", required=True)
    checking = sub.add_parser(
        "check", help=f"validate a {spec.title} {noun} file: its faults line by line, or a short summary")
    checking.add_argument("file", help=f"the {noun} file (JSON)")
    checking.set_defaults(run=lambda args: check(_library(spec), args.file))
    listed = sub.add_parser("list", help=f"the {noun} files shipped with companion (copy one to edit it)")
    listed.set_defaults(run=lambda args: listing(_library(spec)))
