"""Every record in tests/examples (copies of the rulebook's and the contract's worked
examples, games and matches) gives exactly its .expected.json through `companion referee`."""

from __future__ import annotations

import json

import pytest

from companion.core.registry import games
from tests.conftest import EXAMPLES, run_cli

RECORDS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))


def _subset(expected, got):
    """The contract allows extra output fields: compare only what is expected, exactly,
    keeping the order of ``got``'s keys (so that comparing dumps checks their order)."""
    if isinstance(expected, dict):
        assert isinstance(got, dict), got
        missing = [k for k in expected if k not in got]
        assert not missing, f"missing {missing} in {got}"
        return {k: _subset(expected[k], v) for k, v in got.items() if k in expected}
    if isinstance(expected, list):
        assert isinstance(got, list) and len(got) == len(expected), got
        return [_subset(e, g) for e, g in zip(expected, got, strict=True)]
    return got


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_example_gives_its_expected_result(record):
    game = json.loads(record.read_text())["game"]  # a match record names its game too
    assert game in games(), f"no referee for {game}"
    proc = run_cli("referee", str(record))
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stderr == b""
    got = json.loads(proc.stdout)
    expected = json.loads(record.with_name(record.stem + ".expected.json").read_text())
    assert _subset(expected, got) == expected
    # dict key order is part of what players read (seat order): check it too
    assert json.dumps(_subset(expected, got)) == json.dumps(expected)
