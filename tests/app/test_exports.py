"""The match screens' export actions write what the command line and the store give."""

from __future__ import annotations

from companion.games.hotdog import viewmodel as vm
from companion.store import Store
from companion.store.bgstats import bgstats_json
from companion.store.exchange import match_csv, match_json
from companion.ui.widgets.exports import export_file
from tests.conftest import load_example


class FakeShell:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.files: dict[str, str] = {}
        self.said: list[str] = []

    def export(self, filename: str, data: str | bytes) -> None:
        self.files[filename] = data

    def say(self, text: str) -> None:
        self.said.append(text)


def test_match_exports_json_csv_and_bg_stats(tmp_path):
    store = Store(tmp_path / "companion.sqlite3")
    try:
        match = load_example("hotdog-match.json")
        game = match["games"][0]
        mid = store.create_match("hotdog", match["players"],
                                 {**vm.new_record(match["players"], game["mustard"]), "rounds": game["rounds"]})
        shell = FakeShell(store)
        for kind in ("match-json", "match-csv", "match-bgstats"):
            export_file(shell, mid, 1, kind)  # type: ignore[arg-type]
        m = store.match(mid)
        assert shell.files == {f"hotdog-match-{mid}.json": match_json(m), f"hotdog-match-{mid}.csv": match_csv(m),
                               f"hotdog-match-{mid}-bgstats.json": bgstats_json([m])}
        assert shell.said == []
    finally:
        store.close()
