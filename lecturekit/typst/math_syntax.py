"""Typst math from lecture text, rebuilt from the tokens it is made of.

Lecture math is never handed to Typst as the author wrote it. It is read by a tokenizer that
mirrors Typst's own math syntax (`typst-syntax`'s lexer in math mode, and the named arguments of
its parser: identifiers and their fields, numbers, strings with their escapes, escapes, comments,
line breaks, shorthands and operators, brackets, `&`, `name:` at the start of a call's argument),
and new source is written from the tokens it recognises:

- an identifier of one letter (with any combining marks on it), or one of Typst's math and symbol
  names, as written (symbols may carry modifiers: `arrow.r.long`); any other identifier as a
  string, so it is shown as text;
- the name of a named argument (`delim:`, `row-gap:`), as written: a name there is not looked up;
- numbers, operators, brackets, shorthands and escapes as written (`\\u{…}` only when it names a
  character), and characters that join others (ZWJ, variation selectors, combining marks) too;
- a string re-escaped from its value, with Typst's escapes (`\\n`, `\\t`, `\\u{…}`);
- a comment as an empty comment `/**/` (never drawn, and still parting what stands on either side);
- a value Typst needs in code form only when it is a literal of its own (`#none`, `#auto`,
  `#true`, `#false`, an alignment such as `#left`, a named colour such as `#red`, a number with a
  unit: `#2`, `#1em`, `#50%`, `#(-1)`), written from its parts; any other `#` (the start of
  code) as the escaped character.

So the source Typst reads holds no code, whatever the author wrote. Every rewrite that changes
what is drawn carries a note saying what was changed, which the resolver reports on the object.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from lecturekit.typst.names import functions, symbols


class Sort(StrEnum):
    SPACE = "space"  # white space, and comments
    IDENT = "ident"
    NAMED = "named"  # `name:` at the start of a call's argument
    NUMBER = "number"
    LITERAL = "literal"  # `#none`, `#2pt`: a code literal lecturekit writes itself
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
    note: str | None = None  # why what `source` draws differs from what the author wrote


_OPEN, _CLOSE = "([{", ")]}"
#: What rebuilding changes, one note a kind of change (each token that was rewritten carries one).
UNKNOWN_NAME = "names Typst does not know are shown as text"
CODE = "'#' is shown as the character, not read as Typst code"
COMMENT = "'*/' outside a comment is shown as the characters"
UNCLOSED_COMMENT = "a comment that runs past the formula's end is ended there"
DOLLAR_SIGN = "'$' inside a formula is shown as the character"
UNCLOSED = "an unclosed string is closed"
CONTROL = "control characters are shown as spaces"
NOT_A_CHARACTER = "escapes of no character are shown as written"

#: `\u{…}` after its backslash, as Typst's lexer reads it: letters and digits, then `}`.
_UNICODE_ESCAPE = re.compile(r"u\{([0-9A-Za-z]*)(\}?)")
_STRING_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "r": "\r", "t": "\t"}
_RE_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}
#: A named argument's name, as Typst's parser takes it (`_` alone, `:=` and `::=` are not one).
_NAMED = re.compile(r"(?!_:)[^\W\d][\w-]*:(?!=|:=)")
#: The code literals a formula may hold, and what may not follow one (a field, a call, a `;`).
_NUMBER_LITERAL = r"([0-9]+(?:\.[0-9]+)?)(pt|mm|cm|in|deg|rad|em|fr|%)?"
_KEYWORDS = ("none", "auto", "true", "false",
             # alignments (`mat(align: #left, …)`) and Typst's named colours (`cancel(stroke: #red, …)`)
             "left", "center", "right", "start", "end", "top", "horizon", "bottom",
             "black", "gray", "silver", "white", "navy", "blue", "aqua", "teal", "eastern", "purple",
             "fuchsia", "maroon", "red", "orange", "yellow", "olive", "green", "lime")
_LITERAL = re.compile(rf"#(?:({'|'.join(_KEYWORDS)})|{_NUMBER_LITERAL}|\((-){_NUMBER_LITERAL}\))"
                      r"(?![\w(\[;-]|\.[^\W\d])")
#: Typst's white space (Rust's `char::is_whitespace`); the other C0 and C1 controls are not.
_WHITE = frozenset("\t\n\x0b\x0c\r \x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000") | frozenset(
    map(chr, range(0x2000, 0x200B)))


def _control(ch: str) -> bool:
    """A control character or a lone surrogate, which is shown as a space; the characters that
    join others (ZWJ, variation selectors) and other format characters are drawn as written."""
    return ch not in _WHITE and unicodedata.category(ch) in ("Cc", "Cs")


def quote(text: str) -> str:
    """A Typst string literal of prose whose value is `text`: line breaks, control characters and
    lone surrogates become spaces; joiners and variation selectors stay in what they join."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(" " if unicodedata.category(ch) in ("Cc", "Cs") else ch for ch in escaped) + '"'


