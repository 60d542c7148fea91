"""The game night screens drawn without a browser, over the real shell of
``tests/tabs.py``: the list makes a night; a night offers its day's matches to tick
and the others a tap away, ranks the players (ties shown), steps a place's points
(house rule), shows a deleted match gone, exports and prints, and is deleted when
asked twice."""

from __future__ import annotations

import datetime as dt
import json
import time
from typing import Any

import flet as ft
import pytest

from companion.store import Store
from companion.store import nights as store_nights
from companion.ui.contracts import Route
from companion.ui.home import Home
from companion.ui.night import KEY, Nights, NightScreen, NightUI
from tests.app.test_history import buttons, controls, texts
from tests.night_records import burger_game, hotdog_match, match_of, sales_game
from tests.render import Renderer
from tests.tabs import tab


@pytest.fixture
def shell(tmp_path):
    s = tab(Store(tmp_path / "companion.sqlite3"))
    s.exported: list[tuple[str, Any]] = []    # type: ignore[misc]

    def export(name: str, data: Any, what: str = "File") -> str:
        s.exported.append((name, data))
        return f"{what} downloaded: {name}."
    s.export = export                          # type: ignore[method-assign]
    return s


def seed(store: Store, days_ago: int = 0) -> list[int]:
    """The three hand-worked matches, stored as played (a second seed is another evening
    of the same games: importing them would recognise the first)."""
    ids = [store.import_match(m["game"], m["players"], [{"game": m["game"], **g} for g in m["games"]], True)
           for m in (hotdog_match(), match_of(sales_game()), match_of(burger_game()))]
    if days_ago:
        then = time.time() - days_ago * 86400
        with store.transaction() as c:
            c.execute("UPDATE matches SET created_at=?, updated_at=?", (then, then))
    return ids


def drawn_list(shell) -> Any:
    return Renderer().render(Nights.__wrapped__, shell)


def drawn(shell, nid: int) -> Any:
    return Renderer().render(NightScreen.__wrapped__, shell, nid, shell.views)


def tap(root: Any, label: str) -> None:
    (b,) = [c for c in controls(root) if isinstance(c, (ft.Button, ft.TextButton)) and c.content == label]
    b.on_click(None)


def boxes(root: Any) -> dict[str, Any]:
    return {c.semantics_label: c for c in controls(root) if isinstance(c, ft.Checkbox)}


def grid(root: Any) -> list[list[str]]:
    (table,) = [c for c in controls(root) if isinstance(c, ft.DataTable)]
    head = [col.label.value for col in table.columns]
    return [head] + [[cell.content.value for cell in row.cells] for row in table.rows]


class Ticked:
    def __init__(self, control: Any, value: bool) -> None:
        self.control = control
        control.value = value


def test_home_offers_game_nights_and_the_list_makes_one(shell):
    home = Renderer().render(Home.__wrapped__, shell)
    tap(home, "Game nights")
    assert shell.state.route == Route("nights")
    root = drawn_list(shell)
    assert "No game nights yet." in texts(root)
    [new] = [c for c in controls(root) if isinstance(c, ft.FilledButton)]
    new.on_click(None)
    (kept,) = store_nights.nights(shell.store)
    assert kept.record.date == dt.date.today().isoformat() and kept.record.points == [3, 2, 1]
    assert shell.state.route == Route("night", {"night": kept.id})
    assert [b.content for b in buttons(drawn_list(shell)) if str(b.content).startswith("Game night ")] == [
        f"Game night {kept.record.date}, {kept.record.date}: 0 matches"]


def test_the_days_matches_are_ticked_in_ranked_and_points_stepped(shell):
    old = seed(shell.store, days_ago=3)[0]
    hd, sa, bu = seed(shell.store)
    nid = store_nights.create(shell.store, store_nights.new_record("Friday"))
    root = drawn(shell, nid)
    offered = boxes(root)
    assert len(offered) == 3 and not any(b.value for b in offered.values())     # today's three
    assert "Show matches of other days (3)" in [b.content for b in buttons(root)]
    for box in offered.values():
        box.on_change(Ticked(box, True))
    assert store_nights.night(shell.store, nid).record.matches == [hd, sa, bu]  # as played, whatever the ticks' order
    root = drawn(shell, nid)
    assert grid(root) == [
        ["", "Bernd", "Chris", "Anna"],
        ["Rank", "=1st", "=1st", "3rd"],
        ["Points", "6.5", "6.5", "5"],
        [f"Hot Dog #{hd}", "2nd · 2", "3rd · 1", "1st · 3"],
        [f"Sales #{sa}", "2nd · 2", "1st · 3", "3rd · 1"],
        [f"Burger #{bu}", "=1st · 2.5", "=1st · 2.5", "3rd · 1"],
    ]
    assert "Bernd and Chris tie for 1st with 6.5 points each (3 matches counted)." in texts(root)
    assert "Points per place (house rule)" in texts(root)
    assert ("House rule: points per place 1st 3, 2nd 2, 3rd 1, later places 0; "
            "players tied share their places' points equally.") in texts(root)
    # 2nd place: 2 → 4 points; Bernd and Chris now share (3 + 4) / 2 for burger
    (more,) = [c.content for c in controls(root)
               if isinstance(c, ft.Semantics) and c.label == "2nd place: one point more"]
    more.on_click(None)
    more.on_click(None)
    assert store_nights.night(shell.store, nid).record.points == [3, 4, 1]
    root = drawn(shell, nid)
    # Bernd 4 + 4 + 3.5, Chris 1 + 3 + 3.5, Anna 3 + 1 + 1
    assert grid(root)[2] == ["Points", "11.5", "7.5", "5"]
    # the other days' matches, a tap away
    tap(root, "Show matches of other days (3)")
    assert shell.ui(KEY) == NightUI(nid, others=20)
    root = drawn(shell, nid)
    assert len(boxes(root)) == 6
    assert f"tick-{old}" in [c.key for c in controls(root) if isinstance(c, ft.Checkbox)]


