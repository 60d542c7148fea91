"""CSV for spreadsheets: every CSV companion exports is written here.

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula,
and a leading tab or carriage return can hide such a start. A player named
``=HYPERLINK("http://x","y")`` would become a link in the table of whoever opens
the export. So, as OWASP advises against CSV injection, a text cell that starts
with one of these characters is written with a single quote in front: spreadsheets
read it as text (some show the quote). Only text is changed: a number, a negative
one too, is written as the number it is.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: Any) -> Any:
    """A value as its CSV cell: true/false for a boolean, a number as it is, text that a
    spreadsheet would run as a formula with a ' in front."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(columns: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> str:
    """The rows as CSV text with a header line; a column a row lacks is left empty."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(columns), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: cell(v) for k, v in row.items()})
    return out.getvalue()
