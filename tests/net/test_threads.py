"""Several sessions call the hub at once from their own threads, as Flet handlers do."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from companion.games.hotdog import present
from companion.net import Hub, SeatTaken
from tests.net.conftest import hotdog_match, seated

FIVE = ["Anna", "Bernd", "Chris", "Dora", "Emil"]


def test_only_one_device_gets_a_seat_raced_for(hub, store):
    code = hub.host(hotdog_match(store)).code
    start = threading.Barrier(8)

    def grab(i: int) -> str:
        start.wait()
        try:
            return hub.take_seat(code, "Anna", client=f"192.168.1.{i}").token
        except SeatTaken:
            return ""

    with ThreadPoolExecutor(8) as pool:
        tokens = [t for t in pool.map(grab, range(8)) if t]
    assert len(tokens) == 1 and hub.view(tokens[0]).player == "Anna"


def test_five_phones_bidding_at_once_for_many_rounds(store, limiter):
    """Each round the last bid in reveals it, exactly once, whatever the order."""
    hub = Hub(store, limiter=limiter)
    mid = hotdog_match(store, FIVE)
    code, tokens = seated(hub, mid, FIVE)
    rounds = 8
    heard: list[str] = []
    hub.on_change(heard.append)
    errors: list[BaseException] = []
    stop = threading.Event()

    def phone(p: str, i: int) -> None:
        try:
            for r in range(rounds):
                go.wait()
                hub.submit(tokens[p], {"table": 5 if (r + i) % 2 else 7, "hotdogs": 1})
                done.wait()
        except BaseException as exc:  # reported below
            errors.append(exc)

    def watcher(p: str) -> None:
        try:
            while not stop.is_set():
                view = hub.view(tokens[p])
                others = [q for q in FIVE if q != p]
                assert view.player == p and all(q not in (view.my_bid or {}) for q in others)
                hub.host_view(code)
        except BaseException as exc:
            errors.append(exc)

    go, done = (threading.Barrier(len(FIVE) + 1, timeout=20) for _ in range(2))
    threads = [threading.Thread(target=phone, args=(p, i)) for i, p in enumerate(FIVE)]
    threads += [threading.Thread(target=watcher, args=(p,)) for p in FIVE[:3]]
    for t in threads:
        t.start()
    counts = []
    try:
        for _ in range(rounds):
            go.wait()
            done.wait()
            counts.append(len(store.match(mid).current.record["rounds"]))
    finally:
        stop.set()
    assert counts == list(range(1, rounds + 1))
    for t in threads:
        t.join(10)
    assert not errors, errors[0]
    record = store.match(mid).current.record
    assert len(record["rounds"]) == rounds
    for r, rnd in enumerate(record["rounds"]):
        assert [b["player"] for b in rnd["bids"]] == FIVE
        assert [b["table"] for b in rnd["bids"]] == [5 if (r + i) % 2 else 7 for i in range(5)]
    assert present.game_view(record).results[-1]["round"] == rounds
    assert hub.host_view(code).bid_in == () and set(heard) == {code}


def test_bids_changed_at_once_keep_each_phones_last_one(store, limiter):
    hub = Hub(store, limiter=limiter, auto_reveal=False)
    mid = hotdog_match(store, FIVE)
    code, tokens = seated(hub, mid, FIVE)
    start = threading.Barrier(len(FIVE), timeout=20)

    def phone(i: int) -> None:
        p = FIVE[i]
        start.wait()
        for n in range(15):
            hub.submit(tokens[p], {"table": (5, 7, 9)[(n + i) % 3], "hotdogs": 1 + n % 3})
            if n == 7:
                hub.withdraw(tokens[p])
        hub.submit(tokens[p], {"table": 9, "hotdogs": 1 + i % 2})

    with ThreadPoolExecutor(len(FIVE)) as pool:
        list(pool.map(phone, range(len(FIVE))))
    assert hub.host_view(code).all_in
    hub.reveal(code)
    bids = store.match(mid).current.record["rounds"][0]["bids"]
    assert [(b["player"], b["table"], b["hotdogs"]) for b in bids] == \
        [(p, 9, 1 + i % 2) for i, p in enumerate(FIVE)]
