"""What History and the setup screens read of the stored matches without their records:
the summaries (most recently changed first, searched by a player's name in any case
and with or without accents) and the groups played with (one per set of players,
seated as they sat last, with how many matches)."""

from __future__ import annotations

from companion.games.hotdog import setup_form
from companion.store.history import search_key


def hotdog(store, players: list[str]) -> int:
    return store.create_match("hotdog", players, setup_form.new_record(players, players[0]))


def test_summaries_are_the_matches_most_recently_changed_first(store):
    a = hotdog(store, ["Anna", "Bernd"])
    b = hotdog(store, ["Chris", "Dora"])
    assert [m.id for m in store.summaries()] == [b, a]
    store.set_finished(a)                                   # a change brings a match to the top
    got = store.summaries()
    assert [m.id for m in got] == [a, b] == [m.id for m in store.matches()]
    assert got[0].players == ("Anna", "Bernd") and got[0].finished and got[0].game == "hotdog"
    store.delete_match(a)
    assert [m.id for m in store.summaries()] == [b]
    imported = store.import_match("hotdog", ["Emil", "Zoë"], [setup_form.new_record(["Emil", "Zoë"], "Emil")], True)
    assert [m.id for m in store.summaries()] == [imported, b]


def test_a_search_reads_no_record(store):
    mid = hotdog(store, ["Anna", "Bernd"])
    store._conn.execute("UPDATE games SET record='not json' WHERE match_id=?", (mid,))
    assert store.page_of_summaries(["hotdog"], 10, "anna") == (1, [store.summaries()[0]])


def test_search_by_player_ignores_case_and_accents(store):
    zoe = hotdog(store, ["Zoë", "Bernd"])
    zoe_nfd = hotdog(store, ["Zoe\u0308", "Chris"])           # typed with a combining diaeresis
    anna = hotdog(store, ["ANNA", "Bernd"])

    def found(player: str) -> set[int]:
        return {m.id for m in store.page_of_summaries(["hotdog"], 10, player)[1]}

    assert found("zoe") == found("ZOË") == {zoe, zoe_nfd}
    assert found("anna") == {anna}
    assert found("ber") == {zoe, anna}                          # part of a name
    assert found("Dora") == set()
    assert found("  ") == {zoe, zoe_nfd, anna}                  # nothing typed: every match
    assert search_key("Zoë") == search_key("zoe") == "zoe"


def test_groups_are_sets_of_players_seated_as_last_time(store):
    hotdog(store, ["Anna", "Bernd", "Chris"])
    hotdog(store, ["Dora", "Emil"])
    store.create_match("burger", ["chris", "Anna", "Bernd"], {"game": "burger", "players": [], "rounds": []})
    groups = store.groups()
    assert [(g.players, g.matches) for g in groups] == [
        (("chris", "Anna", "Bernd"), 2),         # the latest first, seated (and spelt) as last time
        (("Dora", "Emil"), 1),
    ]
    assert groups[0].last_played >= groups[1].last_played


def test_groups_follow_the_matches(store):
    mid = hotdog(store, ["Anna", "Bernd"])
    assert [g.players for g in store.groups()] == [("Anna", "Bernd")]
    store.delete_match(mid)
    assert store.groups() == []


def test_a_solo_match_is_no_group_to_offer_again(store):
    """Sales solo (SA-2): one person plays two hands; the hands are no group of people."""
    from companion.ui.widgets.roster import groups_played

    store.create_match("sales", ["Hand 1", "Hand 2"], {"game": "sales", "players": ["Hand 1", "Hand 2"],
                                                     "mode": "solo", "sales": []})
    store.create_match("sales", ["Ann", "Ben"], {"game": "sales", "players": ["Ann", "Ben"],
                                               "mode": "coop", "sales": []})
    assert [g.players for g in store.groups()] == [("Ann", "Ben"), ("Hand 1", "Hand 2")]
    assert [g.players for g in groups_played(store)] == [("Ann", "Ben")]


