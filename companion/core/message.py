"""Typed messages: what a ruling says, kept as its English text (the catalog's id) and
its parameters, and worded only when it is shown, in the reader's language.

The rules may not word anything (they import no translation layer and format no
number): a refusal carries a :class:`Message` instead of a sentence. Its text is
marked for the catalog where it is written, with the two keywords the catalog
extractor knows (:mod:`companion.devtools.catalogs`)::

    msg, nmsg = messages(__name__)
    RuleError("HD-6", msg("dollars ({dollars}) exceed the player's money ({money})",
                          dollars=4, money=Money(3)), round=2, player="Bernd")
    nmsg("{players} still holds cards", "{players} still hold cards", len(holders),
         players=Names(holders))

A parameter is a whole number or a name (shown as it is), a list of whole numbers (as
the record writes it: ``[0, 0, 1]``), :class:`Money` (dollars in
the language's form), :class:`Names` (a list of names: "Anna, Bernd and Chris"),
:class:`Index` (a place in a list of the record: "deck 0" as the record counts, "deck
1" as a player counts) or another :class:`Message` (worded in its own domain). The
message is worded by :meth:`Message.text` for the reader in effect then: in the app, a
player in their language; by ``companion referee`` (:func:`for_the_record`), the
record's reader, in English, counting as the record does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class Money:
    """Dollars, written in the language's form when worded ($3, 3 $)."""

    dollars: int


class Worded(Protocol):
    """Anything that words itself when shown (a :class:`Message`, or a piece of one)."""

    def text(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Names:
    """Names (or other words: as they are, or worded when shown) in a list: 'Anna',
    'Anna and Bernd', 'Anna, Bernd and Chris' (:func:`companion.core.words.names`)."""

    names: tuple[str | Worded, ...]

    def __init__(self, names: Sequence[str | Worded]) -> None:
        object.__setattr__(self, "names", tuple(names))


@dataclass(frozen=True, slots=True)
class Index:
    """A place in one of the record's lists (a deck of a round: the record's index,
    from 0). A player counts from 1; the record's own reader (``companion referee``)
    reads the index as the record holds it."""

    index: int


_record_reader: ContextVar[bool] = ContextVar("record_reader", default=False)


@contextmanager
def for_the_record() -> Iterator[None]:
    """Word messages for the record's reader (``companion referee``): indexes as the
    record holds them, from 0."""
    token = _record_reader.set(True)
    try:
        yield
    finally:
        _record_reader.reset(token)


Param = int | str | list[int] | Money | Names | Index | Worded


@dataclass(frozen=True, slots=True)
class Message:
    """A message of the catalog of ``domain`` (a package: ``companion`` or a game's,
    ``companion.games.hotdog``), with its parameters; a plural message is chosen by ``n``."""

    domain: str
    id: str
    params: tuple[tuple[str, Param], ...] = ()
    plural: str | None = None
    n: int = 1

    def text(self) -> str:
        """The message in the language in effect now."""
        from companion.core import i18n  # noqa: PLC0415 - the rules import this module, never the translations

        domain = i18n.domain(self.domain)
        template = (domain.gettext(self.id) if self.plural is None
                    else domain.ngettext(self.id, self.plural, self.n))
        if not self.params:
            return template
        return template.format(**{name: _worded(value) for name, value in self.params})

    def __str__(self) -> str:
        return self.text()


def _worded(value: Param) -> str:
    from companion.core import i18n, words  # noqa: PLC0415 - as above: loaded when a message is worded

    if isinstance(value, (int, str, list)):
        return str(value)
    if isinstance(value, Money):
        return i18n.money(value.dollars)
    if isinstance(value, Names):
        return words.names([n if isinstance(n, str) else n.text() for n in value.names])
    if isinstance(value, Index):
        return str(value.index if _record_reader.get() else value.index + 1)
    return value.text()


def messages(domain: str) -> tuple[Callable[..., Message], Callable[..., Message]]:
    """The two message makers of a module of ``domain`` (pass the module's ``__name__``:
    its game's package is found from it): ``msg(text, **params)`` and
    ``nmsg(singular, plural, n, **params)``: ``n`` chooses the plural form and is the
    ``{n}`` parameter too, unless ``params`` gives its own ``n``."""
    package = _package(domain)

    def msg(text: str, /, **params: Param) -> Message:
        return Message(package, text, tuple(params.items()))

    def nmsg(singular: str, plural: str, n: int, /, **params: Param) -> Message:
        return Message(package, singular, tuple({"n": n, **params}.items()), plural, n)

    return msg, nmsg


def _package(name: str) -> str:
    """The domain's package of module ``name``: a game's package (the folder under
    ``games/`` or the test game's), else ``companion``."""
    parts = name.split(".")
    if parts[:2] == ["companion", "games"] and len(parts) >= 3:
        return ".".join(parts[:3])
    if parts[0] == "companion":
        return "companion"
    return name.rsplit(".", 1)[0] if "." in name else name
