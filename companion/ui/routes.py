"""Each screen's address in the browser, and back: ``/match/12`` is match 12's table.

The session's state is the shell's :class:`~companion.ui.contracts.Route`; the page's
address follows it (and the browser's Back, Forward or a reload bring it back), so this
module only translates, both ways: plain functions, no controls, no store:

=====================  ==============================  ================================
screen                 address                         args
=====================  ==============================  ================================
``home``               ``/``
``setup``              ``/setup/<game>``               ``game``
``match``              ``/match/<id>``                 ``match`` (a match id)
``history``            ``/history``
``history_match``      ``/history/<id>``               ``match``
``stats``              ``/stats``
``rules``              ``/rules`` or ``/rules/<game>`` ``game`` (None: the list)
``import``             ``/import``
``settings``           ``/settings``
``join``               ``/join``                       (a phone at a hosted table)
``library``            ``/library/<game>``             ``game`` (its decks, recipe sets…)
``library_item``       ``/library/<game>/<id>``        ``game``, ``item`` (one, edited)
``nights``             ``/nights``                     (the game nights)
``night``              ``/night/<id>``                 ``night`` (a game night's id)
=====================  ==============================  ================================

A game's addresses come from the games the shell has screens for (``games``, the
registry's), never from a list kept here. Only what names the screen is in the
address: a screen's in-screen steps (a table's entry, reveal, a past round) and the
Rules screen's way back stay in the session. The query string is not the screen's:
``/?host=KEY`` is read by :mod:`companion.net.access` before the app sees the page,
and is ignored here.
"""

from __future__ import annotations

from collections.abc import Collection
from urllib.parse import quote, unquote, urlsplit

from companion.ui.contracts import Route

__all__ = ["SCREENS", "address", "route_of"]

# screen → its address when it takes no argument
_PLAIN = {"home": "/", "history": "/history", "import": "/import", "settings": "/settings",
          "join": "/join", "nights": "/nights", "stats": "/stats"}   # join: companion.net.serving.JOIN_PATH
# screen → the first part of its address, followed by a match id
_BY_MATCH = {"match": "match", "history_match": "history"}
# screen → the first part of its address, followed by a game night's id
_BY_NIGHT = {"night": "night"}
# screen → the first part of its address, followed by a game's name
_BY_GAME = {"setup": "setup", "rules": "rules", "library": "library"}
# screen → the first part of its address, followed by a game's name and an item's id
_BY_ITEM = {"library_item": "library"}

SCREENS = (frozenset(_PLAIN) | frozenset(_BY_MATCH) | frozenset(_BY_GAME) | frozenset(_BY_ITEM)
           | frozenset(_BY_NIGHT))


def address(route: Route) -> str:
    """The page address of ``route``: ``Route("match", {"match": 12})`` → ``/match/12``.
    Raises ValueError for a screen that has none (a name no screen has)."""
    screen, args = route.screen, route.args
    if screen in _PLAIN:
        return _PLAIN[screen]
    if screen in _BY_MATCH:
        return f"/{_BY_MATCH[screen]}/{int(args['match'])}"
    if screen in _BY_NIGHT:
        return f"/{_BY_NIGHT[screen]}/{int(args['night'])}"
    if screen in _BY_GAME:
        game = args.get("game")
        if game is None:
            if screen == "rules":
                return "/rules"
            raise ValueError(f"the {screen} screen needs a game")
        return f"/{_BY_GAME[screen]}/{quote(str(game), safe='')}"
    if screen in _BY_ITEM:
        return f"/{_BY_ITEM[screen]}/{quote(str(args['game']), safe='')}/{int(args['item'])}"
    raise ValueError(f"no address for the screen {screen!r}")


def route_of(location: str | None, games: Collection[str]) -> Route | None:
    """The screen at a page address (a path, with or without a query string), or None
    when it names no screen: an unknown path, a game not in ``games``, a match id that
    is not a number. Whether that match is still saved is the store's to say."""
    try:
        path = urlsplit(location or "/").path
    except ValueError:
        return None
    parts = [unquote(p) for p in path.split("/") if p]
    if not parts:
        return Route("home")
    head, rest = parts[0], parts[1:]
    for screen, plain in _PLAIN.items():
        if plain == "/" + head and not rest:
            return Route(screen)
    if len(rest) == 1:
        for screen, first in _BY_MATCH.items():
            if first == head and rest[0].isascii() and rest[0].isdigit() and int(rest[0]) > 0:
                return Route(screen, {"match": int(rest[0])})
        for screen, first in _BY_NIGHT.items():
            if first == head and rest[0].isascii() and rest[0].isdigit() and int(rest[0]) > 0:
                return Route(screen, {"night": int(rest[0])})
        for screen, first in _BY_GAME.items():
            if first == head and rest[0] in games:
                return Route(screen, {"game": rest[0]})
    if len(rest) == 2 and rest[0] in games and rest[1].isascii() and rest[1].isdigit() and int(rest[1]) > 0:
        for screen, first in _BY_ITEM.items():
            if first == head:
                return Route(screen, {"game": rest[0], "item": int(rest[1])})
    if head == "rules" and not rest:
        return Route("rules", {"game": None})
    return None
