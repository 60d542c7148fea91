"""A hosted table and a host tab on one match: a round revealed from the phones and a
round entered on the host tab never both go in as one round twice; two reveals at
once record one round."""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest

from companion.games.hotdog import actions as ops
from companion.games.hotdog import forms, present
from companion.net import Hub, RevealRefused
from tests.net.conftest import PLAYERS, TIE, hotdog_match, seated
from tests.tabs import tab

SEVENS = {p: forms.Draft(table=7, hotdogs=1) for p in PLAYERS}


def type_bids(shell, mid, drafts) -> None:
    """Bids typed on the host tab's table screen as drawn."""
    ops.open_table(shell, mid).put_draft(ops.ROUND, lambda u: replace(u, drafts=dict(drafts)))


def submit(shell, mid) -> None:
    """'Submit round' tapped on the host tab's screen, drawn again."""
    s = ops.open_table(shell, mid)
    ops.submit(s, present.game_view(s.record))


def rounds(store, mid) -> list[dict]:
    return store.match(mid).current.record["rounds"]


def test_a_host_tab_entering_the_round_the_phones_revealed_is_refused(hub, store):
    mid = hotdog_match(store)
    _code, tokens = seated(hub, mid)
    host = tab(store)
    type_bids(host, mid, SEVENS)   # typed on the host tab
    for p in PLAYERS:                                   # the last bid reveals round 1
        hub.submit(tokens[p], TIE[p])
    revealed = rounds(store, mid)
    assert len(revealed) == 1
    submit(host, mid)
    ui = ops.open_table(host, mid).latest()
    assert ui.error == ("Round 1 was already entered on another screen; your entry was not "
                        "saved. The table now shows round 2.")
    assert rounds(store, mid) == revealed
    assert ui.drafts == SEVENS


def test_bids_for_a_round_the_host_tab_entered_are_not_revealed_as_the_next(store, limiter):
    hub = Hub(store, limiter=limiter, auto_reveal=False)
    mid = hotdog_match(store)
    code, tokens = seated(hub, mid)
    for p in PLAYERS:
        hub.submit(tokens[p], TIE[p])                   # round 1's bids, all in, not revealed yet
    host = tab(store)
    type_bids(host, mid, SEVENS)
    submit(host, mid)                           # round 1 entered on the host tab instead
    with pytest.raises(RevealRefused):                  # the phones' round-1 bids are gone
        hub.reveal(code)
    assert rounds(store, mid) == [forms.round_of(PLAYERS, SEVENS)]
    assert hub.host_view(code).bid_in == () and hub.host_view(code).position == 1


def test_two_reveals_at_once_record_one_round(store, limiter):
    hub = Hub(store, limiter=limiter, auto_reveal=False)
    mid = hotdog_match(store)
    code, tokens = seated(hub, mid)
    for p in PLAYERS:
        hub.submit(tokens[p], TIE[p])
    gate = threading.Barrier(4)
    outcomes: list[str] = []

    def reveal() -> None:
        gate.wait()
        try:
            hub.reveal(code)
        except RevealRefused:
            outcomes.append("refused")
        else:
            outcomes.append("revealed")

    threads = [threading.Thread(target=reveal) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["refused"] * 3 + ["revealed"]
    assert len(rounds(store, mid)) == 1
