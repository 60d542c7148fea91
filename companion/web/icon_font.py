"""The Material Icons font of the browser build (:mod:`companion.web.build`) cut down to the
icons the site can draw.

Flutter's web client ships the whole font (1.26 MB, 8,600 glyphs): Flet's client cannot
leave any out, since a Flet app may send any of its 8,825 icons. companion's site can draw
two kinds only: the icons the code names (the app's and Flet's Python: the table of icons
the site ships, :data:`companion.web.archive.ICONS`, holds those alone), and the ones the
client draws by itself (:data:`FRAMEWORK_ICONS`). The font keeps their glyphs and drops the
others (fontTools' subsetter); the timestamps are the original font's, so a rebuild gives
the same bytes.

An icon reaches the client as a number, ``0x10000 | index`` (Flet 1.0: ``flet/controls/
material/icons.json``), and the client draws ``materialIcons[index]``, a list of Flutter's
``Icons`` in Flet's Dart source (``packages/flet/lib/src/utils/material_icons.dart``, in the
order of icons.json); each is an ``IconData`` whose code point is its glyph in the font. The
code points are read from the client the site ships (:func:`client_code_points`), where
that list and each ``IconData`` are constants.
"""

from __future__ import annotations

import io
import json
import re
import tarfile
from collections.abc import Iterable

from fontTools import subset
from fontTools.ttLib import TTFont

from companion.core.errors import CompanionError

#: The font in the site (and in flet-web's ``web/``).
ICON_FONT = "assets/fonts/MaterialIcons-Regular.otf"

#: Flet's icon values are ``MATERIAL | index`` (Cupertino's: ``0x20000 | index``, another font).
MATERIAL = 0x10000

#: The Material icons Flet's client draws by itself, by their name in Flutter's ``Icons``
#: (and, upper-cased, in Flet's ``Icons``): every ``IconData`` constant of the font that the
#: compiled client (flet-web 1.0.5's ``main.dart.js``) uses anywhere but in its table of
#: icons, that is in Flutter's Material widgets (``packages/flutter/lib/src/material/*.dart``:
#: the back button, a drawer's menu, a dialog's or search bar's close and clear, dropdowns'
#: arrow_drop_down, expansion tiles' expand_more, a DataTable's sort arrow_upward, the date
#: and time pickers' chevrons, calendar, edit, clock and keyboard, a chip's cancel, a
#: reorderable list's drag_handle, the text selection menu's copy) and in Flet's Dart
#: controls and their packages (``packages/flet/lib``: a password field's visibility and
#: visibility_off, the boot screen's error_outline and copy; the video player's and audio's
#: buttons). Flutter's back button on iOS and macOS (arrow_back_ios, arrow_back_ios_new_rounded)
#: is kept too, though on the web Flutter draws arrow_back on every platform
#: (``action_buttons.dart``: ``if (kIsWeb) return Icons.arrow_back``).
#: On a Flet upgrade, tests/web/test_icon_font.py lists any icon its client draws by itself that
#: this list lacks (``test_the_icon_font_keeps_every_icon_the_client_draws_by_itself``).
FRAMEWORK_ICONS = (
    "access_time", "arrow_back", "arrow_back_ios", "arrow_back_ios_new", "arrow_back_ios_new_rounded",
    "arrow_downward", "arrow_drop_down", "arrow_drop_up", "arrow_left", "arrow_right", "arrow_upward",
    "brightness_high", "brightness_low", "brightness_medium", "calendar_today", "cancel", "cancel_outlined", "check",
    "check_box", "check_box_outline_blank", "chevron_left", "chevron_right", "clear", "close", "content_copy", "copy",
    "done", "drag_handle", "edit", "edit_outlined", "error_outline", "expand_more", "fast_forward", "fast_rewind",
    "favorite", "fullscreen", "fullscreen_exit", "graphic_eq", "info_outlined", "keyboard_outlined", "menu",
    "more_horiz", "more_vert", "skip_next", "skip_previous", "visibility", "visibility_off", "volume_down",
    "volume_off", "volume_up",
)

