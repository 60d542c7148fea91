"""Every part a game declares is held to its contract by mypy.

A part is asked for by its key (``registry.part(game, SEAT_PART)``), typed by the
part's contract (``Part[Seat]``). The import strings of ``GameSpec.parts`` are names
mypy cannot follow, so each game's ``__init__`` assigns every part it declares to a
variable of its contract's type in an ``if TYPE_CHECKING:`` block, which mypy reads
(``tests/test_types.py``) and nothing runs. These tests hold the keys and the games to
that: a game declaring a part without checking it, or checking another object than
the one the registry loads, fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.core import registry
from companion.core.game import PARTS, Part

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "companion"


def _keys() -> dict[str, tuple[str, str, str]]:
    """Every ``NAME: Part[Contract] = Part("name")`` in the package: part name → (the
    variable, the contract as written, the module)."""
    found: dict[str, tuple[str, str, str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if not (isinstance(node, ast.AnnAssign) and isinstance(node.annotation, ast.Subscript)
                    and isinstance(node.annotation.value, ast.Name) and node.annotation.value.id == "Part"):
                continue
            assert isinstance(node.target, ast.Name) and isinstance(node.value, ast.Call), ast.unparse(node)
            name = node.value.args[0]
            assert isinstance(name, ast.Constant) and isinstance(name.value, str), ast.unparse(node)
            assert name.value not in found, f"two keys for the part {name.value!r}"
            found[name.value] = (node.target.id, ast.unparse(node.annotation.slice), str(path.relative_to(ROOT)))
    return found


KEYS = _keys()
GAMES = sorted(n for n, spec in registry.games().items() if spec.parts and
               next(iter(spec.parts.values())).startswith("companion.games."))


def test_every_part_has_one_key_named_after_it():
    """``<PART>_PART`` for each of PARTS: the import-cycle test finds a part asked for by
    the key's name."""
    assert sorted(KEYS) == sorted(PARTS)
    for name, (variable, _contract, where) in KEYS.items():
        assert variable == f"{name.upper()}_PART", where


def _checked(game: str) -> dict[str, tuple[str, str]]:
    """What the game's ``__init__`` checks under ``if TYPE_CHECKING:``: the variable's
    contract and the import string of the object assigned to it, by variable."""
    path = PACKAGE / "games" / game / "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    blocks = [n for n in tree.body if isinstance(n, ast.If) and isinstance(n.test, ast.Name)
              and n.test.id == "TYPE_CHECKING"]
    assert len(blocks) == 1, f"{path}: one `if TYPE_CHECKING:` block holds the parts to their contracts"
    modules: dict[str, str] = {}
    for node in ast.walk(tree):        # the game's modules, imported at the top or in the block
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(f"companion.games.{game}"):
            for alias in node.names:
                modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    out: dict[str, tuple[str, str]] = {}
    for node in blocks[0].body:
        if not isinstance(node, ast.AnnAssign):
            continue
        value = node.value
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name):
            target = f"{modules.get(value.value.id, value.value.id)}:{value.attr}"
        elif isinstance(value, ast.Name):
            target = modules.get(value.id, value.id)
        else:
            target = ast.unparse(value) if value else ""
        assert isinstance(node.target, ast.Name)
        out[node.target.id] = (ast.unparse(node.annotation), target)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_declared_part_is_checked_against_its_contract(game):
    checked = _checked(game)
    for part_name, target in registry.game(game).parts.items():
        _variable, contract, _where = KEYS[part_name]
        assert checked.get(f"_{part_name}") == (contract, target), (
            f"{game}'s __init__ must hold its {part_name} part ({target}) to {contract}: "
            f"`_{part_name}: {contract} = …` under `if TYPE_CHECKING:`")
    assert set(checked) == {f"_{p}" for p in registry.game(game).parts}, "a check of a part the game does not declare"


@pytest.mark.parametrize("game", GAMES)
def test_every_declared_part_loads_and_every_other_is_none(game):
    keys = [Part(name) for name in PARTS]
    for key in keys:
        declared = registry.has_part(game, key)
        assert (registry.part(game, key) is not None) == declared, key.name
        assert (game in registry.games_with(key)) == declared, key.name
