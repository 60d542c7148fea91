"""Right-to-left names and the browser build's printing. The printables shape Arabic and
order right-to-left text with arabic-reshaper and python-bidi (companion.pdf.bidi);
python-bidi 0.6 is compiled (Rust) and has no wheel for Pyodide's platform, so the
browser build ships neither, and a printable with such a name is refused there in one
line, never a traceback and never backwards text. Drawn without a browser (the same
refusal in chromium: tests/web/test_web_site.py)."""

from __future__ import annotations

import io
import tarfile

from companion.games.hotdog import setup_form
from companion.pdf import bidi
from companion.ui.widgets.exports import export_file
from tests.tabs import tab

PLAYERS = ["שרה", "محمد", "Chris"]


def test_the_browser_build_ships_no_right_to_left_library(site):
    with tarfile.open(fileobj=io.BytesIO((site / "app.tar.gz").read_bytes())) as tf:
        tops = {name.split("/")[0] for name in tf.getnames()}
    assert "bidi" not in tops and "arabic_reshaper" not in tops
    assert "companion" in tops


def test_a_sheet_with_a_right_to_left_name_is_refused_in_one_line_without_the_libraries(store, monkeypatch):
    monkeypatch.setattr(bidi, "_libraries", lambda: None)
    shell = tab(store)
    shell.in_browser = True
    mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Chris"))
    for kind in ("game-pdf", "match-pdf"):
        line = export_file(shell, mid, 1, kind)
        assert line.startswith("Not printed: 'שרה' is written right to left, which this build of companion "
                               "cannot print"), line
        assert "\n" not in line and "Traceback" not in line
    assert export_file(shell, mid, 1, "match-json").startswith("Match record downloaded")   # the records still go
