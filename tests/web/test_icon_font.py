"""The site's Material Icons font (companion.web.icon_font): cut down to the icons the site
can draw, it still has the glyph of every icon the code names and of every icon Flet's
client draws by itself, each the icon's own, and a screen's icons are drawn in the browser."""

from __future__ import annotations

import io
import json
import re
import tarfile
from collections import Counter
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from PIL import Image

from companion.web import archive, build, icon_font
from tests.e2e.harness import SCREENSHOTS, settled
from tests.web.site import Tab, returning, served

PLAYERS = ["Anna", "Bernd", "Chris"]
STYLES = ("outlined", "rounded", "sharp")


def every_icon() -> dict[str, int]:
    import flet

    return json.loads((Path(flet.__file__).parent / archive.ICONS.removeprefix("flet/")).read_text())


def shipped_table(site: Path) -> dict[str, int]:
    with tarfile.open(site / "app.tar.gz") as tar:
        return json.loads(tar.extractfile(f"__pypackages__/{archive.ICONS}").read())


def font_cmap(data: bytes) -> dict[int, str]:
    with TTFont(io.BytesIO(data)) as font:
        return font.getBestCmap()


def glyph_name(icon: str) -> str:
    """The name of a Flet icon's glyph in Flutter's font, where the icon has one of its own
    (``PRINT``: ``print_baseline``, ``EDIT_OUTLINED``: ``edit_outlined``); an alias
    (``COPY``, drawn as ``content_copy_baseline``) has none."""
    name = icon.lower()
    return name if name.endswith(tuple(f"_{s}" for s in STYLES)) else f"{name}_baseline"


def client_js(site: Path) -> str:
    return served(site, "main.dart.js").decode("utf-8")


def original_font() -> bytes:
    return (build._flet_web() / icon_font.ICON_FONT).read_bytes()


def glyphs_of(every: dict[str, int], by_index: list[int]) -> dict[int, set[str]]:
    """Each code point of Flet's icons, as the client draws them: the glyph names of the icons
    drawn with it (more than one for an alias: ``COPY`` and ``CONTENT_COPY``)."""
    names: dict[int, set[str]] = {}
    for name, value in every.items():
        names.setdefault(by_index[value & 0xFFFF], set()).add(glyph_name(name))
    return names


def test_the_icon_font_draws_every_icon_the_code_names_with_its_own_glyph(site):
    table, every = shipped_table(site), every_icon()
    by_index = icon_font.client_code_points(client_js(site), len(every))
    shipped = font_cmap((site / icon_font.ICON_FONT).read_bytes())
    glyphs = glyphs_of(every, by_index)
    assert {"PRINT", "ARROW_BACK", "HOME", "SETTINGS"} <= set(table)
    for name, value in table.items():
        point = by_index[value & 0xFFFF]
        assert point in shipped, name
        assert shipped[point] in glyphs[point] and glyph_name(name) in glyphs[point], name
    assert shipped[by_index[every["PRINT"] & 0xFFFF]] == "print_baseline"


def test_the_client_s_code_points_are_the_glyphs_named_after_flet_s_icons(site):
    """The build reads each icon's code point from the compiled client; the font's own glyph
    names say the same: each code point's glyph is named after an icon drawn with it (where
    one of them is named as a glyph: not Flutter's renamed ones, ``EIGHT_K`` for ``_8k``)."""
    every = every_icon()
    by_index = icon_font.client_code_points(client_js(site), len(every))
    whole = font_cmap(original_font())
    named = {point: names for point, names in glyphs_of(every, by_index).items() if names & set(whole.values())}
    assert len(named) > 8000
    assert [hex(point) for point, names in named.items() if whole[point] not in names] == []


