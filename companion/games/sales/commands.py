"""The game's own subcommands: ``companion deck check FILE``."""

from __future__ import annotations

import argparse
import sys

from companion.core.errors import one_line


def cmd_deck_check(args: argparse.Namespace) -> int:
    from companion.games.sales.deck import check_file

    problems, summary = check_file(args.file)
    # Lines quote the file (names, ids, suits) and its path: control characters in
    # them are shown escaped, never sent to the terminal.
    if problems:
        sys.stderr.write("".join(one_line(line) + "\n" for line in problems))
        return 1
    sys.stdout.write("".join(one_line(line) + "\n" for line in summary))
    return 0


def add_commands(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    deck = subparsers.add_parser("deck", help="Sales deck files (assets/decks/)")
    deck_sub = deck.add_subparsers(dest="deck_command", required=True)
    check = deck_sub.add_parser(
        "check", help="validate a Sales deck file: its faults line by line, or a short summary"
    )
    check.add_argument("file", help="the deck file (JSON)")
    check.set_defaults(run=cmd_deck_check)
