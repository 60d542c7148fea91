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
from collections.abc import Iterator, Sequence
from typing import BinaryIO

from companion.core.errors import CompanionError, one_line


def _read(path: str, limit: int) -> bytes:
    """The file's bytes, at most ``limit`` + 1 of them: past the bound is refused without
    reading the rest (companion.core.bounds)."""
    if path == "-":
        return sys.stdin.buffer.read(limit + 1)
    with open(path, "rb") as fh:
        return fh.read(limit + 1)


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
    from companion.core.bounds import MAX_RECORD_BYTES, size_fault
    from companion.core.referee import referee_json
    from companion.core.registry import games

    # The games are found as the command starts (as the whole command line finds them
    # for its file commands), not in the first record's time.
    games()
    source = args.jsonl if args.jsonl is not None else args.file
    if source is None:
        return _fail("companion referee: give a FILE, '-' for standard input, or --jsonl FILE")
    if args.jsonl is not None:
        return _referee_lines(source)
    try:
        data = _read(source, MAX_RECORD_BYTES)
    except OSError as exc:
        return _fail(f"cannot read {source}: {exc.strerror or exc}")
    too_big = size_fault(len(data))
    if too_big is not None:
        return _fail(f"record: {too_big}")
    try:
        out = referee_json(data)
    except CompanionError as exc:
        return _fail(str(exc))
    except Exception as exc:  # never a traceback: say what broke in one line
        return _fail(f"record: could not be refereed ({type(exc).__name__}: {exc})")
    sys.stdout.write(out + "\n")
    return 0


PARALLEL_FROM = 256  # lines; below this a worker pool costs more than it saves


def _lines(fh: BinaryIO, limit: int) -> Iterator[tuple[int, bytes | int]]:
    """Each line of ``fh``, numbered from 1; for a line longer than ``limit``, its size
    instead (its rest is read past, never held in memory: one record per line, each
    within the bound)."""
    n = 0
    while True:
        line = fh.readline(limit + 2)
        if not line:
            return
        n += 1
        if len(line.rstrip(b"\r\n")) > limit:
            size = len(line)
            while line and not line.endswith(b"\n"):
                line = fh.readline(1 << 20)
                size += len(line)
            yield n, size
            continue
        yield n, line.rstrip(b"\r\n")


def _referee_lines(source: str) -> int:
    """``--jsonl``: the file read line by line (never whole), each line's result written as
    soon as it is known and in input order; a line past the record bound gets its one-line
    error like any bad record."""
    import itertools

    from companion.core.bounds import MAX_RECORD_BYTES

    try:
        fh = sys.stdin.buffer if source == "-" else open(source, "rb")  # noqa: SIM115 - closed by the with below
    except OSError as exc:
        return _fail(f"cannot read {source}: {exc.strerror or exc}")
    with fh:
        lines = _lines(fh, MAX_RECORD_BYTES)
        head = list(itertools.islice(lines, PARALLEL_FROM))
        workers = min(os.cpu_count() or 1, 4)
        if len(head) >= PARALLEL_FROM and workers > 1:
            # Records are independent: referee them on every core, results in input order.
            # The first line is refereed here before the fork, so every worker starts with
            # the referee and the games' rules imported (else each imports them again).
            import gc
            import multiprocessing

            _referee_line(head[0])
            # What is alive now (the imported modules, the schemas) is kept out of every
            # garbage collection from here on: a worker's collections would otherwise
            # write to each of those objects' pages, and the kernel copy each page to each
            # worker (1,000 short burger records: 0.19 CPU-s of work, was 0.31; 0.14 in
            # one process, which refers them one core at a time).
            gc.collect()
            gc.freeze()

            with multiprocessing.get_context("fork").Pool(workers) as pool:
                for out in pool.imap(_referee_line, itertools.chain(head, lines), chunksize=64):
                    sys.stdout.write(out + "\n")
        else:
            for item in head:
                sys.stdout.write(_referee_line(item) + "\n")
    return 0


def _referee_line(item: tuple[int, bytes | int]) -> str:
    """One --jsonl line: its result, or {"error": ...} — never an exception."""
    import json

    from companion.core.bounds import size_fault
    from companion.core.referee import referee_json

    n, line = item
    if isinstance(line, int):
        return json.dumps({"error": f"line {n}: {size_fault(line)}"})
    if not line.strip():
        return json.dumps({"error": f"line {n}: empty line, no record"})
    try:
        return referee_json(line)
    except CompanionError as exc:
        return json.dumps({"error": str(exc)}, ensure_ascii=False)
    except Exception as exc:
        return json.dumps({"error": one_line(f"record: could not be refereed ({type(exc).__name__}: {exc})")},
                          ensure_ascii=False)


def cmd_serve(args: argparse.Namespace) -> int:
    from companion.ui.launch import serve

    return serve(host=args.host, port=args.port)


def cmd_app(args: argparse.Namespace) -> int:
    from companion.ui.launch import start_app

    return start_app()


def build_parser(*, only: str | None = None) -> argparse.ArgumentParser:
    """The command line; ``only``: just ``referee``, or just ``serve`` and the app
    (``""``: plain ``companion``), what ``main`` builds for them. The other commands
    import the web build, the PDF layer and every game's file commands to parse a line
    they are not on: most of a referee's start-up, and work a server would do before it
    listens."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="A referee beside physical card games. With no command, starts the app.",
    )
    sub = parser.add_subparsers(dest="command")

    ref = sub.add_parser("referee", help="referee a JSON game record and print the result as JSON")
    ref.add_argument("file", nargs="?", help="the record file, or - for standard input")
    ref.add_argument("--jsonl", metavar="FILE", help="one record per line; one result per line")
    ref.set_defaults(run=cmd_referee)
    if only == "referee":
        return parser

    serve = sub.add_parser("serve", help="serve the app in web mode")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8550, help="port (default 8550)")
    serve.set_defaults(run=cmd_serve)
    parser.set_defaults(run=cmd_app)
    if only in ("serve", ""):
        return parser

    from companion.web.build import add_commands as add_build_commands

    add_build_commands(sub)

    from companion.pdf.cli import add_commands as add_print_commands

    add_print_commands(sub)

    from companion.core.filecommands import add_file_commands
    from companion.core.registry import games

    for spec in games().values():
        add_file_commands(sub, spec)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    first = argv[0] if argv else ""
    args = build_parser(only=first if first in ("referee", "serve", "") else None).parse_args(argv)
    try:
        status: int = args.run(args)
        return status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
