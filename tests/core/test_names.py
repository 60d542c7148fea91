"""One name policy for every game (HD-1, SA-2, BU-1): names are kept composed (NFC),
hold no character that does not show, and no two names at a table look the same.
Checked here through each game's record model and rules, as the referee reads them."""

from __future__ import annotations

import json

import pytest

from companion.core import names
from companion.core.errors import RuleError, one_line
from companion.core.names import Roster, key, normal
from companion.core.registry import parse_record, referee, result_json
from tests.conftest import load_example

RULING = {"hotdog": "HD-1", "sales": "SA-2", "burger": "BU-1"}


def setup(game: str, players: list[str]) -> str:
    """A record's one-line refusal (or '' if the referee takes it)."""
    try:
        referee(parse_record(json.dumps({"game": game, "players": players})))
    except RuleError as err:
        return str(err)
    return ""


LOOK_ALIKE = [
    ("Anna", "anna"),
    ("Zoë", "Zoe\u0308"),                # composed and decomposed: the same letters
    ("Zoe\u0308", "ZOË"),
    ("Anna Lena", "Anna\u00a0Lena"),     # a no-break space
    ("Anna Lena", "anna  lena"),         # two spaces
    ("Anna ❤", "Anna ❤\ufe0f"),          # the emoji form of the same heart
]


@pytest.mark.parametrize("game", sorted(RULING))
@pytest.mark.parametrize("a, b", LOOK_ALIKE, ids=range(len(LOOK_ALIKE)))
def test_names_that_look_the_same_are_one_name(game, a, b):
    line = setup(game, [a, "Bernd", b])
    assert line == one_line(f"setup: {RULING[game]} '{normal(b)}' and '{normal(a)}' look the same: "
                            "give each player a name the table can tell apart")


HIDDEN = [
    ("Anna\u200b", "U+200B zero width space"),
    ("\u202eannA", "U+202E right-to-left override"),
    ("An\u200dna", "U+200D zero width joiner"),
    ("An\u200cna", "U+200C zero width non-joiner"),
    ("\u200eAnna", "U+200E left-to-right mark"),
    ("Anna\u200f", "U+200F right-to-left mark"),
    ("Anna\u202a", "U+202A left-to-right embedding"),
    ("Anna\u2067", "U+2067 right-to-left isolate"),
    ("An\u00adna", "U+00AD soft hyphen"),
    ("\ufeffAnna", "U+FEFF zero width no-break space"),
    ("Anna\u2060", "U+2060 word joiner"),
    ("Anna\U000e0041", "U+E0041 tag latin capital letter a"),
    ("\u3164", "U+3164 hangul filler"),
    ("Anna\u115f", "U+115F hangul choseong filler"),
    ("Anna\u1160", "U+1160 hangul jungseong filler"),
    ("Anna\u2800", "U+2800 braille pattern blank"),
    ("An\u034fna", "U+034F combining grapheme joiner"),
    ("Anna\x1b[31m", "U+001B, a control character"),
    ("Anna\nBernd", "U+000A, a control character"),
    ("Anna\x7f", "U+007F, a control character"),
    ("An\u2028na", "U+2028 line separator"),
]


@pytest.mark.parametrize("game", sorted(RULING))
@pytest.mark.parametrize("name, what", HIDDEN, ids=range(len(HIDDEN)))
def test_a_character_that_does_not_show_is_refused(game, name, what):
    line = setup(game, [name, "Bernd"])
    assert line.startswith(f"setup: {RULING[game]} the name '"), line
    assert line.endswith(f"' holds a character that does not show ({what}): "
                         "type the name again without it"), line
    assert line.isprintable(), line   # the character itself is shown escaped


def test_the_message_shows_where_the_hidden_character_is():
    assert setup("hotdog", ["Anna\u200b", "Bernd"]).startswith(
        "setup: HD-1 the name 'Anna\\u200b' holds")
    assert setup("hotdog", ["\u3164", "Bernd"]).startswith("setup: HD-1 the name '\\u3164' holds")


@pytest.mark.parametrize("name", ["Zoë", "Anna Lena", "山田\u3000太郎", "Анна", "Ζωή", "Anna ❤\ufe0f",
                                  "O'Brien", "Jean-Luc", "Nguyễn"])
def test_names_a_table_uses_are_taken(name):
    assert setup("hotdog", [name, "Bernd"]) == ""


def test_a_name_is_kept_composed_and_trimmed():
    rec = parse_record(json.dumps({"game": "hotdog", "players": [" Zoe\u0308 ", "Bernd"]}))
    assert rec["players"] == ["Zoë", "Bernd"]
    assert len(rec["players"][0]) == 3
    assert normal("  Zoe\u0308\t") == "Zoë"
    assert key("Zoë") == key("ZOE\u0308") == key(" zoë ")
    assert Roster(["Zoë", "Bernd"]).find("zoe\u0308 ") == "Zoë"


