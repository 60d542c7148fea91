"""Babel's data in the browser build: the app archive has the locale data of the app's
languages only and a ``global.dat`` without the tables and entries nothing reads here
(``companion.web.archive.babel_global``). With nothing but the built archive's packages
and the standard library on the path, every function of ``companion.core.i18n`` gives
in English and German what it gives with the whole of Babel installed, and Babel parses
every identifier as it does with the whole ``global.dat`` and the same locale data."""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
from pathlib import Path

import babel
import pytest
from babel.messages.pofile import read_po

from companion.core.registry import games
from companion.web import archive

ROOT = Path(__file__).resolve().parents[2]

#: Run by a Python with only ``argv[1]`` (an unpacked app archive, or "" for this
#: environment's packages) on its path; ``argv[2]``: another ``global.dat`` for Babel, or
#: ""; ``argv[3]``: the catalogs' messages to translate (JSON). Prints what it wrote.
SCRIPT = r'''
import datetime as dt, json, pickle, sys
from pathlib import Path
root, global_dat, messages = sys.argv[1], sys.argv[2], json.loads(open(sys.argv[3]).read())
if root:
    sys.path[:0] = [root, root + "/__pypackages__"]
import babel, babel.core
from babel import Locale
if global_dat:
    with open(global_dat, "rb") as fh:
        babel.core._global_data = pickle.load(fh)
from companion.core import i18n

out = {"babel": babel.__file__, "i18n": i18n.__file__}
domains = {}
numbers = [0, 1, -1, 7, 999, 1000, 1001, 12345, -12345, 1234567, 10**9]
floats = [0.0, 0.5, 2.5, -6.5, 1234.567, 1000000.25]
dates = [dt.date(2026, 1, 2), dt.date(1999, 12, 31), dt.date(2026, 11, 29)]
moments = [dt.datetime(2026, 1, 2, 0, 5), dt.datetime(2026, 11, 29, 20, 15),
           dt.datetime(2026, 7, 4, 12, 0, tzinfo=dt.UTC)]
out["known"] = [i18n.known(c) for c in ("de_DE.UTF-8", "de-AT", "en", "EN_gb", "fr", "", None)]
i18n.set_system_language("de-AT")
out["system"] = [i18n.system_language(), i18n.language()]
i18n.set_system_language(None)
for code in i18n.LANGUAGES:
    with i18n.using(code):
        r = out[code] = {"language": i18n.language(), "chosen": i18n.chosen(), "mark": i18n.N_("x")}
        r["number"] = [i18n.number(n) for n in numbers]
        r["decimal"] = [i18n.decimal(x, d) for x in floats for d in (0, 1, 2)]
        r["date"] = [i18n.date(d) for d in dates]
        r["datetime"] = [i18n.datetime(m) for m in moments]
        r["money"] = [i18n.money(x) for x in numbers + floats]
        r["percent"] = [i18n.percent(x) for x in (0, 0.005, 0.5, 0.78, 1, 1.234)]
        r["language_name"] = [i18n.language_name(c) for c in i18n.LANGUAGES]
        locale = Locale.parse(code)
        r["patterns"] = [locale.date_formats["medium"].pattern, locale.time_formats["short"].pattern,
                         str(locale.datetime_formats["medium"])]
        words = r["words"] = []
        for name, context, singular, plural in messages:       # a game's domain, without importing the game
            d = i18n.COMPANION if name == "companion" else domains.setdefault(name, i18n.Domain(
                name, Path(i18n.__file__).parents[1] / "games" / name / "locale"))
            if plural is not None:
                words.append([d.ngettext(singular, plural, n) for n in (0, 1, 2, 5)])
            elif context is not None:
                words.append(d.pgettext(context, singular))
            else:
                words.append(d.gettext(singular))
parsed = out["parsed"] = {}
for identifier in ("en", "de", "und", "en_Latn", "de_Latn", "en_US", "de_DE", "und_DE", "und_AT", "und_Latn_IN",
                   "en_Shaw", "und_Shaw", "fr", "zh_TW", "de_DD", "en_ZZ", "und_ZZZ", "und_999", "sh", "iw", "no",
                   "en_001", "de_CH_1996", "en_Zzzz", "de_Qaai", "root"):
    try:
        locale = Locale.parse(identifier)
        parsed[identifier] = [str(locale), locale.get_display_name("en")]
    except Exception as exc:
        parsed[identifier] = type(exc).__name__
print(json.dumps(out, ensure_ascii=False))
'''


