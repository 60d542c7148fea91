"""A game's own files, listed: the decks (or recipe sets) players made for their copy.

The screen at ``/library/<game>`` lists what the store keeps for the game
(:mod:`companion.store.library`), each with its name and either its summary or its
faults, and offers: a new one (blank), a copy of a shipped example (the examples stay
as they are: a starting point), a file imported as it is, and per file: edit (the
game's editor, ``/library/<game>/<id>``), export (the same JSON file the game's check
reads) and delete (asked first). Which games have such files, what they are called and
how they are checked is the game's :class:`~companion.core.game.Library` (its
``library`` part): nothing here names a game.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

import flet as ft

from companion.core.errors import CompanionError
from companion.core.game import LIBRARY_PART, Checked, Library
from companion.core.i18n import _, ngettext
from companion.core.registry import games, part
from companion.store import library
from companion.ui.contracts import FileEditor, ShellServices
from companion.ui.widgets.card import card
from companion.ui.widgets.error_text import error_text
from companion.ui.widgets.heading import bold, heading

GAP = 6
# How many of a file's faults the list shows (the editor shows them all).
SHOWN_FAULTS = 3


def kind_of(game: str) -> Library:
    lib = part(game, LIBRARY_PART)
    if lib is None:
        raise CompanionError(_("{game} has no files of its own to edit").format(game=games()[game].title))
    return lib


def editor_of(view: object) -> FileEditor:
    """The game view's file editor (a game with a ``library`` part has one)."""
    if not callable(getattr(view, "editor", None)):
        raise CompanionError(_("{game} has no editor for its files").format(game=getattr(view, "title", view)))
    return cast(FileEditor, view)


def word(game: str, english: str) -> str:
    """One of a game's own words (its library's ``kind``, ``plural``) in the player's
    language: the game's catalog has it (``companion/games/<game>/i18n.py``)."""
    try:
        domain = importlib.import_module(f"companion.games.{game}.i18n")
    except ModuleNotFoundError:
        return english
    return str(domain.DOMAIN.gettext(english))


def kind_word(game: str) -> str:
    """'deck', 'recipe set': what one of the game's files is, in the player's words."""
    return word(game, kind_of(game).kind)


def plural_word(game: str) -> str:
    return word(game, kind_of(game).plural)


def title_of(game: str) -> str:
    """``Sales decks``: the list screen's heading."""
    return _("{game} {files}").format(game=games()[game].title, files=plural_word(game))


def body_of(raw: Any) -> str:
    """A file's JSON text as the store keeps it and an export writes it."""
    return json.dumps(raw, ensure_ascii=False, indent=1) + "\n"


def shown_name(checked: Checked, kind: str) -> str:
    """The file's name; ``kind`` (in the player's words) names one with none yet."""
    return checked.name.strip() or _("A {kind} with no name yet").format(kind=kind)


@dataclass(frozen=True)
class Choice:
    """A stored file as a setup offers it: its id, name, whether it can be used, and
    its summary or faults, and the text a match keeps a copy of."""

    id: int
    name: str
    body: str
    checked: Checked

    @property
    def ok(self) -> bool:
        return self.checked.ok


def choices(shell: ShellServices, game: str) -> list[Choice]:
    """The game's stored files, read and checked (the setups offer the good ones)."""
    lib = kind_of(game)
    out = []
    for it in library.items(shell.store, game):
        checked = lib.read(it.body)
        out.append(Choice(it.id, shown_name(checked, kind_word(game)), it.body, checked))
    return out


@dataclass(frozen=True)
class ListUI:
    """The list screen's passing state: which file's delete is being asked, the last
    line said (exported, imported, or why not)."""

    asking: int | None = None
    said: str | None = None


def _key(game: str) -> str:
    return f"library-{game}"


def _add(shell: ShellServices, game: str, name: str, body: str, said: str | None = None) -> None:
    try:
        item_id = library.add(shell.store, game, name, body)
    except CompanionError as exc:
        line = _("Not saved: {reason}").format(reason=exc)
        shell.set_ui(_key(game), lambda u: replace(u, said=line), ListUI())
        return
    shell.drop_ui(_key(game))
    shell.go("library_item", game=game, item=item_id, say=said)


def _import_bytes(shell: ShellServices, game: str, name: str, data: bytes) -> str | None:
    """Keep a picked file as it is (faults and all: the editor shows them) and open it;
    the line saying why not if it is no JSON object."""
    lib = kind_of(game)
    checked = lib.read(data)
    if not isinstance(checked.raw, dict):
        why = "; ".join(checked.problems) or _("not a JSON object")
        return _("Not imported: {file} is not a {kind} file ({reason}).").format(
            file=name, kind=kind_word(game), reason=why)
    faults = len(checked.problems)
    said = (ngettext("Imported {file}: {n} fault to put right, shown where they are.",
                     "Imported {file}: {n} faults to put right, shown where they are.", faults)
            if faults else _("Imported {file}.")).format(file=name, n=faults)
    _add(shell, game, checked.name, data.decode("utf-8-sig"), said=said)
    return None