def _keys_counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every name :func:`key` is asked for from now on, by the Roster."""
    asked: list[str] = []

    def counted(name: str) -> str:
        asked.append(name)
        return key(name)

    monkeypatch.setattr(names, "key", counted)
    return asked


def test_a_name_seated_exactly_is_found_without_working_out_a_key(monkeypatch):
    asked = _keys_counted(monkeypatch)
    roster = Roster(["Zoë", "Bernd"])
    assert roster.resolve("Bernd", "HD-3", "money for") == "Bernd"
    assert roster.find("Zoë") == "Zoë"
    assert asked == []


def test_a_name_spelt_otherwise_is_found_by_its_key_the_keys_worked_out_once(monkeypatch):
    asked = _keys_counted(monkeypatch)
    roster = Roster(["Zoë", "Bernd"])
    assert roster.resolve("zoe\u0308 ", "HD-3", "money for") == "Zoë"
    assert roster.resolve("BERND", "HD-3", "money for") == "Bernd"
    assert roster.find("Chris") is None
    assert asked == ["Zoë", "Bernd", "zoe\u0308 ", "BERND", "Chris"]


def test_a_name_not_seated_is_refused_with_the_ruling_and_the_players():
    with pytest.raises(RuleError) as refused:
        Roster(["Zoë", "Bernd"]).resolve(" Chris ", "HD-6", "", round=2)
    err = refused.value
    assert (err.ruling, err.round, err.player) == ("HD-6", 2, "Chris")
    assert err.message == "'Chris' is not a player (players: Zoë, Bernd)"


def _renamed(record: dict, old: str, variants: list[str]) -> str:
    """The record as JSON with each mention of ``old`` (a value or a key) spelt by the
    next of ``variants`` in turn."""
    text = json.dumps(record, ensure_ascii=False)
    parts = text.split(json.dumps(old))
    out = parts[0]
    for i, part in enumerate(parts[1:]):
        out += json.dumps(variants[i % len(variants)], ensure_ascii=False) + part
    return out


HOTDOG = {"game": "hotdog", "players": ["Anna", "Bernd", "Chris"], "mustard": "Anna",
          "money": {"Anna": 5, "Bernd": 3}, "tables": {"5": {"Anna": 1, "Chris": 1}},
          "rounds": [{"bids": [{"player": "Anna", "table": 5, "hotdogs": 2, "dollars": 1},
                               {"player": "Bernd", "table": 5, "hotdogs": 1},
                               {"player": "Chris", "table": 7, "hotdogs": 3, "dollars": 2}]}]}

RECORDS = {
    "hotdog": HOTDOG,
    "sales": load_example("sales-contract.json"),
    "burger": load_example("burger-contract.json"),
}


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_a_decomposed_record_is_refereed_as_the_composed_one(game):
    """Every mention of a player — the players, the mustard or leader, a money or tool
    key, a bid — is read composed: a record typed with 'e' + combining diaeresis gives
    exactly the result of the one typed with 'ë', and the result names 'Zoë' composed."""
    record = RECORDS[game]
    old = record["players"][0]
    composed = _renamed(record, old, ["Zoë"])
    mixed = _renamed(record, old, ["Zoe\u0308", "zoë", " ZOE\u0308 ", "Zoë"])
    assert mixed.count("\u0308") >= 2
    want = result_json(referee(parse_record(composed)))
    assert "Zoë" in want and "\u0308" not in want
    assert result_json(referee(parse_record(mixed))) == want


SETUP_SCREENS = {"hotdog": "companion.games.hotdog.setup_form",
                 "sales": "companion.games.sales.setup_form",
                 "burger": "companion.games.burger.setup_form"}


@pytest.mark.parametrize("game", sorted(SETUP_SCREENS))
def test_the_setup_screens_say_the_same_next_to_the_field(game):
    import importlib

    vm = importlib.import_module(SETUP_SCREENS[game])
    r = RULING[game]
    errors = vm.name_errors(["Zoë", "Zoe\u0308", "Anna\u200b", "Bernd"])
    assert errors == [
        None,
        f"{r}: 'Zoë' and 'Zoë' look the same: give each player a name the table can tell apart",
        f"{r}: the name 'Anna\\u200b' holds a character that does not show "
        "(U+200B zero width space): type the name again without it",
        None,
    ]


def test_a_new_game_keeps_its_names_composed():
    from companion.games.burger import setup_form
    from companion.games.hotdog import setup_form as hotdog
    from companion.games.sales import setup_form as sales

    assert hotdog.new_record([" Zoe\u0308", "Anna"], "Zoe\u0308")["players"] == ["Zoë", "Anna"]
    assert hotdog.new_record(["Zoe\u0308", "Anna"], "Zoe\u0308")["mustard"] == "Zoë"
    assert sales.new_record(["Zoe\u0308", "Anna"], leader="Zoe\u0308")["leader"] == "Zoë"
    setup = setup_form.Setup(players=("Zoe\u0308", "Anna"), first="zoe\u0308")
    assert setup_form.new_record(setup)["players"] == ["Zoë", "Anna"]
    assert setup_form.new_record(setup)["first"] == "Zoë"


def test_the_quick_look_for_hidden_characters_misses_none():
    """``first_hidden`` skips the look at each character for most names: it must agree
    with ``hidden`` on every code point of the planes names are typed in."""
    from companion.core.names import first_hidden, hidden

    for code in [*range(0x20000), *range(0xE0000, 0xE1000)]:
        ch = chr(code)
        assert (first_hidden(ch) == ch) == hidden(ch), hex(code)
