"""The toy game's app screens (``companion.ui.shell.GameView``): setup, the table
(everyone's number, submit, undo), a match's details and the rules. Every change is
a record operation of :mod:`tests.toy_game.play`, saved through the app's own
``companion.ui.records.save_change``."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.core import registry
from companion.core.errors import CompanionError
from companion.store.db import StoredMatch
from companion.ui.contracts import setup_key
from companion.ui.records import save_change
from companion.ui.table import MatchSeen
from companion.ui.widgets import NumberChips, bold, error_text, heading
from companion.ui.widgets.column import column
from companion.ui.widgets.exports import ExportActions
from tests.toy_game import play, rules

SETUP = setup_key("toy")
TABLE = "toy-table"


@ft.component
def SetupScreen(shell: Any) -> ft.Control:
    names: tuple[str, ...] = shell.ui(SETUP, ("", ""))

    def put(i: int, value: str) -> None:
        shell.set_ui(SETUP, lambda d: d[:i] + (value,) + d[i + 1:], ("", ""))

    def start() -> None:
        players = [n.strip() for n in shell.ui(SETUP, names) if n.strip()]
        try:
            match_id = shell.store.create_match("toy", players, play.new_record(players))
        except CompanionError as exc:
            shell.say(f"Not saved: {exc}")
            return
        shell.drop_ui(SETUP)
        shell.go("match", match=match_id)

    fields = [ft.TextField(label=f"Player {i + 1}", value=n,
                           on_change=lambda e, i=i: put(i, e.control.value or "")) for i, n in enumerate(names)]
    return column([heading("New Highest Unique match"), *fields,
                   ft.Button("Add player", on_click=lambda e: shell.set_ui(SETUP, lambda d: d + ("",), ("", ""))),
                   ft.FilledButton("Start match", on_click=lambda e: start())])


def save(shell: Any, match_id: int, number: int, record: dict[str, Any], base: dict[str, Any],
         not_done: str) -> str | None:
    """Save a change made from ``base``: None, or the line the player reads."""
    over = play.replay(record)[1].over
    refused = save_change(shell.store, match_id, number, record, base=base,
                          place=lambda r: registry.place("toy", r),
                          not_done=not_done, finished_match=over)
    return None if refused is None else refused.line


@ft.component
def TableScreen(shell: Any, m: MatchSeen) -> ft.Control:
    record = m.record
    results, state = play.replay(record)
    ui: dict[str, Any] = shell.ui(TABLE, {})
    numbers: dict[str, int] = ui.get("numbers", {})

    def submit() -> None:
        change = play.submit(record, shell.ui(TABLE, {}).get("numbers", {}))
        error = change.error or save(shell, m.id, m.number, change.record, record, "your entry was not saved")
        shell.set_ui(TABLE, lambda u: {"error": error} if error is None else {**u, "error": error}, {})

    def undo() -> None:
        change = play.undo(record)
        error = change.error or save(shell, m.id, m.number, change.record, record, "nothing was undone")
        shell.set_ui(TABLE, lambda u: {**u, "error": error}, {})

    out: list[ft.Control] = [heading(f"Highest Unique: round {state.rounds_played + 1} of {rules.ROUNDS}")]
    out += [ft.Text(play.round_text(r)) for r in results]
    if not state.over:
        for p in state.players:
            out.append(NumberChips(p, "number", list(range(1, rules.HIGHEST + 1)), numbers.get(p),
                                   lambda n, p=p: shell.set_ui(TABLE, lambda u: {
                                       **u, "numbers": {**u.get("numbers", {}), p: n}}, {}),
                                   label=p))
        out.append(ft.FilledButton("Reveal", on_click=lambda e: submit()))
    out.append(ft.Button("Undo the last round", disabled=not results, on_click=lambda e: undo()))
    out.append(error_text(ui.get("error")))
    return column(out)


@ft.component
def MatchDetail(shell: Any, m: StoredMatch) -> ft.Control:
    line, _ = play.match_line(m.players, [g.record for g in m.games])
    return column([bold(line), ExportActions(shell, m, m.games[-1].number, games_in_match=False)])


@ft.component
def RulesText() -> ft.Control:
    return column([heading("Highest Unique"), ft.Text(rules.__doc__ or "")])


class ToyView:
    name = "toy"
    title = "Highest Unique"

    def setup(self, shell: Any) -> ft.Control:
        return SetupScreen(shell, key="toy-setup")

    def table(self, shell: Any, match: MatchSeen) -> ft.Control:
        return TableScreen(shell, match, key=f"toy-table-{match.id}")

    def match_detail(self, shell: Any, match: StoredMatch) -> ft.Control:
        return MatchDetail(shell, match, key=f"toy-match-{match.id}")

    def rules(self, shell: Any) -> ft.Control:
        return RulesText(key="toy-rules")

    def match_line(self, players: list[str], records: list[dict[str, Any]]) -> tuple[str, bool]:
        return play.match_line(players, records)


VIEW = ToyView()
