"""Screens opened again, without a browser: a setup's names survive the server being
killed (kept in the store like a round's bids), a setup come back to after it started
its match says so instead of offering a second match, and a match's table opened
again (its address, Continue, a new session) opens at the table, not at the past round
or result it last showed; a round being changed stays."""

from __future__ import annotations

from companion.games.hotdog import actions as ops
from companion.games.hotdog import forms, present, setup_form
from companion.games.hotdog.setup_form import SetupDraft
from companion.games.hotdog.setup_screen import SETUP
from companion.store.drafts import kept_setup
from companion.ui.table import Held, open_match, opened_anew
from tests.tabs import tab

PLAYERS = ["Anna", "Bernd", "Chris"]


def test_names_typed_in_a_setup_are_kept_in_the_store_and_come_back_in_a_new_session(store):
    """kill -9 used to bring the setup back empty, silently: the names lived in the
    session only."""
    before = tab(store)
    before.set_ui(SETUP, lambda d: d.renamed(0, "Anna").renamed(1, "Bernd"), SetupDraft())
    assert kept_setup(store, SETUP) is not None
    after = tab(store)                                    # the server restarted: a new session
    d = after.ui(SETUP, SetupDraft())
    assert d.names == ("Anna", "Bernd", "") and d.touched == frozenset({0, 1})
    after.set_ui(SETUP, lambda d: d.renamed(2, "Chris"), SetupDraft())   # goes on from what came back
    assert tab(store).ui(SETUP, SetupDraft()).names == ("Anna", "Bernd", "Chris")
    after.new_match("hotdog")                             # a new setup begun: the draft goes
    assert kept_setup(store, SETUP) is None and tab(store).ui(SETUP, SetupDraft()) == SetupDraft()


def test_a_setup_come_back_to_after_starting_its_match_names_that_match(store):
    """Back from a match just started landed on an emptied setup, where Start made a
    second match."""
    shell = tab(store)
    shell.set_ui(SETUP, lambda d: d.with_players(PLAYERS), SetupDraft())
    assert open_match(shell, "hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna")) is None
    shell.drop_ui(SETUP)                                  # the setup's own last step
    match_id = shell.state.route.args["match"]
    assert kept_setup(store, SETUP) is None
    assert shell.started_from_setup("hotdog") == match_id
    assert shell.started_from_setup("sales") is None
    shell.new_match("hotdog")                             # "Set up another match": a fresh setup
    assert shell.started_from_setup("hotdog") is None


def test_a_table_opened_anew_opens_at_the_table_a_change_being_made_stays():
    assert opened_anew(forms.TableUI(mode="round", index=1)).mode == "entry"
    assert opened_anew(forms.TableUI(mode="reveal")).mode == "reveal"   # the result just entered, as it was
    assert opened_anew(forms.TableUI(mode="edit", index=0)).mode == "edit"
    kept = forms.TableUI(drafts={"Anna": forms.Draft(table=5)}, mode="round")
    assert opened_anew(kept).drafts == kept.drafts           # the bids being entered stay


def test_match_n_opened_again_shows_the_table_not_the_past_round_last_opened(store):
    mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    shell = tab(store)
    shell.go("match", match=mid)
    for p in PLAYERS:
        ops.edit_bid(ops.open_table(shell, mid), ops.ROUND, p, forms.picked(5, 1), 5)
    s = ops.open_table(shell, mid)
    ops.submit(s, present.game_view(s.record))
    ops.open_round(ops.open_table(shell, mid), 0)
    assert ops.open_table(shell, mid).latest().mode == "round"
    shell.go("home")
    shell.go("match", match=mid)                          # Continue, or /match/N typed in
    assert ops.open_table(shell, mid).latest().mode == "entry"
    ops.open_round(ops.open_table(shell, mid), 0)         # kept in the store as it changes
    fresh = tab(store)                                    # a new session at /match/N: the kept state
    assert ops.open_table(fresh, mid).latest().mode == "entry"
    held = shell.state.ui[ops.TABLE]
    assert isinstance(held, Held) and held.ui.mode == "round"   # this session, on its screen: as it was
