"""Wrong table codes, slowed down and then refused for a while, per client.

A client is whatever key the caller has for it: in web mode the address the phone's
connection comes from (the ASGI scope's peer, :attr:`companion.net.access.Visitor.peer`),
never ``page.client_ip``, which the client itself may set to a new value per try.
The first few wrong codes cost nothing (a typo); after that every wrong code makes
the client wait longer before the next try (doubling); after many the client is
locked out for a while. The limiter never sleeps: it tells the caller
how long to wait, and refuses any attempt made before then without even checking
the code, so waiting is enforced and no server thread is held up.

Only time forgets a wrong code: each one counts against its client for
``forget_after`` seconds (15 minutes, as long as a lockout), and a lockout served
forgets the codes that caused it. A right code forgets nothing: a player who knows
one table's code could otherwise type it between guesses at other codes and never
wait. A typo or two before the right code costs nothing anyway (the free tries).

Only table codes are counted. A seat token is a 256-bit secret that no one can
guess, so getting a seat back by its token is never counted nor refused here: a
household behind one router shares one address, and a child mistyping codes must
not lock the others out of their seats.

Kept in memory: a restart is the host's doing, never a guesser's, and a table code
is worthless once the host closes the table. At most ``max_clients`` clients are
held; past that the one whose last wrong code is oldest goes first. Eviction gives
a guesser nothing that fresh addresses would not (an address per try is cheap on
IPv6), and it keeps the memory bounded whatever the guesser does.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class _Record:
    failures: deque[float] = field(default_factory=deque)   # when each counted wrong code came, oldest first
    blocked_until: float = 0.0
    locked: bool = False


@dataclass(frozen=True)
class Verdict:
    """Whether a client may try now; if not, how long to wait and whether it is a lockout."""

    allowed: bool
    retry_after: float = 0.0
    locked: bool = False


class JoinLimiter:
    """Counts wrong codes per client key. Thread-safe; ``clock`` is injectable for tests."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        *,
        free_failures: int = 3,
        base_delay: float = 2.0,
        lockout_after: int = 8,
        lockout: float = 15 * 60.0,
        forget_after: float = 15 * 60.0,
        max_clients: int = 4096,
    ) -> None:
        if not 0 <= free_failures < lockout_after:
            raise ValueError("free_failures must be below lockout_after")
        if max_clients < 1:
            raise ValueError("max_clients must be at least 1")
        self.clock = clock
        self.free_failures = free_failures
        self.base_delay = base_delay
        self.lockout_after = lockout_after
        self.lockout = lockout
        self.forget_after = forget_after
        self.max_clients = max_clients
        # Ordered by each client's last wrong code, oldest first (moved to the end on each).
        self._clients: dict[str, _Record] = {}
        self._lock = threading.Lock()

    def delay_after(self, failures: int) -> float:
        """The wait after ``failures`` counted wrong codes: 0, then doubling from base_delay."""
        if failures <= self.free_failures:
            return 0.0
        return self.base_delay * 2.0 ** (failures - self.free_failures - 1)

    def check(self, client: str) -> Verdict:
        """May this client try a code now?"""
        with self._lock:
            rec = self._current(client)
            now = self.clock()
            if rec is None or now >= rec.blocked_until:
                return Verdict(True)
            return Verdict(False, rec.blocked_until - now, rec.locked)

    def failure(self, client: str) -> Verdict:
        """A wrong code from this client: what it must now wait (allowed=True: no wait)."""
        with self._lock:
            now = self.clock()
            rec = self._current(client) or _Record()
            self._clients.pop(client, None)
            self._drop_stale(now)
            while len(self._clients) >= self.max_clients:
                del self._clients[next(iter(self._clients))]
            rec.failures.append(now)
            count = len(rec.failures)
            if count >= self.lockout_after:
                rec.locked = True
                rec.blocked_until = now + self.lockout
            else:
                rec.blocked_until = now + self.delay_after(count)
            self._clients[client] = rec
            if rec.blocked_until <= now:
                return Verdict(True)
            return Verdict(False, rec.blocked_until - now, rec.locked)

    def failures(self, client: str) -> int:
        """How many wrong codes still count against this client."""
        with self._lock:
            rec = self._current(client)
            return len(rec.failures) if rec else 0

    def tracked(self) -> int:
        """How many clients are held in memory now."""
        with self._lock:
            return len(self._clients)

    def _stale(self, rec: _Record, now: float) -> bool:
        """Forget the record: its lockout is served, or every wrong code in it has aged
        out and it has no wait left."""
        if rec.locked:
            return now >= rec.blocked_until
        while rec.failures and now - rec.failures[0] >= self.forget_after:
            rec.failures.popleft()
        return not rec.failures and now >= rec.blocked_until

    def _current(self, client: str) -> _Record | None:
        """The client's record with its aged-out wrong codes dropped, or None if nothing is left."""
        rec = self._clients.get(client)
        if rec is None:
            return None
        if self._stale(rec, self.clock()):
            del self._clients[client]
            return None
        return rec

    def _drop_stale(self, now: float) -> None:
        """Drop stale records from the oldest end, up to the first one still in force:
        a few at a time, so the memory follows the clients still counted."""
        while self._clients:
            client, rec = next(iter(self._clients.items()))
            if not self._stale(rec, now):
                return
            del self._clients[client]
