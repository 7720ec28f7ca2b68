"""Tokens with spans for the description and value language.

The English frame of a description is read word by word; its quoted label and text are found by
the parser (their inner quotes are not escaped, so where they end depends on what follows).
Inside `( … )` values are Python-like literals and arithmetic; a `…` anywhere, even inside a
string, marks the point where the recording cut the value off.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from lecturekit.syntax.errors import GrammarError

ELLIPSIS = "…"
_OPERATORS = ("**", "(", ")", ",", "=", "<", ">", "+", "-", "*", "/", "%", "[", "]", ":", ".")
_ESCAPES = {"\\": "\\", "'": "'", '"': '"', "n": "\n", "t": "\t"}


class T(str, Enum):  # noqa: UP042 (str() and format() stay as they were)
    WORD = "word"
    NUMBER = "number"
    STRING = "string"
    OP = "operator"
    CUT = "…"
    END = "end"


@dataclass(frozen=True)
class Token:
    kind: T
    text: str
    start: int
    end: int
    value: str | float | None = None

    def is_op(self, text: str) -> bool:
        return self.kind is T.OP and self.text == text

    def is_word(self, text: str) -> bool:
        return self.kind is T.WORD and self.text == text


class Lexer:
    """A cursor over `source` that hands out one token at a time."""

    def __init__(self, source: str, pos: int = 0):
        self.source = source
        self.pos = pos

    def fail(self, message: str, at: int | None = None) -> GrammarError:
        return GrammarError(message, self.source, self.pos if at is None else at)

    def skip_space(self) -> None:
        while self.pos < len(self.source) and self.source[self.pos].isspace():
            self.pos += 1

    def peek(self) -> Token:
        saved = self.pos
        try:
            return self.next()
        finally:
            self.pos = saved

    def next(self) -> Token:
        self.skip_space()
        src, start = self.source, self.pos
        if start >= len(src):
            return Token(T.END, "", start, start)
        ch = src[start]
        if ch == ELLIPSIS:
            self.pos += 1
            return Token(T.CUT, ch, start, self.pos)
        if ch.isdigit() or (ch == "." and src[start + 1 : start + 2].isdigit()):
            return self._number(start)
        if ch.isalpha() or ch == "_":
            end = start
            while end < len(src) and (src[end].isalnum() or src[end] == "_"):
                end += 1
            self.pos = end
            return Token(T.WORD, src[start:end], start, end, src[start:end])
        if ch in "'\"":
            return self._string(start)
        for op in _OPERATORS:
            if src.startswith(op, start):
                self.pos = start + len(op)
                return Token(T.OP, op, start, self.pos)
        raise self.fail(f"unexpected character {ch!r}")

    def _number(self, start: int) -> Token:
        src, end = self.source, start
        while end < len(src) and (src[end].isdigit() or src[end] in "._"):
            end += 1
        if end < len(src) and src[end] in "eE":
            exp = end + 1
            if exp < len(src) and src[exp] in "+-":
                exp += 1
            if exp < len(src) and src[exp].isdigit():
                end = exp
                while end < len(src) and src[end].isdigit():
                    end += 1
        text = src[start:end]
        try:
            value = float(text.replace("_", ""))
        except ValueError:
            raise self.fail(f"{text!r} is not a number", start) from None
        self.pos = end
        return Token(T.NUMBER, text, start, end, value)

    def _string(self, start: int) -> Token:
        src, quote = self.source, self.source[start]
        out: list[str] = []
        i = start + 1
        while i < len(src):
            ch = src[i]
            if ch == ELLIPSIS:  # cut off inside the string: the cut token comes next
                self.pos = i + 1
                return Token(T.CUT, ELLIPSIS, i, i + 1)
            if ch == quote:
                self.pos = i + 1
                return Token(T.STRING, src[start : i + 1], start, i + 1, "".join(out))
            if ch == "\\" and i + 1 < len(src):
                out.append(_ESCAPES.get(src[i + 1], "\\" + src[i + 1]))
                i += 2
                continue
            out.append(ch)
            i += 1
        raise self.fail("this string is never closed", start)
