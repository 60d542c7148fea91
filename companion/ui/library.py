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

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

import flet as ft

from companion.core.errors import CompanionError
from companion.core.game import Checked, Library
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
    lib: Library | None = part(game, "library")
    if lib is None:
        raise CompanionError(f"{games()[game].title} has no files of its own to edit")
    return lib


def editor_of(view: object) -> FileEditor:
    """The game view's file editor (a game with a ``library`` part has one)."""
    if not callable(getattr(view, "editor", None)):
        raise CompanionError(f"{getattr(view, 'title', view)} has no editor for its files")
    return cast(FileEditor, view)


def title_of(game: str) -> str:
    """``Sales decks``: the list screen's heading."""
    return f"{games()[game].title} {kind_of(game).plural}"


def body_of(raw: Any) -> str:
    """A file's JSON text as the store keeps it and an export writes it."""
    return json.dumps(raw, ensure_ascii=False, indent=1) + "\n"


def shown_name(checked: Checked, kind: str) -> str:
    return checked.name.strip() or f"A {kind} with no name yet"


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
        out.append(Choice(it.id, shown_name(checked, lib.kind), it.body, checked))
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
        line = f"Not saved: {exc}"
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
        why = "; ".join(checked.problems) or "not a JSON object"
        return f"Not imported: {name} is not a {lib.kind} file ({why})."
    faults = len(checked.problems)
    _add(shell, game, checked.name, data.decode("utf-8-sig"),
         said=f"Imported {name}" + (f": {faults} fault{'s' if faults != 1 else ''} to put right, "
                                    "shown where they are." if faults else "."))
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
             said=f"A copy of the example {lib.kind}: change it to match your own cards.")

    async def pick(e: Any) -> None:
        try:
            files = await ft.FilePicker().pick_files(
                dialog_title=f"A {games()[game].title} {lib.kind} file", allowed_extensions=["json"],
                file_type=ft.FilePickerFileType.CUSTOM, with_data=True)
        except Exception as exc:
            put(said=f"No file picker here ({type(exc).__name__}).")
            return
        if not files:
            return
        f = files[0]
        try:
            data = f.bytes if f.bytes is not None else Path(f.path or "").read_bytes()
        except OSError as exc:
            put(said=f"Not imported: cannot read {f.name} ({exc.strerror or exc}).")
            return
        refused = _import_bytes(shell, game, f.name, data)
        if refused is not None:
            put(said=refused)

    def export(c: Choice) -> None:
        filename = "".join(ch if ch.isalnum() or ch in "-_ " else "-" for ch in c.name).strip() or lib.kind
        put(said=shell.export(f"{filename}.json", c.body, f"The {lib.kind} file"))

    def delete(c: Choice) -> None:
        try:
            library.delete(shell.store, c.id)
        except CompanionError as exc:
            put(asking=None, said=f"Not deleted: {exc}")
            return
        put(asking=None, said=f"Deleted {c.name}. Games set up with it keep their own copy.")

    rows: list[ft.Control] = []
    for c in kept:
        lines: list[ft.Control] = [bold(c.name)]
        if c.ok:
            lines += [ft.Text(line.strip(), size=13) for line in c.checked.summary[1:3]]
        else:
            n = len(c.checked.problems)
            lines.append(error_text(f"{n} fault{'s' if n != 1 else ''} to put right before it can be "
                                    f"used: {c.checked.problems[0]}"))
        if ui.asking == c.id:
            lines += [
                bold(f"Delete {c.name}? Games already set up with it keep their own copy."),
                ft.Row([ft.FilledButton("Delete", icon=ft.Icons.DELETE, on_click=lambda e, c=c: delete(c)),
                        ft.Button("Keep", icon=ft.Icons.CLOSE, on_click=lambda e: put(asking=None))],
                       wrap=True),
            ]
        else:
            lines.append(ft.Row([
                ft.FilledButton("Edit", icon=ft.Icons.EDIT,
                                on_click=lambda e, c=c: shell.go("library_item", game=game, item=c.id)),
                ft.Button("Export", icon=ft.Icons.DOWNLOAD, on_click=lambda e, c=c: export(c)),
                ft.Button("Delete", icon=ft.Icons.DELETE_OUTLINE,
                          on_click=lambda e, c=c: put(asking=c.id, said=None)),
            ], wrap=True, spacing=GAP))
        rows.append(card(ft.Column(lines, spacing=GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                         f"library-item-{c.id}"))

    examples = []
    for path in lib.examples():
        checked = lib.read(path.read_text(encoding="utf-8"))
        examples.append(ft.Button(f"Copy the example: {shown_name(checked, lib.kind)}", icon=ft.Icons.COPY,
                                  on_click=lambda e, p=path: copy_example(p)))

    title = games()[game].title
    return ft.Column([
        heading(title_of(game)),
        ft.Text(f"The {lib.plural} of your own copy of {title}, made here and kept with your saved "
                f"games. A game set up with one keeps its own copy: editing or deleting one here "
                f"never changes a saved game."),
        ft.Container(content=ft.Text(ui.said or ""), visible=bool(ui.said)),
        *(rows or [ft.Text(f"No {lib.plural} yet.")]),
        bold(f"Add a {lib.kind}"),
        ft.Button(f"New {lib.kind}", icon=ft.Icons.ADD, on_click=lambda e: new_blank()),
        *examples,
        ft.Button(f"Import a {lib.kind} file", icon=ft.Icons.UPLOAD_FILE, on_click=pick),
    ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
