"""The game's own subcommands: ``companion deck check FILE`` and ``companion deck list``."""

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


def cmd_deck_list(args: argparse.Namespace) -> int:
    """The deck files shipped with companion, one path a line: where an installed
    companion keeps its example deck (to copy and edit)."""
    from companion.games.sales.deck import shipped_decks

    sys.stdout.write("".join(f"{path}\n" for path in shipped_decks()))
    return 0


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    deck = subparsers.add_parser("deck", help="Sales deck files: check one, list the shipped ones")
    deck_sub = deck.add_subparsers(dest="deck_command", required=True)
    check = deck_sub.add_parser(
        "check", help="validate a Sales deck file: its faults line by line, or a short summary"
    )
    check.add_argument("file", help="the deck file (JSON)")
    check.set_defaults(run=cmd_deck_check)
    listing = deck_sub.add_parser("list", help="the deck files shipped with companion (copy one to edit it)")
    listing.set_defaults(run=cmd_deck_list)
