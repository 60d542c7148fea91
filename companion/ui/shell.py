"""The app shell: one per Flet session (browser tab or window).

Thin: it knows the screens (home, history, import, settings) and the game views
found next to each game (``companion.games.<name>.view``, exposing ``VIEW``), holds
the session's navigation and passing UI state as plain data (records, ids, drafts —
never controls), and rebuilds the page from them after every input. Rules live in
the games; records live in the store.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import flet as ft

from companion.core.errors import CompanionError
from companion.core.registry import games
from companion.store import Store, data_dir
from companion.store.exchange import import_json

PHONE_WIDTH = 600      # below this the layout is the phone's: one column, full width
CONTENT_WIDTH = 760    # on a desktop the content is a centred column this wide


class GameView(Protocol):
    """What a game offers the shell (``companion.games.<name>.view.VIEW``)."""

    name: str
    title: str

    def setup(self, shell: Shell) -> list[ft.Control]: ...
    def table(self, shell: Shell, match_id: int) -> list[ft.Control]: ...
    def rules(self, shell: Shell) -> list[ft.Control]: ...
    def match_detail(self, shell: Shell, match_id: int) -> list[ft.Control]: ...
    def match_line(self, players: list[str], records: list[dict[str, Any]]) -> tuple[str, bool]: ...


def game_views() -> dict[str, GameView]:
    """The games that have app screens, found by module name: no central list."""
    out: dict[str, GameView] = {}
    for name in games():
        try:
            module = importlib.import_module(f"companion.games.{name}.view")
        except ModuleNotFoundError as exc:
            if exc.name == f"companion.games.{name}.view":
                continue
            raise
        view = getattr(module, "VIEW", None)
        if view is not None:
            out[name] = view
    return out


@dataclass
class Route:
    screen: str = "home"
    args: dict[str, Any] = field(default_factory=dict)


def accessible(label: str, control: ft.Control, *, button: bool = True) -> ft.Control:
    """A control with no visible words gets a name a screen reader (and a test) can find."""
    return ft.Semantics(label=label, button=button, content=control)


def icon_button(icon: Any, label: str, on_click: Callable[[Any], None], *,
                disabled: bool = False) -> ft.Control:
    return accessible(label, ft.IconButton(icon=icon, on_click=on_click,
                                           disabled=disabled, icon_size=26,
                                           style=ft.ButtonStyle(padding=10)))


def heading(text: str, size: int = 22) -> ft.Control:
    return ft.Semantics(header=True, content=ft.Text(text, size=size, weight=ft.FontWeight.BOLD))


def error_text(text: str) -> ft.Text:
    return ft.Text(text, color=ft.Colors.ERROR, weight=ft.FontWeight.W_500)


class Shell:
    def __init__(self, page: ft.Page, store: Store) -> None:
        self.page = page
        self.store = store
        self.views = game_views()
        self.route = Route()
        self.ui: dict[str, Any] = {}          # screens' passing state: plain data only
        self.flash: str | None = store.notice
        self.awake = False
        self.wide: bool | None = None

    def resized(self) -> None:
        """Redraw only when the layout changes between phone and desktop widths."""
        if ((self.page.width or 0) > PHONE_WIDTH) != self.wide:
            self.render()

    # ------------------------------------------------------------ navigation
    def go(self, screen: str, **args: Any) -> None:
        self.route = Route(screen, args)
        self.render()

    def say(self, text: str | None) -> None:
        """A one-line message shown at the top of the next screen drawn."""
        self.flash = text

    def render(self) -> None:
        page = self.page
        page.theme_mode = {"dark": ft.ThemeMode.DARK, "light": ft.ThemeMode.LIGHT}.get(
            self.store.setting("theme", "system") or "system", ft.ThemeMode.SYSTEM)
        body = self._screen()
        if self.flash:
            body = [ft.Container(
                content=ft.Text(self.flash, color=ft.Colors.ON_SECONDARY_CONTAINER),
                bgcolor=ft.Colors.SECONDARY_CONTAINER, padding=10, border_radius=8,
            ), *body]
            self.flash = None
        wide = self.wide = (page.width or 0) > PHONE_WIDTH
        column = ft.Column(body, spacing=12, width=CONTENT_WIDTH if wide else None,
                           horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        page.appbar = self._appbar()
        page.controls = [ft.Container(content=column, padding=ft.Padding(12, 8, 12, 24),
                                      alignment=ft.Alignment.TOP_CENTER)]
        page.update()

    def _appbar(self) -> ft.AppBar:
        actions = [
            icon_button(ft.Icons.HOME, "Home", lambda e: self.go("home")),
            icon_button(ft.Icons.MENU_BOOK, "Rules", lambda e: self.go(
                "rules", game=self.route.args.get("game", "hotdog"), back=self.route)),
            icon_button(ft.Icons.SETTINGS, "Settings", lambda e: self.go("settings")),
        ]
        return ft.AppBar(title=ft.Text("companion"), actions=actions, center_title=False)

    def _screen(self) -> list[ft.Control]:
        r = self.route
        try:
            if r.screen == "setup":
                return self.views[r.args["game"]].setup(self)
            if r.screen == "match":
                m = self.store.match(r.args["match"])
                self.keep_awake(True)
                return self.views[m.game].table(self, m.id)
            self.keep_awake(False)
            if r.screen == "rules":
                back = r.args.get("back")
                out = self.views[r.args["game"]].rules(self)
                if isinstance(back, Route) and back.screen != "rules":
                    out.insert(0, ft.Button("Back", icon=ft.Icons.ARROW_BACK,
                                            on_click=lambda e: self.go(back.screen, **back.args)))
                return out
            if r.screen == "history":
                return self.history()
            if r.screen == "history_match":
                m = self.store.match(r.args["match"])
                return self.views[m.game].match_detail(self, m.id)
            if r.screen == "import":
                return self.import_screen()
            if r.screen == "settings":
                return self.settings()
        except CompanionError as exc:
            return [error_text(str(exc)), ft.Button("Home", on_click=lambda e: self.go("home"))]
        return self.home()

    # ------------------------------------------------------------ services
    def keep_awake(self, on: bool) -> None:
        """Keep the screen on during a game, where the platform allows (wakelock)."""
        if on == self.awake:
            return
        self.awake = on

        async def switch() -> None:
            try:
                lock = ft.Wakelock()
                await (lock.enable() if on else lock.disable())
            except Exception:  # not every platform or browser has a wakelock
                pass

        try:
            self.page.run_task(switch)
        except Exception:
            pass

    def export(self, filename: str, text: str) -> None:
        """Save an export in the data directory's exports/ and offer it as a download."""
        folder = data_dir() / "exports"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / filename
        path.write_text(text, encoding="utf-8")
        self.say(f"Exported to {path}")
        data = text.encode("utf-8")

        async def offer() -> None:
            try:
                await ft.FilePicker().save_file(file_name=filename, src_bytes=data)
            except Exception:  # no save dialog here: the file is in exports/ already
                pass

        try:
            self.page.run_task(offer)
        except Exception:
            pass
        self.render()

    # ------------------------------------------------------------ shell screens
    def home(self) -> list[ft.Control]:
        out: list[ft.Control] = [heading("companion", 26),
                                 ft.Text("A referee beside your card games.")]
        current = self.store.current_match_id()
        if current is not None:
            m = self.store.match(current)
            view = self.views.get(m.game)
            if view is not None and not m.finished:
                line, _ = view.match_line(m.players, [g.record for g in m.games])
                out.append(ft.FilledButton(
                    f"Continue {view.title}: {', '.join(m.players)} ({line})",
                    icon=ft.Icons.PLAY_ARROW, on_click=lambda e: self.go("match", match=current)))
        out.append(heading("New match", 18))
        for name, spec in games().items():
            if name in self.views:
                out.append(ft.Button(f"New {spec.title} match", icon=ft.Icons.ADD,
                                     on_click=lambda e, n=name: self._new(n)))
            else:
                out.append(ft.Text(f"{spec.title}: referee a recorded game with "
                                   f"`companion referee FILE` (no table screens yet)."))
        out.append(heading("More", 18))
        out += [
            ft.Button("History", icon=ft.Icons.HISTORY, on_click=lambda e: self.go("history")),
            ft.Button("Import a record", icon=ft.Icons.UPLOAD_FILE, on_click=lambda e: self.go("import")),
            *[ft.Button(f"Rules: {v.title}", icon=ft.Icons.MENU_BOOK,
                        on_click=lambda e, n=n: self.go("rules", game=n)) for n, v in self.views.items()],
            ft.Button("Settings", icon=ft.Icons.SETTINGS, on_click=lambda e: self.go("settings")),
        ]
        return out

    def _new(self, game: str) -> None:
        self.ui.pop("setup", None)
        self.go("setup", game=game)

    def history(self) -> list[ft.Control]:
        out: list[ft.Control] = [heading("History")]
        matches = self.store.matches()
        if not matches:
            out.append(ft.Text("No matches yet."))
        for m in matches:
            view = self.views.get(m.game)
            if view is None:
                continue
            try:
                line, _ = view.match_line(m.players, [g.record for g in m.games])
            except CompanionError as exc:
                line = str(exc)
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(m.updated_at))
            out.append(ft.Button(
                f"{view.title}, {when}: {', '.join(m.players)}: {line}",
                on_click=lambda e, i=m.id: self.go("history_match", match=i)))
        return out

    def import_screen(self) -> list[ft.Control]:
        st = self.ui.setdefault("import", {"text": "", "error": None})
        err = ft.Text(st["error"] or "", color=ft.Colors.ERROR, visible=bool(st["error"]))

        def changed(e: Any) -> None:
            st["text"] = e.control.value or ""

        def do_import(text: str) -> None:
            try:
                done = import_json(self.store, text)
            except CompanionError as exc:
                st["error"] = f"Not imported: {exc}"
                self.render()
                return
            self.ui.pop("import", None)
            self.say(f"Imported a match with {done.games} game{'s' if done.games != 1 else ''}.")
            self.go("history_match", match=done.match_id)

        async def pick(e: Any) -> None:
            try:
                files = await ft.FilePicker().pick_files(
                    dialog_title="A JSON record", allowed_extensions=["json"],
                    file_type=ft.FilePickerFileType.CUSTOM, with_data=True)
            except Exception as exc:
                st["error"] = f"No file picker here ({type(exc).__name__}); paste the record instead."
                self.render()
                return
            if not files:
                return
            f = files[0]
            data = f.bytes if f.bytes is not None else Path(f.path or "").read_bytes()
            do_import(data.decode("utf-8", errors="replace"))

        return [
            heading("Import a record"),
            ft.Text("A game record (what `companion referee` reads) or a match record, as JSON. "
                    "It is checked like the referee checks it, then kept in the history "
                    "where you can continue or inspect it."),
            ft.TextField(label="JSON record", value=st["text"], multiline=True, min_lines=4,
                         max_lines=12, on_change=changed),
            err,
            ft.Row([ft.FilledButton("Import record", on_click=lambda e: do_import(st["text"])),
                    ft.Button("Pick a file", icon=ft.Icons.FOLDER_OPEN, on_click=pick)], wrap=True),
        ]

    def settings(self) -> list[ft.Control]:
        current = self.store.setting("theme", "system") or "system"

        def set_theme(value: str) -> None:
            self.store.set_setting("theme", value)
            self.render()

        follow = current == "system"
        dark = current == "dark" or (follow and self.page.platform_brightness == ft.Brightness.DARK)
        return [
            heading("Settings"),
            ft.Switch(label="Follow the system's light or dark mode", value=follow,
                      on_change=lambda e: set_theme("system" if e.control.value else
                                                    ("dark" if dark else "light"))),
            ft.Switch(label="Dark mode", value=dark, disabled=follow,
                      on_change=lambda e: set_theme("dark" if e.control.value else "light")),
            ft.Text(f"Saved data: {self.store.path}", selectable=True, size=12),
        ]


def start_session(page: ft.Page, store: Store) -> Shell:
    shell = Shell(page, store)
    page.title = "companion"
    page.scroll = ft.ScrollMode.AUTO
    page.theme = ft.Theme(color_scheme_seed=ft.Colors.ORANGE)
    page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.ORANGE)
    page.on_resize = lambda e: shell.resized()
    page.on_platform_brightness_change = lambda e: shell.render()
    current = store.current_match_id()
    if current is not None and not store.match(current).finished:
        shell.route = Route("match", {"match": current})   # opens where you were
    shell.render()
    return shell
