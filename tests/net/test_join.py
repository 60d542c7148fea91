"""The join link from the host's LAN address, its QR code, the limiter alone, and purity.

No test sends anything over a network: the address probes are replaced by fakes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.net import JoinLimiter
from companion.net.join import (
    join_host,
    join_url,
    lan_address,
    pick_lan_address,
    qr_matrix,
    qr_png,
    qr_svg,
)

ROOT = Path(__file__).resolve().parents[2]


def test_the_lan_address_is_a_reachable_private_ipv4():
    assert pick_lan_address([None, "127.0.1.1", "169.254.3.4", "::1", "93.184.216.34",
                             "192.168.1.20"]) == "192.168.1.20"
    assert pick_lan_address(["127.0.0.1", "not an address"]) is None
    assert lan_address(routed=lambda: "10.0.0.7", named=lambda: ["192.168.1.20"]) == "10.0.0.7"
    assert lan_address(routed=lambda: None, named=lambda: ["127.0.1.1", "172.16.4.2"]) == "172.16.4.2"


def test_the_join_host_follows_what_the_server_listens_on():
    def lan() -> str:
        return "192.168.1.20"

    assert join_host("0.0.0.0", lan) == "192.168.1.20"
    assert join_host("127.0.0.1", lan) is None and join_host("localhost", lan) is None
    assert join_host("192.168.1.30", lan) == "192.168.1.30"
    assert join_host("0.0.0.0", lambda: None) is None


def test_join_url_and_its_qr_code():
    url = join_url("192.168.1.20", 8550)
    assert url == "http://192.168.1.20:8550/"
    assert join_url("fe80::1", 8550, "/join") == "http://[fe80::1]:8550/join"
    svg = qr_svg(url)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert qr_png(url).startswith(b"\x89PNG\r\n\x1a\n")
    matrix = qr_matrix(url)
    assert len(matrix) == len(matrix[0]) >= 21 and (len(matrix) - 17) % 4 == 0   # a QR version
    assert matrix[0][:7] == [True] * 7   # a finder pattern in the corner


def test_limiter_waits_double_then_lock_and_are_forgotten(clock):
    lim = JoinLimiter(clock, free_failures=2, base_delay=1.0, lockout_after=5, lockout=300,
                      forget_after=3600)
    assert [lim.delay_after(n) for n in range(1, 6)] == [0, 0, 1, 2, 4]
    assert lim.failure("a").allowed and lim.failure("a").allowed
    third = lim.failure("a")
    assert not third.allowed and third.retry_after == 1 and not lim.check("a").allowed
    assert lim.check("b").allowed
    clock.advance(1)
    assert lim.check("a").allowed
    clock.advance(3600)    # an hour quiet: the count starts again
    assert lim.failures("a") == 0 and lim.failure("a").allowed
    with pytest.raises(ValueError):
        JoinLimiter(clock, free_failures=5, lockout_after=5)


def test_net_imports_no_flet():
    code = ("import sys, companion.net, companion.net.join, companion.net.access\n"
            "from companion.core.game import SEAT_PART\n"
            "from companion.core.registry import games_with; games_with(SEAT_PART)\n"
            "companion.net.join.qr_svg('http://x/')\n"
            "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] == 'flet')))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == ""


def test_wrong_codes_age_out_one_by_one(clock):
    lim = JoinLimiter(clock, free_failures=2, base_delay=1.0, lockout_after=5, lockout=300,
                      forget_after=300)
    lim.failure("a")
    clock.advance(200)
    lim.failure("a")
    clock.advance(100)            # the first is 300 s old: gone; the second still counts
    assert lim.failures("a") == 1
    assert lim.failure("a").allowed and lim.failures("a") == 2


def test_a_served_lockout_forgets_the_codes_that_caused_it(clock):
    lim = JoinLimiter(clock, free_failures=1, base_delay=1.0, lockout_after=3, lockout=60,
                      forget_after=3600)
    lim.failure("a")
    lim.failure("a")
    clock.advance(1)
    locked = lim.failure("a")
    assert locked.locked and locked.retry_after == 60
    clock.advance(60)
    assert lim.check("a").allowed and lim.failures("a") == 0


def test_the_limiter_holds_a_bounded_number_of_clients(clock):
    """Many addresses each with a wrong code (an address per try is cheap on IPv6) cannot
    grow the limiter without bound: the client whose last wrong code is oldest goes first,
    and records that have aged out are dropped as new ones come."""
    lim = JoinLimiter(clock, lockout=60, forget_after=60, max_clients=4)
    for i in range(10):
        lim.failure(f"10.0.0.{i}")
    assert lim.tracked() == 4
    assert [lim.failures(f"10.0.0.{i}") for i in (5, 6, 7, 8, 9)] == [0, 1, 1, 1, 1]
    clock.advance(60)
    lim.failure("10.0.1.1")
    assert lim.tracked() == 1
    with pytest.raises(ValueError):
        JoinLimiter(clock, max_clients=0)
