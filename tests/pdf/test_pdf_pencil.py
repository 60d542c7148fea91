"""Score sheets made for a pencil: white columns to write in, names written once, a
date field and no build date on a blank pad, rows enough for a long game, long and
CJK names whole and bold, and filled sheets that know their place in the match."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from companion.core.registry import games_with
from companion.games.burger import printable as burger
from companion.games.hotdog import printable as hotdog
from companion.games.sales import printable as sales
from companion.pdf import document, sheet
from companion.pdf.api import PRINTABLE_PART, build_score_sheet, sheet_from_record
from companion.pdf.model import Grid
from tests.pdf.helpers import DATA, PRINTABLES, drawn_strings, page_texts, reader, text, uncovered_text

DAY = dt.date(2026, 1, 2)
LONG = ["Anna-Lena Müller-Schmidt", "Maximilian Alexander Köh", "Γιώργος Παπαδόπουλος Κων",
        "Дмитрий Иванович Петрова", "Jean-Baptiste Dupont-Léo"]
MODULES = {"hotdog": hotdog, "sales": sales, "burger": burger}
#: Every game that prints; its printable module must be named above.
GAMES = sorted(games_with(PRINTABLE_PART))
assert set(MODULES) == set(GAMES), "a printed game needs its printable module here"


def grids(data) -> list[Grid]:
    return [b for b in data.blocks if isinstance(b, Grid)]


def shaded(block: Grid) -> set[tuple[int, int]]:
    """(column, row) of every shaded cell, rows counted with the head as 0."""
    cols = len(block.lead) + len(block.players) + len(block.tail)
    rows = len(block.rows) + 1
    out: set[tuple[int, int]] = set()
    for cmd in sheet.grid_style(block):
        if cmd[0] != "BACKGROUND":
            continue
        (c0, r0), (c1, r1) = cmd[1], cmd[2]
        c1, r1 = c1 % cols if c1 < 0 else c1, r1 % rows if r1 < 0 else r1
        out |= {(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)}
    return out


def body_shading(block: Grid) -> set[tuple[int, int]]:
    """Shaded cells below the head that are not label columns."""
    return {(c, r) for c, r in shaded(block) if r > 0 and c >= block.labels}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("names", [None, LONG[:2]])
def test_write_in_columns_are_white_and_only_labels_shaded(game, names):
    module = MODULES[game]
    data = module.score_sheet(names or [""] * module.PLAYERS[1])
    for block in grids(data):
        assert body_shading(block) == set(), block.title
        heads = {c for c, r in shaded(block) if r == 0}
        lead_n = len(block.lead)
        assert set(range(lead_n)) <= heads                       # the head's labels
        names_written = block.names_here and names is None
        players = set(range(lead_n, lead_n + len(block.players)))
        assert (players & heads == set()) if names_written else (players <= heads)


def test_hotdog_mustard_columns_and_burger_first_player_are_written_in_white():
    for block in grids(hotdog.score_sheet([""] * 5)) + grids(burger.score_sheet([""] * 5)):
        assert block.labels == 1
        if len(block.lead) > 1:
            assert not {(1, r) for r in range(1, len(block.rows) + 1)} & shaded(block)


def test_filled_sheets_shade_only_the_winners_cells():
    game = sheet_from_record((DATA / "hotdog-game.json").read_bytes())
    match = grids(game)[0]
    # Zoë won game 1: her game-1 cell, nothing else — no column, no match win
    assert body_shading(match) == {(2, 1)}
    assert match.shade == ((0, 0),)
    full = grids(sheet_from_record((DATA / "hotdog-match.json").read_bytes()))[0]
    # each game's winner in that game's row; Anna's total and winner cells for the match
    assert body_shading(full) == {(2, 1), (3, 2), (4, 3), (2, 4), (2, 5)}


def test_burger_log_sums_to_the_right_with_the_end_marker_and_a_draw_pile():
    words = text(build_score_sheet("burger", date=DAY))
    assert "A B C D E On the table ends at 8/9/10 Draw pile cards left" in words
    named = text(build_score_sheet("burger", players=["Ann", "Ben", "Cat", "Dan"], date=DAY))
    assert "Ann Ben Cat Dan On the table ends at 9 Draw pile cards left" in named
    assert "18 19 20 Per round" in words                             # 20 rows
    assert ("After the end, each player may flip the wastebasket card as the top bun of one "
            "hamburger that lacks only its top bun") in words


def test_burger_filled_log_carries_the_sum_and_the_draw_pile():
    from tests.conftest import EXAMPLES

    record = json.loads((EXAMPLES / "burger-contract.json").read_text(encoding="utf-8"))
    result = json.loads((EXAMPLES / "burger-contract.expected.json").read_text(encoding="utf-8"))
    words = text(sheet.render(burger.filled_sheet(record, result), "a4", DAY))
    assert "1 Ann 0 1 0 1 54 2" in words          # per player, on the table, draw pile; more rows follow


def test_sales_says_what_numbers_are_and_ticks_the_last_sale():
    words = text(build_score_sheet("sales", date=DAY))
    assert "Numbers = rounds 1 + 2 + 3" in words and "Total = numbers + sets" in words
    assert "Won the last sale ✓" in words
    record = {"game": "sales", "mode": "competitive", "players": ["Ann", "Ben"], "rounds": []}
    result = {"game": "sales", "game_over": True, "winners": ["Ann"],
              "scores": {"Ann": {"numbers": 9, "sets": 0, "neighbor": 0, "total": 9},
                         "Ben": {"numbers": 9, "sets": 0, "neighbor": 0, "total": 9}},
              "rounds": [{"sales": [{"winner": "Ben"}, {"winner": "Ann"}]}]}
    words = text(sheet.render(sales.filled_sheet(record, result), "a4", DAY))
    assert "Won the last sale ✓ ✓ Winner ★ winner" in words


@pytest.mark.parametrize("pdf", sorted(PRINTABLES.glob("*-score-sheet-*.pdf")), ids=lambda p: p.stem)
def test_blank_pads_have_a_date_field_and_no_build_date(pdf):
    words = text(pdf.read_bytes())
    german = pdf.stem.endswith("-de")
    assert ("Datum" if german else "Date") in words and ("gedruckt" if german else "printed") not in words
    assert not any(y in words for y in ("2025", "2026", "2027"))


def test_names_are_written_once_then_seat_letters():
    data = hotdog.score_sheet([""] * 5)
    first, *rest = grids(data)
    assert first.names_here and not any(g.names_here for g in rest)
    words = text(build_score_sheet("hotdog", date=DAY))
    assert words.count("A B C D E") == 4        # the match grid's write-in heads, then 3 logs
    assert "Date 2026-01-02" in words           # a date given fills the field


@pytest.mark.parametrize("game, rows", [("hotdog", 15), ("burger", 20)])
def test_enough_rows_for_a_long_game(game, rows):
    for block in grids(MODULES[game].score_sheet([""] * 5)):
        if block.title.startswith("Round log"):
            assert len(block.rows) >= rows
    pages = {"hotdog": 2, "burger": 1}[game]
    for paper in ("a4", "letter"):
        for names in (None, LONG):
            assert len(reader(build_score_sheet(game, players=names, paper=paper, date=DAY)).pages) == pages


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_long_names_stay_at_8_pt_or_more_in_whole_words(game, paper):
    width = document.sheet_frame_width(paper)
    data = MODULES[game].score_sheet(LONG)
    words = text(build_score_sheet(game, players=LONG, paper=paper, date=DAY))
    for block in grids(data):
        from companion.pdf import layout
        from companion.pdf.layout import MM

        lead = [w * MM for w in block.lead_widths]
        tail = [w * MM for w in (block.tail_widths or (22.0,) * len(block.tail))]
        col = layout.column_widths(width, lead, len(block.players), tail)[len(lead)] - 2 * sheet.CELL_PAD
        size = sheet.name_size(LONG, col)
        assert size >= 8.0
        for name in LONG:
            cell = sheet.NameCell(name, col, size)
            assert len(cell.lines) <= 3
            pieces = [p for p, _ in layout.name_pieces(name)]
            assert " ".join(cell.lines).replace("- ", "-") == name.replace("- ", "-"), cell.lines
            assert sum(len(layout.name_pieces(ln)) for ln in cell.lines) == len(pieces)
    for name in LONG:
        for word in name.split():
            for part in word.split("-"):
                assert part in words, part


def test_cjk_names_print_bold_like_the_rest():
    pdf = build_score_sheet("hotdog", players=["さくら", "王小明", "Zoë"], date=DAY)
    content = b"".join(p.get_contents().get_data() for p in reader(pdf).pages)
    assert b" 2 Tr" in content or b"\n2 Tr" in content      # filled and outlined: bold
    assert "さくら" in text(pdf) and "王小明" in text(pdf)
    cell = sheet.NameCell("さくら", 100, 10)
    assert cell.stroke and not sheet.NameCell("Zoë", 100, 10).stroke


def test_korean_names_print_bold_like_latin_and_chinese():
    """Issue 29: Korean names printed in regular weight beside bold Latin and Chinese ones."""
    pdf = build_score_sheet("hotdog", players=["민준", "Zoë"], date=DAY)
    content = b"".join(p.get_contents().get_data() for p in reader(pdf).pages)
    assert content.count(b" 2 Tr") >= 1                   # the Korean head filled and outlined
    assert "민준" in text(pdf)
    korean, chinese = sheet.NameCell("민준", 100, 10), sheet.NameCell("小明", 100, 10)
    assert korean.font == "NanumSquare" and korean.stroke >= chinese.stroke > 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game, players", [("hotdog", 5), ("burger", 5), ("sales", 6)])
def test_a_long_one_word_name_is_never_broken_inside_the_word(game, paper, players):
    """Issue 29: "Konstantinopoul/ou" at five players. One word too long for its column at 8 pt is
    set smaller for that name alone (the others keep their size), and beyond that narrowed, never
    broken; the text a reader copies out is the whole name."""
    names = ["Konstantinopoulou", "Anna", "Bernd", "Chris", "Dora", "Emil"][:players]
    worst = "Wwwwwwwwwwwwwwwwwwwwwwww"                 # 24 letters: the longest a name may be (HD-1)
    for long in ("Konstantinopoulou", worst):
        names[0] = long
        pdf = build_score_sheet(game, players=names, paper=paper, date=DAY)
        assert long in text(pdf)
        width = document.sheet_frame_width(paper)
        for block in grids(MODULES[game].score_sheet(names)):
            from companion.pdf import layout
            from companion.pdf.layout import MM

            lead = [w * MM for w in block.lead_widths]
            tail = [w * MM for w in (block.tail_widths or (22.0,) * len(block.tail))]
            col = layout.column_widths(width, lead, len(block.players), tail)[len(lead)] - 2 * sheet.CELL_PAD
            size = sheet.name_size(names, col)
            cell = sheet.NameCell(long, col, size)
            assert cell.lines == [long]
            assert cell.size * cell.line_scale(long) * sheet.stringWidth(long, cell.font, 1) <= col + 0.01
            assert size >= 8 and sheet.NameCell("Anna", col, size).size == size   # the others keep theirs
    kon = sheet.NameCell("Konstantinopoulou", 66.0, 10.0)
    assert kon.size >= sheet.NAME_OWN_SMALLEST and kon.line_scale("Konstantinopoulou") == 1.0


# ------------------------------------------------------------ right-to-left names

# What a reader sees, left to right, as the Unicode charts spell it (written out here, not
# computed by the libraries the printables use): Arabic in its joined forms, the first letter
# of a word on the right; Hebrew needs no joining.
MUHAMMAD_SEEN = "\ufeaa\ufee4\ufea4\ufee3"                   # dal final, meem medial, hah medial, meem initial
ABDALLAH_SEEN = "\ufeea\ufee0\ufedf\ufe8d \ufeaa\ufe92\ufecb"   # الله, a space (a no-break one: one word), عبد
SARAH_SEEN = "\u05d4\u05e8\u05e9"                              # he, resh, shin


def test_arabic_and_hebrew_names_print_joined_and_in_reading_order():
    """Issue 29: "محمد" printed "دمحم" (unjoined, backwards), "שרה" printed "הרש"."""
    import unicodedata

    pdf = build_score_sheet("hotdog", players=["محمد", "عبد الله", "שרה", "Zoë"], date=DAY)
    drawn = "".join(drawn_strings(pdf))
    assert MUHAMMAD_SEEN in drawn and ABDALLAH_SEEN in drawn and SARAH_SEEN in drawn
    assert "\u062f\u0645\u062d\u0645" not in drawn and "\u0645\u062d\u0645\u062f" not in drawn   # never unjoined
    # a text extractor (pypdf) gives the names back as typed, in their joined forms
    words = unicodedata.normalize("NFKC", text(pdf))
    assert "محمد" in words and "عبد الله" in words and "שרה" in words
    assert uncovered_text(pdf) == []


def test_a_right_to_left_name_in_a_sentence_and_a_cell_reads_right():
    """The mustard column and the subtitle of a filled sheet name players in sentences and cells."""
    import json
    import unicodedata

    record = json.loads((DATA / "hotdog-game.json").read_text(encoding="utf-8"))
    old = record["players"]
    new = ["محمد", "שרה", "Γιώργος", "Дмитрий"]
    raw = json.dumps(record, ensure_ascii=False)
    for a, b in zip(old, new, strict=True):
        raw = raw.replace(f'"{a}"', f'"{b}"')
    pdf = build_score_sheet(record=raw.encode(), date=DAY)
    drawn = "".join(drawn_strings(pdf))
    assert drawn.count(MUHAMMAD_SEEN) >= 2 and drawn.count(SARAH_SEEN) >= 2     # heads, and the mustard cells
    words = unicodedata.normalize("NFKC", text(pdf))
    assert "Game 2 Γιώργος" in words and "Game 3 Дмитрий" in words


def test_the_order_of_a_right_to_left_line_follows_unicodes_bidirectional_algorithm():
    from companion.pdf.bidi import visual

    assert visual("Anna") == "Anna"                                   # no right-to-left letter: as it was
    assert visual("שרה") == SARAH_SEEN
    assert visual("★ שרה wins.") == "★ " + SARAH_SEEN + " wins."     # the sentence stays left to right
    assert visual("עמית כהן") == "\u05df\u05d4\u05db\u00a0\u05ea\u05d9\u05de\u05e2"   # כהן left of עמית
    assert visual("מ\u05b4ירי") == "\u05d9\u05e8\u05d9\u05de\u05b4"   # a point stays on its letter (after it)


def test_a_build_without_the_right_to_left_libraries_refuses_such_a_name_in_one_line(monkeypatch):
    from companion.core.errors import CompanionError
    from companion.pdf import bidi

    monkeypatch.setattr(bidi, "_libraries", lambda: None)
    assert bidi.visual("Zoë") == "Zoë"
    with pytest.raises(CompanionError) as err:
        build_score_sheet("hotdog", players=["שרה", "Zoë"], date=DAY)
    assert "written right to left" in str(err.value) and "\n" not in str(err.value)


# ------------------------------------------------------------ a game's place in the match

def test_a_game_export_prefills_the_next_mustard_starts_and_blank_logs():
    words = text(build_score_sheet(record=(DATA / "hotdog-game.json").read_bytes(), date=DAY))
    assert "Game 2 Γιώργος" in words and "Game 3 Дмитрий" in words      # HD-17, one seat on
    for g in (1, 2, 3):
        assert f"Round log — game {g}" in words
    assert "Round log — game 2 Round Mustard Zoë Łukasz Γιώργος Дмитрий 1 2 3" in words


def test_game_3_of_a_match_prints_as_game_3():
    match = (DATA / "hotdog-match.json").read_bytes()
    words = text(build_score_sheet(record=match, number=3, date=DAY))
    assert "Game 3 of 3" in words and "Game 1" in words
    assert "Game 1 Anna $8 ★ $2 $3" in words and "Game 2 Bernd $3 $8 ★ $1" in words
    assert "Game 3 Chris $3 $3 $8 ★" in words and "Total $14 $13 $12" in words
    assert "Round log — game 3" in words
    assert "Round log — game 1" not in words and "game 1 of" not in words.lower()
    assert "Winner of game 1" not in words
    one = text(build_score_sheet(record=match, number=1, date=DAY))
    assert "Game 1 of 3" in one and "Round log — game 2" in one and "Round log — game 3" in one
    assert "Total $14" not in one                     # the match is not over on game 1's sheet


def test_a_lone_game_record_can_be_placed_as_game_n():
    words = text(build_score_sheet(record=(DATA / "hotdog-game.json").read_bytes(), number=3,
                                   date=DAY))
    assert "Game 3 of 3" in words and "Game 3 Łukasz $9 ★ $6 $7 $7" in words
    assert "Round log — game 3" in words and "Round log — game 1" not in words


@pytest.mark.parametrize("number, message", [(4, "there is no game 4"), (0, "1, 2 or 3")])
def test_a_game_number_outside_the_match_is_refused(number, message):
    from companion.core.errors import CompanionError

    with pytest.raises(CompanionError, match=message):
        build_score_sheet(record=(DATA / "hotdog-match.json").read_bytes(), number=number)


def test_page_texts_helper_still_reads_a_filled_game():
    assert page_texts(build_score_sheet(record=(DATA / "hotdog-game.json").read_bytes(), date=DAY))
