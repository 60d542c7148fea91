"""`companion recipes check FILE` and `companion recipes list`: the shipped example
(and a file written before recipe sets had a name or an ingredient list) accepted with
a short summary; a broken file's every fault on its own line, each naming where it is,
exit 1; bytes that are not a recipe file are one line, never a traceback (BU-5)."""

from __future__ import annotations

import json

import pytest

from companion.games.burger.recipes import shipped_recipes
from tests.conftest import run_cli, run_companion


def _write(tmp_path, raw, name="mine.json"):
    path = tmp_path / name
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def test_the_example_is_accepted_with_a_summary():
    proc = run_cli("recipes", "check", str(shipped_recipes()[0]))
    assert proc.returncode == 0 and proc.stderr == b""
    assert proc.stdout.decode().splitlines() == [
        "Example recipes (an example, made up: copy it and edit it to match your recipe cards): "
        "3 recipes, 5 ingredient cards",
        "  Cheeseburger: patty, cheese",
        "  Garden burger: lettuce, onion, mushroom",
        "  Double cheese: patty, patty, cheese, lettuce",
        "  Ingredients: patty, cheese, lettuce, onion, mushroom",
    ]


def test_a_file_from_before_names_and_ingredient_lists_is_still_accepted(tmp_path):
    path = _write(tmp_path, {"example": False, "note": "ours", "recipes": [
        {"name": "Cheeseburger", "ingredients": ["patty", "cheese"]},
        {"name": "Salad", "ingredients": ["lettuce", "Cheese"]}]})
    proc = run_cli("recipes", "check", str(path))
    assert proc.returncode == 0 and proc.stderr == b""
    assert proc.stdout.decode().splitlines() == [
        "Recipes: 2 recipes, 3 ingredient cards (from the recipes: no ingredient list)",
        "  Cheeseburger: patty, cheese",
        "  Salad: lettuce, Cheese",
        "  Ingredients: patty, cheese, lettuce",
    ]


def test_every_fault_on_its_own_line_naming_where(tmp_path):
    """Duplicate recipe names, a card not in the list, a bun or a rat listed (BU-5), an
    empty recipe, a card listed twice, a nameless recipe, a wrong type: all of them."""
    path = _write(tmp_path, {"name": "Mine", "ingredients": ["patty", "cheese", "Patty", "bottom bun", "rat"],
                             "recipes": [
                                 {"name": "Cheeseburger", "ingredients": ["patty", "onion"]},
                                 {"name": "Veggie", "ingredients": ["cheese", "rat", "top bun"]},
                                 {"name": "Cheeseburger", "ingredients": ["cheese"]},
                                 {"name": "Empty", "ingredients": []},
                                 {"name": " ", "ingredients": ["patty", 7]}]})
    proc = run_cli("recipes", "check", str(path))
    assert proc.returncode == 1 and proc.stdout == b""
    assert proc.stderr.decode().splitlines() == [
        "ingredients[2]: 'Patty' is listed twice: keep it once",
        "ingredients[3]: 'bottom bun': leave the buns out, every hamburger has them (BU-5)",
        "ingredients[4]: a rat is never an ingredient: it goes under the wastebasket (BU-5)",
        "recipes[0] (Cheeseburger).ingredients[1]: 'onion' is not in the ingredient list: "
        "add it there or pick one that is",
        "recipes[1] (Veggie).ingredients[1]: a rat is never an ingredient: it goes under the wastebasket (BU-5)",
        "recipes[1] (Veggie).ingredients[2]: 'top bun': leave the buns out, every hamburger has them (BU-5)",
        "recipes[2] (Cheeseburger).name: another recipe is also called 'Cheeseburger': "
        "give each recipe its own name",
        "recipes[3] (Empty).ingredients: a recipe needs at least one ingredient between the buns (BU-5)",
        "recipes[4].name: a recipe needs a name",
        "recipes[4].ingredients[1]: must be text",
    ]


