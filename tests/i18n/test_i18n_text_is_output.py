"""Translated text is output, never data: nothing in the package reads a worded line
back to learn what happened (issue 28). Checks return typed facts (``sales.deck.Fault``,
``ui.widgets.exports.Exported``, ``burger.recipes.Reading``); a screen words them when
it draws them. A test over the package's source (its syntax trees, and the words of
the shipped catalogs), so the pattern cannot come back:

* a translated text (``_()``, ``ngettext()``, …) taken apart or tested: ``startswith``,
  ``split``, ``in``, ``==`` … on a ``_()`` call (``line.startswith(_("Not printed:
  {reason}").split("{")[0])``);
* a line tested by a literal a catalog message is made of (``line.startswith("cannot
  read")``: the English of ``"cannot read {path}: {error}"``);
* a regular expression spelling the words of a catalog message, in English or German
  (``re.compile(r"\\b([Dd]eck|Stapel) (\\d+)\\b")``, ``r"^: the id '(.*)' is used by"``).
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

PACKAGE = Path(__file__).resolve().parents[2] / "companion"

#: The translation layer's functions: a call to one is a translated text.
WORDING = frozenset({"_", "ngettext", "pgettext", "npgettext", "gettext"})

#: Methods that take a text apart or test what it holds.
TESTS = frozenset({"startswith", "endswith", "removeprefix", "removesuffix", "split", "rsplit", "partition",
                   "rpartition", "find", "rfind", "index", "rindex", "count"})

#: The ``re`` functions whose first argument is a pattern.
PATTERNS = frozenset({"compile", "match", "search", "fullmatch", "sub", "subn", "findall", "finditer", "split"})


@cache
def _catalogs() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The shipped catalogs' messages (English) and their translations, placeholders
    taken out."""
    english: list[str] = []
    translated: list[str] = []
    for po in sorted(PACKAGE.rglob("locale/*/LC_MESSAGES/*.po")):
        with po.open("rb") as fh:
            catalog = read_po(fh)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
            strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
            english += [re.sub(r"\{[^{}]*\}", "\x00", t) for t in ids if t]
            translated += [re.sub(r"\{[^{}]*\}", "\x00", t) for t in strings if t]
    return tuple(english), tuple(translated)


def catalog_texts() -> tuple[str, ...]:
    """Every message of the shipped catalogs, English and translated."""
    english, translated = _catalogs()
    return english + translated


@cache
def translated_words() -> frozenset[str]:
    """The words (four letters or more) only the translations use (``Stapel``), casefolded."""
    english, translated = _catalogs()

    def words(texts: tuple[str, ...]) -> set[str]:
        return {w.casefold() for t in texts for w in re.findall(r"[^\W\d_]{4,}", t)}
    return frozenset(words(translated) - words(english))


@cache
def _folded() -> tuple[str, ...]:
    return tuple(t.casefold() for t in catalog_texts())


def _wording(node: ast.AST) -> bool:
    """Whether ``node`` is, or is made from, a call of the translation layer."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            f = sub.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name in WORDING:
                return True
    return False


def _literals(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Tuple):
        return [s for e in node.elts for s in _literals(e)]
    return []


def _a_message_piece(text: str) -> bool:
    """Whether a literal is a piece of a catalog message (a few words of one, as a
    line worded from it begins or ends), not a code, a field name or a prefix of ours."""
    piece = text.strip()
    if len(piece) < 4 or not re.search(r"[^\W\d_]{3,}", piece) or not re.search(r"\s", piece):
        return False
    return any(piece in t for t in catalog_texts())


def _pattern_words(pattern: str) -> list[str]:
    """The words of catalog messages a regular expression spells literally (escapes and
    character classes left out): a phrase of two words or more of a message, or a word
    only a translation uses."""
    plain = re.sub(r"\\.", " ", pattern)
    plain = re.sub(r"\[[^\]]*\]", "", plain)
    phrases = [p for p in re.findall(r"[^\W\d_]+(?: [^\W\d_]+)+", plain)
               if any(p.casefold() in t for t in _folded())]
    return phrases + [w for w in re.findall(r"[^\W\d_]{4,}", plain) if w.casefold() in translated_words()]


def faults_in(source: str) -> list[tuple[int, str]]:
    """(line, what) for each place ``source`` reads translated text back."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            method, on = node.func.attr, node.func.value
            if method in TESTS and (_wording(on) or any(_wording(a) for a in node.args)):
                out.append((node.lineno, f"{method}() on a translated text"))
            elif method in TESTS and any(_a_message_piece(s) for a in node.args for s in _literals(a)):
                out.append((node.lineno, f"{method}() by the words of a catalog message"))
            if (method in PATTERNS and isinstance(on, ast.Name) and on.id == "re" and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                words = _pattern_words(node.args[0].value)
                if words:
                    out.append((node.lineno, f"a pattern of a catalog message's words ({', '.join(words)})"))
        if isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn, ast.Eq, ast.NotEq))
                                                 for op in node.ops):
            sides = [node.left, *node.comparators]
            if any(_wording(s) for s in sides):
                out.append((node.lineno, "a translated text compared or searched"))
            elif any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops) and _a_message_piece(
                    "".join(_literals(node.left))):
                out.append((node.lineno, "searched for the words of a catalog message"))
    return sorted(out)


#: Places tolerated while another branch removes them, by file and finding, so that
#: nothing else can join them (``burger/state.on_screen``, the last, went with burger's
#: rules giving a deck as a typed index: branch ``facts``).
LEAVING: set[tuple[str, str]] = set()


def test_nothing_in_the_package_reads_translated_text_back():
    found = [f"{path.relative_to(PACKAGE.parent)}:{line}: {what}"
             for path in sorted(PACKAGE.rglob("*.py"))
             for line, what in faults_in(path.read_text(encoding="utf-8"))
             if (str(path.relative_to(PACKAGE.parent)), what) not in LEAVING]
    assert found == []


@pytest.mark.parametrize("source", [
    'set_said((kind, line, line.startswith(_("Not printed: {reason}").split("{")[0])))',
    'found = found if found[0].startswith("cannot read") else []',
    '_DECK_INDEX = re.compile(r"\\b([Dd]eck|Stapel) (\\d+)\\b")',
    '_SHARED_ID = re.compile(r"^: the id \'(.*)\' is used by \\d+ cards$", re.DOTALL)',
    'ok = line == _("No faults")',
    'bad = "is not one of the deck" in line',
])
def test_the_check_finds_each_way_text_was_read_back(source):
    """The shapes the package had before issue 28 (each was a bug or one language away
    from one): every one is found."""
    assert faults_in(source) != []


@pytest.mark.parametrize("source", [
    'line = _("Not printed: {reason}").format(reason=exc)',
    'if setup.recipes.startswith(STORED): pass',
    'm = re.compile(r"^\\d{4}-\\d{2}-\\d{2}$")',
    'if text.startswith("\\ufeff"): pass',
    'words = re.split(r"[,\\s]+", text)',
    'if font.startswith("DroidSans"): pass',
])
def test_the_check_leaves_code_that_words_or_reads_data(source):
    assert faults_in(source) == []
