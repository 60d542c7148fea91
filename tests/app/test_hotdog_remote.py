"""The phone's own Hot Dog bid (companion.games.hotdog.remote), without a browser:
nothing is bid until the player touches it (HD-6), with the table screen's pickers."""

from __future__ import annotations

from types import SimpleNamespace

from companion.games.hotdog import forms, remote, widgets
from companion.games.hotdog.forms import Draft
from tests.app.test_hotdog_actions import texts


def seat(draft=None, mine=None, resolution=None) -> tuple[list[str], list]:
    """Chris's phone drawn: its words and its buttons."""
    from tests.render import Renderer

    sent: list = []
    view = SimpleNamespace(player="Chris", players=("Anna", "Bernd", "Chris", "Dora"), my_bid=mine,
                           resolution=resolution, position=0)
    ctx = SimpleNamespace(view=view, draft=draft, error=None, put=lambda fn: sent.append(fn(draft)),
                          submit=sent.append, withdraw=lambda: None)
    drawn = Renderer().render(remote.HotDogSeat.__wrapped__, ctx)
    return texts(drawn), sent


def test_the_phone_s_bid_is_empty_until_touched_hd6():
    words, _ = seat()
    assert widgets.MINE_NOT_ENTERED in words and widgets.NOT_ENTERED not in words   # said as the phone's owner
    assert not any("dollar" in w for w in words)              # no dollars offered for no bid


def test_the_phone_picks_table_and_hot_dogs_in_one_tap_dollars_up_to_its_money():
    words, _ = seat(Draft(7, 2))
    assert widgets.MINE_NOT_ENTERED not in words
    assert "Chris: 0 dollars" in words and "Chris: 2 dollars" in words and "Chris: 3 dollars" not in words
    assert remote.my_money(None, "Chris") == 3                # HD-3 before the first reveal
    assert remote.my_money({"round": {"money": {"Chris": 1}}}, "Chris") == 1
    assert list(forms.dollar_choices(remote.my_money({"round": {"money": {"Chris": 1}}}, "Chris"), 2)) == [0, 1]
