"""Rules cards, read as a player would: every line traced to its rule text or ruling,
the plays that used to go wrong said right, nothing for developers, and print that a
player can read — 8.5 pt body text that is never shrunk, at least 8 mm from the
paper edge on sheets of cards, cut marks round the cards and never on them."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest

from companion.core.registry import games_with
from companion.pdf import card as cardmod
from companion.pdf import document, layout
from companion.pdf.api import PRINTABLE_PART, build_rules_card, printable
from companion.pdf.model import HOUSE, MARKS_LEGEND, RULING, Line, RulesCard, Section
from tests.pdf.helpers import ROOT, RULES, page_texts, reader, text

DAY = dt.date(2026, 1, 2)
#: Every game that prints (the registry asks each for its printable part): a game added
#: later is printed here too, and fails below until its own expectations are written.
GAMES = tuple(sorted(games_with(PRINTABLE_PART)))
TEXTS = {"hotdog": ("000", "001"), "sales": ("004",), "burger": ("003",)}
PREFIX = {"hotdog": "HD", "sales": "SA", "burger": "BU"}
assert set(TEXTS) == set(PREFIX) == set(GAMES), "a printed game needs its rule texts and ruling prefix here"
PT_PER_MM = 72 / 25.4


@cache
def rule_lines(number: str) -> list[str]:
    return (RULES / f"{number}.txt").read_text(encoding="utf-8").splitlines()


@cache
def rulings() -> dict[str, str]:
    """Ruling id → its text, from the repo's docs/rulings.md."""
    out = {}
    for ln in (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8").splitlines():
        m = re.match(r"- ((?:HD|SA|BU)-\d+) (.*)", ln)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def house_rulings() -> set[str]:
    return {rid for rid, body in rulings().items() if "**house rule**" in body.lower()}


def card(game: str) -> RulesCard:
    return printable(game).rules_card()


def lines_of(c: RulesCard) -> list[tuple[Section, Line]]:
    out = []
    for face in c.faces:
        for sec in face:
            out += [(sec, ln) for ln in sec.lines]
            if sec.table is not None:
                out += [(sec, cell) for row in sec.table.rows for cell in row if isinstance(cell, Line)]
    return out


def front_back(game: str) -> tuple[str, str]:
    pages = page_texts(build_rules_card(game, date=DAY))
    return pages[0], pages[1]


# ------------------------------------------------------------ traced to the rules

@pytest.mark.parametrize("game", GAMES)
def test_every_line_names_a_rule_text_line_or_a_ruling_that_exists(game):
    for _section, ln in lines_of(card(game)):
        assert ln.sources, ln.text
        for src in ln.sources:
            m = re.fullmatch(r"(\d{3}):(\d+)(?:-(\d+))?", src)
            if m:
                assert m.group(1) in TEXTS[game], (src, ln.text)
                lines = rule_lines(m.group(1))
                first, last = int(m.group(2)), int(m.group(3) or m.group(2))
                assert 1 <= first <= last <= len(lines), (src, ln.text)
                assert any(lines[i - 1].strip() for i in range(first, last + 1)), (src, ln.text)
            else:
                assert src.startswith(PREFIX[game] + "-") and src in rulings(), (src, ln.text)
    for face in card(game).faces:
        for sec in face:
            if sec.table is not None:
                assert sec.table.sources
            if sec.house_rule:
                assert set(sec.sources) & house_rulings(), sec.heading


@pytest.mark.parametrize("game", GAMES)
def test_marks_follow_the_sources(game):
    """A ruling mark cites a ruling; a house rule cites a house-rule ruling, or no ruling
    at all where texts and rulings are silent (the card's own house rule); a line citing
    only rulings — a point the texts leave open — is marked (the mistakes box repeats
    points made above, unmarked; a house-rule section is marked at its heading)."""
    for sec, ln in lines_of(card(game)):
        ids = {s for s in ln.sources if "-" in s and not s[0].isdigit()}
        if ln.mark == RULING:
            assert ids, ln.text
        elif ln.mark == HOUSE:
            assert not ids or ids & house_rulings(), ln.text
        elif not sec.boxed and not sec.house_rule:
            assert any(s[0].isdigit() for s in ln.sources), ln.text


def test_the_rule_text_copies_hold_what_the_cards_rest_on():
    assert "You don’t need to play on suit" in rule_lines("004")[8]
    assert "takes his placed table card back" in rule_lines("001")[49]
    assert "no other players can sell hot dogs there" in rule_lines("000")[14]
    assert "three cards with a value of one dollar" in rule_lines("001")[8]
    assert "Keep each face up" in rule_lines("004")[78]
    assert "Beginners may talk freely" in rule_lines("004")[94]
    assert "Hamburgers can only be made according to the recipe" in rule_lines("003")[19]


# ------------------------------------------------------------ what used to cause wrong play

def test_sales_competitive_players_need_not_follow_suit_and_the_card_says_it_is_the_competitive_rule():
    """Issue 29: "need not follow suit" is the competitive rule; co-op says the opposite."""
    front, back = front_back("sales")
    sale = front.split("A sale (a trick)")[1]
    assert ("In the competitive game you don't need to play on suit — play any card; only on-suit cards "
            "can win (co-op: see the back).") in sale
    assert "on suit if able" not in front
    assert "Play on suit if able" in back.split("Solo and 2-player co-op")[1]


def test_sales_setup_says_shuffle_deal_and_three_rounds_and_the_all_wild_case():
    """Issue 29: setup says shuffle and deal, and how many rounds; SA-4's every-card-wild case; SA-2's
    player counts marked as a ruling."""
    front, _back = front_back("sales")
    setup = front.split("A sale (a trick)")[0]
    assert "Shuffle all the cards and deal each player as many as the table says. A game is three rounds." in setup
    assert "Competitive 2–6 (ruling) 12 each HOUSE RULE" in setup
    assert "A wild first: the first non-wild card sets the suit; all wild: all are on suit. (ruling)" in front


def test_hotdog_the_hot_dogs_leave_the_game_not_the_players():
    front, back = front_back("hotdog")
    assert "each player gets $1 per own hot dog there, and those hot dogs leave the game." in front
    assert "and they leave the game" not in front
    # the mistake is leaving the card out, not keeping it (the German card said so already)
    assert "Leaving your table card out: take it back at the end of every round." in back
    assert "Keeping your table card" not in back


def test_burger_the_taker_chooses_and_used_tools_come_back_and_no_house_rule_where_rulings_have_none():
    front, _back = front_back("burger")
    assert "each tongs player chooses a deck and takes it" in front
    assert ("If that leaves you one tool card in hand, take all your used ones back, the one just played "
            "too. (ruling)") in front
    setup = front.split("A round")[0]
    assert "shuffled face down. Recipes:" in setup          # no HOUSE RULE after the draw deck …
    assert "one of them. Each player" in setup              # … nor after the recipes (no ruling has one)


def test_hotdog_a_full_table_takes_no_more_bids_that_round_as_the_app_rules_it():
    from companion.core.registry import parse_record, referee

    front, _ = front_back("hotdog")
    assert "No further bid is placed there this round." in front
    assert "cleared" not in front
    record = {"game": "hotdog", "players": ["Anna", "Bernd", "Chris"], "mustard": "Anna",
              "rounds": [{"bids": [{"player": "Anna", "table": 5, "hotdogs": 5, "dollars": 3},
                                   {"player": "Bernd", "table": 5, "hotdogs": 3},
                                   {"player": "Chris", "table": 7, "hotdogs": 2}]}]}
    import json

    steps = referee(parse_record(json.dumps(record)))["rounds"][0]["steps"]
    bernd = next(s for s in steps if s["player"] == "Bernd")
    assert bernd["outcome"] == "returned" and bernd["reason"] == "table full"


def test_hotdog_everyone_takes_back_their_table_card():
    front, _ = front_back("hotdog")
    assert "End of the round: everyone takes back their table card" in front


def test_burger_says_where_recipes_and_the_draw_deck_come_from():
    front, _ = front_back("burger")
    setup = front.split("A round")[0]
    assert "Draw deck: all ingredient cards, buns included, and the rat cards, shuffled face down." in setup
    assert "Recipes: lay out your game's recipe cards for all to see; each hamburger follows one of them." in setup
    assert "First player: whoever most recently ate a hamburger." in setup


def test_the_smaller_points_read_as_the_rules_say():
    hd_front, hd_back = front_back("hotdog")
    sa_front, sa_back = front_back("sales")
    bu_front, bu_back = front_back("burger")
    # the sales deal: 12 is the rule in co-op and solo, a house rule only in the competitive game
    assert "Competitive 2–6 (ruling) 12 each HOUSE RULE Co-op 2 12 each Solo 1 (two hands) 12 per hand" in sa_front
    assert "12" not in sa_front.split("Setup")[0]
    # won cards are not said to be face up; the winner's discards are face down
    assert "discards from hand, face down" in sa_front and "face up (" not in sa_front
    # playing alone still makes you discard
    assert "you still discard for its icons — you don't simply win every card in your hand" in sa_front
    # solo hands face up; co-op hands hidden, beginners may talk
    assert "two hands of 12, each face up" in sa_back
    assert "Don't show or talk about the cards in your hand (beginners may talk freely)" in sa_back
    # burger: tool cards are two or more in all, not two of each kind
    assert "2 tongs and 1 tease each; any other mix needs at least two cards. HOUSE RULE" in bu_front
    assert "at least two each" not in bu_front
    # burger: rat scoring reads plainly
    assert ("1 point per complete hamburger; rat tokens score 0, unless you agree a penalty at setup "
            "(e.g. −1 each)") in bu_back
    assert "0 per rat token" not in bu_back
    # hot dog: three $1 cards, not "$3"
    assert "three $1 cards" in hd_front and "$3" not in hd_front + hd_back


@pytest.mark.parametrize("game, house, ruling", [("hotdog", 1, 4), ("sales", 1, 4), ("burger", 2, 8)])
def test_house_rules_and_rulings_are_marked_apart(game, house, ruling):
    front, back = front_back(game)
    words = front + " " + back
    assert words.count("HOUSE RULE") == house + 1          # and once in the small print
    assert words.count("(ruling)") == ruling + 1


# ------------------------------------------------------------ made for players

@pytest.mark.parametrize("game, table", [
    ("hotdog", "Players Neutral tables Your table cards 2–3 5, 7 5, 7 4–5 5, 7, 9 5, 7, 9"),
    ("sales", "Game Players Cards each round"),
    ("burger", "Players 2 3 4 5 Ingredients a round 4 5 7 8 Decks a round (ruling) 2 3 4 5 "
               "Hamburgers to end 8 8 9 10"),
])
def test_each_card_has_a_player_count_table_and_a_common_mistakes_box(game, table):
    front, back = front_back(game)
    assert table in front
    assert back.count("Common mistakes") == 1
    box = next(s for s in card(game).faces[1] if s.boxed)
    assert box.heading == "Common mistakes" and 3 <= len(box.lines) <= 4


@pytest.mark.parametrize("game", GAMES)
def test_no_developer_matter_on_a_card(game):
    words = text(build_rules_card(game, sheet="a4", date=DAY))
    assert not re.search(r"\b(HD|SA|BU)-\d", words)
    assert "companion referee" not in words and "`" not in words and "Ruling ids" not in words
    front, back = front_back(game)
    assert "companion's rulings settle it" in back and "rulings" not in front


def test_card_body_text_is_at_least_8_5_pt_and_headings_larger():
    st = document.styles()
    for name in ("card_p", "card_li", "card_th", "card_td", "card_box_h"):
        assert st[name].fontSize >= 8.5, name
    assert st["card_h"].fontSize > st["card_p"].fontSize
    assert st["card_title"].fontSize > st["card_h"].fontSize
    assert st["card_small"].fontSize >= 7 and document.CARD_TAG_SIZE >= 7
    assert st["card_p"].fontName == "DejaVuSansCondensed"


@pytest.mark.parametrize("game", GAMES)
def test_each_face_fits_its_box_at_full_size(game):
    for height in cardmod.face_heights(card(game)):
        assert height <= layout.FACE_MM[1] * layout.MM


def test_a_face_too_long_is_an_error_never_shrunk_said_in_one_line():
    long = Section("Too long", lines=tuple(Line("word " * 80, ("001:1",)) for _ in range(8)))
    too_long = RulesCard("hotdog", "Too long", ((long,), (long,)))
    with pytest.raises(cardmod.FaceTooLong) as err:
        cardmod.render(too_long, "a6", DAY)
    message = str(err.value)
    assert message.startswith("Too long: the front does not fit its card on A6 (English, ")
    assert "mm too long); please report this" in message
    assert "\n" not in message and "0x" not in message and "KeepInFrame" not in message


def _drawn(data: bytes, page: int = 0) -> list[tuple[str, float, float, float]]:
    """Each piece of text drawn on a page: (text, x mm, y mm, size pt)."""
    out = []

    def visit(txt, cm, tm, font, size):
        if not txt.strip():
            return
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        scale = (tm[0] * cm[0] + tm[1] * cm[2])
        out.append((txt.strip(), x / PT_PER_MM, y / PT_PER_MM, round(size * abs(scale), 2)))

    reader(data).pages[page].extract_text(visitor_text=visit)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_printed_sizes_measured_in_the_pdf(game):
    """Nothing smaller than 7 pt (the footer, the tags and one line of small print);
    nearly all of what a player reads at 8.5 pt or more."""
    data = build_rules_card(game, sheet="a6", date=DAY)
    for page in (0, 1):
        drawn = _drawn(data, page)
        assert drawn
        assert min(size for *_, size in drawn) >= 7.0
        chars = sum(len(t) for t, *_ in drawn)
        body = sum(len(t) for t, *_, size in drawn if size >= 8.5)
        assert body / chars >= 0.8


@pytest.mark.parametrize("sheet", ["a4", "letter"])
def test_text_on_a_4up_sheet_starts_at_least_8_mm_from_the_edge(sheet):
    data = build_rules_card("sales", sheet=sheet, date=DAY)
    w, h = layout.card_page(sheet).width, layout.card_page(sheet).height
    for page in (0, 1):
        for txt, x, y, _size in _drawn(data, page):
            assert x >= 8 and y >= 8 and h - y >= 8, (txt, x, y)
            assert w - x >= 8, (txt, x)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
@pytest.mark.parametrize("sheet", ["a5", "a4", "letter"])
def test_cut_marks_are_printed_round_the_cards_never_on_them(sheet, tmp_path):
    """In the printed page: a band along every card's edges is blank (no mark on a
    cut line or a card), and ink lies where the layout puts each cut mark."""
    from PIL import Image

    dpi = 150
    pdf = tmp_path / "cards.pdf"
    pdf.write_bytes(build_rules_card("hotdog", sheet=sheet, date=DAY))
    subprocess.run(["pdftoppm", "-png", "-gray", "-r", str(dpi), "-f", "1", "-l", "1", str(pdf),
                    str(tmp_path / "p")], check=True, capture_output=True, timeout=60)
    page = layout.card_page(sheet)
    with Image.open(next(tmp_path.glob("p*.png"))) as im:
        px = im.convert("L").load()
        width, height = im.size

        def at(x_mm: float, y_mm: float) -> int:
            x = min(width - 1, max(0, round(x_mm / 25.4 * dpi)))
            y = min(height - 1, max(0, round((page.height - y_mm) / 25.4 * dpi)))
            return px[x, y]

        for x, y, w, h in page.cells:
            for t in (0.0, 0.5, 1.0, 1.5):
                for f in [i / 40 for i in range(41)]:
                    for xm, ym in ((x + t, y + f * h), (x + w - t, y + f * h),
                                   (x + f * w, y + t), (x + f * w, y + h - t)):
                        assert at(xm, ym) > 200, (sheet, xm, ym)
        for x1, y1, x2, y2 in layout.cut_marks(page):
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            ink = min(at(mx + dx / 10, my + dy / 10) for dx in range(-3, 4) for dy in range(-3, 4))
            assert ink < 160, (sheet, mx, my)


def test_the_letter_sheet_of_four_is_committed():
    for game in GAMES:
        assert (Path(ROOT) / "printables" / f"{game}-rules-4up-letter.pdf").is_file()


def _card(back: tuple[Section, ...], lines: int = 4) -> RulesCard:
    front = tuple(Section(f"Part {k}", tuple(Line(f"A rule, number {j}, in a sentence of its own.", ("x",))
                                             for j in range(lines))) for k in range(3))
    return RulesCard("toy", "Toy — rules card", (front, back), MARKS_LEGEND)


@pytest.mark.parametrize("sheet", ["a6", "a5", "a4", "letter"])
@pytest.mark.parametrize("back", [(), (Section("Only a heading"),)], ids=["small print only", "a heading"])
def test_a_back_with_little_above_its_small_print_fits_its_card(sheet, back):
    """A fourth game's card (issue 28) whose back held only the small print at its foot came
    out 0.9 pt taller than its box, and was refused as "the front does not fit … 0.0 mm"."""
    assert reader(cardmod.render(_card(back), sheet, DAY)).pages


def test_the_face_named_too_long_is_the_one_that_is():
    long_back = (Section("Much more", tuple(Line("A long line of rules that goes on and on. " * 3, ("x",))
                                             for _ in range(40))),)
    face, over = cardmod._most_over(_card(long_back), 148.0)
    assert face == 1 and over > 0
