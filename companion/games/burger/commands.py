"""The game's own subcommands: ``companion recipes check FILE`` and ``companion recipes list``."""

from __future__ import annotations

import argparse
import sys

from companion.core.errors import one_line


def cmd_recipes_check(args: argparse.Namespace) -> int:
    from companion.games.burger.recipes import check_file

    problems, summary = check_file(args.file)
    # Lines quote the file (recipe and card names) and its path: control characters in
    # them are shown escaped, never sent to the terminal.
    if problems:
        sys.stderr.write("".join(one_line(line) + "\n" for line in problems))
        return 1
    sys.stdout.write("".join(one_line(line) + "\n" for line in summary))
    return 0


def cmd_recipes_list(args: argparse.Namespace) -> int:
    """The recipe files shipped with companion, one path a line: where an installed
    companion keeps its example recipes (to copy and edit)."""
    from companion.games.burger.recipes import shipped_recipes

    sys.stdout.write("".join(f"{path}\n" for path in shipped_recipes()))
    return 0


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    recipes = subparsers.add_parser("recipes", help="Burger recipe files: check one, list the shipped ones")
    recipes_sub = recipes.add_subparsers(dest="recipes_command", required=True)
    check = recipes_sub.add_parser(
        "check", help="validate a Burger recipe file: its faults line by line, or a short summary"
    )
    check.add_argument("file", help="the recipe file (JSON)")
    check.set_defaults(run=cmd_recipes_check)
    listing = recipes_sub.add_parser("list", help="the recipe files shipped with companion (copy one to edit it)")
    listing.set_defaults(run=cmd_recipes_list)
