"""What the CLI and the app call: build a score sheet or a rules card as PDF bytes.

    build_score_sheet("hotdog", players=["Anna", "Bernd", "Zoë"], paper="a4") -> bytes
    build_score_sheet(record=<game or match export as JSON text>, paper="letter") -> bytes
    build_rules_card("sales", sheet="a6") -> bytes
    build_all(directory) -> list of files written (the committed ``printables/`` set)

Each game's printable is found by name — ``companion/games/<game>/printable.py`` —
so adding a game touches only its own folder. Bad input raises a one-line
``CompanionError``.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from companion.core.errors import CompanionError, RecordError
from companion.core.game import Part
from companion.core.i18n import _, ngettext
from companion.core.names import check_names, normal
from companion.core.registry import games, part
from companion.pdf.layout import CARD_SHEETS, SHEET_PAPERS
from companion.pdf.model import RulesCard, ScoreSheet

if TYPE_CHECKING:
    from companion.core.match import MatchRecord


class Printable(Protocol):
    """A game's ``printable`` module: its score sheet (blank or named), one game's sheet
    filled from its record and result, and its rules card, as plain data
    (:mod:`companion.pdf.model`); its title and how many players the sheet seats."""

    TITLE: str
    PLAYERS: tuple[int, int]        # fewest, most
    PLAYERS_RULING: str             # the ruling that says so

    def score_sheet(self, players: Sequence[str]) -> ScoreSheet: ...
    def filled_sheet(self, record: Any, result: Any, number: int = 1) -> ScoreSheet: ...
    def rules_card(self) -> RulesCard: ...


@runtime_checkable
class MatchSheets(Protocol):
    """What a game played as a match of several games prints besides (Hot Dog's three,
    HD-15): the match's sheet, every game so far, or the sheet of game ``number``."""

    def match_sheet(self, match: Any, tallied: Any, number: int | None = None) -> ScoreSheet: ...


PRINTABLE_PART: Part[Printable] = Part("printable")

# The date the committed printables (``companion print --all``) carry: a fixed input,
# so that rebuilding them gives the same bytes. Change it when their content changes.
EDITION = dt.date(2026, 12, 1)


def printable_games() -> list[str]:
    """Every game with a ``printable`` part, by name."""
    return sorted(name for name, spec in games().items() if "printable" in spec.parts)


def printable(game: str) -> Printable:
    found = part(game, PRINTABLE_PART) if isinstance(game, str) and game in games() else None
    if found is None:
        shown = str(game) if len(str(game)) <= 40 else str(game)[:40] + "…"
        raise CompanionError(_("unknown game '{game}' (printable: {games})").format(
            game=shown, games=", ".join(printable_games())))
    return found


def _paper(paper: str) -> str:
    p = str(paper).lower()
    if p not in SHEET_PAPERS:
        raise CompanionError(_("unknown paper '{paper}' (score sheets: {papers})").format(
            paper=paper, papers=", ".join(SHEET_PAPERS)))
    return p


def check_players(module: Printable, players: Sequence[str]) -> list[str]:
    """Names as the game allows them (``core.names``: count, length, nothing hidden,
    none looking like another) and as a font can print them."""
    from companion.pdf.fonts import check_printable

    names = [normal(p) for p in players]
    low, high = module.PLAYERS
    check_names(names, low, high, module.PLAYERS_RULING)
    for name in names:
        check_printable(name)
    return names


def _date(date: dt.date | None) -> dt.date:
    from companion.pdf.document import edition_date

    return edition_date(date)


def build_score_sheet(game: str | None = None, *, players: Sequence[str] | None = None,
                      paper: str = "a4", record: str | bytes | dict[str, Any] | None = None,
                      date: dt.date | None = None, number: int | None = None) -> bytes:
    """A score sheet as PDF bytes: blank (no players), with names, or filled from a
    game or match export (``record``: JSON text, or the export as a dict; its game
    decides the sheet).

    ``number``: the game's place in its match. With a match export, the sheet of that
    game of the match (the games up to it, its round log, blank logs for the games
    still to play); with one game's export, that game printed as game ``number``.

    ``date``: on a filled sheet, the day printed in its footer (default: SOURCE_DATE_EPOCH,
    else today). A blank or named pad prints no date: its Date field is left to write
    in, or filled with ``date`` when one is given."""
    from companion.pdf import sheet as render

    paper = _paper(paper)
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)
                               or number < 1):
        raise CompanionError(_("the game's number in its match is 1, 2 or 3, not '{number}'").format(number=number))
    if record is not None:
        if isinstance(record, dict):
            import json

            record = json.dumps(record, ensure_ascii=False)
        data = sheet_from_record(record, number=number)
        from companion.pdf.document import printed_date

        day = _date(date)     # the footer's date fills the Date field too
        return render.render(data, paper, day, date_field=printed_date(day))
    if number is not None:
        raise CompanionError(_("a game's number in its match needs a record to print"))
    module = printable(game or "")
    names = [""] * module.PLAYERS[1] if players is None else check_players(module, players)
    data = module.score_sheet(names)
    from companion.pdf.document import printed_date

    return render.render(data, paper, None, date_field=printed_date(date) if date else "")


