"""Every printable, every game, every size, every language (issue 29): the whole matrix of
games × blank, named and filled score sheets and rules cards (and the game night's sheet) ×
every size `companion print` offers × every language prints, on the pages it is made for.

Only A6 was ever printed in German; the German rules cards then failed on every sheet of
two or four cards ("LayoutError … KeepInFrame at 0x7f…"), and the German burger sheet on
Letter spilled its last two lines onto a second page. Each case here checks what a
player holding the paper would: it prints, on paper of the size asked for, in the
language asked for, with every character in a font that has it, on the number of pages
its design has (the same in every size and language)."""

from __future__ import annotations

import datetime as dt
import json
from functools import cache

import pytest

from companion.core import i18n
from companion.core.registry import games_with
from companion.pdf.api import PRINTABLE_PART, build_rules_card, build_score_sheet, printable
from companion.pdf.document import printed_date
from companion.pdf.layout import CARD_SHEETS, SHEET_PAPERS
from tests.pdf.helpers import DATA, fonts_used, page_texts, size_mm, uncovered_text

DAY = dt.date(2026, 1, 2)
#: Every game that prints (the registry asks each for its printable part): a game added
#: later is printed here too, and fails below until its own expectations are written.
GAMES = tuple(sorted(games_with(PRINTABLE_PART)))
LANGUAGES = tuple(i18n.LANGUAGES)
PAPER_MM = {"a4": (210, 297), "letter": (215.9, 279.4), "a6": (105, 148), "a5": (210, 148)}
#: The pages a blank or named pad is designed to fill: the same on A4 and Letter, in every language.
PAD_PAGES = {"hotdog": 2, "sales": 1, "burger": 1}
assert set(PAD_PAGES) == set(GAMES), "a printed game needs its pad pages here"
#: A table's hardest names, as many as the game seats: one long word (no break inside it),
#: Arabic and Hebrew (right to left, Arabic joined), Chinese, Korean, two words.
HARD_NAMES = ["Konstantinopoulou", "محمد عبد الله", "שרה", "小明", "민준", "Anna Lena"]
TITLES = {("en", "sheet"): "score sheet", ("de", "sheet"): "Wertungsblatt",
          ("en", "card"): "rules card", ("de", "card"): "Regelkarte"}


def test_every_language_and_game_is_in_the_matrix():
    from companion.pdf.api import printable_games

    assert set(GAMES) <= set(printable_games()) and set(LANGUAGES) == {lang for lang, _kind in TITLES}


@cache
def records() -> dict[str, list[tuple[str, bytes]]]:
    """Each game's filled-sheet inputs: (what, export as JSON bytes)."""
    from tests.night_records import burger_game, sales_game
    from tests.sales.helpers import c, record, sale

    coop = record(["Anna", "Bernd"], [sale(("Anna", c("sun", 3)), ("Bernd", c("sun", 2)))],
                  [sale(("Bernd", c("rain", 5)), ("Anna", c("rain", 4)))],
                  [sale(("Anna", c("snow", 1)), ("Bernd", c("snow", 6)))], mode="coop", hand_size=1)
    as_bytes = lambda rec: json.dumps(rec, ensure_ascii=False).encode()   # noqa: E731
    return {
        "hotdog": [("game", (DATA / "hotdog-game.json").read_bytes()),
                   ("match", (DATA / "hotdog-match.json").read_bytes())],
        "sales": [("competitive", as_bytes(sales_game(3))), ("coop", as_bytes(coop))],
        "burger": [("game", as_bytes({"game": "burger", **burger_game()}))],
    }


def check(data: bytes, size: str, lang: str, kind: str, pages: int | None = None) -> list[str]:
    assert data.startswith(b"%PDF-")
    texts = page_texts(data)
    if pages is not None:
        assert len(texts) == pages, f"{len(texts)} pages, made for {pages}"
    for page in range(len(texts)):
        assert size_mm(data, page) == pytest.approx(PAPER_MM[size], abs=0.2)
    assert TITLES[(lang, kind)] in texts[0]
    assert all(embedded for _font, embedded in fonts_used(data))
    assert uncovered_text(data) == []
    return texts


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("sheet", CARD_SHEETS)
@pytest.mark.parametrize("game", GAMES)
def test_rules_card(game, sheet, lang):
    with i18n.using(lang):
        data = build_rules_card(game, sheet=sheet, date=DAY)
    texts = check(data, sheet, lang, "card", pages=2)
    copies = {"a6": 1, "a5": 2, "a4": 4, "letter": 4}[sheet]
    mistakes = {"en": "Common mistakes", "de": "Häufige Fehler"}[lang]
    assert texts[1].count(mistakes) == copies          # each card's back whole, on every card


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("paper", SHEET_PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_blank_score_sheet(game, paper, lang):
    with i18n.using(lang):
        data = build_score_sheet(game, paper=paper)
    check(data, paper, lang, "sheet", pages=PAD_PAGES[game])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("paper", SHEET_PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_named_score_sheet_with_the_hardest_names(game, paper, lang):
    names = HARD_NAMES[:printable(game).PLAYERS[1]]
    with i18n.using(lang):
        data = build_score_sheet(game, players=names, paper=paper, date=DAY)
    check(data, paper, lang, "sheet", pages=PAD_PAGES[game])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("paper", SHEET_PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_filled_score_sheet(game, paper, lang):
    for what, export in records()[game]:
        with i18n.using(lang):
            data = build_score_sheet(record=export, paper=paper, date=DAY)
        texts = check(data, paper, lang, "sheet")
        assert len(texts) <= PAD_PAGES[game] + 2, what
        with i18n.using(lang):
            assert printed_date(DAY) in texts[0]           # the footer, and the Date field


@pytest.mark.parametrize("lang", LANGUAGES)
def test_game_night_sheet(lang):
    from companion.pdf.night import build_night_sheet
    from tests.pdf.test_pdf_night import result

    with i18n.using(lang):
        data = build_night_sheet(result(), date=DAY)
    assert data.startswith(b"%PDF-")
    texts = page_texts(data)
    assert len(texts) == 1 and size_mm(data) == pytest.approx(PAPER_MM["a4"], abs=0.2)
    assert "Friday at Anna's" in texts[0]
    assert all(embedded for _font, embedded in fonts_used(data)) and uncovered_text(data) == []