def test_a_deleted_match_shows_gone_and_can_be_removed(shell):
    hd, sa, bu = seed(shell.store)
    nid = store_nights.create(shell.store, store_nights.new_record("Friday").with_match(hd).with_match(bu))
    shell.store.delete_match(bu)
    root = drawn(shell, nid)
    assert f"Match {bu} is no longer saved (deleted): it counts nothing." in texts(root)
    assert grid(root)[-1] == [f"Match {bu} (deleted)", "–", "–", "–"]
    tap(root, "Remove")
    assert store_nights.night(shell.store, nid).record.matches == [hd]


def test_exports_print_and_delete_asked_twice(shell):
    hd, sa, bu = seed(shell.store)
    nid = store_nights.create(shell.store, store_nights.new_record("Friday").with_match(hd))
    root = drawn(shell, nid)
    for label in ("Night as JSON", "Night as CSV", "Print night sheet"):
        tap(root, label)
    names = [n for n, _ in shell.exported]
    assert names == [f"game-night-{nid}.json", f"game-night-{nid}.csv", f"game-night-{nid}-sheet.pdf"]
    assert json.loads(shell.exported[0][1])["matches"] == [hd]
    assert shell.exported[2][1].startswith(b"%PDF")
    assert f"Game night sheet downloaded: game-night-{nid}-sheet.pdf." in texts(drawn(shell, nid))
    tap(drawn(shell, nid), "Delete game night")
    root = drawn(shell, nid)
    assert "Delete this game night? Its matches stay saved." in texts(root)
    tap(root, "Delete the night")
    assert store_nights.nights(shell.store) == [] and len(shell.store.matches()) == 3
    assert shell.state.route == Route("nights")
    assert "There is no game night" in " ".join(texts(drawn(shell, nid)))


def test_renamed_as_typed_an_emptied_field_keeps_the_name(shell):
    nid = store_nights.create(shell.store, store_nights.new_record("Friday"))
    (field,) = [c for c in controls(drawn(shell, nid)) if isinstance(c, ft.TextField)]
    field.value = "Friday at Anna's"
    field.on_change(Ticked(field, "Friday at Anna's"))
    assert store_nights.night(shell.store, nid).record.name == "Friday at Anna's"
    field.on_change(Ticked(field, ""))
    assert store_nights.night(shell.store, nid).record.name == "Friday at Anna's"


def test_a_night_export_pasted_on_the_import_screen_comes_back_as_a_night(shell, tmp_path):
    from companion.ui.imports import ImportDraft, ImportScreen

    hd, sa, bu = seed(shell.store)
    nid = store_nights.create(shell.store, store_nights.new_record("Friday").with_match(hd).with_match(bu))
    text = store_nights.night_json(shell.store, store_nights.night(shell.store, nid))
    other = tab(Store(tmp_path / "other.sqlite3"))
    other.set_ui("import", lambda d: ImportDraft(text=text))
    root = Renderer().render(ImportScreen.__wrapped__, other)
    tap(root, "Import record")
    (kept,) = store_nights.nights(other.store)
    assert other.state.route == Route("night", {"night": kept.id})
    assert other.state.flash == "Imported a game night and its matches."
    assert kept.record.name == "Friday" and len(kept.record.matches) == 2 and len(other.store.matches()) == 2
    # the same ranking, the matches under their new ids
    assert [r[1:] for r in grid(drawn(other, kept.id))] == [r[1:] for r in grid(drawn(shell, nid))]


@pytest.mark.parametrize("language, said", [("en", "Not exported: "), ("de", "Nicht exportiert: ")])
def test_an_export_that_fails_is_drawn_as_an_error_and_one_made_is_not(shell, monkeypatch, language, said):
    """Whether the night's file was made is kept as a fact beside its line, never read
    back from the line's translated words."""
    from companion.core import i18n
    from companion.core.errors import StoreError

    hd, _sa, _bu = seed(shell.store)
    nid = store_nights.create(shell.store, store_nights.new_record("Friday").with_match(hd))
    with i18n.using(language):
        tap(drawn(shell, nid), "Night as JSON" if language == "en" else "Abend als JSON")
        (made,) = [c for c in controls(drawn(shell, nid)) if isinstance(c, ft.Text) and c.value and
                   c.value.endswith(f"game-night-{nid}.json.")]
        assert made.color is None

        def refused(*args: Any) -> str:
            raise StoreError("the disk is full")

        monkeypatch.setattr(store_nights, "night_json", refused)
        tap(drawn(shell, nid), "Night as JSON" if language == "en" else "Abend als JSON")
        (failed,) = [c for c in controls(drawn(shell, nid)) if isinstance(c, ft.Text) and c.value and
                     c.value.startswith(said)]
        assert failed.color == ft.Colors.ERROR


def test_a_quick_second_tick_reaches_the_box_it_was_meant_for(shell):
    """A match ticked draws its line above the boxes; the matches' lines and boxes are
    keyed by the match, so each box keeps its control's id through that redraw and a
    second quick tick, sent before the first one's redraw arrived, reaches its box."""
    from tests.render import redrawn

    seed(shell.store)
    nid = store_nights.create(shell.store, store_nights.new_record("Friday"))
    before = drawn(shell, nid)
    first, second, third = boxes(before).values()
    first.on_change(Ticked(first, True))
    after = drawn(shell, nid)
    assert len(store_nights.night(shell.store, nid).record.matches) == 1
    redrawn(before, after)
    assert [b._i for b in boxes(after).values()] == [first._i, second._i, third._i]
