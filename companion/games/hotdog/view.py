"""Hot Dog's screens in the app: setup, the table (bids, reveal, rounds, end of game,
next game), a match's details and the rules. Found by the shell by module name.

Thin: everything shown comes from the view-model (``viewmodel``), which replays
the stored record; every input becomes a record operation saved by the store in
one transaction. Passing UI state (drafts, which round is open) is plain data in
``shell.ui``; controls are rebuilt from it on every render.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import flet as ft

from companion.core.match import GAMES_PER_MATCH
from companion.games.hotdog import rules
from companion.games.hotdog import viewmodel as vm
from companion.games.hotdog.viewmodel import Draft
from companion.store.exchange import game_json, match_csv, match_json
from companion.ui.shell import Shell, error_text, heading, icon_button

GAP = 8


@dataclass
class TableUI:
    """One session's passing state at a Hot Dog table: data only."""

    match_id: int
    game: int
    mode: str = "entry"                      # entry | reveal | round | edit
    drafts: dict[str, Draft] = field(default_factory=dict)
    edit_drafts: dict[str, Draft] = field(default_factory=dict)
    index: int = 0                           # reveal / round / edit: the round (0-based)
    shown: int = 1                           # reveal: steps shown so far
    error: str | None = None
    next_mustard: str | None = None


def _card(content: ft.Control, identifier: str | None = None) -> ft.Control:
    box = ft.Container(content=content, padding=12, border_radius=12,
                       bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST)
    return ft.Semantics(identifier=identifier, container=True, content=box) if identifier else box


def _bold(text: str, size: int | None = None) -> ft.Text:
    return ft.Text(text, weight=ft.FontWeight.BOLD, size=size)


def _money(money: dict[str, int], players: Any) -> str:
    return " · ".join(f"{p} ${money[p]}" for p in players)


