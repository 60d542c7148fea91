"""A burger table hosted on phones says what its players enter — tool cards, not bids
(the 390-px review of 2026-12-02: „Gebote abgegeben: … es fehlen …“ and „Nur du bietest
von dort.“ on a burger table). The game's remote part says whether its entries are bids
(``RemoteView.bids``); Hot Dog keeps „Gebote abgegeben“. Drawn without a browser."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest

from companion.core import i18n
from companion.games.hotdog import forms as hotdog_forms
from companion.net.screens import bids_line
from companion.net.serving import hub_for
from tests.app.test_host_offer import drawn
from tests.app.test_new_setup import controls
from tests.burger_app.helpers import THREE, start
from tests.tabs import tab


def _said(shell, mid: int) -> list[str]:
    return [str(c.value) for c in controls(drawn(shell, mid, False)) if isinstance(c, ft.Text) and c.visible]


@pytest.mark.parametrize(("lang", "entered", "bid"), [("en", "Entered: ", "Bids in"),
                                                       ("de", "Eingegeben: ", "Gebote")])
def test_the_burger_host_panel_says_entered_not_bids(store, lang, entered, bid):
    shell = tab(store)
    shell.page = SimpleNamespace(web=False)  # type: ignore[assignment]
    mid = store.create_match("burger", list(THREE), start())
    hub_for(store).host(mid)
    with i18n.using(lang):
        said = _said(shell, mid)
    assert any(text.startswith(entered) for text in said), said
    assert not [text for text in said if bid in text or "bietest" in text], said


def test_hot_dog_keeps_its_bids_and_the_seat_picker_its_word():
    with i18n.using("de"):
        assert bids_line(["Anna"], ["Bernd"], False).startswith("Gebote abgegeben: Anna")
        assert bids_line(["Anna"], ["Bernd"], False, bids=False) == "Eingegeben: Anna · es fehlen: Bernd"
        assert i18n._("Who are you? Take your own seat: only you play from it.").endswith("Nur du spielst von dort.")
    assert hotdog_forms   # Hot Dog's remote part still says bids
    from companion.games.burger.remote import REMOTE as BURGER
    from companion.games.hotdog.remote import REMOTE as HOTDOG
    assert HOTDOG.bids and not BURGER.bids
