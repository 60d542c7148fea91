"""Game nights: ``/nights`` lists them (and makes a new one), ``/night/<id>`` is one night.

A night groups the matches one evening played, whatever the game, and ranks the players
by their places in each (:mod:`companion.tallies.night`; the store keeps it in
:mod:`companion.store.nights`). Its screen shows the ranking — players as columns, best first,
the rank and total first, then each match's place and points — then the matches of the
night's day to tick (any others a tap away; on a new night, whose ranking is one line,
they are in view at once), then the points per place, a house rule, one stepper per
place. Every tap is saved at once, like a round; the
ranking is worked out again from the matches as stored at each draw, so a match played
on meanwhile counts as it stands. The night exports as JSON and CSV and prints on one
A4 sheet (:mod:`companion.pdf.night`).

The passing state (whether the other matches are shown, what the last export said, a
delete being asked about) is :class:`NightUI`, kept under :data:`KEY`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from companion.core import words
from companion.core.errors import CompanionError
from companion.core.grid import GridRow
from companion.core.i18n import _
from companion.core.names import key
from companion.core.when import calendar_day
from companion.store import MatchSummary
from companion.store import nights as store_nights
from companion.tallies.night import (
    DELETED,
    MAX_PLACES,
    UNREADABLE,
    NightResult,
    ordinal,
    points_rule_text,
    points_text,
    status_text,
    tied_place,
)
from companion.ui.contracts import GameView, ShellServices
from companion.ui.history import entry_text
from companion.ui.widgets import ScoreGrid, error_text, heading
from companion.ui.widgets.column import column
from companion.ui.widgets.stepper import Stepper
from companion.ui.widgets.text_field import TextField

KEY = "night"
OTHERS_PAGE = 20        # other matches drawn at first, and added by each "Show more"

__all__ = ["KEY", "NightScreen", "NightUI", "Nights", "day_span", "ranking_rows"]


@dataclass(frozen=True)
class NightUI:
    night: int = 0               # the night this state is for (another night starts afresh)
    others: int = 0              # how many of the other days' matches are shown (0: none)
    said: str | None = None      # what the last export or print said
    refused: bool = False        # ... and whether it made nothing (said as an error)
    asking_delete: bool = False


def day_span(text: str) -> tuple[float, float]:
    """The stored times of day ``text`` ('2026-11-27') where the app runs: from its
    midnight to the next (a day of a clock change is 23 or 25 hours)."""
    day = dt.date.fromisoformat(text)
    start = dt.datetime.combine(day, dt.time()).timestamp()
    return start, dt.datetime.combine(day + dt.timedelta(days=1), dt.time()).timestamp()


def shown_day(text: str) -> str:
    """A night's day (kept as '2026-11-27') as the player reads it."""
    try:
        return calendar_day(dt.date.fromisoformat(text))
    except ValueError:
        return text


def ranking_rows(result: NightResult) -> list[GridRow]:
    """The ranking as grid rows, players as columns best first: rank, total, then each
    match's place and points ('=1st · 2.5'), or what it is when it counts nothing."""
    keys = [key(s.player) for s in result.standings]
    rows = [GridRow(_("Rank"), [s.rank_text for s in result.standings], strong=True),
            GridRow(_("Points"), [points_text(s.total) for s in result.standings], strong=True)]
    for m in result.matches:
        if m.counts:
            cells = []
            for k in keys:
                pl = m.placings.get(k)
                cells.append("–" if pl is None else
                             _("{place} · {points}").format(
                                 place=tied_place(ordinal(pl.place)) if pl.tied > 1 else ordinal(pl.place),
                                 points=points_text(pl.points)))
            rows.append(GridRow(m.title, cells))
        else:
            rows.append(GridRow(_("{match} ({status})").format(match=m.title, status=status_text(m.status)),
                               ["–"] * len(keys)))
    return rows


# ================================================================ the list

@ft.component
def Nights(shell: ShellServices) -> ft.Control:
    def new(e: Any) -> None:
        try:
            nid = store_nights.create(shell.store, store_nights.new_record())
        except CompanionError as exc:
            shell.say(_("Not saved: {reason}").format(reason=exc))
            return
        shell.go("night", night=nid)

    out: list[ft.Control] = [
        heading(_("Game nights")),
        ft.Text(_("A game night keeps one tally over the matches of an evening, whatever the game: "
                  "each match places its players, and each place scores points (house rule).")),
        ft.FilledButton(_("New game night"), icon=ft.Icons.ADD, on_click=new,
                        disabled=shell.cannot_save() is not None),
    ]
    kept = store_nights.nights(shell.store)
    if not kept:
        out.append(ft.Text(_("No game nights yet.")))
    for n in kept:
        out.append(ft.Button(_("{night}, {day}: {matches}").format(night=n.record.name, day=shown_day(n.record.date),
                                                                    matches=words.matches(len(n.record.matches))),
                             key=f"night-{n.id}", on_click=lambda e, i=n.id: shell.go("night", night=i)))
    return column(out, spacing=12)


