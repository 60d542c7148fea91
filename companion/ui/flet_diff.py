"""Flet 1.0.5's diff, its two walks over the controls a redraw added and took away, made
cheap (a mend of ``flet.controls.object_patch.DiffBuilder``): the same controls, the
added ones in the same order and configured the same way.

When a screen is drawn again, Flet's diff lists the controls the redraw took away (the
session forgets their ids and unmounts them) and configures the ones it added (parent,
frozen mark, ``build``, made ready). A component's controls are never snapshotted, so
both walks read every field of every such control, about sixty, one by one through
Flet's property descriptor, each in a generator of its own nested as deep as the tree,
although only a field holding a control, a dataclass, a list or a dict can lead
anywhere. On the Hot Dog table, "Submit round" takes the four bid cards away (about 600
controls): the walk over them was 18–30 of the 28–36 CPU-ms the server spent on the
tap. :func:`removed_once` and :func:`added_once` read the fields where Flet keeps them
(set properties in ``_values``; an unset one is its default) and step over the rest
without a call: Submit costs the server 13–14 CPU-ms, "Next round" 66 instead of 77–86.

Each replaces one method of Flet's, read in Flet 1.0.5 only (:data:`FLET_READ`): with another Flet,
:func:`mend` changes nothing (a test says so, so the next upgrade looks again), and a
test compares every byte a session sends with Flet's walks and with these.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Iterator
from typing import Any

import flet as ft
from flet.controls.object_patch import DiffBuilder, ObjectPatchException, _control_setattr
from flet.controls.value_types import Prop

FLET_READ = "1.0.5"
"""The Flet whose ``DiffBuilder.get_removed_controls`` this module was written against."""

FLET_WALK = DiffBuilder.get_removed_controls
FLET_ADDED = DiffBuilder.get_added_controls
"""Flet's own walks, as this module found them (the tests compare each pair on one diff)."""


def removed_once(builder: DiffBuilder) -> Iterator[Any]:
    """The controls ``builder``'s diff removed, each once, children before their parent.

    The same walk as Flet's ``DiffBuilder._removed_controls`` from every removed
    dataclass: through a control's snapshot of its lists, dicts and nested dataclasses,
    or, where there is none (a component's controls, never snapshotted) and the walk
    recurses, through its fields. Only a field holding a control, a list or a dict can
    lead to a control, so the fields are read from where Flet keeps them (its
    properties' ``_values``, the rest in the instance) and the others are passed over
    without a call; a control reached twice is walked once (again only where the second
    walk goes deeper)."""
    out: list[Any] = []
    walked: dict[int, bool] = {}      # id(control) → walked into its fields as well
    control_cls: Any = builder.control_cls

    def walk(item: Any, recurse: bool) -> None:
        if control_cls and isinstance(item, control_cls):
            before = walked.get(id(item))
            if before is not None and (before or not recurse):
                return                 # walked already, at least as deep
            walked[id(item)] = recurse
            if hasattr(item, "__prev_lists"):
                for items in getattr(item, "__prev_lists", {}).values():
                    walk(items, recurse)
                for items in getattr(item, "__prev_dicts", {}).values():
                    walk(items, recurse)
                for value in getattr(item, "__prev_classes", {}).values():
                    walk(value, recurse)
            elif recurse:
                for value in _field_values(item, control_cls):
                    if isinstance(value, (*_CONTAINERS, control_cls)):
                        walk(value, recurse)
            if before is None:
                out.append(item)
        elif isinstance(item, dict):
            for value in item.values():
                walk(value, recurse)
        elif isinstance(item, list):
            for value in item:
                walk(value, recurse)

    added = builder._added_dataclasses
    for key, dc in builder._removed_dataclasses.items():
        walk(dc, key not in added)
    return iter(out)


_CONTAINERS = (list, dict)


class _Fields:
    """Where a control class keeps the fields Flet's walk reads (those not marked
    ``skip``): Flet's ``Prop`` fields hold what was set in ``_values`` (an unset one
    is its default: passed over unless it is a list, a dict or a control), the plain
    ones sit in the instance."""

    def __init__(self, cls: type, control_cls: type) -> None:
        self.defaults: list[tuple[str, Any]] = []
        self.plain: list[str] = []
        for field in dataclasses.fields(cls):
            if field.metadata.get("skip", False):
                continue
            raw = next((vars(k)[field.name] for k in cls.__mro__ if field.name in vars(k)), None)
            if not isinstance(raw, Prop):
                self.plain.append(field.name)
            elif type(raw.default) in _CONTAINERS or isinstance(raw.default, control_cls):
                self.defaults.append((field.name, raw.default))


_FIELDS: dict[type, _Fields] = {}


