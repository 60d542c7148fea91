"""Shared helpers for the printables' tests."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader

DATA = Path(__file__).resolve().parent / "data"
GOLDEN = Path(__file__).resolve().parent / "golden"
ROOT = Path(__file__).resolve().parents[2]
PRINTABLES = ROOT / "printables"

PT_PER_MM = 72 / 25.4
SIZES_MM = {"a4": (210, 297), "letter": (215.9, 279.4), "a6": (105, 148), "a5-landscape": (210, 148)}
RULES = DATA / "rules"      # copies of the rule texts, to check the rules cards against


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def text(data: bytes) -> str:
    """All pages' text, whitespace squeezed to single spaces."""
    r = reader(data)
    return " ".join(" ".join((p.extract_text() or "").split()) for p in r.pages)


def page_texts(data: bytes) -> list[str]:
    return [" ".join((p.extract_text() or "").split()) for p in reader(data).pages]


def size_mm(data: bytes, page: int = 0) -> tuple[float, float]:
    box = reader(data).pages[page].mediabox
    return round(float(box.width) / PT_PER_MM, 1), round(float(box.height) / PT_PER_MM, 1)


def uncovered_text(data: bytes) -> list[tuple[str, str]]:
    """Every piece of text drawn in a font whose character map lacks one of its
    characters, as (font, text): such text would print as boxes. Empty when all is well."""
    from companion.pdf import fonts

    # longest first: "DejaVuSansCondensed-Bold" before "DejaVuSans"
    by_base = {"DejaVuSansCondensed-Bold": "DejaVuSansCondensed-Bold", "DejaVuSansCondensed": "DejaVuSansCondensed",
               "DejaVuSans-Bold": "DejaVuSans-Bold", "DejaVuSans": "DejaVuSans",
               "DroidSansFallback": "DroidSansFallback", "NanumSquare": "NanumSquare"}
    bad: list[tuple[str, str]] = []

    def visit(txt, cm, tm, font, size):
        if not txt.strip() or font is None:
            return
        base = str(font.get("/BaseFont", "")).split("+")[-1]
        name = next((v for k, v in by_base.items() if base.startswith(k)), None)
        if name is None or not fonts.covers(name, txt.replace("\n", "")):
            bad.append((base, txt))

    for page in reader(data).pages:
        page.extract_text(visitor_text=visit)
    return bad


def fonts_used(data: bytes) -> list[tuple[str, bool]]:
    """Every font named in any page's resources (also inside form XObjects), as
    (base font, embedded): embedded when its descriptor, or its descendant's, has a
    font file."""
    out: dict[str, bool] = {}

    def embedded(font) -> bool:
        desc = font.get("/FontDescriptor")
        if desc is None and "/DescendantFonts" in font:
            desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
        desc = desc.get_object() if desc is not None else {}
        return any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))

    def visit(resources) -> None:
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            out[str(font.get("/BaseFont"))] = embedded(font)
        for xobj in (resources.get("/XObject") or {}).values():
            xobj = xobj.get_object()
            if xobj.get("/Subtype") == "/Form":
                visit(xobj.get("/Resources"))

    for page in reader(data).pages:
        visit(page.get("/Resources"))
    return sorted(out.items())


def drawn_strings(data: bytes) -> list[str]:
    """Each string the pages' text operators draw, its characters in the order they are
    drawn (left to right), mapped back through each font's ToUnicode table. Unlike a text
    extractor, which puts right-to-left text back into its logical order, this shows the
    order a reader sees on the paper."""
    import re

    from pypdf.generic import ContentStream

    def cmap(font) -> dict[int, str]:
        table: dict[int, str] = {}
        to_unicode = font.get("/ToUnicode")
        if to_unicode is None:
            return table
        body = to_unicode.get_object().get_data().decode("latin-1")
        for block in re.findall(r"beginbfchar(.*?)endbfchar", body, re.S):
            for src, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
                table[int(src, 16)] = bytes.fromhex(dst).decode("utf-16-be")
        for block in re.findall(r"beginbfrange(.*?)endbfrange", body, re.S):
            for lo, hi, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
                start = int.from_bytes(bytes.fromhex(dst), "big")
                for i, code in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                    table[code] = chr(start + i)
        return table

    def raw(operand) -> bytes:
        return operand.original_bytes if hasattr(operand, "original_bytes") else bytes(operand)

    out: list[str] = []
    for page in reader(data).pages:
        fonts = {name: cmap(font.get_object()) for name, font in (page["/Resources"].get("/Font") or {}).items()}
        current: dict[int, str] = {}
        for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
            if op == b"Tf":
                current = fonts.get(operands[0], {})
            elif op in (b"Tj", b"'", b'"'):
                out.append("".join(current.get(b, "") for b in raw(operands[-1])))
            elif op == b"TJ":
                out.append("".join(current.get(b, "") for part in operands[0] if not isinstance(part, (int, float))
                                   for b in raw(part)))
    return out