class HotDogView:
    name = "hotdog"
    title = "Hot Dog"

    # ================================================================ setup
    def setup(self, shell: Shell) -> list[ft.Control]:
        st = shell.ui.setdefault("setup", {"names": ["", "", ""], "mustard": 0})
        names: list[str] = st["names"]

        field_errors = [error_text("") for _ in names]
        count_error = error_text("")
        start_button = ft.FilledButton("Start match", icon=ft.Icons.PLAY_ARROW,
                                       on_click=lambda e: start())
        radios = ft.RadioGroup(content=ft.Column(), on_change=lambda e: pick(e.control.value))

        def refresh_checks() -> None:
            errs = vm.name_errors(names)
            for t, msg in zip(field_errors, errs):
                t.value = msg or ""
                t.visible = bool(msg)
            valid = [(i, n.strip()) for i, n in enumerate(names) if n.strip()]
            if st["mustard"] >= len(names):
                st["mustard"] = 0
            radios.content = ft.Column([ft.Radio(value=str(i), label=n) for i, n in valid], spacing=0)
            radios.value = str(st["mustard"])
            problem = vm.setup_error(names, names[st["mustard"]].strip() or None)
            count_error.value = problem or ""
            count_error.visible = bool(problem)
            start_button.disabled = problem is not None

        def typed(i: int, value: str) -> None:
            names[i] = value
            refresh_checks()
            for c in (*field_errors, count_error, start_button, radios):
                if c.page is not None:
                    c.update()

        def pick(value: str | None) -> None:
            if value is not None:
                st["mustard"] = int(value)
                refresh_checks()
                for c in (count_error, start_button):
                    c.update()

        def move(i: int, by: int) -> None:
            j = i + by
            names[i], names[j] = names[j], names[i]
            if st["mustard"] in (i, j):
                st["mustard"] = j if st["mustard"] == i else i
            shell.render()

        def remove(i: int) -> None:
            del names[i]
            if st["mustard"] == i or st["mustard"] >= len(names):
                st["mustard"] = 0
            elif st["mustard"] > i:
                st["mustard"] -= 1
            shell.render()

        def add() -> None:
            names.append("")
            shell.render()

        def start() -> None:
            players = vm.clean(names)
            mustard = players[st["mustard"]]
            if vm.setup_error(players, mustard):
                refresh_checks()
                shell.render()
                return
            record = vm.new_record(players, mustard)
            match_id = shell.store.create_match("hotdog", players, record)
            shell.ui.pop("setup", None)
            shell.go("match", match=match_id)

        refresh_checks()
        rows: list[ft.Control] = []
        for i, name in enumerate(names):
            label = f"Player {i + 1}"
            rows.append(ft.Column([
                ft.Row([
                    ft.TextField(label=label, value=name, expand=True,
                                 on_change=lambda e, i=i: typed(i, e.control.value or ""),
                                 dense=True),
                    icon_button(ft.Icons.ARROW_UPWARD, f"Move {label} up",
                                lambda e, i=i: move(i, -1), disabled=i == 0),
                    icon_button(ft.Icons.ARROW_DOWNWARD, f"Move {label} down",
                                lambda e, i=i: move(i, 1), disabled=i == len(names) - 1),
                    icon_button(ft.Icons.DELETE_OUTLINE, f"Remove {label}",
                                lambda e, i=i: remove(i), disabled=len(names) <= 1),
                ], spacing=0),
                field_errors[i],
            ], spacing=2))
        return [
            heading("New Hot Dog match"),
            ft.Text("Players in seating order, clockwise (HD-1: 2–5 players, different names)."),
            *rows,
            ft.Button("Add player", icon=ft.Icons.PERSON_ADD, on_click=lambda e: add(),
                      disabled=len(names) >= rules.MAX_PLAYERS),
            _bold("Who holds the mustard card? (HD-4: the youngest)"),
            radios,
            count_error,
            ft.Text(f"A match is {GAMES_PER_MATCH} games; the dollars are added up (HD-15)."),
            start_button,
        ]

    # ================================================================ the table
    def _ui(self, shell: Shell, match_id: int, game: int, state: rules.State) -> TableUI:
        ui = shell.ui.get("hotdog")
        if not isinstance(ui, TableUI) or ui.match_id != match_id or ui.game != game:
            ui = TableUI(match_id, game, drafts=vm.fresh_drafts(state))
            shell.ui["hotdog"] = ui
        return ui

    def table(self, shell: Shell, match_id: int) -> list[ft.Control]:
        m = shell.store.match(match_id)
        cur = m.current
        assert cur is not None
        record = cur.record
        gv = vm.game_view(record)
        ui = self._ui(shell, m.id, cur.number, gv.state)
        records = [g.record for g in m.games]

        def save(new_record: dict[str, Any]) -> None:
            over = vm.game_view(new_record).over
            shell.store.save_game(m.id, cur.number, new_record,
                                  finished_match=cur.number == GAMES_PER_MATCH and over)

        head = [heading(f"Hot Dog · game {cur.number} of {GAMES_PER_MATCH}")]
        if ui.mode == "reveal" and ui.index < len(gv.results):
            return head + self._reveal(shell, ui, gv)
        if ui.mode == "round" and ui.index < len(gv.results):
            return head + self._round(shell, ui, gv, save)
        if ui.mode == "edit" and ui.index < len(gv.results):
            return head + self._edit(shell, ui, gv, save)
        ui.mode = "entry"
        if gv.over:
            body = self._game_over(shell, ui, m, gv, records, save)
        else:
            body = self._entry(shell, ui, gv, records, save)
        return head + body + self._rounds_list(shell, ui, gv) + self._exports(shell, m, cur.number)

    # ---------------------------------------------------------------- entering bids
    def _bid_cards(self, shell: Shell, ui: TableUI, state: rules.State, which: str,
                   hide: bool) -> list[ft.Control]:
        drafts: dict[str, Draft] = getattr(ui, which)
        errors = vm.bid_errors(state, drafts)
        out: list[ft.Control] = []

        def put(p: str, change: Any) -> None:
            # applied to the draft as it is now, not as it was drawn (a fast second tap)
            drafts[p] = change(drafts.get(p) or Draft(table=state.tables[0]))
            ui.error = None
            shell.render()

        for p in state.players:
            d = drafts.setdefault(p, Draft(table=state.tables[0]))
            if hide and d.hidden:
                out.append(_card(ft.Column([
                    ft.Text(f"{p}: bid entered and hidden, pass the phone on."),
                    ft.Button(f"Show {p}'s bid", icon=ft.Icons.VISIBILITY,
                              on_click=lambda e, p=p: put(p, lambda d: replace(d, hidden=False))),
                ], spacing=GAP), f"bid-{p}"))
                continue
            badge = "  · mustard card" if p == state.mustard else ""
            chips = []
            for t in state.tables:
                chosen = d.table == t
                make = ft.FilledButton if chosen else ft.OutlinedButton
                chips.append(ft.Semantics(
                    label=f"{p}: {t} table", button=True, selected=chosen,
                    content=make(f"{t}", on_click=lambda e, p=p, t=t: put(p, lambda d: replace(d, table=t)),
                                 style=ft.ButtonStyle(padding=14))))
            rows: list[ft.Control] = [
                ft.Row([_bold(p, 18), ft.Text(f"${state.money[p]}{badge}")], wrap=True),
                ft.Row([ft.Text("Table", width=70), *chips], wrap=True),
                ft.Row([
                    self._stepper(p, "hot dog", "hotdogs", d.hotdogs, lambda by, p=p: put(p, lambda d: d.step("hotdogs", by))),
                    self._stepper(p, "dollar", "dollars", d.dollars, lambda by, p=p: put(p, lambda d: d.step("dollars", by))),
                ], wrap=True, spacing=16),
                ft.Row([
                    ft.Checkbox(label="Last hot dog", value=d.last, semantics_label=f"{p}: last hot dog",
                                on_change=lambda e, p=p: put(p, lambda d, v=bool(e.control.value): replace(d, last=v))),
                    ft.Checkbox(label="announced", value=d.announced, disabled=not d.last,
                                semantics_label=f"{p}: last hot dog announced",
                                on_change=lambda e, p=p: put(p, lambda d, v=bool(e.control.value): replace(d, announced=v))),
                ], wrap=True),
            ]
            if p in errors:
                rows.append(error_text(errors[p]))
            if hide:
                rows.append(ft.Button(f"Hide {p}'s bid", icon=ft.Icons.VISIBILITY_OFF,
                                      on_click=lambda e, p=p: put(p, lambda d: replace(d, hidden=True))))
            out.append(_card(ft.Column(rows, spacing=GAP), f"bid-{p}"))
        return out

    def _stepper(self, p: str, noun: str, key: str, value: int, step: Any) -> ft.Control:
        shown = f"${value}" if key == "dollars" else str(value)
        plural = f"{value} {noun}" + ("" if value == 1 else "s")
        return ft.Row([
            ft.Text("Hot dogs" if key == "hotdogs" else "Dollars", width=70),
            icon_button(ft.Icons.REMOVE, f"{p}: one {noun} fewer", lambda e: step(-1)),
            ft.Text(shown, size=20, weight=ft.FontWeight.BOLD, width=40, text_align=ft.TextAlign.CENTER,
                    semantics_label=f"{p}: {plural}"),
            icon_button(ft.Icons.ADD, f"{p}: one {noun} more", lambda e: step(1)),
        ], spacing=0)

    def _status(self, gv: vm.GameView, records: list[dict[str, Any]]) -> list[ft.Control]:
        s = gv.state
        out: list[ft.Control] = [
            ft.Text(f"Round {s.next_round} · mustard card: {s.mustard}", size=16),
            ft.Text("Money: " + _money(dict(s.money), s.players)),
        ]
        out += [ft.Text(t.text) for t in gv.tables()]
        if len(records) > 1:
            totals = vm.running_totals(list(s.players), records)
            out.append(ft.Text("Match so far (HD-15): " + _money(totals, s.players)))
        return out

    def _entry(self, shell: Shell, ui: TableUI, gv: vm.GameView, records: list[dict[str, Any]],
               save: Any) -> list[ft.Control]:
        def submit() -> None:
            change = vm.submit(gv.record, ui.drafts)
            if not change.ok:
                ui.error = change.error
                shell.render()
                return
            save(change.record)
            ui.mode, ui.index, ui.shown, ui.error = "reveal", len(change.record["rounds"]) - 1, 1, None
            ui.drafts = {p: Draft(table=d.table) for p, d in ui.drafts.items()}
            shell.render()

        def undo() -> None:
            change = vm.undo(gv.record)
            if change.ok:
                ui.drafts = vm.drafts_of(gv.record, len(gv.record["rounds"]) - 1)
                save(change.record)
                shell.say(f"Round {len(gv.record['rounds'])} undone; its bids are back for entry.")
            ui.error = change.error
            shell.render()

        out = self._status(gv, records)
        out.append(ft.Text("Bids: each player picks a table, hot dogs and dollars; "
                           "hide a bid before passing the phone."))
        out += self._bid_cards(shell, ui, gv.state, "drafts", hide=True)
        if ui.error:
            out.append(error_text(ui.error))
        out.append(ft.Row([
            ft.FilledButton("Submit round", icon=ft.Icons.CHECK, on_click=lambda e: submit()),
            ft.Button("Undo last round", icon=ft.Icons.UNDO, on_click=lambda e: undo(),
                      disabled=not gv.record["rounds"]),
        ], wrap=True))
        return out

    # ---------------------------------------------------------------- a round's result
    def _round_body(self, rv: vm.RoundView, shown: int, players: Any) -> list[ft.Control]:
        out: list[ft.Control] = [ft.Text(
            f"Mustard card: {rv.mustard}. Served table by table, 5 then 7 then 9; "
            "lowest price first, equal prices clockwise from the mustard holder (HD-7).")]
        for i, (head, why, rulings, sold) in enumerate(rv.steps[:shown], 1):
            out.append(_card(ft.Column([
                _bold(f"{i}. {head}"),
                ft.Text(why),
                ft.Text("Rulings: " + ", ".join(rulings), size=12, italic=True),
            ], spacing=4), f"step-{i}"))
        if shown < len(rv.steps):
            return out
        out.append(_bold("Payouts"))
        out += [ft.Text(line) for line in rv.payouts] or [ft.Text("No table filled: nobody is paid (HD-10, HD-11).")]
        out += [ft.Text(n) for n in rv.notes]
        out.append(_bold("Tables now"))
        out += [ft.Text(t.text) for t in rv.tables]
        out.append(_bold("Money (as cash cards, HD-16)"))
        out += [ft.Text(f"{mv.player}: ${mv.dollars} = {mv.cards_text}") for mv in rv.money]
        if rv.next_mustard:
            out.append(ft.Text(f"Next mustard card: {rv.next_mustard} (HD-14)"))
        return out

    def _reveal(self, shell: Shell, ui: TableUI, gv: vm.GameView) -> list[ft.Control]:
        rv = vm.round_view(gv.players, gv.results[ui.index])

        def show(n: int) -> None:
            ui.shown = n
            shell.render()

        def done() -> None:
            ui.mode = "entry"
            shell.render()

        out: list[ft.Control] = [heading(f"Round {rv.number}: reveal", 18)]
        out += self._round_body(rv, ui.shown, gv.players)
        if ui.shown < len(rv.steps):
            out.append(ft.Row([
                ft.FilledButton(f"Next step ({ui.shown + 1} of {len(rv.steps)})",
                                icon=ft.Icons.SKIP_NEXT, on_click=lambda e: show(ui.shown + 1)),
                ft.Button("Show all", icon=ft.Icons.DONE_ALL, on_click=lambda e: show(len(rv.steps))),
            ], wrap=True))
        else:
            label = "End of game" if gv.over and ui.index == len(gv.results) - 1 else "Next round"
            out.append(ft.FilledButton(label, icon=ft.Icons.ARROW_FORWARD, on_click=lambda e: done()))
        return out

    def _rounds_list(self, shell: Shell, ui: TableUI, gv: vm.GameView) -> list[ft.Control]:
        if not gv.results:
            return []

        def open_round(i: int) -> None:
            ui.mode, ui.index, ui.error = "round", i, None
            shell.render()

        out: list[ft.Control] = [heading("Rounds of this game", 18)]
        for i, r in enumerate(gv.results):
            sold = ", ".join(f"{s.player} {'sold' if s.outcome == 'sold' else 'back'}" for s in r.steps)
            out.append(ft.TextButton(f"Open round {r.round}: {sold}",
                                     on_click=lambda e, i=i: open_round(i)))
        return out

    def _round(self, shell: Shell, ui: TableUI, gv: vm.GameView, save: Any) -> list[ft.Control]:
        rv = vm.round_view(gv.players, gv.results[ui.index])

        def back() -> None:
            ui.mode = "entry"
            shell.render()

        def change() -> None:
            ui.mode, ui.edit_drafts, ui.error = "edit", vm.drafts_of(gv.record, ui.index), None
            shell.render()

        bids = [ft.Text(f"{b['player']}: {b['table']} table, {b['hotdogs']} hot dogs, ${b.get('dollars', 0)}"
                        + (", last hot dog" + ("" if b.get("announced", True) else " (not announced)")
                           if b.get("last") else ""))
                for b in gv.record["rounds"][ui.index]["bids"]]
        return [
            heading(f"Round {rv.number}", 18),
            _bold("Bids as entered"), *bids,
            *self._round_body(rv, len(rv.steps), gv.players),
            ft.Row([
                ft.FilledButton("Change bids", icon=ft.Icons.EDIT, on_click=lambda e: change()),
                ft.Button("Back to the table", icon=ft.Icons.ARROW_BACK, on_click=lambda e: back()),
            ], wrap=True),
        ]

    def _edit(self, shell: Shell, ui: TableUI, gv: vm.GameView, save: Any) -> list[ft.Control]:
        before = vm.replay({**gv.record, "rounds": gv.record["rounds"][: ui.index]})[1]

        def commit() -> None:
            change = vm.edit(gv.record, ui.index, ui.edit_drafts)
            if not change.ok:
                ui.error = change.error
                shell.render()
                return
            save(change.record)
            ui.mode, ui.error = "round", None
            shell.say(f"Round {ui.index + 1} changed; the game was replayed from there.")
            shell.render()

        def cancel() -> None:
            ui.mode, ui.error = "round", None
            shell.render()

        out: list[ft.Control] = [
            heading(f"Change round {ui.index + 1}", 18),
            ft.Text("The round is replaced and every later round replayed (the record is the truth)."),
            *self._bid_cards(shell, ui, before, "edit_drafts", hide=False),
        ]
        if ui.error:
            out.append(error_text(ui.error))
        out.append(ft.Row([
            ft.FilledButton("Save changes", icon=ft.Icons.SAVE, on_click=lambda e: commit()),
            ft.Button("Cancel", icon=ft.Icons.CLOSE, on_click=lambda e: cancel()),
        ], wrap=True))
        return out

    # ---------------------------------------------------------------- end of a game
    def _game_over(self, shell: Shell, ui: TableUI, m: Any, gv: vm.GameView,
                   records: list[dict[str, Any]], save: Any) -> list[ft.Control]:
        number = len(records)
        players = list(gv.players)
        last = vm.round_view(gv.players, gv.results[-1])
        out: list[ft.Control] = [heading(f"Game {number} over", 18), ft.Text(gv.explanation)]
        out.append(_bold("Final payout"))
        out += [ft.Text(line) for line in last.payouts] or [ft.Text("No table filled in the last round.")]
        out.append(_bold("Standings"))
        out += [ft.Text(f"{place}. {p} ${d}") for place, p, d in gv.standings()]
        out.append(ft.Text(("Winner: " if len(gv.winners) == 1 else "Winners: ") + ", ".join(gv.winners)))
        result = vm.match_tally(players, records)
        out.append(_bold("Match tally (HD-15)"))
        for g in result.games:
            out.append(ft.Text(f"Game {g.number}: " + _money(g.scores, players)))
        out.append(ft.Text("Total: " + _money(result.totals, players)))
        if result.complete:
            out.append(heading("Match result", 18))
            out.append(ft.Text(result.explanation, size=16, weight=ft.FontWeight.BOLD))
            out.append(ft.Button("Home", icon=ft.Icons.HOME, on_click=lambda e: shell.go("home")))
        elif vm.can_start_next_game(records):
            default = vm.next_game_mustard(records[-1])
            choice = ui.next_mustard if ui.next_mustard in players else default

            def chosen(value: str | None) -> None:
                ui.next_mustard = value

            def start_next() -> None:
                mustard = ui.next_mustard if ui.next_mustard in players else default
                shell.store.add_game(m.id, vm.new_record(players, mustard))
                shell.go("match", match=m.id)

            out.append(heading(f"Game {number + 1}", 18))
            out.append(ft.Text("Who starts with the mustard card? The default is the house rule "
                               f"HD-17: one seat clockwise from where it started game {number}."))
            out.append(ft.RadioGroup(value=choice, on_change=lambda e: chosen(e.control.value),
                                     content=ft.Column([
                                         ft.Radio(value=p, label=p + (" (house rule HD-17)" if p == default else ""))
                                         for p in players], spacing=0)))
            out.append(ft.FilledButton(f"Start game {number + 1}", icon=ft.Icons.PLAY_ARROW,
                                       on_click=lambda e: start_next()))

        def undo() -> None:
            change = vm.undo(gv.record)
            ui.drafts = vm.drafts_of(gv.record, len(gv.record["rounds"]) - 1)
            save(change.record)
            shell.say(f"Round {len(gv.record['rounds'])} undone; its bids are back for entry.")
            shell.render()

        out.append(ft.Button("Undo last round", icon=ft.Icons.UNDO, on_click=lambda e: undo()))
        return out

    def _exports(self, shell: Shell, m: Any, number: int) -> list[ft.Control]:
        def ex(kind: str) -> None:
            fresh = shell.store.match(m.id)
            if kind == "game":
                rec = fresh.games[number - 1].record
                shell.export(f"hotdog-match-{m.id}-game-{number}.json", game_json(rec))
            elif kind == "match":
                shell.export(f"hotdog-match-{m.id}.json", match_json(fresh))
            else:
                shell.export(f"hotdog-match-{m.id}.csv", match_csv(fresh))

        return [heading("Export", 18), ft.Row([
            ft.Button("Game as JSON", icon=ft.Icons.DOWNLOAD, on_click=lambda e: ex("game")),
            ft.Button("Match as JSON", icon=ft.Icons.DOWNLOAD, on_click=lambda e: ex("match")),
            ft.Button("Match as CSV", icon=ft.Icons.DOWNLOAD, on_click=lambda e: ex("csv")),
        ], wrap=True)]

    # ================================================================ history
    def match_line(self, players: list[str], records: list[dict[str, Any]]) -> tuple[str, bool]:
        p = vm.progress(players, records)
        return p.line, p.over

    def match_detail(self, shell: Shell, match_id: int) -> list[ft.Control]:
        m = shell.store.match(match_id)
        records = [g.record for g in m.games]
        result = vm.match_tally(m.players, records)

        def cont() -> None:
            shell.store.set_setting("current_match", str(m.id))
            shell.go("match", match=m.id)

        out: list[ft.Control] = [heading(f"Hot Dog match: {', '.join(m.players)}"),
                                 ft.Text(result.explanation),
                                 ft.Text("Total: " + _money(result.totals, m.players))]
        if not m.finished:
            out.append(ft.FilledButton("Continue this match", icon=ft.Icons.PLAY_ARROW,
                                       on_click=lambda e: cont()))
        for g, tally in zip(m.games, result.games):
            gv = vm.game_view(g.record)
            out.append(heading(f"Game {g.number}" + (" (over)" if tally.over else " (in play)"), 18))
            out.append(ft.Text(gv.explanation))
            for r in gv.results:
                rv = vm.round_view(gv.players, r)
                out.append(_bold(f"Round {rv.number} (mustard card: {rv.mustard})"))
                out += [ft.Text(f"{i}. {s[0]}") for i, s in enumerate(rv.steps, 1)]
                if rv.payouts:
                    out.append(ft.Text("Payouts: " + "; ".join(rv.payouts)))
        if m.games:
            out += self._exports(shell, m, m.games[-1].number)
        return out

    # ================================================================ rules
    def rules(self, shell: Shell) -> list[ft.Control]:
        out: list[ft.Control] = [
            heading("Hot Dog: the rules in plain words"),
            ft.Text("Everyone bids at once, face down: a table, some hot dogs, and dollars to go "
                    "earlier. The app serves the bids, pays full tables and passes the mustard card. "
                    "Each rule has its id; the app cites it wherever it decides something."),
        ]
        for rid, text, house in vm.RULES:
            out.append(ft.Text(spans=[
                ft.TextSpan(f"{rid}{' (house rule)' if house else ''}  ",
                            style=ft.TextStyle(weight=ft.FontWeight.BOLD)),
                ft.TextSpan(text),
            ]))
        return out


VIEW = HotDogView()