def test_shape_faults_of_the_set(tmp_path):
    path = _write(tmp_path, {"name": 3, "recipes": [], "colour": "red"})
    proc = run_cli("recipes", "check", str(path))
    assert proc.returncode == 1
    assert proc.stderr.decode().splitlines() == [
        "name: must be text",
        "recipes: no recipes yet: a recipe set needs at least one",
        "colour: is not a field here",
    ]
    assert run_cli("recipes", "check", str(_write(tmp_path, [1]))).stderr.decode() == (
        "recipe file: a recipe file must be a JSON object\n")


@pytest.mark.parametrize("data, said", [
    (b"{nope", "not valid JSON"),
    (b"\xff\xfe{}", "not valid JSON (not UTF-8 text"),
    (b"[" * 100_000, "not valid JSON (nested too deeply)"),
], ids=["not-json", "not-utf8", "nested"])
def test_bytes_that_are_not_a_recipe_file_are_one_line(tmp_path, data, said):
    path = tmp_path / "x.json"
    path.write_bytes(data)
    proc = run_cli("recipes", "check", str(path))
    assert proc.returncode == 1 and proc.stdout == b""
    err = proc.stderr.decode()
    assert err.startswith(f"{path}: {said}") and err.count("\n") == 1


def test_a_missing_file_and_control_characters(tmp_path):
    proc = run_cli("recipes", "check", str(tmp_path / "gone.json"))
    assert proc.returncode == 1 and proc.stderr.decode().startswith(f"cannot read {tmp_path}/gone.json: ")
    path = _write(tmp_path, {"name": "Ours\x1b[2J", "recipes": [{"name": "A\x1b]0;x\x07", "ingredients": []}]})
    proc = run_cli("recipes", "check", str(path))
    assert proc.returncode == 1 and b"\x1b" not in proc.stderr
    hidden = "holds a character that does not show (U+001B, a control character): type it again without it"
    assert proc.stderr.decode() == (f"name: {hidden}\n"        # every field a player reads: core.text
                                    f"recipes[0] (A\\x1b]0;x\\x07).name: {hidden}\n"
                                    "recipes[0] (A\\x1b]0;x\\x07).ingredients: a recipe needs at least one "
                                    "ingredient between the buns (BU-5)\n")


def test_list_names_the_shipped_files_and_a_user_sees_no_traceback(tmp_path):
    proc = run_cli("recipes", "list")
    assert proc.returncode == 0 and proc.stdout.decode().splitlines() == [str(p) for p in shipped_recipes()]
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    proc = run_companion("recipes", "check", str(path))     # a fresh interpreter, as a player runs it
    assert proc.returncode == 1 and proc.stdout == b""
    assert proc.stderr.decode() == f"{path}: not valid JSON (nested too deeply)\n"


@pytest.mark.parametrize("language, unreadable", [("en", "cannot read {path}: "), ("de", "{path} ist nicht lesbar: ")])
def test_how_far_a_recipe_file_was_read_is_a_fact_not_read_from_its_line(tmp_path, language, unreadable):
    """A missing file's line names the file already; JSON that is not a recipe set gets
    its path put before it; the line of a missing file is in the player's language and
    is told apart by how far the file was read, never by its words (BU-5). The check
    ``companion recipes check`` runs is the game's library part reading the file."""
    from companion.core import i18n
    from companion.core.errors import RecordError
    from companion.games.burger.library import LIBRARY
    from companion.games.burger.recipes import load_recipes

    gone = tmp_path / "gone.json"
    notjson = tmp_path / "x.json"
    notjson.write_bytes(b"{")
    with i18n.using(language):
        read = LIBRARY.read_file(str(gone))
        (line,) = read.problems
        assert line.startswith(unreadable.format(path=gone)) and read.summary == []
        with pytest.raises(RecordError) as caught:
            load_recipes(gone)
        assert caught.value.message == f"recipes: {line}"
        (line,) = LIBRARY.read_file(str(notjson)).problems
        assert line.startswith(f"{notjson}: ") and line.count(str(notjson)) == 1
