"""Golden files: every worded explanation of the games, in English and German, exactly
as players read it (issue 26).

``tests/goldens/<game>.<lang>.txt`` holds, for the rulebook's examples
(``tests/examples``), the records of the hand-worked rulings tests and seeded whole
games (``records/<game>/``: ``played-realistic-*`` and ``played-random-*`` come from
``bench/records.py``, seed 26), every sentence the referee, the screens, the history
and the phones word from a record (``words.py``), and for the refused records
(``refused/<game>/``) every refusal line. The files were written from the code before
the rules returned facts (the rules worded their results then); the wording moved to
each game's ``present`` layer and the files stayed byte for byte the same.

A change of wording is a change of these files: write them again with
``python -m tests.goldens.words`` and read the diff.
"""

from __future__ import annotations

import difflib

import pytest

from tests.goldens import words


@pytest.mark.parametrize("lang", words.LANGUAGES)
@pytest.mark.parametrize("game", words.GAMES)
def test_worded_explanations_are_the_golden_ones(game, lang):
    want = words.golden(game, lang).read_text(encoding="utf-8")
    got = words.render(game, lang)
    if got != want:
        diff = list(difflib.unified_diff(want.splitlines(), got.splitlines(), "golden", "now", n=1, lineterm=""))
        pytest.fail(f"{game} ({lang}) differs from {words.golden(game, lang).name}:\n" + "\n".join(diff[:60]))


def test_the_goldens_hold_every_game_and_refusal():
    """The fixtures cover what the goldens claim: each game has rulebook or ruling
    records, whole played games and refused records."""
    for game in words.GAMES:
        names = [name for name, _record in words.fixtures(game)]
        assert any("played-realistic" in n for n in names), game
        assert len(names) > 15, game
        assert len(list(words.refused(game))) > 10, game
