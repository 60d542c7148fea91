"""The written-down text stays true of the repository: every relative link in README.md,
CONTRIBUTING.md and docs/*.md reaches a file, README's two commands are the ones CI and
the package really run, each ``companion.…`` name docs/architecture.md cites exists, the
floors it draws hold for the import graph, its parts table lists every part, and the
error tree in companion/core/errors.py names every error companion defines."""

from __future__ import annotations

import ast
import importlib
import re
import shlex
import tomllib
from pathlib import Path

import pytest

from companion.core.game import PARTS
from tests.core.test_import_cycles import all_modules, edges

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
ARCHITECTURE = ROOT / "docs" / "architecture.md"

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def relative_links(text: str) -> list[tuple[str, str]]:
    """The targets of the text's markdown links that point into the repository (no
    scheme), as (path, anchor): a bare anchor has the path ""."""
    out = []
    for target in LINK.findall(text):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):
            continue
        path, _hash, anchor = target.partition("#")
        out.append((path, anchor))
    return out


def anchors(text: str) -> set[str]:
    """The anchors of a markdown file's headings, as GitHub makes them: lower case,
    punctuation dropped, spaces as hyphens."""
    text = FENCE.sub("", text)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
            for h in re.findall(r"^#+ (.+)$", text, re.M)}


def test_the_link_finder_sees_relative_links_and_their_anchors():
    text = "[a](docs/x.md) [b](https://example.org/) [c](#top) [d](../y.md#part) [e](mailto:a@b)"
    assert relative_links(text) == [("docs/x.md", ""), ("", "top"), ("../y.md", "part")]
    assert anchors("# companion\n## On a phone: `companion build web`\n```\n# not a heading\n```\n") == {
        "companion", "on-a-phone-companion-build-web"}


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_reaches_a_file(doc):
    assert doc.exists(), f"{doc.relative_to(ROOT)} is missing"
    broken = []
    for path, anchor in relative_links(_text(doc)):
        target = doc.parent / path if path else doc
        if not target.exists():
            broken.append(path)
        elif anchor and target.suffix == ".md" and anchor not in anchors(_text(target)):
            broken.append(f"{path}#{anchor}")
    assert not broken, f"{doc.relative_to(ROOT)} links to what is not there: {broken}"


# ------------------------------------------------------------ README's two commands

def _ci_test_line() -> str:
    """The command `.ci/run` ends with: the README's test command."""
    lines = [line.strip() for line in _text(ROOT / ".ci" / "run").splitlines()]
    found = [line for line in lines if line.startswith("python3 -m venv .venv") and "pytest" in line]
    assert len(found) == 1, found
    return found[0]


def _start_command(test_line: str) -> str:
    """The app's start: the same fresh environment without the test extras, then the
    package's own command (its console script in pyproject.toml)."""
    scripts = tomllib.loads(_text(ROOT / "pyproject.toml"))["project"]["scripts"]
    assert list(scripts) == ["companion"], scripts
    setup, install, _test = (part.strip() for part in test_line.split("&&"))
    words = shlex.split(install)
    assert words[-1] == ".[test]", install
    install = shlex.join([*words[:-1], "."])
    return f"{setup} && {install} && .venv/bin/companion"


def test_readme_begins_with_the_start_and_the_test_command():
    blocks = [b.strip() for b in FENCE.findall(_text(ROOT / "README.md"))]
    test_line = _ci_test_line()
    assert blocks[:2] == [_start_command(test_line), test_line]


# ------------------------------------------------------------ docs/architecture.md

DOTTED = re.compile(r"`(companion(?:\.\w+)+)`")


def _resolves(name: str) -> bool:
    """``name`` is a module, or an attribute (at any depth) of the longest module it starts with."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


def test_every_name_the_architecture_cites_exists():
    names = sorted(set(DOTTED.findall(_text(ARCHITECTURE))))
    assert len(names) > 40, names            # the text cites the code by name throughout
    missing = [n for n in names if not _resolves(n)]
    assert not missing, f"docs/architecture.md names what the code does not hold: {missing}"


def test_a_name_that_is_not_there_is_seen():
    assert _resolves("companion.ui.table.TableSession.put_draft")
    assert not _resolves("companion.ui.table.TableSession.write")
    assert not _resolves("companion.ui.nowhere")


def floors() -> list[list[list[str]]]:
    """The floors as docs/architecture.md draws them, top first: each floor's groups
    (split by ``|``: side by side, neither importing the other), each group's paths."""
    section = _text(ARCHITECTURE).split("## The floors", 1)[1]
    block = FENCE.search(section)
    assert block is not None, "docs/architecture.md: the floors' block is missing"
    return [[[w for w in group.split() if w.startswith("companion")] for group in line.split("|")]
            for line in block.group(1).splitlines() if line.strip()]


