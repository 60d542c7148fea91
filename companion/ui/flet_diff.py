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
:func:`added_once` goes further: of an added control it reads only the fields set and
those whose default is a list, a dict or a dataclass (a handful of its sixty), and asks
whether a value is a dataclass once per class: "Next round" then 14.5 instead of 22.0
CPU-ms on a later machine (``bench/session_taps.py``), the walk most of what a browser's
Python spends on that tap.

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
    """``dataclasses.is_dataclass(value)``, its answer for an instance kept per class (a
    class is a dataclass from its creation on): a redraw asks it of every field value of
    every control it adds, thousands of times."""
    cls = type(value)
    answer = _DATACLASS.get(cls)
    if answer is None:
        if issubclass(cls, type):      # a class itself: asked of it each time
            return dataclasses.is_dataclass(value)
        answer = _DATACLASS[cls] = dataclasses.is_dataclass(cls)
    return answer


_DATACLASS: dict[type, bool] = {}


def _leads(value: Any) -> bool:
    """Whether :func:`added_once`'s walk goes into ``value``: a list, a dict or a dataclass."""
    return isinstance(value, _CONTAINERS) or _is_dataclass(value)


class _Declared:
    """A dataclass's fields as :func:`_declared_values` reads them (those not marked
    ``skip``), each with its place in the declared order: Flet's ``Prop`` fields (kept in
    ``_values`` where set, an unset one is its default), split into those whose default
    the walk goes into and those it passes over, and the plain ones (in the instance)."""

    def __init__(self, item: Any) -> None:
        self.place: dict[str, int] = {}
        self.props: set[str] = set()
        self.defaults: list[tuple[int, str, Any]] = []    # Prop fields whose default leads somewhere
        self.plain: list[tuple[int, str]] = []
        kept = hasattr(item, "_values")
        cls = type(item)
        for field in dataclasses.fields(cls):
            if field.metadata.get("skip", False):
                continue
            place = self.place[field.name] = len(self.place)
            raw = next((vars(k)[field.name] for k in cls.__mro__ if field.name in vars(k)), None)
            if isinstance(raw, Prop) and kept:
                self.props.add(field.name)
                if _leads(raw.default):
                    self.defaults.append((place, field.name, raw.default))
            else:
                self.plain.append((place, field.name))


_DECLARED: dict[type, _Declared] = {}


def _declared_values(item: Any) -> list[Any]:
    """Of ``getattr(item, f.name)`` for each of ``item``'s fields not marked ``skip``, the
    ones :func:`added_once`'s walk goes into (lists, dicts, dataclasses), in their declared
    order, read where Flet keeps them (a ``Prop``'s in ``_values``). A control has about
    sixty fields and a handful set: the set ones are taken from ``_values``, the unset
    ones only where their default leads somewhere, never each field one by one."""
    cls = type(item)
    fields = _DECLARED.get(cls)
    if fields is None:
        fields = _DECLARED[cls] = _Declared(item)
    values = getattr(item, "_values", None)
    found: list[tuple[int, Any]] = []
    if values is None:             # not kept by Flet's properties: each read as Flet reads it
        found += [(fields.place[name], getattr(item, name)) for name in fields.props]
    else:
        found += [(fields.place[name], value) for name, value in values.items() if name in fields.props]
        found += [(place, default) for place, name, default in fields.defaults if name not in values]
    found += [(place, getattr(item, name)) for place, name in fields.plain]
    found = [entry for entry in found if _leads(entry[1])]
    found.sort(key=_place)
    return [value for _, value in found]


def _place(entry: tuple[int, Any]) -> int:
    return entry[0]


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
