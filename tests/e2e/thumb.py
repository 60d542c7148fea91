"""A player's thumb on a phone's screen, for counting scrolls (bench/taps.py and the
e2e test of the scrolls a round costs): before a tap its target is brought wholly into
the part of the screen under the app bar by swipes of one screen's height each towards
it (the page's end stops one sooner; a target two screens away costs two). A thumb
does not scroll the least it could: it swipes a screen at a time. Playwright's own
scrolling (it scrolls a target into view before clicking it) then has nothing to do."""

from __future__ import annotations

import math
from typing import Any

APP_BAR = 64            # the app bar's height and a margin: what a thumb cannot tap under


class Thumb:
    def __init__(self, page: Any) -> None:
        self.page = page

    def band(self) -> tuple[float, float]:
        """The part of the screen a thumb taps in: under the app bar, above the bottom."""
        height = (self.page.viewport_size or {"height": 844})["height"]
        return APP_BAR, height - 8

    def in_band(self, box: dict[str, float]) -> bool:
        top, bottom = self.band()
        return box["y"] >= top and box["y"] + box["height"] <= bottom

    def into_view(self, found: Any, part: float | None = None) -> int:
        """Swipe until ``found`` is wholly in the band (with ``part``: its first ``part``
        px, e.g. a grid's heading and first row); returns the swipes it took."""
        top, bottom = self.band()
        swipes = 0
        for _ in range(20):
            box = found.bounding_box()
            if box is not None and part is not None:
                box = {**box, "height": min(box["height"], part)}
            if box is None or self.in_band(box):
                return swipes
            if box["height"] > bottom - top and abs(box["y"] - top) < 1:   # taller than the screen
                return swipes
            swipes += 1
            self.page.mouse.move(195, (top + bottom) // 2)
            self.page.mouse.wheel(0, (bottom - top) * (1 if box["y"] + box["height"] > bottom else -1))
            self.page.wait_for_timeout(250)
            still = found.bounding_box()
            if still is not None and still["y"] == box["y"]:   # the page could not move further
                return swipes
        return swipes

    def nearest(self, found: Any) -> Any:
        """Of the targets ``found`` matches, the one on screen, else the nearest: the
        Next round a player taps is the one in front of them."""
        top, bottom = self.band()
        best, far = found.first, math.inf
        for one in found.all():
            box = one.bounding_box()
            if box is None:
                continue
            if self.in_band(box):
                return one
            distance = top - box["y"] if box["y"] < top else box["y"] + box["height"] - bottom
            if distance < far:
                best, far = one, distance
        return best