def _re_escaped(value: str) -> str:
    """The string literal Typst reads as `value`: every control character written as an escape."""
    return '"' + "".join(_RE_ESCAPES.get(ch) or (f"\\u{{{ord(ch):x}}}" if _control(ch) else ch)
                         for ch in value) + '"'


def _ident_char(ch: str, first: bool) -> bool:
    """Typst's math identifiers: XID_Start then XID_Continue characters, never `_` (a subscript),
    so a letter's combining marks (Devanagari's vowel signs) belong to its identifier."""
    return ch != "_" and (ch if first else "a" + ch).isidentifier()


def _ident_end(text: str, i: int) -> int:
    j = i + 1
    while j < len(text) and _ident_char(text[j], first=False):
        j += 1
    return j


def _codepoint(digits: str) -> str | None:
    """The character `\\u{digits}` names, or None."""
    if not digits or not re.fullmatch(r"[0-9A-Fa-f]+", digits):
        return None
    code = int(digits, 16)
    return chr(code) if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else None


def _string(text: str, i: int) -> tuple[int, str, str | None]:
    """The end of the string that starts at `text[i]` (a quote), its value, and a note when it
    is not drawn as written (it was not closed, or holds a lone surrogate, which no UTF-8 holds)."""
    value: list[str] = []
    note = None
    j = i + 1
    while j < len(text):
        ch = text[j]
        if ch == '"':
            return j + 1, "".join(value), note
        if ch == "\\" and j + 1 < len(text):
            found = _UNICODE_ESCAPE.match(text, j + 1)
            if found and found.group(2) and (named := _codepoint(found.group(1))) is not None:
                value.append(named)
                j = found.end()
                continue
            value.append(_STRING_ESCAPES.get(text[j + 1], "\\" + text[j + 1]))
            j += 2
            continue
        if unicodedata.category(ch) == "Cs":
            ch, note = " ", CONTROL
        value.append(ch)
        j += 1
    return j, "".join(value), UNCLOSED


def tokens(text: str, start: int = 0) -> Iterator[Token]:
    """The tokens of the math in `text[start:]`."""
    calls: list[bool] = []  # for each open bracket: whether it holds a call's arguments
    argument = False  # whether the next token starts a call's argument
    previous: Token | None = None
    i = start
    while i < len(text):
        named = _NAMED.match(text, i) if argument else None
        token = Token(Sort.NAMED, i, named.end(), named.group(0)) if named else _token(text, i)
        yield token
        if token.sort is Sort.OPEN or _delimiter(token) == "Ps":
            calls.append(token.source == "(" and previous is not None and _calls(previous, token))
            argument = calls[-1]
        elif token.sort is Sort.CLOSE or _delimiter(token) == "Pe":
            if calls and (token.source == ")" or not calls[-1]):  # only `)` ends a call's arguments
                calls.pop()
            argument = False
        elif token.sort is not Sort.SPACE:
            argument = token.source in (",", ";") and bool(calls) and calls[-1]
        previous = token
        i = token.end


#: Brackets Typst's math pairs (its opening and closing math classes) beyond `([{`, by category.
_CORNERS = {"\u231c": "Ps", "\u231e": "Ps", "\u231d": "Pe", "\u231f": "Pe"}


