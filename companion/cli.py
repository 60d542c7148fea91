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
import gc
import itertools
import os
import sys
from collections.abc import Callable, Iterator, Sequence
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
BLOCK = 1 << 17      # bytes read at a time (far below the record bound): some 160 short records, 14 long ones

# A part of the file: the number of its first line (from 1), its lines' count, and its
# whole lines as read, newlines and all (pieces to be written one after the other), or
# for a line past the record bound, its size.
Part = tuple[int, int, list[bytes | memoryview] | int]


def _parts(fh: BinaryIO, limit: int) -> Iterator[Part]:
    """The lines of ``fh`` a block at a time, as :data:`Part` says; a line past
    ``limit`` by its size (read past, never kept: one record per line, each within the
    bound). A block's lines are found by ``bytes.find``, a ``memchr``, and cut by the
    worker that referees them (:func:`_records`): ``readline`` looks at each byte in a
    loop of its own, some 6 instructions a byte; with a generator's step and a tuple a
    line, that was 4 k instructions a short sales record and 54 k a realistic one (9 KB),
    a seventieth of their referee work (issue 26)."""
    n = 1
    start: list[bytes] = []     # the start of a line not ended yet, read so far
    held = 0                    # its bytes
    past = -1                   # from 0: the bytes so far of a line past the bound, read past
    while block := fh.read(BLOCK):
        pieces: list[bytes | memoryview] = []
        count = at = cut = 0    # the block's lines so far; where its part begins; where its next line does
        if start or past >= 0:
            end = block.find(b"\n") + 1
            if not end:
                if past >= 0:
                    past += len(block)
                else:
                    start.append(block)
                    held += len(block)
                    if held > limit + 1 and len(b"".join(start).rstrip(b"\r")) > limit:
                        past, start, held = held, [], 0
                continue
            if past >= 0:
                yield n, 1, past + end
                n, past, at = n + 1, -1, end
            elif held + end > limit and _past(b"".join(start) + block[:end], limit):
                yield n, 1, held + end
                n, at = n + 1, end
            else:               # the line begun in the block before, sent with this block's, uncopied
                pieces += start
                count = 1
            start, held, cut = [], 0, end
        find = block.find
        while (end := find(b"\n", cut)) >= 0:    # a line within a block is within the bound
            count += 1
            cut = end + 1
        if cut > at:
            pieces.append(memoryview(block)[at:cut])
        if cut < len(block):
            start.append(block[cut:])
            held = len(block) - cut
        if count:
            yield n, count, pieces
            n += count
    if past >= 0:
        yield n, 1, past
    elif start:
        line = b"".join(start)
        yield n, 1, len(line) if _past(line, limit) else [line]


def _past(line: bytes, limit: int) -> bool:
    """Whether a line's record (without its newline, nor carriage returns before it) is
    past the bound."""
    return len(line) > limit and len(line.rstrip(b"\r\n")) > limit


def _records(n: int, lines: bytes | int) -> list[tuple[int, bytes | int]]:
    """Each line of a part (:data:`Part`'s lines joined), numbered, as its record:
    without its newline, nor any carriage returns before it."""
    if isinstance(lines, int):
        return [(n, lines)]
    out: list[tuple[int, bytes | int]] = []
    find, at = lines.find, 0
    while (end := find(b"\n", at)) >= 0:
        out.append((n, lines[at:end]))
        n, at = n + 1, end + 1
    if at < len(lines):                           # the file's last line, without a newline
        out.append((n, lines[at:]))
    if b"\r" in lines:
        return [(i, line.rstrip(b"\r") if isinstance(line, bytes) else line) for i, line in out]
    return out


def _referee_part(n: int, lines: bytes | int, referee_line: Callable[[int, bytes | int], str]) -> str:
    """A part's results, one line each, in its order."""
    done = [referee_line(i, line) for i, line in _records(n, lines)]
    if done:
        done.append("")                           # the last result's newline, without copying them all again
    return "\n".join(done)


