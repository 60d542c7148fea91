"""How many app sessions one peer may hold on ``companion serve``.

No flet here: a session is its id, and letting one go is the caller's ``forget``
(:func:`companion.ui.launch.forget_session` frees a Flet session).

Flet keeps a session after its websocket closes, so that a browser that lost its
connection for a moment gets its screen back as it was (the session's timeout:
``companion serve`` sets :data:`KEPT_SECONDS`). Each one costs about 100 KB, and
nothing stops one client from opening and closing thousands of websockets. So,
per peer (the connection's own address, never anything the client says):

- at most :data:`OPEN_PER_PEER` websockets open at once; one more is refused;
- at most :data:`KEPT_PER_PEER` closed sessions kept; a peer's oldest closed
  session goes as soon as one more closes;

and at most :data:`KEPT_IN_ALL` closed sessions kept in all, the oldest going
first. Opening and closing websockets in a loop then costs the server a bounded
amount whatever the client does, and what it costs is that client's own kept
sessions: a phone that lost its session finds its seat again by its token, as
after a reload.
"""

from __future__ import annotations

import contextlib
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable

#: Websockets one address may hold open at once. A phone holds one per tab; behind a
#: tunnel or reverse proxy on the host machine every phone of the table comes from
#: 127.0.0.1, so this allows the largest table (6 players, SA-2) with a few tabs each
#: and the host's own.
OPEN_PER_PEER = 32
#: Closed sessions kept per address, for a reconnect (a phone's screen locked, Wi-Fi
#: lost for a moment): a table behind one tunnel losing the network at once keeps
#: most of its phones' sessions.
KEPT_PER_PEER = 16
#: Closed sessions kept in all (~100 KB each: about 25 MB at most).
KEPT_IN_ALL = 256
#: How long Flet keeps a closed session (Flet's own default is an hour): a phone put
#: down while the others play comes back to its own session; after that it gets a
#: new one and its seat back by its token.
KEPT_SECONDS = 300

#: Frees a closed session now.
Forget = Callable[[str], Awaitable[None]]
#: Tells the app a session's last websocket is gone (Flet misses it when the client
#: goes while the server is still sending: the session would never expire).
Release = Callable[[str], Awaitable[None]]


async def _nothing(session_id: str) -> None:
    return None


class SessionBook:
    """The open websockets per peer, which sessions they talk to, and the closed
    sessions kept, oldest first. Only this book's own count says whether a session
    is in use: a session no websocket of the gate talks to is closed, whatever the
    app thinks."""

    def __init__(self, forget: Forget = _nothing, release: Release = _nothing, *,
                 open_per_peer: int = OPEN_PER_PEER, kept_per_peer: int = KEPT_PER_PEER,
                 kept_in_all: int = KEPT_IN_ALL) -> None:
        self.forget = forget
        self.release = release
        self.open_per_peer = open_per_peer
        self.kept_per_peer = kept_per_peer
        self.kept_in_all = kept_in_all
        self._open: Counter[str] = Counter()
        self._live: Counter[str] = Counter()                  # session id → websockets on it
        self._kept: OrderedDict[str, str] = OrderedDict()     # session id → peer, oldest first

    def may_open(self, peer: str) -> bool:
        return self._open[peer] < self.open_per_peer

    def opened(self, peer: str) -> None:
        self._open[peer] += 1

    def attached(self, session_id: str) -> None:
        """A websocket now talks to this session (new, or taken up again): not kept."""
        self._live[session_id] += 1
        self._kept.pop(session_id, None)

    def open_count(self, peer: str) -> int:
        return self._open[peer]

    def kept(self, peer: str | None = None) -> list[str]:
        """The closed sessions kept (of ``peer``), oldest first."""
        return [s for s, p in self._kept.items() if peer is None or p == peer]

    async def closed(self, peer: str, session_id: str | None) -> None:
        """A websocket of ``peer`` closed; ``session_id`` is the session it talked to
        (None: it never got one)."""
        self._open[peer] -= 1
        if self._open[peer] <= 0:
            del self._open[peer]
        if session_id is None:
            return
        self._live[session_id] -= 1
        if self._live[session_id] > 0:
            return                                  # another websocket talks to it
        del self._live[session_id]
        self._kept[session_id] = peer
        await self._call(self.release, session_id)
        mine = self.kept(peer)
        for old in mine[:max(0, len(mine) - self.kept_per_peer)]:
            await self._let_go(old)
        while len(self._kept) > self.kept_in_all:
            await self._let_go(next(iter(self._kept)))

    async def _let_go(self, session_id: str) -> None:
        self._kept.pop(session_id, None)
        await self._call(self.forget, session_id)

    @staticmethod
    async def _call(hook: Callable[[str], Awaitable[None]], session_id: str) -> None:
        with contextlib.suppress(Exception):       # a session that cannot be freed now is the app's to expire
            await hook(session_id)