def _holds(path: str, module: str) -> bool:
    """Whether the path drawn (a folder ``…/``, or a file) holds the module."""
    at = module.replace(".", "/")
    if path.endswith("/"):
        return (at + "/").startswith(path)
    return path in (at + ".py", at + "/__init__.py")


def place_of(module: str, drawn: list[list[list[str]]]) -> tuple[int, int]:
    """(floor, group) of the longest path drawn that holds the module; floor 0 is the top."""
    best: tuple[int, tuple[int, int]] | None = None
    for level, groups in enumerate(drawn):
        for g, paths in enumerate(groups):
            for p in paths:
                if _holds(p, module) and (best is None or len(p) > best[0]):
                    best = (len(p), (level, g))
    assert best is not None, f"{module} is on no floor of docs/architecture.md: draw its package there"
    return best[1]


def wrong_way(imports: list[tuple[str, str]], drawn: list[list[list[str]]]) -> list[str]:
    """The imports (importer, imported) that go up a floor or across to a group beside."""
    out = []
    for name, target in imports:
        here, there = place_of(name, drawn), place_of(target, drawn)
        if there[0] < here[0] or (there[0] == here[0] and there != here):
            out.append(f"{name} → {target}")
    return sorted(out)


def test_every_import_goes_down_the_floors():
    """Direct imports only: a part asked for by name (through the registry) is the one
    way up, and the registry's finding of the game packages the other."""
    modules = all_modules()
    known = set(modules)
    imports = [(name, target) for name, path in modules.items() for target in edges(name, path, known)
               if not (name == "companion.core.registry" and target.startswith("companion.games"))]
    assert len(imports) > 300
    wrong = wrong_way(imports, floors())
    assert not wrong, "imports against the floors of docs/architecture.md:\n" + "\n".join(wrong)


def test_the_floors_check_sees_a_wrong_way_import():
    drawn = [[["companion/cli.py", "companion/__main__.py"]], [["companion/games/"], ["companion/web/"]],
             [["companion/core/", "companion/__init__.py"]]]
    assert place_of("companion.core.game", drawn) == (2, 0) == place_of("companion", drawn)
    assert place_of("companion.games.hotdog.rules", drawn) == (1, 0)
    assert wrong_way([("companion.__main__", "companion.cli"), ("companion.games.hotdog", "companion.core.game"),
                      ("companion.web.build", "companion")], drawn) == []
    assert wrong_way([("companion.core.game", "companion.games.hotdog"),
                      ("companion.web.build", "companion.games.hotdog.view")], drawn) == [
        "companion.core.game → companion.games.hotdog", "companion.web.build → companion.games.hotdog.view"]
    with pytest.raises(AssertionError, match="no floor"):
        place_of("companion.elsewhere", drawn)


def test_the_parts_table_lists_every_part():
    section = _text(ARCHITECTURE).split("## A game and its parts", 1)[1].split("\n#", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \|", section, re.M)
    assert [r for r in rows if r in PARTS] == list(PARTS)


# ------------------------------------------------------------ companion/core/errors.py

def _error_classes() -> set[str]:
    """Every class in companion/ that derives, at any remove, from CompanionError."""
    bases: dict[str, set[str]] = {}
    for path in all_modules().values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = {b.id if isinstance(b, ast.Name) else b.attr for b in node.bases
                                    if isinstance(b, (ast.Name, ast.Attribute))}
    found = {"CompanionError"}
    while True:
        more = {name for name, of in bases.items() if of & found} - found
        if not more:
            return found
        found |= more


def test_the_error_tree_names_every_error():
    import companion.core.errors as errors

    tree = re.findall(r"(?:^\s+|[├└]── )([A-Z]\w+Error|[A-Z]\w+)\s{2,}", errors.__doc__ or "", re.M)
    defined = _error_classes()
    assert "HubError" in defined and "RecordMoved" in defined
    assert set(tree) == defined, (f"not in the tree: {sorted(defined - set(tree))}; "
                                  f"in the tree, not defined: {sorted(set(tree) - defined)}")
