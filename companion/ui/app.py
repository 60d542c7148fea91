"""The app's entry point for Flet: one session per browser tab or window."""

from __future__ import annotations

import flet as ft

from companion.store import open_store
from companion.ui.shell import start_session


def main(page: ft.Page) -> None:
    start_session(page, open_store())
