"""Small helpers for the sentences players read in explanations."""

from __future__ import annotations

from collections.abc import Sequence

_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def count(n: int, noun: str, plural: str | None = None) -> str:
    """'1 hot dog', '3 hot dogs', '2 decks'."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def number_word(n: int) -> str:
    """'three' for 3 (up to six), else the digits."""
    return _NUMBER_WORDS.get(n, str(n))


def names(items: Sequence[str]) -> str:
    """'Anna', 'Anna and Bernd', 'Anna, Bernd and Chris'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
