"""Callgrind's client requests from Python (x86-64 Linux): count the instructions of one
stretch of a process, not of the whole process (``bench/instructions.py --in-process``).

Valgrind reads a client request from a fixed sequence of machine instructions (its
``valgrind.h`` writes them as inline assembly); here those few bytes are put in an
executable page and called through ctypes, so nothing is compiled. Outside valgrind the
same bytes do nothing and the request answers 0.

Run the process under ``valgrind --tool=callgrind --collect-atstart=no``: only what
runs between :func:`collect` on and off is counted.
"""

from __future__ import annotations

import ctypes
import mmap
from collections.abc import Iterator
from contextlib import contextmanager


def _base(a: str, b: str) -> int:
    return (ord(a) & 0xFF) << 24 | (ord(b) & 0xFF) << 16


# callgrind.h's Vg_CallgrindClientRequest, in its order
DUMP_STATS = _base("C", "T")         # what was counted so far written out (a file ".1", ".2", …), and zeroed
TOGGLE_COLLECT = _base("C", "T") + 2

_CODE = bytes.fromhex(
    "4889f8"          # mov rax, rdi          the request's six words
    "31d2"            # xor edx, edx          the answer outside valgrind: 0
    "48c1c703"        # rol rdi, 3            valgrind's special preamble (rdi comes back as it was)
    "48c1c70d"        # rol rdi, 13
    "48c1c73d"        # rol rdi, 61
    "48c1c733"        # rol rdi, 51
    "4887db"          # xchg rbx, rbx         rdx = client_request(rax)
    "4889d0"          # mov rax, rdx
    "c3"              # ret
)

_page = mmap.mmap(-1, mmap.PAGESIZE, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
_page.write(_CODE)
_Words = ctypes.c_ulong * 6
_request = ctypes.CFUNCTYPE(ctypes.c_ulong, ctypes.POINTER(_Words))(
    ctypes.addressof(ctypes.c_char.from_buffer(_page)))


def request(code: int, *args: int) -> int:
    """Valgrind's answer to the client request ``code`` (0 outside valgrind)."""
    words = _Words(code, *args)
    return int(_request(ctypes.byref(words)))


@contextmanager
def collect() -> Iterator[None]:
    """Callgrind counts what runs inside the block (the process started with
    ``--collect-atstart=no``)."""
    request(TOGGLE_COLLECT)
    try:
        yield
    finally:
        request(TOGGLE_COLLECT)
