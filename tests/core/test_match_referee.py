"""`companion referee` with match records (the contract's "match" section, HD-15): the
result's shape, --jsonl, one-line errors, and the app's match export refereed equal to
the app's own tally."""

from __future__ import annotations

import copy
import json

import pytest

from companion.core.match import MatchRecord, match_text, parse_match, tally
from companion.core.registry import games as registered
from companion.games.hotdog import setup_form as hotdog_setup_form
from companion.games.hotdog import summaries as hotdog_summaries
from companion.store import Store
from companion.store.exchange import match_json
from tests.conftest import EXAMPLES, load_example, run_cli

MATCH = load_example("hotdog-match.json")
EXPECTED = load_example("hotdog-match.expected.json")
CONTRACT_KEYS = ["kind", "game", "games", "totals", "complete", "winners"]


def _contract(result: dict) -> dict:
    """The contract's fields of a match result, in the result's own order (extra
    output fields are allowed)."""
    return {k: v for k, v in result.items() if k in CONTRACT_KEYS}


def _referee(record: dict) -> dict:
    proc = run_cli("referee", "-", input=json.dumps(record, ensure_ascii=False))
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr.decode()
    return json.loads(proc.stdout)


def test_the_shared_match_example_gives_exactly_its_result_in_the_contracts_order():
    got = _referee(MATCH)
    assert list(got)[:len(CONTRACT_KEYS)] == CONTRACT_KEYS
    assert json.dumps(_contract(got)) == json.dumps(EXPECTED)
    assert "explanation" not in got      # facts only: the sentence is the screens' (match_text)
    assert match_text(tally(parse_match(MATCH))) == "Match over: Anna wins the match with $29 (HD-15)."


def test_a_match_in_progress_counts_only_finished_games():
    two = {**MATCH, "games": [MATCH["games"][0], {**MATCH["games"][1], "rounds": MATCH["games"][1]["rounds"][:2]}]}
    got = _contract(_referee(two))
    assert got["games"][0] == EXPECTED["games"][0]
    assert got["games"][1]["number"] == 2 and not got["games"][1]["over"] and got["games"][1]["winners"] == []
    assert got["totals"] == EXPECTED["games"][0]["scores"]
    assert not got["complete"] and got["winners"] == []


def _fourth_game():
    return {**MATCH, "games": MATCH["games"] + [MATCH["games"][0]]}


def _early_start():
    return {**MATCH, "games": [{**MATCH["games"][0], "rounds": MATCH["games"][0]["rounds"][:1]}, MATCH["games"][1]]}


def _other_players():
    game = copy.deepcopy(MATCH["games"][1])
    game["players"] = ["Anna", "Bernd", "Dora"]
    for rnd in game["rounds"]:
        for bid in rnd["bids"]:
            bid["player"] = bid["player"].replace("Chris", "Dora")
    return {**MATCH, "games": [MATCH["games"][0], game]}


BAD = [
    (_fourth_game(), "setup: HD-15 a match is 3 games, not 4"),
    (_early_start(), "setup: HD-15 game 2 starts before game 1 is over"),
    (_other_players(), "setup: HD-15 game 2 is played by Anna, Bernd, Dora, not by the match's players"),
    ({**MATCH, "date": "2026-11-30"}, "record: 'date' is not a field here"),
    ({**MATCH, "kind": "tournament"}, "record: kind must be 'match'"),
    ({**MATCH, "game": "poker"}, f"record: game: unknown game 'poker' (known: {', '.join(registered())})"),
    ({**MATCH, "games": [{**MATCH["games"][0], "mustard": "Zoë"}]},
     "record: game 1: setup: Zoë: HD-4 the mustard holder 'Zoë' is not a player (players: Anna, Bernd, Chris)"),
]


@pytest.mark.parametrize("record, line", BAD, ids=range(len(BAD)))
def test_a_bad_match_exits_1_with_one_line_and_no_output(record, line):
    proc = run_cli("referee", "-", input=json.dumps(record, ensure_ascii=False))
    assert proc.returncode == 1 and proc.stdout == b""
    assert proc.stderr.decode() == line + "\n"


def test_jsonl_takes_matches_and_games_line_by_line():
    lines = [json.dumps(MATCH), json.dumps(_fourth_game()), json.dumps(load_example("burger-contract.json"))]
    proc = run_cli("referee", "--jsonl", "-", input="\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr.decode()
    out = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert json.dumps(_contract(out[0])) == json.dumps(EXPECTED)
    assert out[1] == {"error": "setup: HD-15 a match is 3 games, not 4"}
    assert out[2]["game"] == "burger" and "rounds" in out[2]


def _stored_hotdog_match(store: Store, games: list[dict]) -> int:
    """The match as the app stores it: each game's record as the game screens keep it."""
    players = MATCH["players"]
    records = [{**hotdog_setup_form.new_record(players, g["mustard"]), "rounds": g["rounds"]} for g in games]
    mid = store.create_match("hotdog", players, records[0])
    for record in records[1:]:
        store.add_game(mid, record)
    return mid


@pytest.mark.parametrize("games", [3, 2], ids=["complete", "in-progress"])
def test_a_hotdog_match_export_referees_equal_to_the_apps_own_tally(store, games):
    played = copy.deepcopy(MATCH["games"][:games])
    if games == 2:
        played[1]["rounds"] = played[1]["rounds"][:3]
    mid = _stored_hotdog_match(store, played)
    m = store.match(mid)
    exported = json.loads(match_json(m))
    assert all("game" not in g for g in exported["games"])  # the contract's shape: the match names it
    app = hotdog_summaries.match_tally(m.players, [g.record for g in m.games]).model_dump(mode="json")
    assert _referee(exported) == app
    if games == 3:
        assert json.dumps(_contract(app)) == json.dumps(EXPECTED)


def _game_examples(game: str) -> list[str]:
    """The worked examples in tests/examples that are one game of ``game`` (not a match)."""
    names = sorted(p.name for p in EXAMPLES.glob(f"{game}-*.json") if not p.name.endswith(".expected.json"))
    return [n for n in names if load_example(n).get("kind") != "match"]


def test_every_game_has_a_worked_example():
    assert len(registered()) >= 3
    assert all(_game_examples(game) for game in registered()), {g: _game_examples(g) for g in registered()}


@pytest.mark.parametrize("game", sorted(registered()))
def test_every_games_match_export_referees_equal_to_the_apps_own_tally(store, game):
    """Each worked game stored as a match's first game, exported as the match: `companion
    referee` gives the core's tally of it (the tally every game's match screen shows: a
    burger or a sales match is its one game)."""
    for name in _game_examples(game):
        record = load_example(name)
        mid = store.create_match(game, record["players"], record)
        m = store.match(mid)
        app = tally(MatchRecord(game=game, players=m.players, games=[g.record for g in m.games])).model_dump(
            mode="json")
        assert _referee(json.loads(match_json(m))) == app, name
