"""A finished match opened from History, for every registered game: its result is said
once, as a sentence of its own (a capital first), in English and in German. The German
review's reading found the sales result twice (the progress line, then the
explanation) and the burger one starting lowercase, as it is written after a History
row's prefix."""

from __future__ import annotations

import pytest

from companion.core import i18n
from companion.core.registry import games
from tests import night_records
from tests.whole_games.driver import App

FINISHED = {
    "hotdog": lambda: night_records.hotdog_match()["games"],
    "sales": lambda: [night_records.sales_game()],
    "burger": lambda: [night_records.burger_game()],
}
RESULT = {"hotdog": ("Match over", "Partie beendet"), "sales": ("Game over", "Spielende"),
          "burger": ("Over after", "Beendet nach")}


def test_every_registered_game_has_a_finished_match_here():
    assert set(FINISHED) == set(games())


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", sorted(FINISHED))
def test_a_finished_match_in_history_says_its_result_once_as_a_sentence(store, game, lang):
    records = FINISHED[game]()
    mid = store.import_match(game, records[0]["players"], records, True)
    with i18n.using(lang):
        app = App(store)
        app.shell.go("history_match", match=mid)
        texts = app.texts()
    start = RESULT[game][lang == "de"]
    assert len([t for t in texts if t.startswith(start)]) == 1, [t for t in texts if t.startswith(start)]
    assert not [t for t in texts if t.startswith(start.lower())]