def _delimiter(token: Token) -> str | None:
    """"Ps" for an opening bracket such as `⟨` or `⌈`, "Pe" for a closing one, else None: inside
    one, a `,` does not part a call's arguments."""
    if token.sort is not Sort.SYMBOL or len(token.source) != 1:
        return None
    category = _CORNERS.get(token.source) or unicodedata.category(token.source)
    return category if category in ("Ps", "Pe") else None


def _calls(name: Token, bracket: Token) -> bool:
    """Whether `name` is called with `bracket`, right after it."""
    return is_name(name) and name.end == bracket.start


def is_name(token: Token) -> bool:
    """Whether `token` is a name Typst looks up (and so may call): an identifier of more than one
    letter. One letter, with the marks it carries (`x`, `ê`), is a letter, never a call."""
    return token.sort is Sort.IDENT and not _one_letter(token.source)


def _one_letter(text: str) -> bool:
    """Whether `text` is one character and the combining marks on it (one grapheme, as Typst reads
    an identifier)."""
    return all(unicodedata.category(ch) in ("Mn", "Mc", "Me") for ch in text[1:])


def _token(text: str, i: int) -> Token:
    ch = text[i]
    nxt = text[i + 1 : i + 2]
    if ch in _WHITE:
        j = i + 1
        while j < len(text) and text[j] in _WHITE:
            j += 1
        return Token(Sort.SPACE, i, j, text[i:j])
    if _control(ch):
        return Token(Sort.SPACE, i, i + 1, " ", CONTROL)
    if ch == "/" and nxt in ("/", "*"):
        return _comment(text, i)
    if ch == "*" and nxt == "/":
        return Token(Sort.SYMBOL, i, i + 2, "\\*\\/", COMMENT)
    if _ident_char(ch, first=True):
        return _identifier(text, i)
    if ch.isnumeric():
        return _number(text, i)
    if ch == '"':
        j, value, note = _string(text, i)
        return Token(Sort.STRING, i, j, _re_escaped(value), note)
    if ch == "\\":
        return _backslash(text, i)
    if ch == "$":
        return Token(Sort.DOLLAR, i, i + 1, "\\$", DOLLAR_SIGN)
    if ch == "#":
        return _hash(text, i)
    if ch == "&":
        return Token(Sort.ALIGN, i, i + 1, "&")
    if ch in _OPEN:
        return Token(Sort.OPEN, i, i + 1, ch)
    if ch in _CLOSE:
        return Token(Sort.CLOSE, i, i + 1, ch)
    if ch == ":" and nxt in (":", "="):
        return Token(Sort.SYMBOL, i, i + 2, text[i : i + 2])  # `::` and `:=` are one shorthand
    return Token(Sort.SYMBOL, i, i + 1, ch)  # an operator, or a character Typst shows as itself


def _comment(text: str, i: int) -> Token:
    """A comment, as Typst reads it (block comments nest), written as `/**/`. A line comment
    ends at a line break, or at a `$` (where, in Typst, it would hide the formula's end)."""
    if text[i + 1] == "/":
        j = i + 2
        while j < len(text) and text[j] not in "\n\x0b\x0c\r\x85\u2028\u2029$":
            j += 1
        hides_end = j == len(text) or text[j] == "$"
        return Token(Sort.SPACE, i, j, "/**/", UNCLOSED_COMMENT if hides_end else None)
    depth, j = 1, i + 2
    while j < len(text) and depth:
        pair = text[j : j + 2]
        depth += (pair == "/*") - (pair == "*/")
        j += 2 if pair in ("/*", "*/") else 1
    return Token(Sort.SPACE, i, j, "/**/", UNCLOSED_COMMENT if depth else None)


def _number(text: str, i: int) -> Token:
    """Digits, and one decimal part (`3.14`), as Typst keeps a number together."""
    j = i + 1
    while j < len(text) and text[j].isnumeric():
        j += 1
    if text[j : j + 1] == "." and text[j + 1 : j + 2].isnumeric():
        j += 2
        while j < len(text) and text[j].isnumeric():
            j += 1
    return Token(Sort.NUMBER, i, j, text[i:j])


