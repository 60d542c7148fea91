"""`companion serve` stops on SIGTERM and on the first Ctrl-C, whatever a client sent.

After one websocket whose first frame was garbage, Flet's connection task waited for
ever for a session never made, and uvicorn's graceful shutdown waited for that task:
the server no longer exited. The gate now refuses such a websocket before Flet sees
it, and uvicorn's shutdown is bounded (companion.ui.launch.serve).
"""

from __future__ import annotations

import os
import signal
import subprocess

import pytest

from tests.e2e.harness import Server
from tests.net.wire import Wire


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "ctrl-c"])
@pytest.mark.parametrize("garbage", [b"\xde\xad\xbe\xef", "not even binary"], ids=["bytes", "text"])
def test_serve_exits_after_a_websocket_whose_first_frame_is_garbage(tmp_path, signum, garbage):
    server = Server(tmp_path / "data")
    server.start()
    try:
        kept_open = Wire(server.port)
        kept_open.send_raw(garbage)
        with Wire(server.port) as closed:           # another one, gone at once
            closed.send_raw(garbage)
        with Wire(server.port) as w:                # the server still serves
            w.register()
            w.wait_for("Join a table")
        assert server.proc is not None
        os.killpg(server.proc.pid, signum)          # Ctrl-C: SIGINT to the terminal's process group
        try:
            code = server.proc.wait(15)
        except subprocess.TimeoutExpired:
            pytest.fail(f"companion serve still runs 15 s after {signal.Signals(signum).name}")
        assert code in (0, -signum, 128 + signum)
        kept_open.close()
    finally:
        server.stop()