def _referee_lines(source: str) -> int:
    """``--jsonl``: the file read a block at a time (never whole), each line's result
    written as soon as it is known and in input order; a line past the record bound
    gets its one-line error like any bad record."""
    from companion.core.bounds import MAX_RECORD_BYTES

    try:
        fh = sys.stdin.buffer if source == "-" else open(source, "rb")  # noqa: SIM115 - closed by the with below
    except OSError as exc:
        return _fail(f"cannot read {source}: {exc.strerror or exc}")
    with fh:
        parts = _parts(fh, MAX_RECORD_BYTES)
        head: list[Part] = []
        lines = 0
        while lines < PARALLEL_FROM and (part := next(parts, None)) is not None:
            head.append(part)
            lines += part[1]
        referee_line = _line_referee()
        workers = min(os.cpu_count() or 1, 4)
        if lines >= PARALLEL_FROM and workers > 1 and hasattr(os, "fork"):   # no fork on Windows
            # Records are independent: referee them on every core, results in input order.
            # The first line is refereed here before the fork, so every worker starts with
            # the referee and the games' rules imported (else each imports them again).
            first, rest = _first_and_rest(head[0])
            sys.stdout.write(_referee_part(*first, referee_line))
            # What is alive now (the imported modules, the schemas) is kept out of every
            # garbage collection from here on: a worker's collections would otherwise
            # write to each of those objects' pages, and the kernel copy each page to each
            # worker (1,000 short burger records: 0.19 CPU-s of work, was 0.31; 0.14 in
            # one process, which refers them one core at a time). Frozen as it is, with
            # no collection first: a full one took 8–10 ms, a tenth of the work of 1,000
            # short records, to free a few dozen objects.
            gc.freeze()
            try:
                _referee_forked(itertools.chain([rest], head[1:], parts), workers, referee_line)
            except ChildProcessError as exc:      # killed from outside: said, never a traceback
                return _fail(f"companion referee: {exc}")
        else:
            for n, _count, pieces in head:
                sys.stdout.write(_referee_part(n, pieces if isinstance(pieces, int) else b"".join(pieces),
                                               referee_line))
    return 0


def _first_and_rest(part: Part) -> tuple[tuple[int, bytes | int], Part]:
    """A part's first line (its number and its bytes, or its size), and the part
    without it (perhaps no line)."""
    n, count, pieces = part
    if isinstance(pieces, int):
        return (n, pieces), (n + 1, 0, [])
    lines = b"".join(pieces)
    end = lines.find(b"\n") + 1 or len(lines)
    return (n, lines[:end]), (n + 1, count - 1, [lines[end:]])


def _referee_forked(parts: Iterator[Part], workers: int, referee_line: Callable[[int, bytes | int], str]) -> None:
    """The lines refereed by ``workers`` forked processes, a part (:func:`_parts`) each
    at a time, the results written in input order.

    Plain pipes, not a multiprocessing pool: a pool's import, its three threads and its
    pickling cost 0.03–0.07 CPU-s a run, a third of the work of 1,000 short records
    (issue 26). A part goes as the bytes read and its results come back as the bytes to
    write, nothing copied into a message on the way (a copy costs an instruction a
    byte; a realistic sales line is 9 KB). Each worker has at most one part out, taken
    in turn, so neither side ever waits on a pipe the other is not reading."""
    from collections import deque

    sys.stdout.flush()                            # nothing of ours is written twice; from here on, bytes
    written = sys.stdout.buffer
    pids: list[int] = []
    pipes: list[tuple[BinaryIO, BinaryIO]] = []   # each worker's: its parts in, its results out
    try:
        for _ in range(workers):
            part_r, part_w = os.pipe()
            out_r, out_w = os.pipe()
            pid = os.fork()
            if pid == 0:                          # the worker: referees what it reads, to the end of it
                code = 1
                try:
                    os.close(part_w)
                    os.close(out_r)
                    for to_other, from_other in pipes:
                        to_other.close()
                        from_other.close()
                    with open(part_r, "rb") as given, open(out_w, "wb") as results:
                        while (got := _receive_part(given)) is not None:
                            done = _referee_part(*got, referee_line)
                            _send(results, done.encode(sys.stdout.encoding, sys.stdout.errors or "strict"))
                    code = 0
                finally:
                    os._exit(code)                # never the parent's clean-up, nor its buffers
            pids.append(pid)
            os.close(part_r)
            os.close(out_w)
            pipes.append((open(part_w, "wb"), open(out_r, "rb")))  # noqa: SIM115 - closed below
        out: deque[tuple[BinaryIO, BinaryIO]] = deque()           # the workers with a part, in input order
        for pipe in pipes:
            part = next(parts, None)
            if part is None:
                break
            _send_part(pipe[0], part)
            out.append(pipe)
        while out:
            pipe = out.popleft()
            data = _receive(pipe[1])
            if data is None:
                raise ChildProcessError("a worker process stopped before its lines were refereed")
            written.write(data)
            part = next(parts, None)
            if part is not None:
                _send_part(pipe[0], part)
                out.append(pipe)
    finally:
        for to_worker, from_worker in pipes:     # a worker ends at the end of its parts
            to_worker.close()
            from_worker.close()
        for pid in pids:
            os.waitpid(pid, 0)


