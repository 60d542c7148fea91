"""Flet's log line for every message sent to a browser, written only when it is read (a
mend of ``flet.messaging.protocol.Message``).

Flet's web transport logs each message it sends with ``transport_log.debug(f"send_message:
{message}")`` (``flet_web.fastapi.flet_app``, Flet 1.0.5). The f-string is made whether
or not that log is on: Python words the whole message first, every control of a redraw
with every one of its fields. On the Hot Dog table, "Next round" sends about 400
controls, and wording them was 16–18 of the 35 CPU-ms the server spent on the tap (and
nobody reads it: the log is off unless a developer turns it on).

:func:`mend` gives ``Message`` a short ``repr`` while the transport log is off and Flet's
own while it is on: the log says what it said whenever it is written.
"""

from __future__ import annotations

import logging
from typing import Any

from flet.messaging.protocol import Message

TRANSPORT_LOG = logging.getLogger("flet_transport")
"""Flet's transport log (``flet_web.fastapi.flet_app.transport_log``)."""

FLET_REPR = Message.__repr__
"""``Message``'s own ``repr`` (a dataclass's: every field, wholly)."""


def short_repr(message: Any) -> str:
    """The message's whole wording where the transport log is written, else its action."""
    if TRANSPORT_LOG.isEnabledFor(logging.DEBUG):
        return FLET_REPR(message)
    return f"Message(action={message.action!r}, body=…)"


def mend() -> None:
    """Give ``Message`` :func:`short_repr` (once per process; each session calls it)."""
    if Message.__repr__ is not short_repr:
        Message.__repr__ = short_repr      # type: ignore[method-assign]
