"""Import a record: a game record, a match record or a game night's export, as JSON.

The file is checked as ``companion referee`` checks it and kept in one transaction
(:mod:`companion.store.imports`: all of it or nothing; a match stored already is
recognised, not doubled). A big file is checked as a job of its own
(:mod:`companion.ui.jobs`): the tap returns at once, a determinate progress bar says
how far the check is, and the rest of the app stays usable; then the new matches'
statistics are worked out, and the screen opens what was imported.

The passing state is :class:`ImportDraft`, kept under :data:`KEY`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import flet as ft

from companion.core.i18n import _, ngettext
from companion.store import derived
from companion.store import imports as store_imports
from companion.ui import jobs
from companion.ui.contracts import ShellServices
from companion.ui.fonts import fonts_for, stored_texts
from companion.ui.widgets import error_text, heading
from companion.ui.widgets.text_field import TextField

KEY = "import"

__all__ = ["KEY", "ImportDraft", "ImportScreen", "said_of"]


@dataclass(frozen=True)
class ImportDraft:
    text: str = ""
    error: str | None = None


def _steps() -> dict[str, str]:
    return {"checking": _("Checking the file as the referee does: match {done} of {total}…"),
            "keeping": _("Saving the matches…"),
            "working out": _("Working out the statistics of the matches imported: {done} of {total}…")}


def said_of(kept: store_imports.Kept) -> str:
    """What an import did, in one line."""
    if kept.night_id is not None:
        if kept.night_already:
            return _("This game night is stored already: nothing was imported.")
        if kept.new < len(kept.match_ids):
            return ngettext("Imported a game night; {n} of its matches was stored already.",
                            "Imported a game night; {n} of its matches were stored already.",
                            len(kept.match_ids) - kept.new).format(n=len(kept.match_ids) - kept.new)
        return _("Imported a game night and its matches.")
    if kept.already[0]:
        return _("This match is stored already (match {id}): nothing was imported.").format(id=kept.match_ids[0])
    n = kept.games[0]
    return ngettext("Imported a match with {n} game.", "Imported a match with {n} games.", n).format(n=n)


@ft.component
def ImportScreen(shell: ShellServices) -> ft.Control:
    st: ImportDraft = shell.ui(KEY, ImportDraft())

    def put(**changes: Any) -> None:
        shell.set_ui(KEY, lambda d: replace(d, **changes), ImportDraft())

    def work(text: str) -> Any:
        def run(report: jobs.Report) -> store_imports.Kept:
            planned = store_imports.plan(text, lambda done, total: report("checking", done, total))
            report("keeping", 0, 0)
            kept = store_imports.keep(shell.store, planned)
            new = [m for m, already in zip(kept.match_ids, kept.already, strict=True) if not already]
            derived.fresh(shell.store, new, progress=lambda done, total: report("working out", done, total))
            return kept
        return run

    def done(text: str) -> Any:
        def ended(job: jobs.Job) -> None:
            jobs.drop(shell, KEY)
            if job.error is not None:
                put(text=text, error=_("Not imported: {reason}").format(reason=job.error))
                return
            kept: store_imports.Kept = job.result
            page = getattr(shell, "page", None)
            if page is not None and getattr(shell, "in_browser", False):   # a name imported may need the CJK fonts
                page.fonts = fonts_for(stored_texts(shell.store))
            shell.drop_ui(KEY)
            if kept.night_id is not None:
                shell.go("night", night=kept.night_id, say=said_of(kept))
            else:
                shell.go("history_match", match=kept.match_ids[0], say=said_of(kept))
        return ended

    def do_import(text: str) -> None:
        put(text=text, error=None)
        jobs.start(shell, KEY, work(text), done(text))

    async def pick(e: Any) -> None:
        try:
            files = await ft.FilePicker().pick_files(
                dialog_title=_("A JSON record"), allowed_extensions=["json"],
                file_type=ft.FilePickerFileType.CUSTOM, with_data=True)
        except Exception as exc:
            put(error=_("No file picker here ({reason}); paste the record instead.").format(
                reason=type(exc).__name__))
            return
        if not files:
            return
        f = files[0]
        data = f.bytes if f.bytes is not None else Path(f.path or "").read_bytes()
        do_import(data.decode("utf-8", errors="replace"))

    running = jobs.current(shell, KEY)
    busy = running is not None and not running.finished
    out: list[ft.Control] = [
        heading(_("Import a record")),
        ft.Text(_("A game record (what `companion referee` reads), a match record or a game night, as JSON. "
                  "It is checked like the referee checks it, then kept in the history "
                  "where you can continue or inspect it. A match stored already is not stored twice.")),
        TextField(label=_("JSON record"), value=st.text, multiline=True, min_lines=4,
                  max_lines=12, disabled=busy, on_change=lambda e: put(text=e.control.value or "")),
        error_text(st.error),
    ]
    if busy and running is not None:
        out += jobs.progress(running, _steps(), key="importing")
    out.append(ft.Row([ft.FilledButton(_("Import record"), disabled=busy,
                                       on_click=lambda e: do_import(shell.ui(KEY, st).text)),
                       ft.Button(_("Pick a file"), icon=ft.Icons.FOLDER_OPEN, disabled=busy, on_click=pick)],
                      wrap=True))
    return ft.Column(out, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
