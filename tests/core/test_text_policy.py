"""One text policy for every free-text field a person reads (companion.core.text).

A ``"\\ud800"`` JSON escape (half of a UTF-16 pair), a control character (ESC, BEL) or a
bidi override (U+202E) in a sales suit or icon, a burger deck's card, a night's name, a
deck's or recipe file's names is refused in one line naming the field, the same way by
the referee, Import, the deck and recipe files and the setups (they share the record
models). A UTF-8 byte order mark before a file's text is read alike everywhere.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest
from pydantic import ValidationError

from companion.core.errors import RecordError
from companion.core.record import describe_error
from companion.core.referee import referee_json
from companion.core.text import Label, Prose, decoded, first_hidden, text_fault
from companion.games.burger.recipes import RecipeBook
from companion.games.sales.deck import Deck
from companion.store import Store
from companion.store.imports import import_json, import_night
from companion.tallies.night import parse_night
from tests.e2e.harness import ROOT

# Each hostile character as it comes in a JSON file: the escape, as written there.
HOSTILE = {
    "lone-surrogate": "\\ud800",
    "low-surrogate": "\\udfff",
    "escape": "\\u001b[2J",
    "bell": "\\u0007",
    "right-to-left-override": "\\u202e",
    "isolate": "\\u2066",
    "zero-width-space": "\\u200b",
}

HOTDOG = '{"game": "hotdog", "players": ["Anna", "Bernd"], "rounds": []}'


def sales(suit: str = "sun", icon: str = "kite", set_icon: str = "kite") -> str:
    return ('{"game": "sales", "players": ["Ann", "Ben"], "rounds": [{"sales": [{"plays": ['
            f'{{"player": "Ann", "card": {{"suit": "{suit}", "value": 1, "icons": ["{icon}"], '
            f'"set": {{"kind": "1x", "icon": "{set_icon}"}}}}}}, '
            '{"player": "Ben", "card": {"suit": "sun", "value": 2}}]}]}]}')


def burger(card: str = "lettuce") -> str:
    decks = f'[["{card}"], ["cheese"], ["onion", "patty", "tomato"]]'
    return (f'{{"game": "burger", "players": ["Ann", "Ben", "Cat"], "rounds": [{{"decks": {decks}, '
            '"tools": {"Ann": "tongs", "Ben": "tongs", "Cat": "tease"}}]}')


# (the record with the hostile text in one field, the line's start naming it)
FIELDS = {
    "sales-suit": (lambda bad: sales(suit="sun" + bad), "round 1: sale 1: Ann: suit holds a character"),
    "sales-icon": (lambda bad: sales(icon="kite" + bad), "round 1: sale 1: Ann: icons holds a character"),
    "sales-set-icon": (lambda bad: sales(set_icon=bad + "kite"), "round 1: sale 1: Ann: icon holds a character"),
    "burger-card": (lambda bad: burger(card="let" + bad + "tuce"), "round 1: decks holds a character"),
}


def _what(kind: str) -> str:
    return {"lone-surrogate": "U+D800, half of a UTF-16 surrogate pair, not a character",
            "low-surrogate": "U+DFFF, half of a UTF-16 surrogate pair, not a character",
            "escape": "U+001B, a control character", "bell": "U+0007, a control character",
            "right-to-left-override": "U+202E right-to-left override",
            "isolate": "U+2066 left-to-right isolate", "zero-width-space": "U+200B zero width space"}[kind]


@pytest.mark.parametrize("kind", HOSTILE)
@pytest.mark.parametrize("field", FIELDS)
def test_the_referee_refuses_hidden_text_in_every_field_in_one_line_naming_it(field, kind):
    make, starts = FIELDS[field]
    text = make(HOSTILE[kind])
    for given in (text, text.encode("utf-8")):
        with pytest.raises(RecordError) as refused:
            referee_json(given)
        line = str(refused.value)
        assert line.startswith(starts), line
        assert f"({_what(kind)})" in line
        assert line.isprintable() and "\n" not in line
        line.encode("utf-8")                     # no half of a pair in the message itself


def test_the_fields_with_plain_text_are_refereed():
    for make, _starts in FIELDS.values():
        json.loads(referee_json(make("")))


@pytest.mark.parametrize("kind", HOSTILE)
def test_a_nights_name_follows_the_policy(kind):
    raw = json.loads(f'{{"kind": "night", "name": "Friday{HOSTILE[kind]}", "date": "2024-05-03"}}')
    with pytest.raises(RecordError) as refused:
        parse_night(raw)
    assert str(refused.value).startswith(f"record: name holds a character that does not show ({_what(kind)})")


@pytest.mark.parametrize("where", ["name", "description", "suits", "icons", "card-id"])
def test_a_sales_decks_texts_follow_the_policy(where):
    deck = {"name": "Mine", "description": "One\nparagraph with a line break.", "suits": ["sun"],
            "icons": ["kite"], "cards": [{"id": "sun-1", "suit": "sun", "value": 1}]}
    assert Deck.model_validate(deck).description.count("\n") == 1   # a paragraph may break lines
    bad = "\u202e"
    if where == "name":
        deck["name"] = "Mine" + bad
    elif where == "description":
        deck["description"] = "One\x1b[2J"
    elif where == "suits":
        deck["suits"] = ["sun" + bad]
    elif where == "icons":
        deck["icons"] = ["kite\x07"]
    else:
        deck["cards"][0]["id"] = "sun\u200b1"
    with pytest.raises(ValidationError) as refused:
        Deck.model_validate(deck)
    assert describe_error(refused.value.errors()[0]).startswith("holds a character that does not show")


@pytest.mark.parametrize("where", ["name", "note", "recipe", "ingredient", "copy-ingredient"])
def test_a_recipe_files_texts_follow_the_policy(where):
    book = {"name": "Ours", "note": "Two\nlines.", "ingredients": ["cheese", "patty"],
            "recipes": [{"name": "Cheeseburger", "ingredients": ["cheese", "patty"]}]}
    assert RecipeBook.model_validate(book).note == "Two\nlines."
    if where == "name":
        book["name"] = "Ours\u202e"
    elif where == "note":
        book["note"] = "Two\x1b]0;x\x07"
    elif where == "recipe":
        book["recipes"][0]["name"] = "Cheese\u2066burger"
    elif where == "ingredient":
        book["recipes"][0]["ingredients"][0] = "che\ud800ese"
    else:
        book["ingredients"][0] = "che\x1bese"
    with pytest.raises(ValidationError) as refused:
        RecipeBook.model_validate(book)
    assert describe_error(refused.value.errors()[0]).startswith("holds a character that does not show")


def test_labels_and_prose_in_one_place():
    from pydantic import TypeAdapter

    label, prose = TypeAdapter(Label), TypeAdapter(Prose)
    assert label.validate_python("Zoë's night 🌭") == "Zoë's night 🌭"     # letters, emoji, any script
    assert prose.validate_python("a\nb") == "a\nb"
    for bad in ("a\nb", "\ud800", "\x1b", "\x07", "\u202e", "\u2066", "\ufeffx", "\u00ad"):
        with pytest.raises(ValidationError):
            label.validate_python(bad)
        assert text_fault(bad) is not None and first_hidden(bad) is not None
    with pytest.raises(ValidationError):
        prose.validate_python("a\tb")


def test_a_text_checked_once_is_judged_the_same_every_time_after():
    """A short text's verdict is remembered (a replay reads the same names in every
    record): a refused one stays refused, in a one-line label and in prose alike, and a
    text past the remembered length is judged the same way."""
    from pydantic import TypeAdapter

    label, prose = TypeAdapter(Label), TypeAdapter(Prose)
    long_good, long_bad = "x" * 500, "x" * 499 + "\u200b"
    for _ in range(3):
        assert label.validate_python("Ann") == "Ann" and label.validate_python(long_good) == long_good
        assert prose.validate_python("a\nb") == "a\nb"
        for bad in ("a\nb", "Ann\u200b", long_bad):
            with pytest.raises(ValidationError):
                label.validate_python(bad)
        for bad in ("Ann\u200b", long_bad):
            with pytest.raises(ValidationError):
                prose.validate_python(bad)


# ---------------------------------------------------------------- Import

@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "companion.sqlite3")
    yield s
    s.close()


def _kept(store: Store) -> tuple[list, list, list]:
    with sqlite3.connect(store.path) as db:
        return (list(db.execute("SELECT * FROM matches")), list(db.execute("SELECT * FROM games")),
                list(db.execute("SELECT * FROM nights")))


@pytest.mark.parametrize("kind", HOSTILE)
@pytest.mark.parametrize("field", FIELDS)
def test_import_refuses_the_same_text_and_keeps_nothing(store, field, kind):
    make, starts = FIELDS[field]
    before = _kept(store)
    with pytest.raises(RecordError) as refused:
        import_json(store, make(HOSTILE[kind]))
    assert str(refused.value).startswith(starts)
    assert _kept(store) == before


@pytest.mark.parametrize("kind", HOSTILE)
def test_importing_a_night_with_a_hostile_name_keeps_nothing(store, kind):
    before = _kept(store)
    night = '{"kind": "night", "name": "Fri%sday", "date": "2024-05-03", "matches": [], "match_records": {}}'
    with pytest.raises(RecordError):
        import_night(store, night % HOSTILE[kind])
    assert _kept(store) == before


def test_a_byte_order_mark_is_read_alike_by_the_referee_and_import(store):
    """One answer: a UTF-8 BOM before the text is not part of it (some editors write
    one), for the referee's file, a pasted text and a picked file alike."""
    bom = "\ufeff" + HOTDOG
    expected = referee_json(HOTDOG)
    assert referee_json(bom.encode("utf-8")) == expected
    assert referee_json(bom) == expected
    assert import_json(store, bom).games == 1
    assert import_json(store, bom.encode("utf-8")).games == 1
    assert decoded(b"\xef\xbb\xbfx") == "x" == decoded("\ufeffx")
    proc = subprocess.run([sys.executable, "-m", "companion", "referee", "-"], input=bom.encode("utf-8"),
                          capture_output=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0 and json.loads(proc.stdout) == json.loads(expected)


def test_a_lone_surrogate_in_referee_jsonl_is_a_line_of_its_own(tmp_path):
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join([HOTDOG, sales(suit="\\ud800"), burger(card="\\udfff"), HOTDOG]) + "\n")
    proc = subprocess.run([sys.executable, "-m", "companion", "referee", "--jsonl", str(path)],
                          capture_output=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0 and proc.stderr == b""
    lines = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    assert [("error" in line) for line in lines] == [False, True, True, False]
    assert lines[1]["error"].startswith("round 1: sale 1: Ann: suit holds a character that does not show (U+D800")
    assert lines[2]["error"].startswith("round 1: decks holds a character that does not show (U+DFFF")
