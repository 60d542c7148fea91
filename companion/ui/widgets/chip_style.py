"""A chip's look, chosen or not, made once and shared by every chip of its kind.

A ``ButtonStyle`` with its border and shape is three of Flet's value objects, each of
which sets every one of its fields when made; built anew for every chip, they were most
of what the server spent drawing a Hot Dog bid card again after a tap. One shared style
per kind costs nothing to draw, and Flet's diff passes over a value that is the very
same object as before. The styles are never changed after they are made (Flet refuses
to change a value it has drawn), so sessions and threads can share them."""

from __future__ import annotations

import functools

import flet as ft


@functools.cache
def chip_style(on: bool, padding: int | tuple[int, int, int, int] = 0, radius: int | None = None) -> ft.ButtonStyle:
    """Filled when chosen (``on``), outlined otherwise; ``padding`` all round or
    (left, top, right, bottom); ``radius``: rounded corners of that radius (None:
    Flet's own shape)."""
    return ft.ButtonStyle(
        padding=padding if isinstance(padding, int) else ft.Padding(*padding),
        shape=ft.RoundedRectangleBorder(radius=radius) if radius is not None else None,
        bgcolor=ft.Colors.PRIMARY if on else ft.Colors.SURFACE,
        color=ft.Colors.ON_PRIMARY if on else ft.Colors.PRIMARY,
        side=ft.BorderSide(1, ft.Colors.PRIMARY))
