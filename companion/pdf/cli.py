"""``companion print``: score sheets and rules cards as PDFs.

    companion print score-sheet GAME [--players "Anna,Bernd,Zoë"] [--paper a4|letter] -o FILE
    companion print score-sheet --record FILE [--game-number N] [--paper a4|letter] -o FILE
    companion print rules GAME [--sheet a6|a5|a4|letter] -o FILE
    companion print night --record FILE -o FILE   (a game night's JSON export, on one A4 sheet)
    companion print --all [--out DIR]   (--out is needed when companion is installed, not a checkout)

``--lang de`` prints in German (``--lang en``, the default, in English: a printout is
the same whatever the system's language); ``--all`` builds every language's set (the
German files end in ``-de.pdf``), or only the one ``--lang`` names. It builds every file
before it writes one: a file that cannot be built leaves the folder as it was.
``-o -`` writes the PDF to standard output.
``--date YYYY-MM-DD`` sets the date a filled sheet or a rules card prints in its
footer (default: SOURCE_DATE_EPOCH, else today; ``--all`` prints the edition date on
the rules cards); on a blank or named score sheet it fills the Date field, which is otherwise left to write in.
``--game-number N`` prints game N of a match export as that game's own sheet.
Bad input prints one line on standard error, exits 1 and writes no file.
Every line printed shows control characters escaped (``core.errors.one_line``): a
name, a path or a word typed can never move the cursor or retitle the terminal.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys

from companion.core import i18n
from companion.core.errors import CompanionError, one_line
from companion.core.i18n import _
from companion.core.paths import printables_dir

#: The size of a card cut from a sheet of two or four (``layout.CUT_CARD_MM``, which a test
#: holds this to: the parser does not import the printables' modules).
CUT_CARD = "97 × 131.5 mm"


def _fail(message: str) -> int:
    sys.stderr.write("companion print: " + one_line(message) + "\n")
    return 1


def _date(value: str | None) -> dt.date | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise CompanionError(_("--date '{value}' is not a date like 2026-11-29").format(value=value)) from None


def _players(value: str | None) -> list[str] | None:
    if value is None:
        return None
    return value.split(",")


def _output(path: str, data: bytes) -> None:
    from companion.pdf.api import write_atomic

    if path == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    try:
        write_atomic(path, data)
    except OSError as exc:
        raise CompanionError(_("cannot write {path}: {reason}").format(path=path, reason=exc.strerror or exc)) from None


def _build(args: argparse.Namespace) -> tuple[str, bytes] | None:
    """The file to write and its bytes; None when ``--all`` wrote its own files."""
    from companion.pdf import api

    what = getattr(args, "what", None)
    if args.all:
        if what is not None:
            raise CompanionError(_("--all rebuilds every printable; give it no other command"))
        lang = getattr(args, "lang", None)
        written = api.build_all(args.out or printables_dir(), [lang] if lang else None)
        for path in written:
            sys.stdout.write(one_line(str(path)) + "\n")
        return None
    if what is None:
        raise CompanionError(_("say what to print: score-sheet, rules or --all"))
    if not args.output:
        raise CompanionError(_("give the output file with -o FILE (or -o - for standard output)"))
    date = _date(args.date)
    if what == "score-sheet":
        if args.record is not None:
            if args.game is not None or args.players is not None:
                raise CompanionError(_("--record prints the record's game and players; "
                                       "give no GAME or --players with it"))
            try:
                if args.record == "-":
                    text = sys.stdin.buffer.read()
                else:
                    with open(args.record, "rb") as fh:
                        text = fh.read()
            except OSError as exc:
                raise CompanionError(_("cannot read {path}: {reason}").format(
                    path=args.record, reason=exc.strerror or exc)) from None
            return args.output, api.build_score_sheet(record=text, paper=args.paper, date=date,
                                                      number=args.game_number)
        if args.game_number is not None:
            raise CompanionError(_("--game-number picks a game of a --record FILE"))
        if args.game is None:
            raise CompanionError(_("score-sheet needs a GAME or --record FILE"))
        return args.output, api.build_score_sheet(args.game, players=_players(args.players),
                                                  paper=args.paper, date=date)
    if what == "night":
        return args.output, _night(args.record, date)
    return args.output, api.build_rules_card(args.game, sheet=args.sheet, date=date)


def _night(path: str, date: dt.date | None) -> bytes:
    """A game night's sheet from its JSON export (the matches' records are in it)."""
    from companion.core.record import parse_json
    from companion.pdf.night import build_night_sheet
    from companion.tallies.night import read_export, tally

    try:
        with open(path, "rb") as fh:
            text = fh.read()
    except OSError as exc:
        raise CompanionError(_("cannot read {path}: {reason}").format(path=path, reason=exc.strerror or exc)) from None
    record, matches = read_export(parse_json(text))
    return build_night_sheet(tally(record, matches), date=date)


def cmd_print(args: argparse.Namespace) -> int:
    with i18n.using(getattr(args, "lang", None) or "en"):   # its refusals too, in the language printed
        try:
            built = _build(args)
            if built is not None:
                _output(*built)
        except CompanionError as exc:
            return _fail(str(exc))
        except Exception as exc:  # never a traceback: one line saying what broke
            return _fail(_("could not print ({error})").format(error=f"{type(exc).__name__}: {exc}"))
    return 0


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``companion print`` to the ``companion`` command's subparsers."""
    p = subparsers.add_parser("print", help="print score sheets and rules cards as PDFs")
    p.add_argument("--all", action="store_true",
                   help="rebuild printables/: every game's blank sheets and rules cards, in every "
                        "language (or the one --lang names)")
    p.add_argument("--out", metavar="DIR",
                   help="where --all writes (default: the checkout's printables/; "
                        "an installed companion has none, so give a folder)")
    p.set_defaults(run=cmd_print, what=None)

    def lang(q: argparse.ArgumentParser) -> None:
        q.add_argument("--lang", choices=list(i18n.LANGUAGES), default=argparse.SUPPRESS,
                       metavar="|".join(i18n.LANGUAGES), help="the language printed (default en)")

    lang(p)
    sub = p.add_subparsers(dest="what")

    def common(q: argparse.ArgumentParser) -> None:
        q.add_argument("-o", "--output", metavar="FILE", help="the PDF to write (- for standard output)")
        q.add_argument("--date", metavar="YYYY-MM-DD", help="the footer's date")
        lang(q)
        q.set_defaults(run=cmd_print, all=False, out=None)

    s = sub.add_parser("score-sheet", help="a score sheet: blank, with names, or from a record")
    s.add_argument("game", nargs="?", help="hotdog, sales or burger")
    s.add_argument("--players", metavar="NAMES", help='comma-separated, e.g. "Anna,Bernd,Zoë"')
    s.add_argument("--paper", default="a4", metavar="a4|letter", help="paper size (default a4)")
    s.add_argument("--record", metavar="FILE", help="a game or match export (JSON) to fill in")
    s.add_argument("--game-number", type=int, metavar="N",
                   help="with --record: print game N of the match (its place in the match)")
    common(s)

    n = sub.add_parser("night", help="a game night on one A4 sheet, from its JSON export")
    n.add_argument("--record", metavar="FILE", required=True, help="the game night's JSON export")
    common(n)
    r = sub.add_parser("rules", help="a game's rules card (A6; or cut from A5, A4 or Letter)")
    r.add_argument("game", help="hotdog, sales or burger")
    r.add_argument("--sheet", default="a6", metavar="a6|a5|a4|letter",
                   help=f"a6 (default): one A6 card (105 × 148 mm) per A6 page; a5: two cards on a "
                        f"landscape A5 sheet; a4, letter: four cards on the sheet; the cards cut from a "
                        f"sheet are {CUT_CARD}, a little smaller than A6, so that cut marks fit "
                        f"round them")
    common(r)