#: An ``IconData`` constant of the font in the compiled client, on a line of its own: its
#: name, its code point (an integer, or as dart2js writes a round one: ``61e3``), then
#: its font package (``null``: spelt ``\w+``, as the check that nothing matches
#: translated words, tests/i18n/test_i18n_text_is_output.py, takes ``null`` for German)
#: and whether it is mirrored right to left.
_ICON_CONSTANT = re.compile(r'\n(B\.\w+)=new A\.a\(([0-9.e]+),"MaterialIcons",\w+,!?[01]\)')
#: A constant list of constants (the client's table of icons is the longest).
_CONSTANT_LIST = re.compile(r"\[((?:B\.\w+,){1000,}B\.\w+)\]")


def client_constants(client_js: str) -> dict[str, int]:
    """The compiled client's ``IconData`` constants of the Material font, by their name in
    the script: their code points."""
    return {name: int(float(point)) for name, point in _ICON_CONSTANT.findall(client_js)}


def client_table(client_js: str, constants: dict[str, int], icons: int) -> tuple[int, int, list[str]]:
    """Where the compiled client's table of Flet's ``icons`` Material icons is (start and
    end in the script) and the names of its ``constants`` (:func:`client_constants`) in it,
    by index."""
    for found in _CONSTANT_LIST.finditer(client_js):
        names = found.group(1).split(",")
        if len(names) == icons and all(name in constants for name in names):
            return found.start(), found.end(), names
    raise CompanionError("flet-web's main.dart.js has no table of Material icons companion knows: "
                         "cannot build the site")


def client_code_points(client_js: str, icons: int) -> list[int]:
    """The code point in the Material font of each of Flet's ``icons`` icons, by index, as
    the compiled client (``main.dart.js``) draws them."""
    constants = client_constants(client_js)
    return [constants[name] for name in client_table(client_js, constants, icons)[2]]


def shipped_icons(archive: bytes, table_path: str) -> dict[str, int]:
    """The table of icons an app archive ships (name: Flet's value); none without one."""
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r:gz") as tar:
        try:
            member = tar.extractfile(table_path)
        except KeyError:
            return {}
        table: dict[str, int] = json.loads(member.read()) if member else {}
        return table


def code_points(values: Iterable[int], by_index: list[int]) -> set[int]:
    """The glyphs of Flet's Material icon ``values``."""
    points = set()
    for value in values:
        if value & ~0xFFFF != MATERIAL or (value & 0xFFFF) >= len(by_index):
            raise CompanionError(f"{value:#x} is not one of Flet's Material icons: cannot build the site")
        points.add(by_index[value & 0xFFFF])
    return points


def subset_font(font: bytes, keep: set[int]) -> bytes:
    """``font`` with the glyphs of the code points ``keep`` only (each must be in it),
    its dates and everything else as they were: the same bytes for the same font."""
    with TTFont(io.BytesIO(font), recalcTimestamp=False) as whole:
        missing = keep - set(whole.getBestCmap())
        if missing:
            raise CompanionError(f"the Material Icons font has no glyph for {sorted(missing)[:5]}: "
                                 "cannot build the site")
        options = subset.Options()
        options.recalc_timestamp = False
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(keep))
        subsetter.subset(whole)
        out = io.BytesIO()
        whole.save(out)
        return out.getvalue()


def icon_font(font: bytes, client_js: str, shipped: dict[str, int], every: dict[str, int]) -> bytes:
    """The Material Icons font with the glyphs of the ``shipped`` icons (the site's table)
    and of :data:`FRAMEWORK_ICONS` only; ``every``: Flet's whole table of icons."""
    by_index = client_code_points(client_js, len(every))
    values = [*shipped.values(), *(every[name.upper()] for name in FRAMEWORK_ICONS)]
    return subset_font(font, code_points(values, by_index))
