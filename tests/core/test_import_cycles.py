"""No import cycles inside companion/.

The graph is built from the source with ``ast``: every ``import`` and ``from … import``
of a companion module is an edge, at module level or inside a function (a lazy import
hides a cycle from the interpreter, not from the design). Imports under
``if TYPE_CHECKING:`` are not edges: they never run. A game's parts are imports by
name (:mod:`companion.core.registry`), so they are edges too: a module that asks for a
part (``part(game, VIEW_PART)``, ``games_with(VIEW_PART)``: a part's key is named after it,
``<PART>_PART``, which ``tests/every_game/test_part_contracts.py`` holds every key to) depends on every game's module
for that part, and the registry on every game package it finds. A strongly connected
component of more than one module is a cycle, and the test names it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "companion"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement in the tree, at any depth, except under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _name(node: ast.expr) -> str | None:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None


def _part_asked(call: ast.Call) -> str | None:
    """The part name of a ``part(game, VIEW_PART)`` or ``games_with(stats.STATS_PART)`` call."""
    position = {"part": 1, "games_with": 0}.get(_name(call.func) or "")
    if position is None or len(call.args) <= position:
        return None
    key = _name(call.args[position]) or ""
    return key.removesuffix("_PART").lower() if key.endswith("_PART") else None


def _parts_asked(tree: ast.AST) -> set[str]:
    return {name for node in ast.walk(tree) if isinstance(node, ast.Call)
            and (name := _part_asked(node)) is not None}


def part_modules() -> dict[str, set[str]]:
    """Part name → the modules that provide it, over every registered game."""
    from companion.core.registry import games

    out: dict[str, set[str]] = {}
    for spec in games().values():
        for part_name, target in spec.parts.items():
            out.setdefault(part_name, set()).add(target.partition(":")[0])
    return out


def _package_of(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def edges(name: str, path: Path, known: set[str], parts: dict[str, set[str]] | None = None) -> set[str]:
    """The companion modules ``name`` imports: ``from a import b`` is an edge to ``a.b``
    when that is a module, else to ``a``; a part asked for is an edge to each module
    that provides it (``parts``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out: set[str] = set()
    for part_name in _parts_asked(tree):
        out.update(m for m in (parts or {}).get(part_name, ()) if m in known)
    for node in _imports(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names if alias.name in known)
            continue
        base = node.module or ""
        if node.level:
            package = _package_of(name, path)
            for _ in range(node.level - 1):
                package = package.rpartition(".")[0]
            base = f"{package}.{base}" if base else package
        for alias in node.names:
            target = f"{base}.{alias.name}"
            if target in known:
                out.add(target)
            elif base in known:
                out.add(base)
    out.discard(name)
    return out


def import_graph() -> dict[str, set[str]]:
    modules = all_modules()
    known = set(modules)
    parts = part_modules()
    graph = {name: edges(name, path, known, parts) for name, path in modules.items()}
    # the registry imports every game package it finds under companion.games
    graph["companion.core.registry"] |= {m for m in known if m.count(".") == 2 and m.startswith("companion.games.")}
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iteratively: the components with more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def a_cycle(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """One cycle through the component's first module, as the path a → … → a."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(graph[node] & members):
            if child == start:
                return paths[node] + [start]
            if child not in paths:
                paths[child] = paths[node] + [child]
                queue.append(child)
    return component


def test_the_graph_sees_lazy_imports_and_skips_type_checking(tmp_path):
    source = tmp_path / "m.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "import companion.a\n"
        "if TYPE_CHECKING:\n"
        "    from companion.b import B\n"
        "def f():\n"
        "    from companion.c import d\n"
        "    from . import e\n"
        "def g(game):\n"
        "    return part(game, VIEW_PART), registry.games_with(contracts.REMOTE_PART), part(game, game)\n",
        encoding="utf-8")
    known = {"companion.a", "companion.b", "companion.c", "companion.c.d", "companion.e", "companion.m",
             "companion.x.view", "companion.y.view", "companion.x.remote"}
    parts = {"view": {"companion.x.view", "companion.y.view"}, "remote": {"companion.x.remote"}}
    assert edges("companion.m", source, known, parts) == {
        "companion.a", "companion.c.d", "companion.e", "companion.x.view", "companion.y.view", "companion.x.remote"}


def test_a_cycle_is_found_and_named():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert strongly_connected(graph) == [["a", "b", "c"]]
    assert a_cycle(graph, ["a", "b", "c"]) == ["a", "b", "c", "a"]


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    """The package's import graph, read once for the tests below (none changes it)."""
    return import_graph()


def test_the_graph_covers_the_package(graph):
    assert "companion.ui.services" in graph and "companion.games.hotdog.view" in graph
    assert "companion.core.registry" in graph["companion.ui.services"]
    assert "companion.games.hotdog.view" in graph["companion.ui.services"]     # games_with(VIEW_PART)
    assert "companion.games.hotdog" in graph["companion.core.registry"]


def test_no_import_cycles_in_companion(graph):
    cycles = [" → ".join(a_cycle(graph, c)) + f"  (all in the cycle: {', '.join(c)})"
              for c in strongly_connected(graph)]
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


# The shell and the modules it is made of (its services, router and own screens).
SHELL = tuple(f"companion.ui.{name}" for name in ("shell", "services", "router", "layout", "scenes", "app_bar",
                                                  "home", "rules", "settings", "started_from_setup"))


def test_the_screens_import_one_way(graph):
    """shell → host → phone → the games' screens → contracts, never back."""
    screens = (*SHELL, "companion.ui.host", "companion.ui.phone")
    assert set(SHELL) <= set(graph)
    for name, targets in graph.items():
        if name.startswith("companion.games."):
            assert not targets & set(screens), f"{name} imports {sorted(targets & set(screens))}"
    assert not set(SHELL) & (graph["companion.ui.host"] | graph["companion.ui.phone"])
    assert "companion.ui.host" not in graph["companion.ui.phone"]
    screens = {m for m in graph if m.startswith(("companion.ui.", "companion.games."))}
    assert not graph["companion.ui.contracts"] & screens


#: A game's modules, bottom first (docs/architecture.md, "The order of a game's modules").
GAME_ORDER = ("models", "rules", "explain", "present", "summaries", "setup_form", "round_form", "forms", "actions",
              "match_detail", "setup_screen", "round_entry", "sale_entry", "table_screen", "view")


def out_of_order(graph: dict[str, set[str]]) -> list[str]:
    """The imports, inside one game, of a module of GAME_ORDER by one before it."""
    wrong = []
    for name, targets in graph.items():
        game, _dot, module = name.removeprefix("companion.games.").partition(".")
        if not name.startswith("companion.games.") or module not in GAME_ORDER:
            continue
        later = {f"companion.games.{game}.{m}" for m in GAME_ORDER[GAME_ORDER.index(module) + 1:]}
        wrong += [f"{name} → {target}" for target in sorted(targets & later)]
    return sorted(wrong)


def test_the_order_check_sees_a_module_importing_one_above_it():
    graph = {"companion.games.x.present": {"companion.games.x.forms", "companion.games.x.models"},
             "companion.games.x.forms": {"companion.games.x.present", "companion.games.y.view"},
             "companion.games.x.seat": {"companion.games.x.view"}}
    assert out_of_order(graph) == ["companion.games.x.present → companion.games.x.forms"]


def test_every_game_orders_its_modules_alike(graph):
    """models → rules → present → forms → actions → view in every game: a game's
    ``present`` never imports its ``forms`` (sales' once did), its ``forms`` never its
    ``actions`` (where burger's passing state once was)."""
    assert not out_of_order(graph), "\n".join(out_of_order(graph))
