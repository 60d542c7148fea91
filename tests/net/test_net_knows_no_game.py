"""``companion.net`` knows no game: it finds each game's seat through the registry.
No module of it imports a game's package or holds a game's name or ruling id in its
code (docstrings may name a game as an example)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import companion.net
from companion.core.registry import games

NET = Path(companion.net.__file__).parent
RULING = re.compile(r"\b[A-Z]{2}-\d+\b")


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def test_no_module_of_net_names_a_game_or_a_ruling():
    names = set(games())
    assert {"hotdog", "sales", "burger"} <= names
    found = []
    for path in sorted(NET.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                found += [f"{path.name}:{node.lineno}: imports {m}" for m in mods if m.startswith("companion.games")]
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                words = set(re.findall(r"[a-z]+", node.value.lower()))
                if words & names or RULING.search(node.value):
                    found.append(f"{path.name}:{node.lineno}: {node.value!r}")
            else:
                ident = getattr(node, "name", None) if isinstance(
                    node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else getattr(node, "id", None)
                if isinstance(ident, str) and set(ident.lower().split("_")) & names:
                    found.append(f"{path.name}:{node.lineno}: {ident}")
    assert found == []
