"""The translation catalogs, kept in step with the sources (:mod:`companion.core.i18n`).

    python -m companion.devtools.catalogs extract [DOMAIN ...]   the messages the sources mark, per domain
    python -m companion.devtools.catalogs update  [DOMAIN ...]   add new messages to the German catalogs
                                                                 (empty), drop stale ones, keep translations
    python -m companion.devtools.catalogs check   [DOMAIN ...]   exit 1, saying what is wrong, unless every
                                                                 catalog matches its sources and is translated

The domains: ``companion`` (every file under ``companion/`` outside a game's folder) and
one per game (the files in its folder, found through the registry). Messages are marked
with ``_``, ``ngettext`` (singular, plural), ``pgettext`` (context, message) and ``N_``.
A catalog is written sorted, without line numbers or changing dates, so that its diff
shows only what changed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import io
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from companion.core import i18n

PACKAGE = Path(i18n.__file__).resolve().parent.parent
KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None,
            # the rules' refusals, worded when shown (companion.core.message)
            "msg": None, "nmsg": (1, 2)}
COMMENT_TAGS = ("Translators:",)
#: The languages with a catalog (English is the messages themselves).
TRANSLATED = tuple(code for code in i18n.LANGUAGES if code != "en")
#: A fixed date for the catalogs' headers: a catalog's bytes change only with its messages.
HEADER_DATE = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
PLACEHOLDER = re.compile(r"\{[^{}]*\}")

Key = tuple[str | None, str]          # (context, message)


@dataclass(frozen=True)
class Source:
    """A domain and the files its messages come from."""
    domain: i18n.Domain
    files: tuple[Path, ...]


def game_folder(name: str) -> Path:
    """A registered game's folder: the package its parts live in."""
    from companion.core.registry import game

    spec = game(name)
    for target in spec.parts.values():
        module = importlib.import_module(target.partition(":")[0].rsplit(".", 1)[0])
        if module.__file__:
            return Path(module.__file__).resolve().parent
    return PACKAGE / "games" / name


def game_domain(name: str) -> i18n.Domain:
    """A game's domain: its folder's (:func:`companion.core.i18n.domain`)."""
    folder = game_folder(name)
    return i18n.domain(".".join(folder.relative_to(PACKAGE.parent).parts))


def sources() -> dict[str, Source]:
    """Every domain, by name, with its source files."""
    from companion.core.registry import games

    found: dict[str, Source] = {}
    folders: list[Path] = []
    for name in games():
        folder = game_folder(name)
        folders.append(folder)
        domain = game_domain(name)
        found[domain.name] = Source(domain, tuple(sorted(folder.rglob("*.py"))))
    rest = [p for p in sorted(PACKAGE.rglob("*.py")) if not any(p.is_relative_to(f) for f in folders)]
    found[i18n.COMPANION.name] = Source(i18n.COMPANION, tuple(rest))
    return dict(sorted(found.items()))


def extract(source: Source) -> Catalog:
    """The messages ``source``'s files mark, as a catalog without translations."""
    catalog = Catalog(domain=source.domain.name, project="companion", creation_date=HEADER_DATE,
                      revision_date=HEADER_DATE, fuzzy=False)
    for path in source.files:
        where = path.relative_to(PACKAGE.parent).as_posix()
        for lineno, message, comments, context in extract_from_file(
                "python", path, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True):
            catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return catalog


def _key(message_id: str | tuple[str, ...] | list[str]) -> str:
    return message_id[0] if isinstance(message_id, (list, tuple)) else message_id


def keys(catalog: Catalog) -> set[Key]:
    return {(m.context, _key(m.id)) for m in catalog if m.id}


def read(domain: i18n.Domain, code: str) -> Catalog | None:
    path = domain.path(code)
    if not path.is_file():
        return None
    with path.open("rb") as fh:
        return read_po(fh, locale=code, domain=domain.name)


def render(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=0, sort_output=True, include_lineno=False, ignore_obsolete=True)
    return out.getvalue()


