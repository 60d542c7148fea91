"""Screens drawn outside a browser, for tests: the one module that knows Flet's internal
``Renderer`` (flet.components.component), so a Flet upgrade that moves it is mended here.

- :func:`draw`: a component's body, drawn once, as the app draws it (the components
  inside it stay components: their functions are not run);
- :func:`controls`: every control under a drawn tree, in screen order; ``deep``: a
  component met on the way is drawn too (its function run once), as the shared text
  field is;
- :func:`texts`: the words of the visible ``ft.Text`` controls among them;
- :func:`drawn_with_effects`: a component drawn once, and the effects it asked for
  (``ft.use_effect``), for a test to run as Flet would once the screen is drawn;
- :func:`sent`: a drawn tree as a session first sends it (ids given, components drawn);
- :func:`redrawn`: one drawing put where another was, as Flet diffs a redraw, so a test
  sees which controls keep their ids (a tap in flight reaches only those);
- :func:`bodies`: what the components of a drawing drew, so a test sees which a memo kept;
- :class:`Tab` and :func:`packed`: a browser tab's websocket for a real Flet ``Session``
  run in a test, keeping the bytes the server sent it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any

import flet as ft
import msgpack
from flet.components.component import Component, Renderer
from flet.components.hooks.use_effect import EffectHook
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.pubsub.pubsub_hub import PubSubHub

__all__ = ["Component", "EffectHook", "Renderer", "Tab", "bodies", "controls", "draw", "drawn_with_effects",
           "packed", "redrawn", "sent", "texts"]


def draw(component: Any, *args: Any, **kwargs: Any) -> Any:
    """``component``'s body drawn once (a ``@ft.component`` function, or a plain one)."""
    fn = getattr(component, "__wrapped__", component)
    return Renderer().render(fn, *args, **kwargs)


def controls(root: Any, *, deep: bool = False) -> Iterator[Any]:
    """``root`` and every control under it (its ``content`` and its ``controls``)."""
    while deep and isinstance(root, Component):    # a component may draw another one
        root = Renderer(root).render(root.fn, *root.args, **root.kwargs)
    yield root
    kinds = (ft.Control, Component) if deep else (ft.Control,)
    for child in [*(getattr(root, "controls", None) or []), getattr(root, "content", None)]:
        if isinstance(child, kinds):
            yield from controls(child, deep=deep)


def texts(root: Any, *, deep: bool = False, shown: bool = True) -> list[str]:
    """The non-empty words of the texts under ``root``: the visible ones (what a player
    reads), or with ``shown=False`` the hidden ones too."""
    return [c.value for c in controls(root, deep=deep)
            if isinstance(c, ft.Text) and c.value and (c.visible or not shown)]


def drawn_with_effects(component: Any, *args: Any, **kwargs: Any) -> tuple[Any, list[EffectHook]]:
    """``component``'s body drawn once, as :func:`draw`, and the effects it asked for
    (its ``ft.use_effect`` hooks, in order). Flet runs them after the screen is drawn,
    never while drawing it; a test runs a hook's ``setup`` and ``cleanup`` itself."""
    c = Renderer().render(lambda: component(*args, **kwargs))
    drawn = Renderer(c).render(c.fn, *c.args, **c.kwargs)
    return drawn, [h for h in c._state.hooks if isinstance(h, EffectHook)]


def sent(root: Any) -> None:
    """``root`` as a session first sends it: Flet's diff (its internal ``ObjectPatch``)
    gives its controls their ids and draws the components in it."""
    from flet.controls.base_control import BaseControl
    from flet.controls.object_patch import ObjectPatch

    ObjectPatch.from_diff(None, root, control_cls=BaseControl, frozen=True)


def bodies(root: Any, key_of: Callable[[str, Any], Any]) -> dict[Any, Any]:
    """What the components in ``root`` drew (each one's body, Flet's ``_b``), by
    ``key_of(name, component)``: the name of its function and the component; None leaves
    it out. The bodies of two drawings compared say which components a memo kept (the
    same body) and which were drawn again."""
    found: dict[Any, Any] = {}

    def walk(c: Any) -> None:
        key = key_of(getattr(getattr(c, "fn", None), "__name__", ""), c)
        if key is not None:
            found[key] = c._b
        for kid in [*(getattr(c, "controls", None) or []), getattr(c, "content", None), getattr(c, "_b", None)]:
            if kid is not None and not isinstance(kid, str):
                walk(kid)
    walk(root)
    return found


def redrawn(before: Any, after: Any, *, already_sent: bool = False) -> None:
    """``after`` drawn where ``before`` was, as a session redraws a screen: Flet's diff
    gives ``before``'s controls their ids as when first sent (:func:`sent`; not again
    when ``already_sent``: a component in it drawn anew would forget what it kept), then
    carries each id over to the control of ``after`` it matches. A control of ``after``
    without its old id is a new one to the phone: a tap sent to the old one before the
    redraw arrived finds nothing."""
    from flet.controls.base_control import BaseControl
    from flet.controls.object_patch import ObjectPatch

    if not already_sent:
        sent(before)
    after._i = before._i
    ObjectPatch.from_diff(before, after, control_cls=BaseControl, frozen=True)


class Tab(Connection):
    """A browser tab's websocket as a Flet session sees it: what the server sends it is kept."""

    def __init__(self, loop: asyncio.AbstractEventLoop, pubsubhub: PubSubHub) -> None:
        super().__init__()
        self.loop = loop
        self.pubsubhub = pubsubhub
        self.sent: list[bytes] = []

    def send_message(self, message: Any) -> None:
        self.sent.append(packed([message.action, message.body]))


def packed(value: Any) -> bytes:
    """What Flet's web server sends (it snapshots what it sent, to diff the next update)."""
    return msgpack.packb(value, default=configure_encode_object_for_msgpack(BaseControl))
