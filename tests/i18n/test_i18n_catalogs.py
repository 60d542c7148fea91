"""The catalogs match the sources: for every domain (``companion`` and one per game,
found through the registry), the messages the sources mark are exactly the catalog's,
and every German entry is translated, not fuzzy, keeps its ``{placeholders}`` and
fills both plural forms. ``python -m companion.devtools.catalogs update`` brings a catalog
in step; ``check`` says the same as this test."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.core import i18n
from companion.core.registry import games
from companion.devtools import catalogs

SOURCES = catalogs.sources()


def test_every_game_has_a_domain_in_its_own_folder():
    assert set(SOURCES) == {"companion", *games()}
    for name in games():
        domain = catalogs.game_domain(name)
        assert domain.folder.is_relative_to(catalogs.game_folder(name)), name
    every = [f for s in SOURCES.values() for f in s.files]
    assert len(every) == len(set(every)), "a file in two domains"


@pytest.mark.parametrize("domain", sorted(SOURCES))
@pytest.mark.parametrize("code", catalogs.TRANSLATED)
def test_a_catalog_matches_its_sources_and_is_translated(domain, code):
    assert catalogs.problems(SOURCES[domain], code) == []


@pytest.mark.parametrize("domain", sorted(SOURCES))
@pytest.mark.parametrize("code", catalogs.TRANSLATED)
def test_a_catalog_is_written_as_update_writes_it(domain, code):
    """Sorted, no line numbers, no changing dates: an update changes nothing here."""
    source = SOURCES[domain]
    assert catalogs.render(catalogs.updated(source, code)) == source.domain.path(code).read_bytes()


def _fake(tmp_path: Path, code: str, po: str) -> catalogs.Source:
    src = tmp_path / "screen.py"
    src.write_text('from companion.core.i18n import _, ngettext, pgettext\n'
                   '_("Round {n}")\n_("Scores")\nngettext("{n} card", "{n} cards", 2)\n'
                   'pgettext("verb", "Deal")\n', encoding="utf-8")
    domain = i18n.Domain("fake", tmp_path / "locale")
    path = domain.path(code)
    path.parent.mkdir(parents=True)
    path.write_text(po, encoding="utf-8")
    return catalogs.Source(domain, (src,))


def test_the_check_finds_missing_stale_empty_fuzzy_and_lost_placeholders(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogs, "PACKAGE", tmp_path)
    source = _fake(tmp_path, "de", (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Round {n}"\nmsgstr "Runde"\n\n'
        '#, fuzzy\nmsgid "Scores"\nmsgstr "Punkte"\n\n'
        'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} Karte"\nmsgstr[1] ""\n\n'
        'msgid "Gone"\nmsgstr "Weg"\n'))
    found = catalogs.problems(source, "de")
    assert "fake (de): missing 'Deal' (context 'verb')" in found
    assert "fake (de): stale 'Gone'" in found
    assert "fake (de): fuzzy 'Scores'" in found
    assert "fake (de): not translated '{n} card'" in found
    assert "fake (de): placeholders of 'Round {n}' not kept in 'Runde'" in found


def test_update_adds_new_messages_keeps_translations_and_drops_stale_ones(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogs, "PACKAGE", tmp_path)
    source = _fake(tmp_path, "de", 'msgid "Round {n}"\nmsgstr "Runde {n}"\n\nmsgid "Gone"\nmsgstr "Weg"\n')
    catalogs.write(source, "de")
    catalog = catalogs.read(source.domain, "de")
    assert catalog is not None
    assert catalogs.keys(catalog) == {(None, "Round {n}"), (None, "Scores"), (None, "{n} card"), ("verb", "Deal")}
    assert catalog.get("Round {n}").string == "Runde {n}"
    assert catalog.get("Scores").string == ""
    first = source.domain.path("de").read_bytes()
    catalogs.write(source, "de")
    assert source.domain.path("de").read_bytes() == first
    assert b"POT-Creation-Date: 2026-01-01" in first


def _shadowed(path: Path) -> list[str]:
    """Functions that bind ``_`` themselves in a module that imports ``_`` to translate:
    there ``_("...")`` would fail (a local name read before it is bound)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = any(isinstance(n, ast.ImportFrom) and any(a.name == "_" and a.asname is None for a in n.names)
                   for n in tree.body)
    if not imported:
        return []
    out = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        in_comprehensions = {id(t) for c in ast.walk(fn) if isinstance(c, ast.comprehension)
                             for t in ast.walk(c.target)}
        for node in ast.walk(fn):
            if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store) \
                    and id(node) not in in_comprehensions:
                out.append(f"{path.relative_to(catalogs.PACKAGE.parent)}:{node.lineno}")
    return out


def test_no_function_hides_the_translation_function():
    found = [where for source in SOURCES.values() for f in source.files for where in _shadowed(f)]
    assert not found, "`_` bound as a throwaway name where `_` translates (use `_unused`): " + ", ".join(found)


def test_the_shadow_check_finds_a_throwaway_underscore(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogs, "PACKAGE", tmp_path)
    f = tmp_path / "m.py"
    f.write_text("from companion.core.i18n import _\n\ndef f(p):\n    a, _ = p\n    return [x for x, _ in p]\n",
                 encoding="utf-8")
    assert [where.rsplit("/", 1)[-1] for where in _shadowed(f)] == ["m.py:4"]


def test_a_reworded_message_keeps_its_translation_for_a_translator_to_look_at(tmp_path, monkeypatch):
    """Babel's Catalog.update: a message reworded in the sources carries the old
    wording's translation over, marked fuzzy (the check refuses it until a translator
    has looked), instead of losing it."""
    monkeypatch.setattr(catalogs, "PACKAGE", tmp_path)
    source = _fake(tmp_path, "de", 'msgid "Round {n}"\nmsgstr "Runde {n}"\n\nmsgid "Score"\nmsgstr "Punkte"\n')
    catalogs.write(source, "de")          # the sources say "Scores" now, not "Score"
    catalog = catalogs.read(source.domain, "de")
    assert catalog is not None
    reworded = catalog.get("Scores")
    assert reworded.string == "Punkte" and reworded.fuzzy
    assert catalog.get("Score") is None                       # the old wording is gone
    assert "fake (de): fuzzy 'Scores'" in catalogs.problems(source, "de")


def test_the_rules_refusals_are_in_their_games_catalog():
    """A rules module marks its typed messages with ``msg``/``nmsg`` (core.message): the
    extractor finds them, in the game's domain."""
    hotdog = {m for _c, m in catalogs.keys(catalogs.extract(SOURCES["hotdog"]))}
    assert "dollars ({dollars}) exceed the player's money ({money})" in hotdog
    burger = {m for _c, m in catalogs.keys(catalogs.extract(SOURCES["burger"]))}
    assert "deck {index} is empty: every deck starts with an ingredient" in burger
