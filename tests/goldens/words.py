"""Every worded explanation of a game record, as the app and the referee word it: the
lines the golden files hold (``tests/goldens/*.txt``, see ``test_goldens.py``).

For each record of ``tests/goldens/records/<game>/`` (and the rulebook's examples,
``tests/examples/``) and each language: the referee's sentences (each step or sale,
payout, note, round summary, game explanation), every line the screens, the history
and the phones draw of it, and the CSV rows. For each refused record of
``tests/goldens/refused/<game>/``: the one-line refusal as ``companion referee``,
the screens and the phones say it.

    python -m tests.goldens.words          write the golden files again (review the diff!)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import asdict, is_dataclass
from pathlib import Path
from typing import Any

from companion.core import i18n

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parent / "examples"
GAMES = ("hotdog", "burger", "sales")
LANGUAGES = ("en", "de")

Line = tuple[str, Any]


def _plain(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return _plain(asdict(value))
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _lines(kind: str, lines: Any) -> list[Line]:
    return [(f"{kind}[{i}]", _plain(x)) for i, x in enumerate(lines)]


# ---------------------------------------------------------------- Hot Dog


def hotdog(record: dict[str, Any], *, csv: bool = False) -> list[Line]:
    from companion.games.hotdog import explain, export, present, rules, summaries
    from companion.games.hotdog.seat import SEAT

    out: list[Line] = []
    result = present.replayed(record).result
    out.append(("referee.explanation", explain.game_text(result)))
    for r in result["rounds"]:
        n = r["round"]
        whys = rules.why(r)
        for i, text in enumerate(explain.step_texts(r)):
            out.append((f"referee.round{n}.step{i + 1}", [text, list(whys[i]["rulings"])]))
        for i, p in enumerate(r["payouts"], 1):
            out.append((f"referee.round{n}.payout{i}", explain.payout_text(p)))
        out += _lines(f"referee.round{n}.notes", explain.round_notes(r))
    gv = present.game_view(record)
    out.append(("game.explanation", gv.explanation))
    out.append(("game.standings", _plain(gv.standings())))
    out += _lines("game.tables", [t.text for t in gv.tables()])
    out += _lines("game.money_grid", summaries.money_grid(gv))
    for i, r in enumerate(gv.results):
        rv = gv.round(i)
        n = r["round"]
        out += _lines(f"round{n}.lines", present.round_lines(rv))
        out += _lines(f"round{n}.history", present.history_lines(rv))
        out.append((f"round{n}.summary", present.round_summary(r)))
        out += _lines(f"round{n}.entered", [present.entered_text(b) for b in record["rounds"][i]["bids"]])
        out += _lines(f"round{n}.bid_text", [present.bid_text(b) for b in record["rounds"][i]["bids"]])
        out += _lines(f"round{n}.money", [f"{m.player}: {m.cards_text}" for m in rv.money])
        step = present.round_lines(rv, 1)
        out.append((f"round{n}.first_step", _plain(step[-1])))
    resolution = SEAT.resolution(record, None)
    if resolution is not None:
        out += _lines("phone.lines", present.round_lines(present.RoundView.of(resolution)))
    if len(record["rounds"]) >= 2:   # round 1 changed to every player's smallest bid: later rounds replayed
        from companion.games.hotdog import forms

        small = {b["player"]: forms.Draft(table=5) for b in record["rounds"][0]["bids"]}
        out.append(("edit.round1", forms.edit(record, 0, small).error))
    if csv:
        out += _lines("csv", export.csv_rows(1, record))
    return out


def hotdog_match(match: dict[str, Any]) -> list[Line]:
    from companion.games.hotdog import summaries

    players = match["players"]
    games = [{"game": "hotdog", **g} for g in match["games"]]
    out: list[Line] = []
    result = summaries.match_tally(players, games)
    out.append(("match.explanation", summaries.match_explanation(result)))
    out += _lines("match.grid", summaries.match_grid(players, result))
    for n in range(1, len(games) + 1):
        done = summaries.match_tally(players, games[: n - 1])
        out.append((f"match.line{n}", summaries.match_line(players, done, n)))
        out.append((f"match.progress{n}", list(summaries.progress(players, games[:n]))))
    for n, g in enumerate(games, 1):
        out += [(f"game{n}.{k}", v) for k, v in hotdog(g)]
    return out


# ---------------------------------------------------------------- burger


def burger(record: dict[str, Any], *, csv: bool = False) -> list[Line]:
    from companion.games.burger import explain, export, present, summaries
    from companion.games.burger.seat import SEAT
    from companion.games.burger.state import replay

    out: list[Line] = []
    replayed = replay(record)
    result, state = replayed.result, replayed.state
    out.append(("referee.explanation", explain.game_text(result, state.players)))
    out += _lines("referee.notes", explain.game_notes(result))
    out.append(("referee.scoring", explain.scoring_text(result)))
    for r in result["rounds"]:
        n = r["round"]
        out.append((f"referee.round{n}.explanation", [explain.takes_text(r), r["rulings"]]))
        out += _lines(f"referee.round{n}.notes", explain.round_notes(r))
        out.append((f"referee.round{n}.private", explain.private(r)))
        out.append((f"referee.round{n}.end", explain.end_text(r["end"], sum(r["hamburgers"].values()), r["draw_pile"],
                                                              len(state.players)) if r["end"] else None))
    gv = present.game_view(record, replayed)
    out += [(f"game.{k}", getattr(gv, k)) for k in ("count", "draw_pile", "next_first", "tools", "scoring")]
    for rv, rnd in zip(gv.rounds, record["rounds"], strict=True):
        out += _lines(f"round{rv.number}.decks", explain.decks_lines(rnd["decks"]))
        out.append((f"round{rv.number}.view", _plain(rv)))
        out += _lines(f"round{rv.number}.lines", present.round_lines(rv))
    out += _lines("game.reveal", explain.reveal_instructions(state))
    out.append(("game.count_line", explain.count_line(state)))
    out.append(("game.state_line", summaries.state_line(state)))
    out.append(("game.match_line", list(summaries.match_line([record]))))
    out.append(("game.match_line.none", list(summaries.match_line([]))))
    for p in state.players:
        view = present.private_view(record, p, replayed)
        out += _lines(f"private.{p}", present.private_text(view))
    for who in [None, *state.players]:
        res = SEAT.resolution(record, who)
        if res is not None:
            out += _lines(f"phone.{who}.lines", present.round_lines(present.seat_view(json.loads(json.dumps(res)))))
            out += _lines(f"phone.{who}.own", present.own_lines(res))
            out.append((f"phone.{who}.end", present.seat_end(res)))
    ends: list[tuple[str, list[str]]] = [("end", []), ("end_top_bun", [state.players[0]]),
                                         ("end_top_bun_twice", [state.players[0], state.players[0]])]
    for name, buns in ends:
        ev = present.end_view(record, buns, replayed)
        if ev is None:
            continue
        out.append((f"{name}.view", _plain(ev)))
        out += _lines(f"{name}.scores", present.score_lines(ev))
        out += _lines(f"{name}.secrets", present.secrets_lines(ev))
        out.append((f"{name}.grid", _plain(summaries.score_grid(gv, ev))))
    out.append(("game.grid", _plain(summaries.score_grid(gv))))
    if csv:
        out += _lines("csv", export.csv_rows(1, record))
    return out


# ---------------------------------------------------------------- sales


def sales(record: dict[str, Any], *, every_sale: bool = False, csv: bool = False) -> list[Line]:
    from companion.core.errors import RecordError
    from companion.games.sales import explain, export, present, summaries
    from companion.games.sales.seat import SEAT

    out: list[Line] = []
    game = present.played(record)
    result = game.result
    out.append(("referee.explanation", explain.game_text(result)))
    out += _lines("referee.notes", explain.game_notes(result))
    if result["team"] is not None:
        out.append(("referee.team", explain.team_text(result)))
    for p in result["scores"]:
        out += _lines(f"referee.score.{p}", explain.breakdown(result, p))
    for r in result["rounds"]:
        for s in r["sales"]:
            out.append((f"referee.round{r['round']}.sale{s['sale']}",
                        [explain.sale_text(s, result["mode"], r["round"]), s["rulings"]]))
        out += _lines(f"referee.round{r['round']}.notes", explain.round_notes(r))
    for ri, r in enumerate(game.rounds):
        n = r["round"]
        for si in range(len(r["sales"])):
            out.append((f"round{n}.sale{si + 1}", _plain(present.sale_result(game, ri, si))))
            plays = record["rounds"][ri]["sales"][si]["plays"]
            out += _lines(f"round{n}.sale{si + 1}.played", [explain.played_text(p["card"]) for p in plays])
            if every_sale:
                before = present.played(record, (ri, si))
                for k in range(len(plays) + 1):
                    out.append((f"round{n}.sale{si + 1}.entry{k}", _plain(present.sale_view(before, plays[:k]))))
    if not any(r["sales"] for r in game.rounds):
        try:
            present.sale_result(game)
        except RecordError as err:
            out.append(("sale_result", str(err)))
    out += _lines("rounds", present.round_views(game))
    out.append(("scores", _plain(present.score_view(game))))
    out.append(("progress", summaries.progress_line(game)))
    out.append(("game_line", list(summaries.game_line(record))))
    out.append(("match_line", list(summaries.match_line(record["players"], [record, record]))))
    out.append(("match_line.none", list(summaries.match_line(record["players"], []))))
    out.append(("entry", _plain(present.sale_view(game))))
    out.append(("dealt", present.dealt_text(game)))
    for copy in (40, 96):         # a deck of this many cards (SA-16's deal)
        for name, d in (("in_play", present.deal_in_play(game, copy)), ("next", present.next_deal(game, copy))):
            if d is not None:
                out.append((f"deal.{copy}.{name}", [present.deal_text(d), present.deal_why(d)]))
    out.append(("grid", _plain(summaries.score_grid(game))))
    resolution = SEAT.resolution(record, None)
    if resolution is not None:
        phone = json.loads(json.dumps(resolution))        # as the hub hands it on: JSON
        out.append(("phone", _plain(present.resolution_view(phone, game.state.players))))
    if csv:
        out += _lines("csv", export.csv_rows(1, record))
    return out


# ---------------------------------------------------------------- refusals


def refusal(record: dict[str, Any]) -> list[Line]:
    """A refused record: the referee's line, and what the app's submit of its last
    round (on the record before it) says."""
    from companion.core.errors import RecordError, RuleError
    from companion.core.message import for_the_record
    from companion.core.referee import referee_json

    out: list[Line] = []
    last_round = False
    try:
        referee_json(json.dumps(record))
    except RecordError as err:
        last_round = isinstance(err, RuleError) and err.round is not None and err.round == len(record["rounds"])
        with for_the_record():             # as `companion referee` says it: the record's indexes
            out.append(("referee", str(err)))
        out.append(("where", [err.ruling, err.round, err.sale, err.player]))
        from companion.core.edits import say, say_where
        out.append(("say", say(err)))
        out.append(("say_where", say_where(err)))
    else:
        out.append(("referee", "accepted"))
    if record.get("game") == "burger":
        from companion.games.burger import summaries as burger_summaries

        out.append(("game_line", burger_summaries.game_line(record)))
        out.append(("match_line", list(burger_summaries.match_line([record]))))
    if record.get("game") == "sales" and isinstance(record.get("players"), list):
        from companion.games.sales import summaries as sales_summaries

        out.append(("game_line", list(sales_summaries.game_line(record))))
    rounds = record.get("rounds") or []
    if last_round:   # a round the rules refuse: the app's submit of it says why
        before = {**record, "rounds": rounds[:-1]}
        out.append(("submit", _submit(record["game"], before, rounds[-1])))
    return out


def _submit(game: str, before: dict[str, Any], rnd: dict[str, Any]) -> str | None:
    """The app's submit of round ``rnd`` after ``before``: its refusal, or None."""
    from companion.core.errors import RecordError

    try:
        if game == "hotdog":
            from companion.games.hotdog import forms

            drafts = {b["player"]: forms.Draft.of(b) for b in rnd["bids"]}
            return forms.enter_round(before, drafts).error
        if game == "burger":
            from companion.core.edits import append_round
            from companion.games.burger.state import replay

            return append_round(replay, before, rnd).error
        from companion.games.sales import changes

        error = None
        for sale in rnd.get("sales", []):
            change = changes.complete_sale(before, sale["plays"])
            if change.error:
                return change.error
            before = change.record
        return error
    except RecordError as err:
        return f"raised: {err}"