def test_summaries_are_read_again_only_when_the_file_changed(store, monkeypatch):
    """History, its search and a night's list ask for the summaries at every draw; at
    10,000 matches reading them costs a few hundred ms, so they are read once per state
    of the file: a write of this store and another program's commit are each seen at
    the next ask (issue 26: History at 10,000 matches)."""
    import json as json_module

    from companion.store import Store, db

    a = hotdog(store, ["Anna", "Bernd"])
    parsed: list[str] = []
    real = json_module.loads
    monkeypatch.setattr(db.json, "loads", lambda text, *args, **kw: (parsed.append(text), real(text))[1])
    first = store.summaries()
    assert len(parsed) == 1
    assert store.summaries() == first and len(parsed) == 1
    b = hotdog(store, ["Chris", "Dora"])                                # this store writes
    assert [m.id for m in store.summaries()] == [b, a]
    other = Store(store.path)                                           # another program writes
    try:
        other.set_finished(a)
    finally:
        other.close()
    got = store.summaries()
    assert [m.id for m in got] == [a, b] and got[0].finished
    got.clear()                                                          # a caller's list is its own
    assert len(store.summaries()) == 2


def test_the_summaries_are_parsed_at_once(store, monkeypatch):
    """Issue 26: at 10,000 matches a first History parsed every match's players alone.
    Now the players are one parse. (A search is SQLite's, by each match's players_key:
    test_a_page_of_summaries_is_counted_and_paged_by_the_store.)"""
    import json as json_module

    from companion.store import db

    for _ in range(20):
        hotdog(store, ["Anna", "Bernd", "Zoë"])
    hotdog(store, ["Chris", "Bernd"])
    parsed: list[str] = []
    real = json_module.loads
    monkeypatch.setattr(db.json, "loads", lambda text, *args, **kw: (parsed.append(text), real(text))[1])
    assert len(store.summaries()) == 21 and len(parsed) == 1


def test_a_page_of_summaries_is_counted_and_paged_by_the_store(store, monkeypatch):
    """Issue 26: History's first page after a start read all 10,000 summaries to draw
    ten. The store counts the matches of the games asked for (searched as summaries
    searches: any case, any accents, a name at a time) and makes the summaries of the
    page only."""
    import json as json_module

    from companion.store import db

    ids = [hotdog(store, ["Anna", "Zoë"]) for _ in range(4)]
    ids += [hotdog(store, ["Bernd", "Chris"]) for _ in range(3)]
    store.create_match("burger", ["Zoe", "Anna"], {"game": "burger", "players": [], "rounds": []})
    parsed: list[str] = []
    real = json_module.loads
    monkeypatch.setattr(db.json, "loads", lambda text, *args, **kw: (parsed.append(text), real(text))[1])
    n, shown = store.page_of_summaries(["hotdog"], 2)
    assert n == 7 and [m.id for m in shown] == ids[::-1][:2] and len(parsed) == 2
    assert shown == store.summaries()[1:3]                                 # the same summaries
    n, shown = store.page_of_summaries(["hotdog"], 3, "ZOE")
    assert n == 4 and [m.id for m in shown] == ids[3::-1][:3] and all(m.players == ("Anna", "Zoë") for m in shown)
    assert store.page_of_summaries(["hotdog", "burger"], 10, "zoe")[0] == 5
    assert store.page_of_summaries(["hotdog"], 10, "anna\0zo") == (0, [])       # never across two names
    assert store.page_of_summaries(["hotdog"], 10, "Dora") == (0, [])
    assert store.page_of_summaries([], 10) == (0, [])


def test_the_first_page_is_read_from_the_end_of_an_index_not_sorted(store):
    """Issue 26: at 10,000 matches History's first page (nothing searched) had SQLite
    read and sort every match to find the ten most recently changed, a few ms of each
    draw. The page is read from the end of the index on the time changed: the plan of
    the statement the store runs sorts nothing."""
    for _ in range(3):
        hotdog(store, ["Anna", "Bernd"])
    run: list[str] = []
    store._conn.set_trace_callback(run.append)
    try:
        store.page_of_summaries(["hotdog", "burger"], 2)
    finally:
        store._conn.set_trace_callback(None)
    (page,) = [sql for sql in run if "LIMIT" in sql]
    plan = [row[3] for row in store._conn.execute("EXPLAIN QUERY PLAN " + page)]
    assert plan == ["SCAN matches USING INDEX matches_changed"]