def _field_values(item: Any, control_cls: type) -> list[Any]:
    """Of what ``getattr(item, f.name)`` gives for each field Flet walks, all that may
    be a list, a dict or a control (in another order than the fields')."""
    cls = type(item)
    fields = _FIELDS.get(cls)
    if fields is None:
        fields = _FIELDS[cls] = _Fields(cls, control_cls)
    values = getattr(item, "_values", None)
    if values is None:              # not kept by Flet's properties: every field, as Flet reads it
        return [getattr(item, f.name) for f in dataclasses.fields(item) if not f.metadata.get("skip", False)]
    out = list(values.values())
    out += [default for name, default in fields.defaults if name not in values]
    out += [getattr(item, name) for name in fields.plain]
    return out


def added_once(builder: DiffBuilder) -> Iterator[Any]:
    """The controls ``builder``'s diff added, configured as Flet 1.0.5's
    ``DiffBuilder.get_added_controls`` configures them (``_configure_dataclass``: each
    dataclass given its parent and frozen mark, each control built and made ready,
    in the same order), with its fields read as :func:`removed_once` reads them: a
    field that holds no dataclass, list or dict is passed over without a call, and the
    controls are gathered in one list, not through a generator per level."""
    out: list[Any] = []
    control_cls: Any = builder.control_cls
    removed = builder._removed_dataclasses

    def configure(item: Any, parent: Any, frozen: bool, setattr_only: bool = False) -> None:
        if _is_dataclass(item):
            if parent is None:
                parent_ref = getattr(item, "_parent", None)
                parent = parent_ref() if parent_ref else None
            if parent:
                if parent is item:
                    raise ObjectPatchException(f"Parent is the same as item: {item}")
                item._parent = weakref.ref(parent)
            if hasattr(item, "_frozen"):
                frozen = item._frozen
            elif frozen:
                item._frozen = frozen
            item_cls = item.__class__
            if getattr(item_cls, "__flet_control_cls__", None) is None:
                item_cls.__flet_control_cls__ = control_cls
            is_control = bool(control_cls) and isinstance(item, control_cls)
            if is_control:
                if not setattr_only:
                    item.build()
                    item._before_update_safe()
                    object.__setattr__(item, "_initialized", True)
                out.append(item)
            if not setattr_only:
                child_parent = item if is_control else parent
                for value in _declared_values(item):
                    if isinstance(value, _CONTAINERS) or _is_dataclass(value):
                        configure(value, child_parent, frozen)
            if not frozen:
                dirty = getattr(item, "_dirty", None)
                if dirty is not None:
                    dirty.clear()
                else:
                    if item_cls.__setattr__ is not _control_setattr:
                        item_cls.__setattr__ = _control_setattr
                    object.__setattr__(item, "__changes", {})
        elif isinstance(item, dict):
            for value in item.values():
                configure(value, parent, frozen)
        elif isinstance(item, list):
            for value in item:
                configure(value, parent, frozen)

    for key, dc in builder._added_dataclasses.items():
        configure(dc, None, False, key in removed)
    return iter(out)


def _is_dataclass(value: Any) -> bool:
    """``dataclasses.is_dataclass``, without narrowing ``value``'s type for mypy."""
    return dataclasses.is_dataclass(value)


_DECLARED: dict[type, list[tuple[str, bool, Any]]] = {}


def _declared_values(item: Any) -> list[Any]:
    """``getattr(item, f.name)`` for each of ``item``'s fields not marked ``skip``, in
    their declared order, read where Flet keeps them (a ``Prop``'s in ``_values``)."""
    cls = type(item)
    fields = _DECLARED.get(cls)
    if fields is None:
        fields = _DECLARED[cls] = []
        for field in dataclasses.fields(cls):
            if not field.metadata.get("skip", False):
                raw = next((vars(k)[field.name] for k in cls.__mro__ if field.name in vars(k)), None)
                if isinstance(raw, Prop) and hasattr(item, "_values"):
                    fields.append((field.name, True, raw.default))
                else:
                    fields.append((field.name, False, None))
    values = getattr(item, "_values", None)
    return [values.get(name, default) if prop and values is not None else getattr(item, name)
            for name, prop, default in fields]


def mend() -> bool:
    """Put :func:`removed_once` in Flet's diff, once per process (each session calls
    it; the second call finds it done). False: this is not the Flet it was read
    against, and nothing was changed."""
    if ft.__version__ != FLET_READ:
        return False
    if DiffBuilder.get_removed_controls is not removed_once:
        DiffBuilder.get_removed_controls = removed_once     # type: ignore[method-assign,assignment]
        DiffBuilder.get_added_controls = added_once         # type: ignore[method-assign,assignment]
    return True
