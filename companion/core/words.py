"""Small helpers for the sentences players read in explanations."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.i18n import N_, _, decimal, ngettext, number

_NUMBER_WORDS = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six")}


def count(n: int, noun: str, plural: str | None = None) -> str:
    """'1 hot dog', '3 hot dogs', '2 decks'."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def points(n: float) -> str:
    """A score in points, with its unit: '1 point', '50 points', '6.5 points' (an average,
    to one decimal). A bare number ("wins with 50") leaves the reader to guess the unit."""
    if n == int(n):
        return ngettext("{n} point", "{n} points", int(n)).format(n=number(int(n)))
    return ngettext("{n} point", "{n} points", 2).format(n=decimal(n, 1))


def matches(n: int) -> str:
    """'1 match', '3 matches' (German: Partie, Partien)."""
    return ngettext("{n} match", "{n} matches", n).format(n=number(n))


def sentence(text: str) -> str:
    """``text`` as a line of its own, its first letter a capital ("Over after 2 rounds: …"):
    the same words are lowercase after a prefix ("Burger, 3 Dec: Ann, Ben: over after …")."""
    return text[:1].upper() + text[1:]


def number_word(n: int) -> str:
    """'three' for 3 (up to six), else the digits."""
    word = _NUMBER_WORDS.get(n)
    return _(word) if word is not None else str(n)


def names(items: Sequence[str]) -> str:
    """'Anna', 'Anna and Bernd', 'Anna, Bernd and Chris'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    # Translators: the last two of a list of names ("Anna, Bernd and Chris")
    return _("{names} and {last}").format(names=", ".join(items[:-1]), last=items[-1])