def _send_part(fh: BinaryIO, part: Part) -> None:
    """A part to a worker: its first line's number, then its lines' bytes (their size,
    as -1 - size) or a line's size past the bound (from 0)."""
    n, _count, pieces = part
    if isinstance(pieces, int):
        fh.write(n.to_bytes(8, "little") + pieces.to_bytes(8, "little", signed=True))
    else:
        size = sum(len(piece) for piece in pieces)
        fh.write(n.to_bytes(8, "little") + (-1 - size).to_bytes(8, "little", signed=True))
        for piece in pieces:
            fh.write(piece)
    fh.flush()


def _receive_part(fh: BinaryIO) -> tuple[int, bytes | int] | None:
    """The next part :func:`_send_part` wrote (its first line's number, and its lines'
    bytes or a line's size), or None at the end of the pipe."""
    head = fh.read(16)
    if len(head) < 16:
        return None
    n, size = int.from_bytes(head[:8], "little"), int.from_bytes(head[8:], "little", signed=True)
    return (n, size) if size >= 0 else (n, fh.read(-1 - size))


def _send(fh: BinaryIO, data: bytes) -> None:
    fh.write(len(data).to_bytes(8, "little"))
    fh.write(data)
    fh.flush()


def _receive(fh: BinaryIO) -> bytes | None:
    """The next message ``_send`` wrote, or None at the end of the pipe."""
    size = fh.read(8)
    if len(size) < 8:
        return None
    return fh.read(int.from_bytes(size, "little"))


def _line_referee() -> Callable[[int, bytes | int], str]:
    """The referee of one --jsonl line (its number, and its bytes or, past the bound,
    its size): its result, or {"error": ...} — never an exception. Its imports are
    done here, once a run: three imports in every line's call cost some 2 µs a line, a
    fifteenth of a short record's work (issue 26)."""
    import json

    from companion.core.bounds import size_fault
    from companion.core.referee import referee_json

    def referee_line(n: int, line: bytes | int) -> str:
        if isinstance(line, int):
            return json.dumps({"error": f"line {n}: {size_fault(line)}"})
        if not line or line.isspace():     # as ``not line.strip()``, without copying the line
            return json.dumps({"error": f"line {n}: empty line, no record"})
        try:
            return referee_json(line)
        except CompanionError as exc:
            return json.dumps({"error": str(exc)}, ensure_ascii=False)
        except Exception as exc:
            return json.dumps({"error": one_line(f"record: could not be refereed ({type(exc).__name__}: {exc})")},
                              ensure_ascii=False)

    return referee_line


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
    """The command line ``argv`` (None: this process's own, ``sys.argv``) run."""
    whole_process = argv is None
    argv = sys.argv[1:] if argv is None else list(argv)
    first = argv[0] if argv else ""
    args = build_parser(only=first if first in ("referee", "serve", "") else None).parse_args(argv)
    try:
        status: int = args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    if whole_process and args.command == "referee":
        _no_last_collection()
    return status


def _no_last_collection() -> None:
    """Keep what is alive out of Python's last garbage collection, at exit: the
    process ends next, and that collection went through every object the referee's
    imports made (the games' modules, pydantic's schemas), none of them garbage:
    36 M instructions, some 10 ms of CPU, in every call however few its records
    (issue 26; callgrind, one realistic sales record: 744 M instructions a call, 709 M
    without it). The output and the exit status are the same (standard output is still
    flushed at exit); only the command's own process does it, never a caller of
    :func:`main` that goes on living."""
    gc.freeze()
