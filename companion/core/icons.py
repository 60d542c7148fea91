"""The app's icon: PNG files for the phone build (drawn when it is built; standard
library only: zlib) and SVG for the pages ``companion serve`` sends.

The picture is two playing cards fanned on the app's orange (the seed colour of its
theme, Material orange #FF9800): a rounded square for the home screen and a full-bleed
square for "maskable" icons, whose corners the phone's launcher cuts to its own shape.
"""

from __future__ import annotations

import math
import struct
import zlib

ORANGE = (0xFF, 0x98, 0x00)
WHITE = (0xFF, 0xFF, 0xFF)
INK = (0x5D, 0x40, 0x37)   # the card's pips: a dark brown that reads on white and orange


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def hex_colour(rgb: tuple[int, int, int]) -> str:
    return "#{:02X}{:02X}{:02X}".format(*rgb)


def _in_rounded_rect(u: float, v: float, w: float, h: float, r: float) -> bool:
    """(u, v) relative to the centre of a w×h rectangle with corners rounded by ``r``."""
    if abs(u) > w / 2 or abs(v) > h / 2:
        return False
    cu, cv = abs(u) - (w / 2 - r), abs(v) - (h / 2 - r)
    return cu <= 0 or cv <= 0 or cu * cu + cv * cv <= r * r


def _on_card(x: float, y: float, angle: float) -> tuple[float, float]:
    """(x, y) (unit square) in the frame of a card centred at (0.5, 0.56), turned by ``angle``."""
    c, s = math.cos(angle), math.sin(angle)
    dx, dy = x - 0.5, y - 0.56
    return dx * c + dy * s, -dx * s + dy * c


def icon_png(size: int, *, maskable: bool = False) -> bytes:
    """The icon, ``size`` pixels square (RGBA)."""
    rows = []
    cards = (-0.30, 0.22)   # radians: the back card, then the front one
    scale = 0.78 if maskable else 1.0   # a maskable icon keeps its picture in the safe zone
    for py in range(size):
        row = bytearray()
        for px in range(size):
            x, y = (px + 0.5) / size, (py + 0.5) / size
            if not maskable and not _in_rounded_rect(x - 0.5, y - 0.5, 1.0, 1.0, 0.18):
                row += b"\x00\x00\x00\x00"
                continue
            colour = ORANGE
            sx, sy = 0.5 + (x - 0.5) / scale, 0.5 + (y - 0.5) / scale
            for i, angle in enumerate(cards):
                u, v = _on_card(sx, sy, angle)
                if _in_rounded_rect(u, v, 0.42, 0.58, 0.05):
                    colour = WHITE
                    if i == 1 and u * u + v * v <= 0.085 ** 2:   # the front card's pip: a dot in its middle
                        colour = INK
                elif _in_rounded_rect(u, v, 0.46, 0.62, 0.06):
                    colour = INK       # the cards' edges
            row += bytes(colour) + b"\xff"
        rows.append(bytes(row))
    return _png(size, size, rows)


def svg_icon() -> str:
    """The same picture as SVG (the favicon of browsers that take one)."""
    orange, ink = hex_colour(ORANGE), hex_colour(INK)
    card = (f'<rect x="28" y="25" width="44" height="62" rx="6" fill="{ink}"/>'
            '<rect x="29" y="27" width="42" height="58" rx="5" fill="#fff"/>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            f'<rect width="100" height="100" rx="18" fill="{orange}"/>'
            f'<g transform="rotate(-17 50 56)">{card}</g>'
            f'<g transform="rotate(13 50 56)">{card}'
            f'<circle cx="50" cy="56" r="8.5" fill="{ink}"/></g></svg>')