def sheet_from_record(text: str | bytes, number: int | None = None) -> ScoreSheet:
    """The filled sheet data of a game export or a match export (JSON text); with
    ``number``, the sheet of that game in its match."""
    from companion.core.record import parse_json

    raw = parse_json(text)
    if isinstance(raw, dict) and raw.get("kind") == "match":
        from pydantic import ValidationError

        from companion.core.match import MatchRecord, tally
        from companion.core.record import error_from_validation

        try:
            match = MatchRecord.model_validate(raw)
        except ValidationError as exc:
            raise error_from_validation(exc, raw, {"players": "HD-1"}) from None
        module = printable(match.game)
        if not isinstance(module, MatchSheets):
            if number is None:
                raise RecordError(_("game: {game} is not played as a three-game match").format(game=module.TITLE))
            return _game_of_match(module, match, number)
        check_players(module, match.players)
        result = tally(match)
        if number is None:
            return module.match_sheet(match, result)
        return module.match_sheet(match, result, number=number)
    from companion.core.registry import parse_record, referee

    rec = parse_record(text)
    module = printable(rec["game"])
    check_players(module, list(rec["players"]))
    return module.filled_sheet(rec, referee(rec), number=number or 1)


def _game_of_match(module: Printable, match: MatchRecord, number: int) -> ScoreSheet:
    """Game ``number`` of a match whose game is played on its own (one game a match)."""
    import json

    from companion.core.registry import parse_record, referee

    if number > len(match.games):
        # Translators: English keeps "game(s)" in both forms
        raise RecordError(ngettext("this match has {n} game(s): there is no game {number}",
                                   "this match has {n} game(s): there is no game {number}",
                                   len(match.games)).format(n=len(match.games), number=number))
    raw = {"game": match.game, **match.games[number - 1]}
    rec = parse_record(json.dumps(raw, ensure_ascii=False))
    check_players(module, list(rec["players"]))
    return module.filled_sheet(rec, referee(rec), number=number)


def build_rules_card(game: str, *, sheet: str = "a6", date: dt.date | None = None) -> bytes:
    """A game's rules card as PDF bytes: one A6 card per page, two on landscape A5,
    four on A4 or US Letter (with cut marks round them)."""
    from companion.pdf import card

    module = printable(game)
    s = str(sheet).lower()
    if s not in CARD_SHEETS:
        raise CompanionError(_("unknown sheet '{sheet}' (rules cards: {sheets})").format(
            sheet=sheet, sheets=", ".join(CARD_SHEETS)))
    return card.render(module.rules_card(), s, _date(date))


def all_printables(languages: Sequence[str] | None = None) -> dict[str, tuple[str, str, str, str]]:
    """The committed set: file name → how to build it (kind, game, size, language).
    English files are named as they always were; every other language adds its code
    (``hotdog-rules-a6-de.pdf``), so no language's set overwrites another's."""
    from companion.core import i18n

    out: dict[str, tuple[str, str, str, str]] = {}
    for lang in languages or list(i18n.LANGUAGES):
        tail = "" if lang == "en" else f"-{lang}"
        for game in printable_games():
            for paper in SHEET_PAPERS:
                out[f"{game}-score-sheet-{paper}{tail}.pdf"] = ("sheet", game, paper, lang)
            out[f"{game}-rules-a6{tail}.pdf"] = ("rules", game, "a6", lang)
            out[f"{game}-rules-4up-a4{tail}.pdf"] = ("rules", game, "a4", lang)
            out[f"{game}-rules-4up-letter{tail}.pdf"] = ("rules", game, "letter", lang)
    return out


def build_set(languages: Sequence[str] | None = None) -> dict[str, bytes]:
    """Every file of the printables set, built in memory: file name → PDF bytes. Raises
    (one line) on the first that cannot be built, before anything is written."""
    from companion.core import i18n

    built: dict[str, bytes] = {}
    for name, (kind, game, size, lang) in all_printables(languages).items():
        with i18n.using(lang):
            if kind == "sheet":
                built[name] = build_score_sheet(game, paper=size)
            else:
                built[name] = build_rules_card(game, sheet=size, date=EDITION)
    return built


def build_all(directory: str | os.PathLike[str], languages: Sequence[str] | None = None) -> list[Path]:
    """Rebuild the printables set in ``directory``: every game's blank score sheet on
    A4 and Letter (no date: a field to write it in), and its rules card on A6 and four
    to an A4 or a Letter sheet with cut marks (with the edition date), in every language
    (or those given).

    All or nothing: every file is built first, then written beside its place and
    renamed into it, so a file that cannot be built (or written) leaves the folder as
    it was — never a partial set."""
    built = build_set(languages)
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    return write_all(target, built)


def write_all(target: Path, files: dict[str, bytes]) -> list[Path]:
    """Write ``files`` (name → bytes) into ``target``: each to a temporary file there
    first; only when every one is written are they renamed into place."""
    staged: list[tuple[str, Path]] = []
    try:
        for name, data in files.items():
            staged.append((_stage(target / name, data), target / name))
        for tmp, path in staged:
            os.replace(tmp, path)
    except BaseException:
        for tmp, _path in staged:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise
    return [path for _tmp, path in staged]


def _stage(path: Path, data: bytes) -> str:
    """``data`` in a new temporary file beside ``path`` (mode as a new file gets); its name."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write to a temporary file beside ``path``, then rename: never a half-written PDF."""
    path = Path(path)
    tmp = _stage(path, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