# ---------------------------------------------------------------- the files


COLLECT: dict[str, Callable[[dict[str, Any]], list[Line]]] = {"hotdog": hotdog, "burger": burger, "sales": sales}


def fixtures(game: str) -> Iterator[tuple[str, dict[str, Any]]]:
    for path in sorted(EXAMPLES.glob(f"{game}-*.json")):
        if not path.name.endswith(".expected.json"):
            yield f"examples/{path.name}", json.loads(path.read_text())
    for path in sorted((HERE / "records" / game).glob("*.json")):
        yield f"records/{game}/{path.name}", json.loads(path.read_text())


def refused(game: str) -> Iterator[tuple[str, dict[str, Any]]]:
    for path in sorted((HERE / "refused" / game).glob("*.json")):
        yield f"refused/{game}/{path.name}", json.loads(path.read_text())


def _collect(game: str, name: str, record: dict[str, Any]) -> list[Line]:
    if record.get("kind") == "match":
        return hotdog_match(record)
    # the CSV rows (no words, but worked out from the same results) of the rulebook's
    # examples and a few whole games; every entry step of the small sales games
    csv = name.startswith("examples/") or "played-realistic-0" in name and name[-6] in "12"
    if game == "sales":
        return sales(record, every_sale=len(json.dumps(record)) < 3000, csv=csv)
    return COLLECT[game](record, csv=csv)


def render(game: str, lang: str) -> str:
    """The golden text of ``game`` in ``lang``: every fixture's lines, then every refusal's."""
    chunks: list[str] = []
    with i18n.using(lang):
        for name, record in fixtures(game):
            chunks.append(f"## {name}\n")
            chunks += [f"{key} = {json.dumps(value, ensure_ascii=False)}\n" for key, value in
                       _collect(game, name, record)]
        for name, record in refused(game):
            chunks.append(f"## {name}\n")
            chunks += [f"{key} = {json.dumps(value, ensure_ascii=False)}\n" for key, value in refusal(record)]
    return "".join(chunks)


def golden(game: str, lang: str) -> Path:
    return HERE / f"{game}.{lang}.txt"


def main() -> None:
    for game in GAMES:
        for lang in LANGUAGES:
            golden(game, lang).write_text(render(game, lang), encoding="utf-8")
            print(golden(game, lang))


if __name__ == "__main__":
    main()
