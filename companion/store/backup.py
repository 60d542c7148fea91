"""Everything the store holds, in one file: what the browser build offers before the
browser's storage can be lost (clearing the site's data deletes the saved games).

A zip of:

- ``companion.sqlite3``: the whole store as one SQLite file (a companion on a computer
  reads it from its data folder);
- ``matches/``: every match as its match record (what Import and ``companion referee``
  read), ``nights/``: every game night as its export (Import reads it, its matches
  with it), ``files/<game>/``: every deck or recipe set made in the app, as the file
  the game's command-line check reads;
- ``README.txt``: the same, for the person who opens the zip.

The bytes depend only on what is stored (no dates in the zip).
"""

from __future__ import annotations

import io
import re
import zipfile

from companion.core.errors import CompanionError
from companion.core.game import LIBRARY_PART
from companion.core.i18n import _
from companion.core.registry import games, has_part
from companion.store import Store, library, nights
from companion.store.exchange import match_json

_STAMP = (1980, 1, 1, 0, 0, 0)      # the zip format's earliest date: no build or export time in the bytes


def _slug(text: str) -> str:
    return re.sub(r"[^\w-]+", "-", text, flags=re.UNICODE).strip("-")[:40] or "file"


def readme() -> str:
    return "\n\n".join([
        _("Everything companion kept in this browser."),
        _("companion.sqlite3: the whole store. companion on a computer uses it when it is put in its data folder."),
        _("matches/: each match as its record. Import a record in companion reads one; so does "
          "companion referee."),
        _("nights/: each game night with its matches. Import a record reads it."),
        _("files/: the decks and recipe sets made in the app, as the files the games' checks read."),
    ]) + "\n"


def everything(store: Store) -> bytes:
    """The zip of everything ``store`` holds (see the module's docstring)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        def add(name: str, data: str | bytes) -> None:
            info = zipfile.ZipInfo(name, date_time=_STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data.encode("utf-8") if isinstance(data, str) else data)

        add("README.txt", readme())
        with store.reading() as conn:
            add("companion.sqlite3", conn.serialize())
        for m in store.matches():
            add(f"matches/match-{m.id}-{m.game}.json", match_json(m))
        for night in nights.nights(store):
            add(f"nights/night-{night.id}.json", nights.night_json(store, night))
        for game in sorted(n for n in games() if has_part(n, LIBRARY_PART)):
            for item in library.items(store, game):
                add(f"files/{game}/{item.id}-{_slug(item.name)}.json", item.body)
    return buf.getvalue()


def export_everything(store: Store) -> tuple[str, bytes]:
    """The file name and bytes to offer; a :class:`CompanionError` if the store cannot be read."""
    try:
        return "companion-everything.zip", everything(store)
    except (OSError, ValueError) as exc:
        raise CompanionError(_("Not exported: {reason}").format(reason=exc)) from None
