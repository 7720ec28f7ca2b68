"""PO files written as GNU gettext writes them (`msgcat`, `msgmerge`, Poedit's saves): the same
order of comments, the same escapes and the same wrapping, so that `msgcat FILE` gives a file
lecturekit wrote back byte for byte and a translator's tools rewrap nothing.

polib reads the files; its own writer wraps with Python's textwrap, which breaks elsewhere than
gettext (after hyphens, never inside Japanese, counting a wide character as one column). gettext
wraps each string at 79 columns where libunistring's line breaking (Unicode's UAX #14, with East
Asian widths) allows it, breaking after each `\\n` and starting a string of several lines with
`""`. The break opportunities here are libunistring's own, asked of the very library `msgcat`
calls; without it (not a Debian machine) strings are written unwrapped, which gettext reads all
the same.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import re
from pathlib import Path

import polib

from lecturekit.files import atomic

#: gettext's default page width, and libunistring's break codes.
PAGE_WIDTH = 79
UNDEFINED, PROHIBITED, POSSIBLE = 0, 1, 2
ESCAPES = {"\a": "a", "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t", "\v": "v", "\\": "\\", '"': '"'}


def _libunistring():
    name = ctypes.util.find_library("unistring")
    if name is None:
        return None
    try:
        lib = ctypes.CDLL(name)
    except OSError:
        return None
    # gettext 0.21 calls the _v2 function where libunistring has it (>= 0.9.11); both agree on text without CR
    breaks = getattr(lib, "u8_width_linebreaks_v2", None) or lib.u8_width_linebreaks
    breaks.restype = ctypes.c_int
    breaks.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                       ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p]
    return breaks


_BREAKS = _libunistring()


def _breaks(portion: bytes, overrides: bytes, width: int, start: int) -> bytes:
    """For each byte of `portion`, whether a line may break before it (POSSIBLE) at this width."""
    if _BREAKS is None:
        return bytes(len(portion))
    out = ctypes.create_string_buffer(len(portion))
    _BREAKS(portion, len(portion), width, start, 0, overrides, b"UTF-8", out)
    return out.raw


def _portion(text: str) -> tuple[bytes, bytes]:
    """A piece of a string as it stands between quotes, and for each byte whether a break before it
    is ruled out (inside an escape: a line may end before `\\"`, not between its two characters)
    or left to the line breaking."""
    out, overrides = bytearray(), bytearray()
    for char in text:
        if char in ESCAPES:
            out += b"\\" + ESCAPES[char].encode()
            overrides += bytes((UNDEFINED, PROHIBITED))
        else:
            raw = char.encode()
            out += raw
            overrides += bytes(len(raw))
    if text.endswith("\n"):
        overrides[-2] = PROHIBITED  # never break just before the closing \n
    return bytes(out), bytes(overrides)


def wrapped(prefix: str, keyword: str, value: str, wrap: bool = True) -> list[str]:
    """`keyword "value"` as gettext's write-po.c writes it: lines broken after each \\n and,
    past the page width, where line breaking allows; a string of several lines opened by `""`."""
    lines: list[str] = []
    pieces = re.findall(r"[^\n]*\n|[^\n]+", value) or [""]
    first = True
    after_break = len(prefix) + 1  # the column a continuation line's text starts at, past its quote
    for n, piece in enumerate(pieces):
        portion, overrides = _portion(piece)
        width = (PAGE_WIDTH if wrap else len(portion) + 1) - 1 - after_break
        while True:
            start = len(prefix) + (len(keyword) + 1 if first else 0) + 1 - after_break
            breaks = _breaks(portion, overrides, width, start)
            if first and portion and (n + 1 < len(pieces) or start > width or POSSIBLE in breaks):
                lines.append(f'{prefix}{keyword} ""')
                first = False
                continue
            break
        line, begin = f"{prefix}{keyword} " if first else prefix, 0
        for at in [i for i, b in enumerate(breaks) if b == POSSIBLE] + [len(portion)]:
            lines.append(f'{line}"{portion[begin:at].decode()}"')
            line, begin = prefix, at
        first = False
    return lines


def _references(occurrences: list[tuple[str, str]]) -> list[str]:
    """`#: file:line` comments, as many on a line as fit the page width."""
    lines, line = [], "#:"
    for path, number in occurrences:
        item = f" {path}:{number}" if number else f" {path}"
        if len(line) > 2 and len(line.encode()) + len(item.encode()) > PAGE_WIDTH:
            lines.append(line)
            line = "#:"
        line += item
    return [*lines, line] if occurrences else []


def _comments(mark: str, text: str) -> list[str]:
    return [f"{mark} {line}" if line else mark for line in text.split("\n")] if text else []


def entry_lines(entry: polib.POEntry) -> list[str]:
    """One entry as gettext writes it: translator's and extracted comments, references, flags,
    previous strings (`#|`), then msgctxt, msgid and msgstr; an obsolete one behind `#~`."""
    lines = _comments("#", entry.tcomment) + _comments("#.", entry.comment) + _references(entry.occurrences)
    translated = entry.msgstr or any(entry.msgstr_plural.values())
    flags = (["fuzzy"] if "fuzzy" in entry.flags and translated else []) + [f for f in entry.flags if f != "fuzzy"]
    if flags:
        lines.append("#, " + ", ".join(flags))
    wrap = "no-wrap" not in entry.flags
    prefix = "#~ " if entry.obsolete else ""
    for keyword in ("msgctxt", "msgid", "msgid_plural"):
        if (previous := getattr(entry, f"previous_{keyword}")) is not None:
            lines += wrapped("#~| " if entry.obsolete else "#| ", keyword, previous, wrap)
    if entry.msgctxt is not None:
        lines += wrapped(prefix, "msgctxt", entry.msgctxt, wrap)
    lines += wrapped(prefix, "msgid", entry.msgid, wrap)
    if entry.msgid_plural:
        lines += wrapped(prefix, "msgid_plural", entry.msgid_plural, wrap)
        for index, text in sorted(entry.msgstr_plural.items()):
            lines += wrapped(prefix, f"msgstr[{index}]", text, wrap)
    else:
        lines += wrapped(prefix, "msgstr", entry.msgstr, wrap)
    return lines


def po_text(po: polib.POFile) -> str:
    """The whole file: its header entry, its entries, then its obsolete ones, a blank line apart."""
    header = po.metadata_as_entry()
    header.tcomment = po.header
    entries = [header] if header.msgstr or header.tcomment else []
    entries += [e for e in po if not e.obsolete] + [e for e in po if e.obsolete]
    return "\n".join("\n".join(entry_lines(e)) + "\n" for e in entries)


def save_po(po: polib.POFile, path: Path) -> None:
    """A PO or POT file written whole or not at all."""
    with atomic(path) as tmp:
        tmp.write_text(po_text(po), encoding="utf-8", newline="\n")


__all__ = ["PAGE_WIDTH", "entry_lines", "po_text", "save_po", "wrapped"]