def test_the_icon_font_keeps_every_icon_the_client_draws_by_itself(site):
    """Every Material icon the compiled client uses outside its table of Flet's icons (its
    Flutter widgets' and Flet controls' own: a back arrow, a dropdown's arrow, a password
    field's eye…) is in FRAMEWORK_ICONS, and every one of those is in the font."""
    js = client_js(site)
    every = every_icon()
    constants = icon_font.client_constants(js)
    start, end, names = icon_font.client_table(js, constants, len(every))
    uses = Counter(re.findall(r"\bB\.\w+\b", js[:start] + js[end:]))
    drawn = {constants[name] for name in constants if uses[name] > 1}        # its definition, and a use
    framework = icon_font.code_points((every[name.upper()] for name in icon_font.FRAMEWORK_ICONS),
                                      [constants[name] for name in names])
    assert len(drawn) > 30 and 0xE092 in drawn and 0xE098 in drawn            # arrow_back, arrow_drop_down
    assert drawn <= framework, sorted(hex(p) for p in drawn - framework)
    assert framework <= set(font_cmap((site / icon_font.ICON_FONT).read_bytes()))


def test_the_icon_font_is_less_than_a_tenth_of_flutter_s(site):
    whole, shipped = original_font(), (site / icon_font.ICON_FONT).read_bytes()
    assert len(shipped) < len(whole) / 10
    assert len(font_cmap(shipped)) < len(font_cmap(whole)) / 10


def ink_runs(png: bytes, box: dict) -> list[tuple[int, int]]:
    """The runs of columns of ``box`` (a button) with ink in them, left to right (first and
    last column): a pixel is ink where it is not the button's own colour (at its left
    edge, halfway down)."""
    picture = Image.open(io.BytesIO(png)).convert("RGB")
    left, top, width, height = (round(box[k]) for k in ("x", "y", "width", "height"))
    background = picture.getpixel((left + 4, top + height // 2))

    def inked(x: int) -> bool:
        return any(max(abs(a - b) for a, b in zip(picture.getpixel((x, y)), background, strict=True)) > 60
                   for y in range(top + 4, top + height - 4))

    runs: list[tuple[int, int]] = []
    for x in range(left + 6, left + width - 6):
        if inked(x):
            if runs and runs[-1][1] == x - 1:
                runs[-1] = (runs[-1][0], x)
            else:
                runs.append((x, x))
    return runs


def drawn_icon(png: bytes, box: dict) -> bool:
    """Whether the button in ``box`` shows an icon before its label: its first ink is a
    glyph an icon's width (8 to 24 pixels), then a gap wider than between two letters,
    then the label (without the icon's glyph, its first ink is the label's first letter)."""
    runs = ink_runs(png, box)
    return len(runs) > 2 and 8 <= runs[0][1] - runs[0][0] + 1 <= 24 and runs[1][0] - runs[0][1] > 6


@pytest.mark.e2e
def test_a_screen_s_icons_are_drawn_in_the_browser(chromium_browser, static_server, warm_profile, tmp_path):
    """The Print button of a match and the Back button of its rules show their icons: the
    glyphs are in the font the site ships (a missing one is drawn as nothing)."""
    ctx = returning(chromium_browser, warm_profile, tmp_path / "profile")
    try:
        t = Tab(ctx, static_server)
        t.setup(PLAYERS)
        buttons = [("Print match score sheet", "web-icon-print"), ("Back", "web-icon-back")]
        for name, picture in buttons:
            if name == "Back":
                t.click("Rules", exact=True)
            found = t.button(name, exact=True).first
            t.into_view(found)
            # the pixels can lag the accessibility tree (skwasm draws in a worker; once in CI
            # the Back button was still drawn mid-way into its screen): looked at again, for
            # at most a few seconds, before the verdict
            for _ in range(10):
                settled(t.pg)
                png = t.pg.screenshot()
                box = found.bounding_box()
                if box is not None and drawn_icon(png, box):
                    break
                t.pg.wait_for_timeout(300)
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            (SCREENSHOTS / f"{picture}.png").write_bytes(png)
            assert box is not None and drawn_icon(png, box), (name, ink_runs(png, box))
    finally:
        ctx.close()