# ================================================================ one night

@ft.component
def NightScreen(shell: ShellServices, night_id: int, views: dict[str, GameView]) -> ft.Control:
    held: NightUI = shell.ui(KEY, NightUI(night_id))
    st = held if held.night == night_id else NightUI(night_id)

    def put(**changes: Any) -> None:
        shell.set_ui(KEY, lambda u: replace(u if isinstance(u, NightUI) and u.night == night_id
                                            else NightUI(night_id), **changes), NightUI(night_id))

    try:
        stored = store_nights.night(shell.store, night_id)
    except CompanionError:
        return column([heading(_("Game night")),
                       ft.Text(_("There is no game night {night} here: it may have been deleted.").format(
                           night=night_id)),
                       ft.Button(_("Game nights"), icon=ft.Icons.ARROW_BACK, on_click=lambda e: shell.go("nights"))],
                  spacing=12)
    record = stored.record
    result = store_nights.tally_of(shell.store, record)

    def change(fn: Any) -> None:
        try:
            fn()
        except CompanionError as exc:
            shell.say(_("Not saved: {reason}").format(reason=exc))
            return
        shell.saved()

    def tick(match_id: int, on: bool) -> None:
        change(lambda: store_nights.add_match(shell.store, night_id, match_id) if on
               else store_nights.remove_match(shell.store, night_id, match_id))

    def step(place: int, by: int) -> None:
        change(lambda: store_nights.step_points(shell.store, night_id, place, by))

    def stepping(place: int) -> Callable[[int], None]:
        return lambda by: step(place, by)

    def renamed(e: Any) -> None:
        text = e.control.value or ""
        if text.strip():      # an empty field is being typed over: keep the name saved
            change(lambda: store_nights.rename(shell.store, night_id, text))

    def export(kind: str) -> None:
        now = store_nights.night(shell.store, night_id)
        base = f"game-night-{night_id}"
        try:
            if kind == "json":
                line = shell.export(f"{base}.json", store_nights.night_json(shell.store, now),
                                    _("Game night"))
            elif kind == "csv":
                line = shell.export(f"{base}.csv", store_nights.night_csv(store_nights.tally_of(shell.store,
                                                                                              now.record)),
                                    _("Game night spreadsheet"))
            else:
                from companion.pdf.night import build_night_sheet  # noqa: PLC0415 - reportlab, when printing

                line = shell.export(f"{base}-sheet.pdf", build_night_sheet(store_nights.tally_of(shell.store,
                                                                                                  now.record)),
                                    _("Game night sheet"))
        except CompanionError as exc:
            put(said=_("Not exported: {reason}").format(reason=exc), refused=True)
            return
        put(said=line, refused=False)

    def delete() -> None:
        try:
            store_nights.delete(shell.store, night_id)
        except CompanionError as exc:
            shell.say(_("Not deleted: {reason}").format(reason=exc))
            return
        shell.drop_ui(KEY)
        shell.go("nights", say=_("Deleted the game night “{night}”; its matches stay saved.").format(
            night=record.name))

    out: list[ft.Control] = [
        ft.Button(_("Game nights"), icon=ft.Icons.ARROW_BACK, on_click=lambda e: shell.go("nights")),
        heading(record.name),
        ft.Text(_("{day} · {matches}").format(day=shown_day(record.date), matches=words.matches(len(record.matches)))),
        TextField(label=_("Name of the night"), value=record.name, dense=True, max_length=60,
                  on_change=renamed),
        heading(_("Ranking"), 18),
        ft.Text(result.explanation),
    ]
    if result.standings:
        out.append(ScoreGrid([s.player for s in result.standings], ranking_rows(result), corner="",
                             name=_("game night ranking"), key="ranking"))
    for m in result.matches:
        if m.counts:
            out.append(ft.Text(m.line, size=13, key=f"line-{m.id}"))     # keyed: a tick adds one above the boxes
        else:
            gone = m.status in (DELETED, UNREADABLE)
            out.append(ft.Row([ft.Text(m.line, size=13, color=ft.Colors.ERROR if gone else None, expand=True),
                               *([ft.TextButton(_("Remove"), on_click=lambda e, i=m.id: tick(i, False))]
                                 if m.status == DELETED else [])],   # an expanded text cannot be in a wrapping row
                              key=f"line-{m.id}"))

    # ------------------------------------------------ the matches to tick
    summaries = [m for m in shell.store.summaries() if m.game in views]
    inside = set(record.matches)
    # the night's day where the app runs, as two times (an archive of 10,000 matches
    # is compared, not formatted, at every draw)
    start, end = day_span(record.date)
    of_day = [m for m in summaries if m.id in inside or start <= m.created_at < end or start <= m.updated_at < end]
    ticked = {m.id for m in of_day}
    others = [m for m in summaries if m.id not in ticked]
    out += [heading(_("Matches"), 18),
            ft.Text((_("Tick the matches of the night. Matches played on {day}:") if of_day
                     else _("No match was played on {day}.")).format(day=shown_day(record.date)), size=13)]
    out += [_tick_box(shell, views, m, m.id in inside, tick) for m in of_day]
    if others:
        shown = others[:st.others]
        out += [_tick_box(shell, views, m, False, tick) for m in shown]
        left = len(others) - len(shown)
        if left:
            label = (_("Show matches of other days ({n})").format(n=left) if not shown
                     else _("Show {n} more ({left} not shown yet)").format(n=min(OTHERS_PAGE, left), left=left))
            out.append(ft.Button(label, icon=ft.Icons.EXPAND_MORE,
                                 on_click=lambda e: put(others=st.others + OTHERS_PAGE)))

    # ------------------------------------------------ points per place (house rule)
    most = max([len(m.players) for m in result.matches] + [len(record.points), 3])
    places = min(most, MAX_PLACES)
    out += [heading(_("Points per place (house rule)"), 18),
            ft.Text(points_rule_text(record), size=13)]
    out += [ft.Row([ft.Text(_("{ordinal} place").format(ordinal=ordinal(p)), width=80),
                    Stepper(_("{ordinal} place").format(ordinal=ordinal(p)), (_("point"), _("points")),
                            record.points_for(p), stepping(p), unit=_("points"))],
                   spacing=4, key=f"place-{p}")
            for p in range(1, places + 1)]

    # ------------------------------------------------ export, print, delete
    out += [heading(_("Export and print"), 18),
            ft.Row([ft.Button(_("Night as JSON"), icon=ft.Icons.DOWNLOAD, on_click=lambda e: export("json")),
                    ft.Button(_("Night as CSV"), icon=ft.Icons.DOWNLOAD, on_click=lambda e: export("csv")),
                    ft.Button(_("Print night sheet"), icon=ft.Icons.PRINT, on_click=lambda e: export("pdf"))],
                   wrap=True)]
    if st.said:
        out.append(ft.Text(st.said, size=13, color=ft.Colors.ERROR if st.refused else None))
    if st.asking_delete:
        out += [ft.Text(_("Delete this game night? Its matches stay saved.")),
                ft.Row([ft.FilledButton(_("Delete the night"), icon=ft.Icons.DELETE, on_click=lambda e: delete()),
                        ft.Button(_("Keep it"), on_click=lambda e: put(asking_delete=False))], wrap=True)]
    else:
        out.append(ft.Button(_("Delete game night"), icon=ft.Icons.DELETE_OUTLINE,
                             on_click=lambda e: put(asking_delete=True)))
    out.append(error_text(shell.cannot_save()))
    return column(out, spacing=12)


def _tick_box(shell: ShellServices, views: dict[str, GameView], m: MatchSummary, ticked: bool,
              tick: Any) -> ft.Control:
    try:
        label = entry_text(views[m.game], shell.store, m)
    except CompanionError as exc:     # deleted meanwhile, or a record the referee refuses
        label = _("Match {match}: {reason}").format(match=m.id, reason=exc)
    # the words beside the box, not its label: a checkbox's label runs off a phone's screen
    # unwrapped; a tap on them ticks the box all the same
    return ft.Row([
        ft.Checkbox(semantics_label=label, value=ticked, key=f"tick-{m.id}",
                    on_change=lambda e, i=m.id: tick(i, bool(e.control.value))),
        ft.Container(ft.Text(label), expand=True, on_click=lambda e, i=m.id: tick(i, not ticked)),
    ], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER, key=f"match-{m.id}")