def updated(source: Source, code: str) -> Catalog:
    """``code``'s catalog for ``source``: the extracted messages, with the translations
    the catalog on disk has for them, merged by Babel's :meth:`Catalog.update`: a message
    reworded in the sources keeps the translation of the old wording, marked fuzzy for a
    translator to look at (``check`` refuses fuzzy entries); stale messages are dropped."""
    template = extract(source)
    catalog = Catalog(locale=code, domain=source.domain.name, project="companion",
                      creation_date=HEADER_DATE, revision_date=HEADER_DATE, fuzzy=False,
                      header_comment=f"# {i18n.LANGUAGES[code]}: the {source.domain.name} messages of companion.\n"
                                     "# Kept with: python -m companion.devtools.catalogs update",
                      copyright_holder="companion's authors", version="1", msgid_bugs_address="companion's authors",
                      last_translator="companion's translators", language_team="companion's translators")
    old = read(source.domain, code)
    for message in old or ():
        if message.id:
            catalog.add(message.id, message.string, auto_comments=message.auto_comments,
                        context=message.context, flags=message.flags)
    catalog.update(template, no_fuzzy_matching=False, update_header_comment=False, keep_user_comments=False)
    catalog.obsolete.clear()
    for message in catalog:
        if message.id and isinstance(message.id, tuple) and not any(message.string or ()):
            message.string = ("",) * catalog.num_plurals
    return catalog


def write(source: Source, code: str) -> Path:
    path = source.domain.path(code)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = render(updated(source, code))
    if not path.is_file() or path.read_bytes() != data:
        path.write_bytes(data)
    source.domain.forget()
    return path


def problems(source: Source, code: str) -> list[str]:
    """What is wrong with ``code``'s catalog for ``source``, one line each: messages
    missing or stale, entries empty or fuzzy, placeholders not kept."""
    name = f"{source.domain.name} ({code})"
    catalog = read(source.domain, code)
    if catalog is None:
        return [f"{name}: no catalog at {source.domain.path(code)}"]
    wanted, have = keys(extract(source)), keys(catalog)
    out = [f"{name}: missing {m!r}" + (f" (context {c!r})" if c else "") for c, m in sorted(wanted - have, key=str)]
    out += [f"{name}: stale {m!r}" + (f" (context {c!r})" if c else "") for c, m in sorted(have - wanted, key=str)]
    for message in catalog:
        if not message.id or (message.context, _key(message.id)) not in wanted:
            continue
        ids = [str(i) for i in message.id] if isinstance(message.id, (list, tuple)) else [message.id]
        strings = [str(s or "") for s in message.string] if isinstance(message.string, (list, tuple)) \
            else [message.string or ""]
        if message.fuzzy:
            out.append(f"{name}: fuzzy {ids[0]!r}")
        if not all(strings):
            out.append(f"{name}: not translated {ids[0]!r}")
            continue
        for i, text in enumerate(strings):
            english = ids[min(i, len(ids) - 1)]
            if sorted(PLACEHOLDER.findall(text)) != sorted(PLACEHOLDER.findall(english)) \
                    and not (len(ids) > 1 and sorted(set(PLACEHOLDER.findall(text)))
                             == sorted(set(PLACEHOLDER.findall(ids[-1])))):
                out.append(f"{name}: placeholders of {english!r} not kept in {text!r}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.devtools.catalogs",
                                     description="Keep the translation catalogs in step with the sources.")
    parser.add_argument("command", choices=["extract", "update", "check"])
    parser.add_argument("domains", nargs="*", help="the domains (default: all)")
    args = parser.parse_args(argv)
    every = sources()
    unknown = [d for d in args.domains if d not in every]
    if unknown:
        parser.error(f"unknown domain {unknown[0]!r} (domains: {', '.join(every)})")
    chosen = [every[d] for d in (args.domains or every)]
    if args.command == "extract":
        for source in chosen:
            sys.stdout.write(render(extract(source)).decode("utf-8"))
        return 0
    if args.command == "update":
        for source in chosen:
            for code in TRANSLATED:
                sys.stdout.write(f"{write(source, code)}\n")
        return 0
    found = [line for source in chosen for code in TRANSLATED for line in problems(source, code)]
    for line in found:
        sys.stdout.write(line + "\n")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
