"""What one render of every game's screens reads, counted (``tests/reads.py``): the data
comes down from the route, effects live in hooks, shipped files are read once per version.

A session draws its screen again at every tap and at every change of what it shows (the
shell's state moves on, ``SessionState.rev``, and the screen re-reads the store): a redraw
where nothing changed reads what the first did, so what is counted is one render. A
table screen for a match in progress reads the match once, at the route
(``companion.ui.table.read_match``: its games and its own settings), and nothing under
it reads it again; a game hosted on phones also asks the hub whether the match is
hosted (one transaction). The first render of a session also reads the drafts it begins
from; no render after it opens a file. A setup reads each thing it offers (the groups
played, the files made in the app) at most once, and from its second render no file.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, settings

from companion.core import registry
from companion.store import Store
from companion.ui.host import hostable
from companion.ui.router import Screen
from companion.ui.services import Shell
from tests.every_game.generators import games as played_games
from tests.every_game.test_every_game import GAMES, known
from tests.reads import Reads, drawn_reads
from tests.tabs import tab

#: What a table render reads of the store: the match, once, at the route.
ROUTE = {"match": 1, "match_settings": 1}


def in_progress(game: str) -> dict[str, Any]:
    """A legal record of ``game`` with rounds played and the game going on (the same
    every run)."""
    def going_on(record: dict[str, Any]) -> bool:
        return len(record.get("rounds", [])) >= 2 and not registry.over(game, record)

    return find(played_games(game), going_on, settings=settings(
        database=None, max_examples=2000, derandomize=True, phases=[Phase.generate],
        suppress_health_check=list(HealthCheck)))


def screen_reads(shell: Shell) -> Reads:
    """What one render of the screen ``shell`` shows reads."""
    return drawn_reads(Screen, shell, shell.state.route)


@pytest.mark.parametrize("game", GAMES)
def test_a_table_render_reads_its_match_once_at_the_route(store: Store, game: str) -> None:
    with known(game):
        record = in_progress(game)
        mid = store.create_match(game, list(record["players"]), record)
        shell = tab(store)
        shell.go("match", match=mid)
        hub = {"transaction": 1} if hostable(game) else {}     # the host panel: hosted yet?
        first = screen_reads(shell)
        assert first.store - Counter(reading=1) == ROUTE, first     # and the drafts kept, if any
        assert first.transactions == hub, first
        for redraw in (lambda: None, shell.redraw):            # the same state, then a change of it
            redraw()
            again = screen_reads(shell)
            assert again.store == ROUTE, again
            assert again.transactions == hub, again
            assert not again.files, again


@pytest.mark.parametrize("game", GAMES)
def test_a_setup_render_reads_each_thing_once_and_no_file_again(store: Store, game: str) -> None:
    with known(game):
        shell = tab(store)
        shell.go("setup", game=game)
        first = screen_reads(shell)
        assert max(first.store.values(), default=0) <= 1 and not first.transactions, first
        again = screen_reads(shell)
        assert max(again.store.values(), default=0) <= 1 and not again.transactions, again
        assert not again.files, again


def test_the_phone_join_screen_reads_the_hub_once_and_the_store_never(store: Store) -> None:
    """A phone shows its seat (or the seats to pick from) from one look at the hub per
    render, and the code entry from nothing stored."""
    from dataclasses import replace

    from companion.net.serving import hub_for
    from companion.ui.phone import PHONE, PhoneUI

    game = sorted(g for g in registry.games() if hostable(g))[0]
    record = in_progress(game)
    mid = store.create_match(game, list(record["players"]), record)
    net = hub_for(store)
    code = net.host(mid).code
    phone = tab(store)
    phone.remote = True
    phone.go("join")

    def put(**changes: Any) -> None:
        phone.set_ui(PHONE, lambda u: replace(u, **changes), PhoneUI())

    put(checked=True)
    entry = screen_reads(phone)
    assert not entry.store and not entry.transactions and not entry.files, entry
    put(table=net.open_table(code, "192.168.1.2"))
    picking = screen_reads(phone)
    assert not picking.store and picking.transactions == {"transaction": 1} and not picking.files, picking
    put(table=None, token=net.take_seat(code, record["players"][0], "192.168.1.2").token)
    for _render in range(2):
        seated = screen_reads(phone)
        assert not seated.store and seated.transactions["transaction"] <= 1 and not seated.files, seated


@pytest.mark.parametrize("game", GAMES)
def test_a_match_opened_from_the_history_reads_it_once(store: Store, game: str) -> None:
    """The history's match screen reads the match once, at the route, and hands it to
    the game's screen (it read it twice: the route to find the game, then the screen)."""
    with known(game):
        record = in_progress(game)
        mid = store.create_match(game, list(record["players"]), record)
        shell = tab(store)
        shell.go("history_match", match=mid)
        for _ in range(2):
            seen = screen_reads(shell)
            assert seen.store["match"] == 1, seen
            assert max(seen.store.values()) == 1 and not seen.files, seen
