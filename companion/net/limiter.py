"""Wrong table codes, slowed down and then refused for a while, per client.

A client is whatever key the caller has for it (the phone's IP address in web
mode). The first few wrong codes cost nothing (a typo); after that every wrong
code makes the client wait longer before the next try (doubling); after many the
client is locked out for a while. The limiter never sleeps: it tells the caller
how long to wait, and refuses any attempt made before then without even checking
the code, so waiting is enforced and no server thread is held up.

Kept in memory: a restart is the host's doing, never a guesser's, and a table code
is worthless once the host closes the table.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class _Record:
    failures: int = 0
    last_failure: float = 0.0
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
        forget_after: float = 60 * 60.0,
    ) -> None:
        if not 0 <= free_failures < lockout_after:
            raise ValueError("free_failures must be below lockout_after")
        self.clock = clock
        self.free_failures = free_failures
        self.base_delay = base_delay
        self.lockout_after = lockout_after
        self.lockout = lockout
        self.forget_after = forget_after
        self._clients: dict[str, _Record] = {}
        self._lock = threading.Lock()

    def delay_after(self, failures: int) -> float:
        """The wait after ``failures`` wrong codes in a row: 0, then doubling from base_delay."""
        if failures <= self.free_failures:
            return 0.0
        return self.base_delay * 2 ** (failures - self.free_failures - 1)

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
            rec.failures += 1
            rec.last_failure = now
            if rec.failures >= self.lockout_after:
                rec.locked = True
                rec.blocked_until = now + self.lockout
            else:
                rec.blocked_until = now + self.delay_after(rec.failures)
            self._clients[client] = rec
            if rec.blocked_until <= now:
                return Verdict(True)
            return Verdict(False, rec.blocked_until - now, rec.locked)

    def success(self, client: str) -> None:
        """A right code: the client's count starts again."""
        with self._lock:
            self._clients.pop(client, None)

    def failures(self, client: str) -> int:
        with self._lock:
            rec = self._current(client)
            return rec.failures if rec else 0

    def _current(self, client: str) -> _Record | None:
        """The client's record, forgotten once a lockout is served or it has been quiet long."""
        rec = self._clients.get(client)
        if rec is None:
            return None
        now = self.clock()
        if (rec.locked and now >= rec.blocked_until) or (
            not rec.locked and now - rec.last_failure >= self.forget_after
        ):
            del self._clients[client]
            return None
        return rec