def _messages() -> list[tuple[str, str | None, str, str | None]]:
    """Every message of every German catalog: (its domain, context, singular, plural)."""
    found = []
    folders = {"companion": ROOT / "companion" / "locale"} | {
        name: ROOT / "companion" / "games" / name / "locale" for name in games()}
    for name, folder in folders.items():
        path = folder / "de" / "LC_MESSAGES" / f"{name}.po"
        with path.open("rb") as fh:
            for message in read_po(fh, locale="de", domain=name):
                if message.id:
                    ids = message.id if isinstance(message.id, (list, tuple)) else (message.id, None)
                    found.append((name, message.context, ids[0], ids[1]))
    return found


def _written(tmp_path: Path, root: Path | None, global_dat: Path | None = None) -> dict:
    messages = tmp_path / "messages.json"
    if not messages.exists():
        messages.write_text(json.dumps(_messages()))
    command = [sys.executable, *(["-I", "-S"] if root else []), "-c", SCRIPT, str(root or ""),
               str(global_dat or ""), str(messages)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path if root else ROOT)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def unpacked(site, tmp_path_factory):
    root = tmp_path_factory.mktemp("app")
    with tarfile.open(site / "app.tar.gz") as tar:
        tar.extractall(root, filter="data")
    return root


def test_the_archive_s_babel_data_is_the_trimmed_one(unpacked):
    assert sorted(p.name for p in (unpacked / "__pypackages__" / "babel" / "locale-data").iterdir()) == [
        "de.dat", "en.dat", "root.dat"]
    whole = (Path(babel.__file__).parent / "global.dat").read_bytes()
    assert (unpacked / "__pypackages__" / archive.BABEL_GLOBAL).read_bytes() == archive.babel_global(whole)
    assert len(archive.babel_global(whole)) < len(whole) / 10


def test_i18n_writes_the_same_with_the_archive_s_babel_as_with_the_whole(unpacked, tmp_path):
    trimmed = _written(tmp_path, unpacked)
    whole = _written(tmp_path, None)
    assert trimmed["babel"].startswith(str(unpacked)) and trimmed["i18n"].startswith(str(unpacked))
    assert not whole["babel"].startswith(str(unpacked))
    for key in ("known", "system", *archive.LANGUAGES):
        assert trimmed[key] == whole[key], key
    assert trimmed["de"]["words"] != trimmed["en"]["words"]          # German, from the catalogs
    assert trimmed["de"]["money"][3] == "7\u00a0$" and trimmed["de"]["datetime"][1] == "29.11.2026, 20:15"
    # the app's patterns have no time zone field (Babel's zone tables are emptied)
    for code in archive.LANGUAGES:
        for pattern in trimmed[code]["patterns"]:
            unquoted = "".join(pattern.split("'")[::2])
            assert not set(unquoted) & set("zZvVOXx"), pattern


def test_babel_parses_every_identifier_as_with_the_whole_global_data(unpacked, tmp_path):
    whole = Path(babel.__file__).parent / "global.dat"
    trimmed = _written(tmp_path, unpacked)
    with_whole = _written(tmp_path, unpacked, whole)
    assert trimmed["parsed"] == with_whole["parsed"]
    assert trimmed["parsed"]["und"] == ["en", "English"] and trimmed["parsed"]["de_Latn"][0] == "de"
    assert trimmed["parsed"]["fr"] == "UnknownLocaleError"
    for key in archive.LANGUAGES:
        assert trimmed[key] == with_whole[key]
