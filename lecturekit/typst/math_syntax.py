"""Typst math from lecture text, rebuilt from the tokens it is made of.

Lecture math is never handed to Typst as the author wrote it. It is read by a tokenizer that
mirrors Typst's own math syntax (identifiers and their fields, numbers, strings with their escapes,
escapes, line breaks, shorthands and operators, brackets, `&`), and new source is written from the
tokens it recognises:

- an identifier of one letter, or one of Typst's math and symbol names, as written (symbols may
  carry modifiers: `arrow.r.long`); any other identifier as a string, so it is shown as text;
- numbers, operators, brackets and shorthands as written;
- a string re-escaped from its value;
- anything that would enter code or a comment (`#`, `//`, `/*`, `*/`) as the escaped character.

So the source Typst reads holds no code, whatever the author wrote. Every rewrite carries a note
saying what was changed, which the resolver reports on the object.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from lecturekit.typst.names import functions, symbols


class Sort(StrEnum):
    SPACE = "space"
    IDENT = "ident"
    NUMBER = "number"
    STRING = "string"
    ESCAPE = "escape"
    BREAK = "break"  # a backslash before a space or the end: a line break
    ALIGN = "align"  # `&`
    OPEN = "open"
    CLOSE = "close"
    SYMBOL = "symbol"  # operators, shorthands, punctuation, any other character
    DOLLAR = "dollar"  # `$`: the end of inline math; inside a formula, shown as the character


@dataclass(frozen=True)
class Token:
    """Characters [start, end) of the author's text, and the Typst source written for them."""

    sort: Sort
    start: int
    end: int
    source: str
    note: str | None = None  # why `source` differs from what the author wrote


_OPEN, _CLOSE = "([{", ")]}"
#: What rebuilding changes, one note a kind of change (each token that was rewritten carries one).
UNKNOWN_NAME = "names Typst does not know are shown as text"
CODE = "'#' is shown as the character, not read as Typst code"
COMMENT = "'//', '/*' and '*/' are shown as characters, not read as a Typst comment"
DOLLAR_SIGN = "'$' inside a formula is shown as the character"
UNCLOSED = "an unclosed string is closed"
CONTROL = "control characters are shown as spaces"
NOT_A_CHARACTER = "escapes of no character are shown as written"

_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_HEX_ESCAPE = re.compile(r"u\{([0-9A-Fa-f]{1,6})\}")
_STRING_ESCAPES = {"\\": "\\", '"': '"', "n": " ", "r": " ", "t": " "}


