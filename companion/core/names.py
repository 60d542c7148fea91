"""Players' names: one policy for every game, screen and command (HD-1, SA-2, BU-1).

A name is what the table reads on a seat button, a score sheet or a result, so a
name must show every character it holds, and no two names may look the same.

- :func:`normal` is a name as companion keeps it: trimmed and in Unicode's composed
  form (NFC). "Zoë" typed as 'e' + a combining diaeresis (NFD, as some keyboards
  and macOS file names give it) is the same "Zoë", stored and shown composed.
- :func:`key` is what two names are compared by: composed, case folded, spaces
  run together into one, variation selectors left out. Names with the same key
  look the same on a screen, so they are the same name: the rules refuse two of
  them at one table, and any reference to a player (a bid, a money key, a seat)
  finds its player by it.
- :func:`hidden` is a character a name may not hold: one that does not show, or
  that changes how the text around it shows. It is the policy of every text a
  person reads (:mod:`companion.core.text`, which lists them, with why).
- :func:`name_fault` says in plain words why one name is refused beside the names
  before it (the setup screens say it next to each field); :func:`check_names`
  checks a record's players (the referee, ``companion print``); :class:`Roster`
  finds a player by a name as entered (a bid, a money key, a phone's seat).

A record whose names are decomposed is read, not refused: NFC and NFD are two
spellings of the same text, a player cannot see which one a keyboard or a file
gave, and a refusal naming an invisible difference would help nobody. So the
record models keep every player name :func:`normal` (the players, the mustard
holder, the leader, each bid's or play's player), and names used as keys (money,
tables, tools, hamburgers) are matched to a player through :func:`key`, like any
other spelling of the name: every mention of a player in a record still names the
same player, and results name players composed. The contract's worked examples
are composed already, so their results do not change.

Look-alike letters of different scripts (Latin 'A', Cyrillic 'А') stay different
names: companion prints Latin, Greek and Cyrillic names, and telling a Cyrillic
name from a Latin one by script would refuse names a table really uses.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from companion.core.errors import RuleError, shorten
from companion.core.glyphs import undrawable
from companion.core.i18n import _
from companion.core.message import Message, messages
from companion.core.text import first_hidden, hidden, shown
from companion.core.text import what as _what

msg, _nmsg = messages(__name__)

MAX_NAME_LENGTH = 24

# Variation selectors pick how the character before them is drawn ("❤" as an
# emoji "❤️", an ideograph's variant glyph). A phone's emoji keyboard types them, so
# a name may hold them; but they do not make a name look different enough to tell
# two players apart, so they are left out of the key.
_VARIATION_SELECTORS = re.compile("[\u180b-\u180d\u180f\ufe00-\ufe0f\U000e0100-\U000e01ef]")


def normal(name: str) -> str:
    """A name as companion keeps and shows it: NFC, trimmed."""
    return unicodedata.normalize("NFC", name).strip()


@lru_cache(maxsize=4096)
def key(name: str) -> str:
    """What names are compared by: equal keys look the same on a screen.

    Unicode's canonical caseless match (NFD, case fold, NFD), with runs of spaces of
    any kind (a no-break space, an ideographic space, two spaces) read as one space
    and variation selectors left out."""
    text = _VARIATION_SELECTORS.sub("", " ".join(name.split()))
    nfd = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", nfd.casefold())


def same(a: str, b: str) -> bool:
    """The two names are the same name (see :func:`key`)."""
    return key(a) == key(b)


def name_fault(name: str, before: Sequence[str] = ()) -> str | None:
    """Why ``name`` (as kept: see :func:`normal`) cannot be a player's name at a
    table where ``before`` are the names already given; None if it can."""
    if not name:
        return _("a player's name is empty")
    bad = first_hidden(name)
    if bad is not None:
        return _("the name '{name}' holds a character that does not show "
                 "({character}): type the name again without it").format(name=shorten(shown(name)),
                                                                        character=_what(bad))
    blank = undrawable(name)
    if blank:
        codes = ", ".join(f"U+{ord(ch):04X}" for ch in blank[:5])
        return _("the name '{name}' has characters companion's fonts cannot draw ({characters}), "
                 "so they would show as empty boxes: house rule: spell it in Latin, Greek, Cyrillic, "
                 "Chinese, Japanese or Korean letters").format(name=shorten(name), characters=codes)
    if len(name) > MAX_NAME_LENGTH:
        return _("the name '{name}…' is {length} characters long (at most {most})").format(
            name=name[:MAX_NAME_LENGTH], length=len(name), most=MAX_NAME_LENGTH)
    twin = next((other for other in before if same(other, name)), None)
    if twin is not None:
        return _("'{name}' and '{twin}' look the same: "
                 "give each player a name the table can tell apart").format(name=name, twin=twin)
    return None


def first_fault(names: Sequence[str]) -> str | None:
    """Why the first refused name of ``names`` (in seat order) is refused, or None."""
    for i, name in enumerate(names):
        fault = name_fault(name, names[:i])
        if fault is not None:
            return fault
    return None


def check_names(names: Sequence[str], low: int, high: int, ruling: str) -> None:
    """Players: ``low``–``high`` of them, each name as :func:`name_fault` allows
    (raises ``RuleError`` citing the game's players ruling: HD-1, SA-2, BU-1).

    Names are checked as given: a record's names come through its model, which
    keeps them :func:`normal` already."""
    if not low <= len(names) <= high:
        raise RuleError(ruling, _("{low}–{high} players, not {n}").format(low=low, high=high, n=len(names)))
    # Names found fine before, told apart (no two keys alike): fine together. Every replay
    # of every record asks, and a few names sit at tables in ever other seatings.
    if _fine.issuperset(names) and len(set(map(key, names))) == len(names):
        return
    fault = first_fault(names)
    if fault is not None:
        raise RuleError(ruling, fault)
    if len(_fine) >= 4096:
        _fine.clear()
    _fine.update(names)


# Names found fine, each alone (only those: a fault is worded in the language of its
# reader, so it is said afresh each time). A fault depends on the names alone, never on
# the language; whether two look the same, on their keys.
_fine: set[str] = set()


class Roster:
    """Finds a player by a name as entered: any case, any composition, trimmed
    (names are unique that way: see :func:`key`).

    Most records name their players exactly as seated, so a name seated as it is
    is found at once, and the players' keys are worked out only for the first name
    that is not: a Roster made for a record's setup or a round costs next to nothing
    when nobody is spelt otherwise."""

    __slots__ = ("_by_key", "players")

    def __init__(self, players: Sequence[str]) -> None:
        self.players = tuple(players)           # a tuple given (the rules' players) is not copied
        self._by_key: dict[str, str] | None = None

    def find(self, name: str) -> str | None:
        if name in self.players:
            return name
        if self._by_key is None:
            self._by_key = {key(p): p for p in self.players}
        return self._by_key.get(key(name))

    def resolve(self, name: str, ruling: str, what: str | Message = "", *,
                round: int | None = None, sale: int | None = None) -> str:
        """The player ``name`` names; else a RuleError of ``ruling`` that says what the
        name was for (``what``: the rules' typed message, "the mustard holder") and where
        (``round``, ``sale``), naming ``name`` as its player.

        ``round`` and ``sale`` are named parameters, not ``**where``: the rules ask for
        every name of every round, most of them seated exactly, and a call that builds
        no dict of keywords costs half as much."""
        if name in self.players:
            return name
        found = self.find(name)
        if found is None:
            raise RuleError(
                ruling,
                msg("{what}'{name}' is not a player (players: {players})", what=_Then(what),
                    name=shorten(name.strip()), players=", ".join(self.players)),
                round=round, sale=sale, player=name.strip(),
            )
        return found


@dataclass(frozen=True, slots=True)
class _Then:
    """What a name was for, said before it ("the mustard holder 'Zoë' …"), worded when shown."""

    what: str | Message

    def text(self) -> str:
        said = self.what if isinstance(self.what, str) else self.what.text()
        return f"{said} " if said else ""


__all__ = ["MAX_NAME_LENGTH", "Roster", "check_names", "first_fault", "first_hidden", "hidden", "key",
           "name_fault", "normal", "same", "shown"]
