"""The ``companion`` command.

    companion                      start the app (native window if available, else web)
    companion serve [--host H] [--port P]
                                   serve the app in web mode (127.0.0.1 unless told)
    companion referee FILE|-       referee one JSON record (docs/referee-contract.md)
    companion referee --jsonl FILE one record per line, one result per line
    companion print ...            score sheets and rules cards as PDFs (companion/pdf/cli.py)
    companion build web -o DIR     the app as a static site that runs in the browser (companion/web/)
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from companion.core.errors import CompanionError, one_line


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as fh:
        return fh.read()


def _fail(message: str) -> int:
    sys.stderr.write(one_line(message) + "\n")
    return 1


def cmd_referee(args: argparse.Namespace) -> int:
    """The referee's output is a contract (``REFEREE_CONTRACT``): its JSON and its
    one-line messages are in English whatever the language of the app, and name the
    record's places as the record counts them (deck 0)."""
    from companion.core import i18n
    from companion.core.message import for_the_record

    with i18n.using("en"), for_the_record():
        return _referee(args)


def _referee(args: argparse.Namespace) -> int:
    from companion.core.referee import referee_json

    source = args.jsonl if args.jsonl is not None else args.file
    if source is None:
        return _fail("companion referee: give a FILE, '-' for standard input, or --jsonl FILE")
    try:
        data = _read(source)
    except OSError as exc:
        return _fail(f"cannot read {source}: {exc.strerror or exc}")
    if args.jsonl is None:
        try:
            out = referee_json(data)
        except CompanionError as exc:
            return _fail(str(exc))
        except Exception as exc:  # never a traceback: say what broke in one line
            return _fail(f"record: could not be refereed ({type(exc).__name__}: {exc})")
        sys.stdout.write(out + "\n")
        return 0

    lines = data.splitlines()
    workers = min(os.cpu_count() or 1, 4)
    if len(lines) >= PARALLEL_FROM and workers > 1:
        # Records are independent: referee them on every core, results in input order.
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(workers) as pool:
            out_lines = pool.map(_referee_line, enumerate(lines, 1), chunksize=64)
    else:
        out_lines = [_referee_line(item) for item in enumerate(lines, 1)]
    sys.stdout.write("".join(x + "\n" for x in out_lines))
    return 0


PARALLEL_FROM = 256  # lines; below this a worker pool costs more than it saves


def _referee_line(item: tuple[int, bytes]) -> str:
    """One --jsonl line: its result, or {"error": ...} — never an exception."""
    import json

    from companion.core.referee import referee_json

    n, line = item
    if not line.strip():
        return json.dumps({"error": f"line {n}: empty line, no record"})
    try:
        return referee_json(line)
    except CompanionError as exc:
        return json.dumps({"error": str(exc)}, ensure_ascii=False)
    except Exception as exc:
        return json.dumps({"error": f"record: could not be refereed ({type(exc).__name__}: {exc})"},
                          ensure_ascii=False)


def cmd_serve(args: argparse.Namespace) -> int:
    from companion.ui.launch import serve

    return serve(host=args.host, port=args.port)


def cmd_app(args: argparse.Namespace) -> int:
    from companion.ui.launch import start_app

    return start_app()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="A referee beside physical card games. With no command, starts the app.",
    )
    sub = parser.add_subparsers(dest="command")

    ref = sub.add_parser("referee", help="referee a JSON game record and print the result as JSON")
    ref.add_argument("file", nargs="?", help="the record file, or - for standard input")
    ref.add_argument("--jsonl", metavar="FILE", help="one record per line; one result per line")
    ref.set_defaults(run=cmd_referee)

    serve = sub.add_parser("serve", help="serve the app in web mode")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8550, help="port (default 8550)")
    serve.set_defaults(run=cmd_serve)

    from companion.web.build import add_commands as add_build_commands

    add_build_commands(sub)

    from companion.pdf.cli import add_commands as add_print_commands

    add_print_commands(sub)

    from companion.core.registry import games

    for spec in games().values():
        if spec.commands is not None:
            spec.commands(sub)

    parser.set_defaults(run=cmd_app)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
