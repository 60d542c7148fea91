"""Every game's rules return facts (issue 26): its ``rules`` part — checked over the
registry, so a game added later is checked too, the toy game of ``tests/toy_game``
included — imports nothing that words (the translation layer, the game's own
``i18n``, ``present`` or ``words``, Babel) and writes out no number: no f-string with a
value in it, no ``.format``, no ``%`` formatting, no ``format()`` or ``repr()``. What a
rule says is a typed message (``companion.core.message``), worded where it is shown.

(``str()`` stays allowed: the contract's tables are keyed "5", "7", "9" — data, not
words.)"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from companion.core import registry
from tests.toy_game import GAME as TOY

WORDING_MODULES = ("companion.core.i18n", "companion.core.words", "babel")
WORDING_PARTS = ("i18n", "explain", "present", "summaries", "words")
TRANSLATE = {"_", "ngettext", "pgettext", "N_"}


def rules_files() -> dict[str, Path]:
    with registry.register(TOY):
        out = {}
        for name, spec in registry.games().items():
            module = importlib.import_module(spec.parts["rules"].partition(":")[0])
            assert module.__file__, name
            out[name] = Path(module.__file__)
        return out


def wording_imports(tree: ast.AST, package: str) -> list[str]:
    banned = [*WORDING_MODULES, *(f"{package}.{part}" for part in WORDING_PARTS)]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] if _within(node.module, banned) else [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        found += [n for n in names if _within(n, banned)]
    return found


def _within(name: str, banned: list[str]) -> bool:
    return any(name == b or name.startswith(b + ".") for b in banned)


def number_writing(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and any(isinstance(v, ast.FormattedValue) for v in node.values):
            found.append(f"line {node.lineno}: an f-string with a value")
        elif isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Attribute) and f.attr in ("format", "format_map"):
                found.append(f"line {node.lineno}: .{f.attr}()")
            elif isinstance(f, ast.Name) and f.id in ("format", "repr", *TRANSLATE):
                found.append(f"line {node.lineno}: {f.id}()")
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant) \
                and isinstance(node.left.value, str):
            found.append(f"line {node.lineno}: % formatting")
    return found


@pytest.mark.parametrize("name", sorted(rules_files()))
def test_a_games_rules_import_nothing_that_words_and_write_no_number(name):
    path = rules_files()[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.parent.relative_to(Path(__file__).resolve().parents[2]).parts)
    assert wording_imports(tree, package) == [], f"{name}'s rules import what words"
    assert number_writing(tree) == [], f"{name}'s rules write out text"


def test_the_check_finds_what_it_looks_for():
    """A rules module that words is caught (the check can fail)."""
    bad = ast.parse("from companion.games.x.i18n import _\nfrom companion.core import i18n\n"
                    "def f(n):\n    return _('{n} cards').format(n=n) + f'{n}' + '%d' % n + i18n.money(n)\n")
    assert wording_imports(bad, "companion.games.x") == ["companion.games.x.i18n", "companion.core.i18n"]
    assert len(number_writing(bad)) == 4
    assert {"hotdog", "sales", "burger", "toy"} <= set(rules_files())
