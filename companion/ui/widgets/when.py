"""Dates and times as a player reads them on the app's screens.

In English the screens keep the short, sortable form they have always shown
(``2026-11-30``, ``2026-11-30 20:15``); in another language the language's own form
(:func:`companion.core.i18n.date`, :func:`~companion.core.i18n.datetime`: ``30.11.2026``,
``30.11.2026, 20:15``).
"""

from __future__ import annotations

import datetime as dt
import time

from companion.core import i18n

_ISO = ("en", i18n.PSEUDO)


def day(stamp: float) -> str:
    """The day of a moment (seconds since the epoch), in the local time."""
    if i18n.language() in _ISO:
        return time.strftime("%Y-%m-%d", time.localtime(stamp))
    return i18n.date(dt.date.fromtimestamp(stamp))


def moment(stamp: float) -> str:
    """A moment (seconds since the epoch) to the minute, in the local time."""
    if i18n.language() in _ISO:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))
    return i18n.datetime(dt.datetime.fromtimestamp(stamp))


def calendar_day(d: dt.date) -> str:
    """A calendar day (a date a player typed or picked)."""
    return d.isoformat() if i18n.language() in _ISO else i18n.date(d)
