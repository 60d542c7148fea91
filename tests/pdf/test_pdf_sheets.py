"""Score sheets and rules cards, read back with pypdf: names, headings, pages, page
sizes, and the numbers of a filled sheet."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from companion.core.registry import games, part
from companion.pdf.api import PRINTABLE_PART, build_rules_card, build_score_sheet, printable_games
from tests.conftest import EXAMPLES
from tests.pdf.helpers import DATA, SIZES_MM, page_texts, reader, size_mm, text, uncovered_text

DAY = dt.date(2026, 1, 2)
NAMES = ["Zoë", "Łukasz", "Γιώργος", "Дмитрий", "さくら"]
# Every game prints (the registry's games, each with its printable part): the checks below
# run for each; a game's own headings and page counts, where this file knows them, on top.
GAMES = printable_games()
# Beyond "<title> — score sheet" and "Date", which every blank sheet has:
HEADINGS = {
    "hotdog": ["Hot Dog — score sheet", "Match", "Game 1", "Game 2", "Game 3", "Total", "Winner",
               "Round log — game 1", "Round log — game 2", "Round log — game 3",
               "House rule: Game 1", "Date"],
    "sales": ["Sales — score sheet", "Round 1: values won", "Round 3: values won",
              "Numbers = rounds 1 + 2 + 3", "1x sets", "Neighbor sets", "Total = numbers + sets",
              "Won the last sale ✓", "Winner", "Co-op (2 players) and solo (two hands)",
              "Team score", "65+ Wow!", "55+ Good job.", "45+ Not bad!",
              "House rule: competitive game", "Date"],
    "burger": ["Burger — score sheet", "Complete hamburgers", "Rat tokens", "Score (house rule)",
               "Winner", "House rule: the rule texts give no scoring", "Round log", "On the table",
               "Draw pile", "Date"],
}
PAGES = {"hotdog": 2, "sales": 1, "burger": 1}     # a blank pad's pages; any other game's: 1
# A rules card's front names its round, after "Setup":
ROUND_HEADINGS = {"hotdog": "A sales round", "sales": "A sale (a trick)", "burger": "A round"}


def _players(game: str) -> tuple[int, int]:
    """How many players the game's sheet takes (its printable's PLAYERS)."""
    low, high = part(game, PRINTABLE_PART).PLAYERS
    return low, high


def test_every_game_has_a_printable():
    assert sorted(games()) == GAMES and len(GAMES) >= 3
    assert set(HEADINGS) | set(PAGES) | set(ROUND_HEADINGS) <= set(GAMES)   # no game named here is gone


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_blank_sheet_headings_pages_and_size(game, paper):
    pdf = build_score_sheet(game, paper=paper, date=DAY)
    words = text(pdf)
    for heading in [f"{games()[game].title} — score sheet", "Date", *HEADINGS.get(game, ())]:
        assert heading in words, heading
    assert len(reader(pdf).pages) == PAGES.get(game, 1)
    assert size_mm(pdf) == pytest.approx(SIZES_MM[paper], abs=0.2)
    assert "companion · page 1" in words and "companion · printed" not in words  # no build date
    assert "Date 2026-01-02" in words           # the date given fills the Date field
    assert len(pdf) < 80_000


@pytest.mark.parametrize("game", GAMES)
def test_named_sheet_shows_every_name(game):
    count = min(_players(game)[1], len(NAMES))
    pdf = build_score_sheet(game, players=NAMES[:count], date=DAY)
    first = page_texts(pdf)[0]
    for name in NAMES[:count]:
        assert name in first, name


def test_names_in_every_script_and_both_cjk_forms():
    pdf = build_score_sheet("sales", players=["Anna", "Zoë", "Γιώργος", "Дмитрий", "さくら", "王小明"],
                            paper="letter", date=DAY)
    words = text(pdf)
    for name in ("Anna", "Zoë", "Γιώργος", "Дмитрий", "さくら", "王小明"):
        assert name in words
    fonts = {str(f["/BaseFont"]) for p in reader(pdf).pages
             for f in p["/Resources"]["/Font"].get_object().values()}
    assert any("DroidSansFallback" in f for f in fonts) and any("DejaVuSans" in f for f in fonts)


def test_a_sentence_naming_a_cjk_player_is_set_in_two_fonts_not_boxes(tmp_path):
    record = {"game": "hotdog", "players": ["さくら", "王小明", "Zoë"], "mustard": "王小明",
              "rounds": [{"bids": [{"player": "さくら", "table": 5, "hotdogs": 5, "last": True},
                                   {"player": "王小明", "table": 7, "hotdogs": 3, "dollars": 1},
                                   {"player": "Zoë", "table": 7, "hotdogs": 2}]}]}
    pdf = build_score_sheet(record=record, date=DAY)
    words = text(pdf)
    assert "さくら wins with $8" in words and "Game 1 王小明 $8 ★ $2 $3" in words
    assert "Game 2 Zoë" in words and "Game 3 さくら" in words     # the next starts, one seat on
    assert uncovered_text(pdf) == []


@pytest.mark.parametrize("game", GAMES)
def test_no_text_is_drawn_in_a_font_that_lacks_it(game):
    names = ["Zoë", "Łukasz", "Γιώργος", "Дмитрий", "さくら", "王小明"][: _players(game)[1]]
    assert uncovered_text(build_score_sheet(game, players=names, date=DAY)) == []
    assert uncovered_text(build_rules_card(game, sheet="a4", date=DAY)) == []
    assert uncovered_text(build_score_sheet(record=(DATA / "hotdog-game.json").read_bytes(),
                                            date=DAY)) == []


def test_a_long_name_still_prints_whole():
    name = "Maximilian-Alexander Kö"   # 23 characters, in a narrow column of six
    pdf = build_score_sheet("sales", players=[name, "B", "C", "D", "E", "F"], date=DAY)
    assert "Maximilian" in text(pdf) and "Kö" in text(pdf)


def test_filled_hotdog_game_carries_its_numbers_and_marks_the_winner():
    record = (DATA / "hotdog-game.json").read_bytes()
    pdf = build_score_sheet(record=record, date=DAY)
    words = text(pdf)
    for name in ("Zoë", "Łukasz", "Γιώργος", "Дмитрий"):
        assert name in words
    # final money per player, the winner marked, the round log with mustard holders
    assert "Game 1 Łukasz $9 ★ $6 $7 $7" in words
    assert "Winner of game 1" not in words and "★ winner" not in words   # no match winner yet
    assert "1 Łukasz $5 $5 $3 $1" in words
    assert "2 Γιώργος $9 ✓ $6 $7 $7" in words
    assert "Zoë wins with $9" in words


def test_filled_hotdog_match_carries_every_game_and_the_totals():
    record = (DATA / "hotdog-match.json").read_bytes()
    pdf = build_score_sheet(record=record, paper="letter", date=DAY)
    pages = page_texts(pdf)
    first = pages[0]
    assert "Game 1 Anna $8 ★ $2 $3" in first
    assert "Game 2 Bernd $3 $8 ★ $1" in first
    assert "Game 3 Chris $3 $3 $8 ★" in first
    assert "Total $14 $13 $12" in first
    assert "Winner ★ winner" in first
    assert "Match over: ★ Anna wins the match with $14 in all." in first
    words = " ".join(pages)
    for g in (1, 2, 3):
        assert f"Round log — game {g}" in words
    assert size_mm(pdf) == pytest.approx(SIZES_MM["letter"], abs=0.2)


def test_the_same_input_gives_the_same_bytes():
    record = (DATA / "hotdog-match.json").read_bytes()
    a = build_score_sheet(record=record, date=DAY)
    build_rules_card("burger", sheet="a4", date=DAY)        # other work in between
    b = build_score_sheet(record=record, date=DAY)
    assert a == b


# ------------------------------------------------------------ sales and burger adapters
# Results shaped like docs/referee-contract.md (the contract's own worked examples), so the
# adapters are tested before the referees of these games are on this branch.

def _contract(name: str):
    return (json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8")),
            json.loads((EXAMPLES / f"{name}.expected.json").read_text(encoding="utf-8")))


def _render(sheet) -> bytes:
    from companion.pdf import sheet as render

    return render.render(sheet, "a4", DAY)


def test_sales_adapter_fills_rounds_and_scores_from_contract_shapes():
    from companion.games.sales.printable import filled_sheet

    record, result = _contract("sales-contract")
    words = text(_render(filled_sheet(record, result)))
    assert "Ann Ben Cat" in words
    assert "Round 1: values won 0 0 2" in words          # Cat won the sale with a 2
    assert "Numbers = rounds 1 + 2 + 3 0 0 2" in words
    assert "Total = numbers + sets 0 0 2" in words
    assert "Game in progress: competitive, 1 of 3 rounds recorded." in words


def test_sales_adapter_coop_team_box_and_winner():
    from companion.games.sales.printable import filled_sheet

    record = {"game": "sales", "mode": "coop", "players": ["Ann", "Ben"], "rounds": []}
    result = {"game": "sales", "rounds": [], "game_over": True,
              "scores": {"Ann": {"numbers": 40, "sets": 9, "neighbor": 8, "total": 57},
                         "Ben": {"numbers": 50, "sets": 6, "neighbor": 3, "total": 59}},
              "winners": [], "team": {"score": 57, "rating": "Good job."}}
    words = text(_render(filled_sheet(record, result)))
    assert "Total = numbers + sets 57 59" in words
    assert "Team score: the lower of the two totals 57" in words
    assert "☒ 55+ Good job." in words and "☐ 65+ Wow!" in words
    record["mode"] = "competitive"
    result.update(team=None, winners=["Ben"])
    words = text(_render(filled_sheet(record, result)))
    assert "Winner ★ winner" in words and "Ben wins" in words


def test_burger_adapter_fills_hamburgers_rats_scores_from_contract_shapes():
    from companion.games.burger.printable import filled_sheet

    record, result = _contract("burger-contract")
    words = text(_render(filled_sheet(record, result)))
    assert "Complete hamburgers 0 1 0" in words
    assert "Rat tokens hidden hidden hidden" in words         # BU-5: secret while in progress
    assert "Score (house rule) 0 1 0" in words          # rats score 0: nothing given away
    assert "1 Ann 0 1 0 1" in words                    # round log: first player, per player, sum
    assert "House rule:" in words and "1 point" in words


def test_burger_adapter_keeps_rats_secret_until_the_end():
    from companion.games.burger.printable import filled_sheet

    record = {"game": "burger", "players": ["Ann", "Ben"], "scoring": {"hamburger": 1, "rat": -1}}
    result = {"game": "burger", "game_over": False, "winners": [], "scores": {"Ann": 1, "Ben": 2},
              "rounds": [{"round": 1, "first": "Ann", "hamburgers": {"Ann": 2, "Ben": 2},
                          "rats": {"Ann": 1}}]}
    words = text(_render(filled_sheet(record, result)))
    assert "Rat tokens hidden hidden" in words
    assert "Score (house rule) at the end at the end" in words


def test_burger_adapter_scoring_house_rule_and_winner():
    from companion.games.burger.printable import filled_sheet

    record = {"game": "burger", "players": ["Ann", "Ben"], "scoring": {"hamburger": 2, "rat": -1},
              "rounds": []}
    result = {"game": "burger", "game_over": True, "winners": ["Ann"], "scores": {"Ann": 15, "Ben": 13},
              "rounds": [{"round": 1, "first": "Ann", "hamburgers": {"Ann": 8, "Ben": 7},
                          "rats": {"Ann": 1, "Ben": 1}}]}
    words = text(_render(filled_sheet(record, result)))
    assert "Complete hamburgers 8 7" in words and "Rat tokens 1 1" in words
    assert "Score (house rule) 15 13" in words and "Winner ★ winner" in words
    assert "2 points" in words and "-1 point" in words


@pytest.mark.parametrize("game", GAMES)
def test_every_games_worked_examples_print_filled_end_to_end(game):
    """Each worked example of the game in tests/examples (``<game>-….json``: a game or a
    match export), filled in: the sheet's title and every player's name."""
    examples = sorted(p for p in EXAMPLES.glob(f"{game}-*.json") if not p.name.endswith(".expected.json"))
    assert examples, f"tests/examples holds no worked example of {game}"
    for path in examples:
        words = text(build_score_sheet(record=path.read_bytes(), date=DAY))
        assert f"{games()[game].title} — score sheet" in words, path.name
        for name in json.loads(path.read_text(encoding="utf-8"))["players"]:
            assert name in words, (path.name, name)


# ------------------------------------------------------------ rules cards

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("sheet, pages, size, copies", [("a6", 2, "a6", 1), ("a5", 2, "a5-landscape", 2),
                                                         ("a4", 2, "a4", 4), ("letter", 2, "letter", 4)])
def test_rules_card_pages_sizes_copies(game, sheet, pages, size, copies):
    pdf = build_rules_card(game, sheet=sheet, date=DAY)
    texts = page_texts(pdf)
    assert len(texts) == pages
    assert size_mm(pdf) == pytest.approx(SIZES_MM[size], abs=0.2)
    assert texts[0].count("rules card companion · 2026-01-02") == copies
    if game in ROUND_HEADINGS:      # the shipped games' cards: Setup and the round, Common mistakes behind
        for heading in ("rules card Setup", ROUND_HEADINGS[game]):
            assert texts[0].count(heading) == copies, heading
        assert texts[1].count("Common mistakes") == copies
    assert len(pdf) < 80_000


# ------------------------------------------------------------ a pad stays on its pages

def _with_note(sheet, words: int):
    from dataclasses import replace

    from companion.pdf.model import Note

    return replace(sheet, blocks=sheet.blocks + (Note("word " * words),))


def _log_rows_printed(data: bytes) -> int:
    words = text(data).split("Round log")[1]
    return max(int(w) for w in words.split() if w.isdigit() and int(w) <= 40)


def test_a_pad_that_would_spill_only_its_last_lines_leaves_off_spare_blank_rows_instead():
    """Issue 29: the German burger sheet on Letter spilled its two-line footnote onto a page 2.
    A pad keeps its pages: as few spare blank rows are left off as keep the notes on them."""
    from companion.games.burger.printable import KEEP_ROWS, LOG_ROWS, score_sheet
    from companion.pdf import sheet as render

    pad = score_sheet([""] * 5)
    full = render.render(pad, "letter", None)
    assert len(page_texts(full)) == 1 and _log_rows_printed(full) == LOG_ROWS
    for words in (60, 120):                    # a few lines more than the page holds
        data = render.render(_with_note(pad, words), "letter", None)
        assert len(page_texts(data)) == 1
        assert KEEP_ROWS <= _log_rows_printed(data) < LOG_ROWS
    # more than the spare rows can make room for: every row stays, the note goes on a page 2
    data = render.render(_with_note(pad, 1500), "letter", None)
    assert len(page_texts(data)) == 2 and _log_rows_printed(data) == LOG_ROWS


# ------------------------------------------------------------ filled sheets, as a player reads them

def _filled(record: bytes, **kw) -> str:
    return text(build_score_sheet(record=record, date=DAY, **kw))


def test_filled_sheets_print_no_ruling_ids_and_fill_the_date_field():
    """Issue 29: subtitles printed ruling ids ("… (HD-15)"); the Date field stayed empty though the
    footer printed a date."""
    import re

    from tests.night_records import burger_game, sales_game

    exports = [(DATA / "hotdog-game.json").read_bytes(), (DATA / "hotdog-match.json").read_bytes(),
               json.dumps(sales_game(3)).encode(), json.dumps({"game": "burger", **burger_game()}).encode()]
    for export in exports:
        for number in (None, 1):
            if number and b'"kind": "match"' not in export and b'"hotdog"' not in export:
                continue
            words = _filled(export, number=number)
            assert not re.search(r"\b(HD|SA|BU)-\d", words), words[:300]
            # the Date field, right under its label, and the footer
            assert "Date 2026-01-02" in words and "printed 2026-01-02" in words
    words = _filled((DATA / "hotdog-game.json").read_bytes())
    assert "Game 1 of 3. Game over after round 2: ★ Zoë wins with $9." in words


def test_a_hotdog_match_in_progress_says_how_many_games_are_done():
    record = json.loads((DATA / "hotdog-match.json").read_text(encoding="utf-8"))
    record["games"] = record["games"][:2]
    words = _filled(json.dumps(record).encode())
    assert "Match in progress: 2 of 3 games done." in words


def test_a_coop_sales_sheet_has_a_team_score_and_rating_not_winner_rows():
    """Issue 29: a co-op sheet kept "Winner" rows; co-op has one team score (SA-15)."""
    from tests.sales.helpers import c, record, sale

    coop = record(["Anna", "Bernd"], [sale(("Anna", c("sun", 3)), ("Bernd", c("sun", 2)))],
                  [sale(("Bernd", c("rain", 5)), ("Anna", c("rain", 4)))],
                  [sale(("Anna", c("snow", 1)), ("Bernd", c("snow", 6)))], mode="coop", hand_size=1)
    words = _filled(json.dumps(coop).encode())
    assert "Game over: co-op, 3 of 3 rounds recorded. Team score 2: below 45, no rating." in words
    assert "Winner" not in words and "Won the last sale" not in words and "★" not in words
    assert "Team score: the lower of the two totals 2" in words and "☒ below 45: no rating" in words
    competitive = dict(coop, mode="competitive")
    words = _filled(json.dumps(competitive).encode())
    assert "Winner ★ winner" in words and "Won the last sale ✓" in words


def test_a_sheet_part_too_big_for_any_page_is_one_line_naming_the_sheet_and_paper():
    """Issue 29: a layout that does not fit says so in one line, never a LayoutError with a
    memory address."""
    from companion.pdf import sheet as render
    from companion.pdf.model import Grid, Row, ScoreSheet

    tall = Grid(title="Too tall", lead=("",), players=("Anna", "Bernd"), rows=(Row(("x",), ("", "")),),
                row_height=400.0)
    bad = ScoreSheet("hotdog", "Hot Dog — score sheet", "", ("Anna", "Bernd"), (tall,))
    with pytest.raises(render.SheetDoesNotFit) as err:
        render.render(bad, "letter", None)
    message = str(err.value)
    assert message == ("Hot Dog — score sheet: a part of the sheet does not fit a Letter page (English); "
                       "please report this")
