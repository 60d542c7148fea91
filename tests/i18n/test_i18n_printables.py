"""Every text a printable shows goes through the catalogs: each game's score sheets
(blank, with names, filled from a record) and rules card, printed in the test language
:data:`companion.core.i18n.PSEUDO` (see ``test_i18n_screens.py``). Switched on per game
with ``PRINTABLES = True`` in ``tests/i18n/areas/<game>.py``."""

from __future__ import annotations

import contextlib
import datetime as dt
import json

import pytest

from companion.core import i18n
from companion.core.game import SEAT_PART
from companion.core.registry import has_part
from companion.pdf import api
from tests.i18n.pseudo import printables_on, uncovered
from tests.i18n.test_i18n_screens import _data, _record
from tests.pdf.helpers import page_texts

DATE = dt.date(2026, 11, 29)
PLAYERS = ["Anna", "Bernd", "Zoë"]


def _printed(game: str) -> dict[str, tuple[bytes, set[str]]]:
    """Each printable of ``game``, with the data printed in it."""
    out = {
        "blank score sheet": (api.build_score_sheet(game, paper="a4", date=DATE), set()),
        "rules card": (api.build_rules_card(game, date=DATE), set()),
    }
    with contextlib.suppress(Exception):   # a game whose sheets take other numbers of players
        out["named score sheet"] = (api.build_score_sheet(game, players=PLAYERS, paper="a4", date=DATE), set(PLAYERS))
    if has_part(game, SEAT_PART):
        record = _record(game)
        out["score sheet from a record"] = (api.build_score_sheet(record=json.dumps(record).encode(), date=DATE),
                                            _data(record))
    return out


@pytest.mark.parametrize("game", api.printable_games())
def test_a_games_printables_switched_on_print_only_translated_text(game):
    if not printables_on(game):
        pytest.skip(f"{game}: printables not switched on yet (tests/i18n/areas/{game}.py)")
    i18n.set_language(i18n.PSEUDO)
    dates = {i18n.date(DATE), DATE.isoformat()}
    found = []
    for what, (data, names) in _printed(game).items():
        for n, page in enumerate(page_texts(data), 1):
            left = uncovered(page, {*names, *dates})
            if left is not None:
                found.append(f"{what}, page {n}: {left!r}")
    assert not found, f"{game}: printed outside the catalogs: " + "; ".join(found)


def test_a_printable_in_english_is_seen_untranslated():
    i18n.set_language("en")
    (game, *_) = api.printable_games()
    (page, *_) = page_texts(api.build_rules_card(game, date=DATE))
    assert uncovered(page) is not None