def quote(text: str) -> str:
    """A Typst string literal whose value is `text` (line breaks and control characters become spaces)."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + re.sub(r"[\x00-\x1f\x7f]", " ", escaped) + '"'


def _ident_char(ch: str, first: bool) -> bool:
    return ch.isalpha() if first else ch.isalnum()


def _ident_end(text: str, i: int) -> int:
    j = i + 1
    while j < len(text) and _ident_char(text[j], first=False):
        j += 1
    return j


def _string(text: str, i: int) -> tuple[int, str, bool]:
    """The end of the string that starts at `text[i]` (a quote), its value, and whether it was closed."""
    value: list[str] = []
    j = i + 1
    while j < len(text):
        ch = text[j]
        if ch == '"':
            return j + 1, "".join(value), True
        if ch == "\\" and j + 1 < len(text):
            found = _HEX_ESCAPE.match(text, j + 1)
            if found and _valid_codepoint(int(found.group(1), 16)):
                value.append(chr(int(found.group(1), 16)))
                j = found.end()
                continue
            value.append(_STRING_ESCAPES.get(text[j + 1], "\\" + text[j + 1]))
            j += 2
            continue
        value.append(ch)
        j += 1
    return j, "".join(value), False


def _valid_codepoint(code: int) -> bool:
    return code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF


def tokens(text: str, start: int = 0) -> Iterator[Token]:
    """The tokens of the math in `text[start:]`."""
    i = start
    while i < len(text):
        token = _token(text, i)
        yield token
        i = token.end


def _token(text: str, i: int) -> Token:
    ch = text[i]
    nxt = text[i + 1 : i + 2]
    if ch.isspace() or not ch.isprintable():
        j = i + 1
        while j < len(text) and (text[j].isspace() or not text[j].isprintable()):
            j += 1
        run = text[i:j]
        clean = "".join(c if (c.isspace() and c.isprintable()) or c in "\t\n" else " " for c in run)
        return Token(Sort.SPACE, i, j, clean, None if clean == run else CONTROL)
    if _ident_char(ch, first=True):
        return _identifier(text, i)
    if found := _NUMBER.match(text, i):
        return Token(Sort.NUMBER, i, found.end(), found.group(0))
    if ch == '"':
        j, value, closed = _string(text, i)
        return Token(Sort.STRING, i, j, quote(value), None if closed else UNCLOSED)
    if ch == "\\":
        return _backslash(text, i)
    if ch == "$":
        return Token(Sort.DOLLAR, i, i + 1, "\\$", DOLLAR_SIGN)
    if ch == "#":
        return Token(Sort.SYMBOL, i, i + 1, "\\#", CODE)
    if ch == "/" and nxt in ("/", "*"):
        return Token(Sort.SYMBOL, i, i + 1, "\\/", COMMENT)
    if ch == "*" and nxt == "/":
        return Token(Sort.SYMBOL, i, i + 1, "\\*", COMMENT)
    if ch == "&":
        return Token(Sort.ALIGN, i, i + 1, "&")
    if ch in _OPEN:
        return Token(Sort.OPEN, i, i + 1, ch)
    if ch in _CLOSE:
        return Token(Sort.CLOSE, i, i + 1, ch)
    if ch == ":" and nxt in (":", "="):
        return Token(Sort.SYMBOL, i, i + 2, text[i : i + 2])  # `::` and `:=` are one shorthand
    return Token(Sort.SYMBOL, i, i + 1, ch)  # an operator, or a character Typst shows as itself


def _identifier(text: str, i: int) -> Token:
    """One letter, a math function's name, or a symbol's name with its modifiers (`arrow.r`)."""
    j = _ident_end(text, i)
    head = text[i:j]
    if len(head) == 1:
        return Token(Sort.IDENT, i, j, head)
    if head in symbols():
        while j + 1 < len(text) and text[j] == "." and _ident_char(text[j + 1], first=True):
            j = _ident_end(text, j + 1)
        return Token(Sort.IDENT, i, j, text[i:j])
    if head in functions():
        return Token(Sort.IDENT, i, j, head)
    return Token(Sort.STRING, i, j, quote(head), UNKNOWN_NAME)


def _backslash(text: str, i: int) -> Token:
    if i + 1 >= len(text) or text[i + 1].isspace():
        return Token(Sort.BREAK, i, i + 1, "\\")
    found = _HEX_ESCAPE.match(text, i + 1)
    if found:
        code = int(found.group(1), 16)
        if _valid_codepoint(code):
            return Token(Sort.ESCAPE, i, found.end(), text[i : found.end()])
        return Token(Sort.SYMBOL, i, found.end(), quote(text[i : found.end()]), NOT_A_CHARACTER)
    ch = text[i + 1]
    if ch.isprintable():
        return Token(Sort.ESCAPE, i, i + 2, "\\" + ch)
    return Token(Sort.SPACE, i, i + 2, "  ", CONTROL)


def math_end(text: str, start: int) -> int | None:
    """Where the inline math that opens with the `$` at `text[start]` closes (its `$`, outside any
    string or escape, as Typst reads it), or None when nothing closes it."""
    return next((token.start for token in tokens(text, start + 1) if token.sort is Sort.DOLLAR), None)


def is_clean(text: str) -> bool:
    """Whether `text` is math Typst reads as written: no token rewritten (and so no `$`)."""
    return all(token.note is None for token in tokens(text))


def notes(text: str) -> dict[str, list[str]]:
    """What rebuilding the math in `text` changes: each kind of change, with the author's
    characters it was made to (each once, in order)."""
    found: dict[str, list[str]] = {}
    for token in tokens(text):
        if token.note is not None:
            subjects = found.setdefault(token.note, [])
            if (subject := text[token.start : token.end]) not in subjects:
                subjects.append(subject)
    return found


def depth(text: str) -> int:
    """How deep the math in `text` nests: brackets inside brackets, and scripts on scripts
    (`x^x^x` is two deep: Typst reads it as `x^(x^x)`)."""
    deepest, level, chain, chains = 0, 0, 0, []
    for token in tokens(text):
        if token.sort is Sort.OPEN:
            chains.append(chain)
            level, chain = level + 1, 0
        elif token.sort is Sort.CLOSE:
            level, chain = max(0, level - 1), chains.pop() if chains else 0
        elif token.sort is Sort.SYMBOL and token.source in ("^", "_"):
            chain += 1
        elif token.sort in (Sort.SPACE, Sort.ALIGN, Sort.BREAK, Sort.SYMBOL):
            chain = 0
        deepest = max(deepest, level + chain)
    return deepest