def _hash(text: str, i: int) -> Token:
    """A code literal of lecturekit's own (`#none`, `#1em`, `#(-1)`), written from its parts; any
    other `#` as the character."""
    found = _LITERAL.match(text, i)
    if found is None:
        return Token(Sort.SYMBOL, i, i + 1, "\\#", CODE)
    keyword, number, unit, minus, negative, negative_unit = found.groups()  # written from its parts
    if keyword is not None:
        source = f"#{keyword}"
    elif number is not None:
        source = f"#{number}{unit or ''}"
    else:
        source = f"#({minus}{negative}{negative_unit or ''})"
    return Token(Sort.LITERAL, i, found.end(), source)


def _identifier(text: str, i: int) -> Token:
    """One letter, a math function's name, or a symbol's name with its modifiers (`arrow.r`)."""
    j = _ident_end(text, i)
    head = text[i:j]
    if _one_letter(head):
        return Token(Sort.IDENT, i, j, head)
    if head in symbols():
        while j + 1 < len(text) and text[j] == "." and _ident_char(text[j + 1], first=True):
            j = _ident_end(text, j + 1)
        return Token(Sort.IDENT, i, j, text[i:j])
    if head in functions():
        return Token(Sort.IDENT, i, j, head)
    return Token(Sort.STRING, i, j, _re_escaped(head), UNKNOWN_NAME)


def _backslash(text: str, i: int) -> Token:
    if i + 1 >= len(text) or text[i + 1] in _WHITE:
        return Token(Sort.BREAK, i, i + 1, "\\")
    found = _UNICODE_ESCAPE.match(text, i + 1)
    if found:
        if found.group(2) and _codepoint(found.group(1)) is not None:
            return Token(Sort.ESCAPE, i, found.end(), f"\\u{{{found.group(1)}}}")
        return Token(Sort.SYMBOL, i, found.end(), _re_escaped(text[i : found.end()]), NOT_A_CHARACTER)
    ch = text[i + 1]
    if _control(ch):
        return Token(Sort.SPACE, i, i + 2, "  ", CONTROL)
    return Token(Sort.ESCAPE, i, i + 2, "\\" + ch)


def math_end(text: str, start: int) -> int | None:
    """Where the inline math that opens with the `$` at `text[start]` closes (its `$`, outside any
    string or escape, as Typst reads it), or None when nothing closes it."""
    return next((token.start for token in tokens(text, start + 1) if token.sort is Sort.DOLLAR), None)


@lru_cache(maxsize=4096)
def is_clean(text: str) -> bool:
    """Whether `text` is math Typst draws as written: no token's drawing changed (and so no `$`).
    Once a text: a label is asked on every board its object stands on (`source.label_spec`)."""
    return all(token.note is None for token in tokens(text))


def notes(text: str) -> dict[str, list[str]]:
    """What rebuilding the math in `text` changes: each kind of change, with the author's
    characters it was made to (each once, in order)."""
    return {note: list(subjects) for note, subjects in _notes(text)}


@lru_cache(maxsize=4096)
def _notes(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """`notes`, once a text: `check` and `plan` each resolve the lecture, every object's math."""
    found: dict[str, list[str]] = {}
    for token in tokens(text):
        if token.note is not None:
            subjects = found.setdefault(token.note, [])
            if (subject := text[token.start : token.end]) not in subjects:
                subjects.append(subject)
    return tuple((note, tuple(subjects)) for note, subjects in found.items())


def words(text: str) -> Iterator[tuple[Token, str]]:
    """The tokens of the math in `text` that are shown as text, with the text each shows: its
    strings (`op("softmax")`, `"if"`) and the names Typst does not know. Translation replaces
    exactly these, each by a string (`quote`), and leaves the math around them as written."""
    for token in tokens(text):
        if token.sort is Sort.STRING and token.note is None:
            yield token, _string(text, token.start)[1]
        elif token.sort is Sort.STRING and token.note == UNKNOWN_NAME:
            yield token, text[token.start : token.end]


@lru_cache(maxsize=4096)
def depth(text: str) -> int:
    """How deep the math in `text` nests: brackets inside brackets, and scripts on scripts
    (`x^x^x` is two deep: Typst reads it as `x^(x^x)`). Once a text: `check` and `plan` each
    resolve the lecture, every scene's texts."""
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