@ft.component
def LibraryScreen(shell: ShellServices, game: str) -> ft.Control:
    lib = kind_of(game)
    ui: ListUI = shell.ui(_key(game), ListUI())
    kept = choices(shell, game)

    def put(**changes: Any) -> None:
        shell.set_ui(_key(game), lambda u: replace(u, **changes), ListUI())

    def new_blank() -> None:
        raw = lib.blank()
        _add(shell, game, lib.name_of(raw), body_of(raw))

    def copy_example(path: Path) -> None:
        text = path.read_text(encoding="utf-8")
        checked = lib.read(text)
        _add(shell, game, checked.name, text,
             said=_("A copy of the example {kind}: change it to match your own cards.").format(kind=kind_word(game)))

    async def pick(e: Any) -> None:
        try:
            files = await ft.FilePicker().pick_files(
                dialog_title=_("A {game} {kind} file").format(game=games()[game].title, kind=kind_word(game)),
                allowed_extensions=["json"],
                file_type=ft.FilePickerFileType.CUSTOM, with_data=True)
        except Exception as exc:
            put(said=_("No file picker here ({reason}).").format(reason=type(exc).__name__))
            return
        if not files:
            return
        f = files[0]
        try:
            data = f.bytes if f.bytes is not None else Path(f.path or "").read_bytes()
        except OSError as exc:
            put(said=_("Not imported: cannot read {file} ({reason}).").format(file=f.name, reason=exc.strerror or exc))
            return
        refused = _import_bytes(shell, game, f.name, data)
        if refused is not None:
            put(said=refused)

    def export(c: Choice) -> None:
        filename = "".join(ch if ch.isalnum() or ch in "-_ " else "-" for ch in c.name).strip() or lib.kind
        put(said=shell.export(f"{filename}.json", c.body, _("The {kind} file").format(kind=kind_word(game))))

    def delete(c: Choice) -> None:
        try:
            library.delete(shell.store, c.id)
        except CompanionError as exc:
            put(asking=None, said=_("Not deleted: {reason}").format(reason=exc))
            return
        put(asking=None, said=_("Deleted {file}. Games set up with it keep their own copy.").format(file=c.name))

    rows: list[ft.Control] = []
    for c in kept:
        lines: list[ft.Control] = [bold(c.name)]
        if c.ok:
            lines += [ft.Text(line.strip(), size=13) for line in c.checked.summary[1:3]]
        else:
            n = len(c.checked.problems)
            lines.append(error_text(ngettext("{n} fault to put right before it can be used: {fault}",
                                             "{n} faults to put right before it can be used: {fault}", n).format(
                n=n, fault=c.checked.problems[0])))
        if ui.asking == c.id:
            lines += [
                bold(_("Delete {file}? Games already set up with it keep their own copy.").format(file=c.name)),
                ft.Row([ft.FilledButton(_("Delete"), icon=ft.Icons.DELETE, on_click=lambda e, c=c: delete(c)),
                        ft.Button(_("Keep"), icon=ft.Icons.CLOSE, on_click=lambda e: put(asking=None))],
                       wrap=True),
            ]
        else:
            lines.append(ft.Row([
                ft.FilledButton(_("Edit"), icon=ft.Icons.EDIT,
                                on_click=lambda e, c=c: shell.go("library_item", game=game, item=c.id)),
                ft.Button(_("Export"), icon=ft.Icons.DOWNLOAD, on_click=lambda e, c=c: export(c)),
                ft.Button(_("Delete"), icon=ft.Icons.DELETE_OUTLINE,
                          on_click=lambda e, c=c: put(asking=c.id, said=None)),
            ], wrap=True, spacing=GAP))
        row = card(ft.Column(lines, spacing=GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                   f"library-item-{c.id}")
        row.key = f"file-{c.id}"   # a file deleted: the others' and the add buttons' ids stay theirs
        rows.append(row)

    examples = []
    for path in lib.examples():
        checked = lib.read(path.read_text(encoding="utf-8"))
        examples.append(ft.Button(_("Copy the example: {file}").format(file=shown_name(checked, kind_word(game))),
                                  icon=ft.Icons.COPY,
                                  on_click=lambda e, p=path: copy_example(p)))

    title = games()[game].title
    return ft.Column([
        heading(title_of(game)),
        ft.Text(_("The {files} of your own copy of {game}, made here and kept with your saved "
                  "games. A game set up with one keeps its own copy: editing or deleting one here "
                  "never changes a saved game.").format(files=plural_word(game), game=title)),
        ft.Container(content=ft.Text(ui.said or ""), visible=bool(ui.said)),
        *(rows or [ft.Text(_("No {files} yet.").format(files=plural_word(game)), key="none")]),
        bold(_("Add a {kind}").format(kind=kind_word(game))),
        ft.Button(_("New {kind}").format(kind=kind_word(game)), icon=ft.Icons.ADD, on_click=lambda e: new_blank()),
        *examples,
        ft.Button(_("Import a {kind} file").format(kind=kind_word(game)), icon=ft.Icons.UPLOAD_FILE, on_click=pick),
    ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
