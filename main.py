"""The app as `flet build apk` / `flet build ipa` package it (see `[tool.flet]` in
pyproject.toml): the same app as `companion`, its data in the app's own storage."""

import flet as ft

from companion.ui.app import main
from companion.ui.launch import _assets_dir

ft.run(main, assets_dir=_assets_dir())
