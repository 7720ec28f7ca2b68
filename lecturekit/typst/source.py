"""Typst sources for every text object, shared by the planner (to measure) and the backend.

Prose goes to Typst as string literals, never as markup, so `#read(...)` or `*bold*` in a lecture
render as the characters they are. Math, whole or inline `$…$`, is rebuilt from its tokens by
`lecturekit.typst.math_syntax`, so it holds no code either. Pieces that actions address
(an emphasised part, a Derivation's line) are wrapped in `lkgrp(label, …)` in math, which draws
its body unchanged (the backend re-compiles with one label hidden to learn which glyphs belong to
it), and coloured with a near-black colour of their own in prose.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

from lecturekit.kinds import TableSpec, kind_def
from lecturekit.segmentation import unbroken
from lecturekit.syntax.nodes import Kind, Part, Spec, TextPart
from lecturekit.typst.document import FRAME_COLOR, label_color
from lecturekit.typst.math_syntax import UNKNOWN_NAME, Sort, is_clean, is_name, math_end, notes, quote, tokens


@dataclass(frozen=True)
class Span:
    """Characters [start, end) of an object's source text that carry `label`."""

    start: int
    end: int
    label: str


@dataclass(frozen=True)
class _Group:
    label: str
    pieces: list  # unit indices and nested groups


def _nest(ranges: list[tuple[int, int, str]], lo: int, hi: int) -> list:
    """Units `lo`..`hi` as pieces: unit indices, and a `_Group` for every labelled range of units.

    Ranges are cut to [lo, hi); nested ranges nest, and partly overlapping ones are cut apart.
    """
    inside = sorted(((max(a, lo), min(b, hi), label) for a, b, label in ranges if max(a, lo) < min(b, hi)),
                    key=lambda r: (r[0], -r[1]))
    pieces: list = []
    pos = lo
    while inside:
        a, b, label = inside.pop(0)
        a = max(a, pos)
        if a >= b:
            continue
        pieces += range(pos, a)
        nested = [r for r in inside if r[0] < b]
        inside = [r for r in inside if r[0] >= b] + [(b, r[1], r[2]) for r in nested if r[1] > b]
        pieces.append(_Group(label, _nest(nested, a, b)))
        pos = b
    return pieces + list(range(pos, hi))


def _unit_ranges(units: list[tuple[int, int]], spans: Sequence[Span]) -> list[tuple[int, int, str]]:
    """Each span as the range of units it touches (a span never cuts a token in two)."""
    ranges = []
    for span in spans:
        touched = [i for i, (start, end) in enumerate(units) if start < span.end and end > span.start]
        if touched:
            ranges.append((touched[0], touched[-1] + 1, span.label))
    return ranges


#: Operators that take what stands on either side of them (a fraction's bar, an attachment).
_BINDING = {"/", "^", "_"}
#: What belongs to the unit before it: a factorial, a prime.
_POSTFIX = {"!", "'"}


def _partners(found: list) -> tuple[dict[int, int], dict[int, int]]:
    """Each bracket that is matched, with the index of its partner; and for each `,` or `;` inside
    a matched bracket, each named argument's name and everything in its value, that bracket's
    opening (a group of any of them is grown to the whole call: a value may not be a group)."""
    partners: dict[int, int] = {}
    commas: dict[int, int] = {}
    stack: list[int] = []
    inside: list[list[int]] = []
    named: list[bool] = []
    for i, token in enumerate(found):
        if token.sort in (Sort.BREAK, Sort.ALIGN):  # brackets do not pair across a line or a column
            stack.clear()
            inside.clear()
            named.clear()
            continue
        if token.sort is Sort.CLOSE and stack:
            j = stack.pop()
            partners[i], partners[j] = j, i
            commas.update((k, j) for k in inside.pop())
            named.pop()
        level = next((k for k, in_value in enumerate(named) if in_value), None)
        if token.sort is Sort.NAMED and inside:
            level = len(inside) - 1 if level is None else level
            named[-1] = True
        elif token.source in (",", ";") and inside:
            named[-1] = False
            level = len(inside) - 1 if level is None or level == len(inside) - 1 else level
        if level is not None:
            inside[level].append(i)
        if token.sort is Sort.OPEN:
            stack.append(i)
            inside.append([])
            named.append(False)
    return partners, commas


def _whole(found: list, partners: dict[int, int], commas: dict[int, int], a: int, b: int) -> tuple[int, int]:
    """Units [a, b) grown until a group of them is a piece of math on its own: a bracket with its
    partner, a call with its name and arguments (where a `,` between them is in it), an operator
    with what it binds on either side, since a group that cuts any of them apart is not Typst
    math; the spaces at its ends left out. It never grows past a line break or an `&`."""
    def neighbour(i: int, step: int) -> int | None:  # the nearest unit that is not a space
        while 0 <= i < len(found) and found[i].sort is Sort.SPACE:
            i += step
        return i if 0 <= i < len(found) and found[i].sort not in (Sort.BREAK, Sort.ALIGN) else None

    def operand_before(i: int) -> int:  # the first unit of what ends at unit i
        while i > 0 and found[i].source in _POSTFIX and found[i - 1].sort is not Sort.SPACE:
            i -= 1
        start = partners.get(i, i) if found[i].sort is Sort.CLOSE else i
        return start - 1 if start > 0 and _called(found, start - 1) else start

    def operand_after(i: int) -> int:  # one past the last unit of what starts at unit i
        end = i + 1 if _called(found, i) else i
        return (partners.get(end, end) if found[end].sort is Sort.OPEN else end) + 1 if end < len(found) else end

    while True:
        was = (a, b)
        for i in range(a, b):
            j = partners.get(i)
            if j is not None:
                a, b = min(a, j), max(b, j + 1)
        for i in range(a, b):  # a call's arguments are parted by commas outside any group
            j = commas.get(i)
            if j is not None and j > 0 and _called(found, j - 1) and not a <= j < b:
                a, b = min(a, j - 1), max(b, partners[j] + 1)
        if a > 0 and found[a].sort is Sort.OPEN and _called(found, a - 1):
            a -= 1
        if b < len(found) and _called(found, b - 1):
            b = operand_after(b - 1)
        while b < len(found) and (found[b].source in _POSTFIX or _joined(found, b - 1)):
            b += 1
        while a > 0 and _joined(found, a - 1):  # `<=`, `->`, `!=`: Typst reads one shorthand
            a -= 1
        first, last = neighbour(a, 1), neighbour(b - 1, -1)
        if first is not None and first < b and found[first].source in _POSTFIX:
            a = operand_before(first)
        if first is not None and first < b and found[first].source in _BINDING:
            before = neighbour(a - 1, -1)
            if before is not None:
                a = operand_before(before)
        if last is not None and last >= a and found[last].source in _BINDING:
            after = neighbour(b, 1)
            if after is not None:
                b = operand_after(after)
        before, after = neighbour(a - 1, -1), neighbour(b, 1)
        if before is not None and found[before].source in _BINDING and b > operand_after(neighbour(a, 1) or a):
            base = neighbour(before - 1, -1)  # more than the operand: the operator and its other side too
            a = before if base is None else operand_before(base)
        if after is not None and found[after].source in _BINDING and a < operand_before(neighbour(b - 1, -1) or a):
            operand = neighbour(after + 1, 1)
            b = after + 1 if operand is None else operand_after(operand)
        if (a, b) == was:
            while a < b and found[a].sort is Sort.SPACE:
                a += 1
            while b > a and found[b - 1].sort is Sort.SPACE:
                b -= 1
            bound = ((before is not None and found[before].source in _BINDING)
                     or (after is not None and found[after].source == "/"))
            if bound and b - a > 2 and found[a].source == "(" and partners.get(a) == b - 1:
                return a + 1, b - 1  # Typst drops the brackets of an operand, not those of a group in it
            return a, b


def _joined(found: list, i: int) -> bool:
    """Whether units i and i + 1 are symbols written together, as a shorthand is."""
    return (i + 1 < len(found) and found[i].sort is Sort.SYMBOL and found[i + 1].sort is Sort.SYMBOL
            and found[i].end == found[i + 1].start and not {found[i].source, found[i + 1].source} & {",", ";"})


def _called(found: list, i: int) -> bool:
    """Whether unit i is a name called with the bracket right after it (`frac(`, `sqrt(`; one
    letter is never a call: `f(a, b)` is f beside a bracket)."""
    return (is_name(found[i]) and i + 1 < len(found)
            and found[i + 1].sort is Sort.OPEN
            and found[i + 1].start == found[i].end)


@lru_cache(maxsize=4096)
def _math(math: str, offset: int, spans: tuple[Span, ...]) -> str:
    """Math (which starts at `offset` of the object's source) rebuilt from its tokens, with every
    span in it grouped; built once for a formula, which a layout search sets at many sizes."""
    found = list(tokens(math))
    partners, commas = _partners(found)
    ends = [i for i, t in enumerate(found) if t.sort in (Sort.BREAK, Sort.ALIGN)]
    ranges = [(*_whole(found, partners, commas, lo, hi), label)  # each line and column on its own
              for a, b, label in _unit_ranges([(t.start + offset, t.end + offset) for t in found], spans)
              for lo, hi in zip([a, *(e + 1 for e in ends if a <= e < b)], [*(e for e in ends if a <= e < b), b],
                                strict=True) if lo < hi]
    pieces = _nest(ranges, 0, len(found))

    def render(pieces: list, in_group: bool) -> str:
        out: list[str] = []
        depth = 0
        for piece in pieces:
            if isinstance(piece, _Group):  # apart from a name or number before it
                space = " " if out and (out[-1][-1:].isalnum() or out[-1][-1:] in "_.'") else ""
                out.append(f'{space}lkgrp("{piece.label}", {render(piece.pieces, True)})')
                continue
            token = found[piece]
            depth = depth + 1 if token.sort is Sort.OPEN else max(0, depth - 1) if token.sort is Sort.CLOSE else depth
            # one argument of `lkgrp`: a top-level `,` `;` or `:` would split or name arguments
            separator = in_group and depth == 0 and token.source in (",", ";", ":")
            out.append("\\" + token.source if separator else token.source)
        return "".join(out)

    return render(pieces, False)


_ZWJ = "\u200d"


def _joins(ch: str) -> bool:
    """Whether `ch` belongs to the character before it: a combining mark, a variation selector
    (both marks), a joiner, an emoji skin tone or a tag of an emoji flag."""
    return (unicodedata.category(ch) in ("Mn", "Mc", "Me") or ch == _ZWJ or "\U0001f3fb" <= ch <= "\U0001f3ff"
            or "\U000e0020" <= ch <= "\U000e007f")


def _whole_characters(text: str, start: int, end: int) -> tuple[int, int]:
    """[start, end) grown to whole characters as a reader sees them: a letter with its marks, an
    emoji sequence joined by ZWJ, so a coloured part never cuts one in two."""
    while start > 0 and start < len(text) and (_joins(text[start]) or text[start - 1] == _ZWJ):
        start -= 1
    while end < len(text) and (_joins(text[end]) or text[end - 1] == _ZWJ):
        end += 1
    return start, end


def _prose(text: str, start: int, end: int, spans: list[Span]) -> str:
    """Literal text: every character is shown as it is; spans are coloured groups (of whole
    characters)."""
    pieces = _nest([(*_whole_characters(text, s.start, s.end), s.label) for s in spans], start, end)

    def render(pieces: list) -> str:
        out, run = [], []
        for piece in [*pieces, None]:
            if isinstance(piece, int):
                run.append(text[piece])
                continue
            if run:
                out.append(f"#{quote(''.join(run))}")
                run = []
            if piece is not None:
                out.append(f'#text(fill: rgb("{label_color(piece.label)}"))[{render(piece.pieces)}]')
        return "".join(out)

    return render(pieces)


def probed(body: str, label: str) -> bool:
    """Whether `label` is a hidden-probe group in `body` (else it is marked by colour)."""
    return f'lkgrp("{label}"' in body


def prose(text: str, spans: Sequence[Span] = (), width_pt: float | None = None, align: str = "left") -> str:
    """A paragraph: literal text with inline `$…$` math; wrapped at `width_pt` when given.

    A paragraph whose first strong character is right-to-left (Arabic, Hebrew) is set right to
    left, so Typst orders its runs and places its punctuation as that script reads, and `left`
    alignment means its start, the right. One with kana is set as Japanese and one with Hangul as
    Korean, so its Han characters take that language's forms (the CJK font's `locl`) and its
    lines break by that language's rules."""
    body = _paragraph(text, tuple(spans))
    if width_pt is not None:
        where = "start" if align == "left" else align
        width = math.floor(width_pt * 100) / 100  # to a hundredth of a point, down: never wider than asked
        body = f"#block(width: {width:.2f}pt)[#set par(justify: false); #align({where})[{body}]]"
    if right_to_left(text):
        body = f"#set text(dir: rtl);{body}"
    if (lang := cjk_language(text)) is not None:
        body = f'#set text(lang: "{lang}");{body}'
    return framed(body)


#: Lines as tall as the font's ascender and descender, whatever their ink.
_LINE_BOX = '#set text(top-edge: "ascender", bottom-edge: "descender");'


def cell(text: str, width_pt: float | None = None) -> str:
    """A cell of a table set as text: prose, wrapped at `width_pt` when given, whose lines are as
    tall as the font's ascender and descender rather than their ink, so that cells placed by the
    tops of their frames share their first line's baseline ("sea" and "The" alike)."""
    return _LINE_BOX + prose(text, (), width_pt)


@lru_cache(maxsize=4096)
def _paragraph(text: str, spans: tuple[Span, ...]) -> str:
    """Prose's runs of literal text and math, built once for a text: a layout search sets the same
    text at many sizes and widths."""
    parts: list[str] = []
    pos = 0
    for opening, closing in inline_math(text):
        parts.append(_prose(text, pos, opening, list(spans)))
        parts.append(f"${_math(text[opening + 1 : closing], opening + 1, spans)}$")
        pos = closing + 1
    parts.append(_prose(text, pos, len(text), list(spans)))
    return "".join(parts)


def unbreakable(text: str) -> str:
    """The pieces of prose no line break can cut (its words, or in Chinese and Japanese its
    characters, and its inline formulas), one a line: its width is the narrowest the paragraph
    can be set, however narrow it is wrapped."""
    lang = cjk_language(text) or "en"
    pieces, pos = [], 0
    for opening, closing in inline_math(text):
        pieces += [f"#{quote(word)}" for word in unbroken(text[pos:opening], lang)]
        pieces.append(f"${_math(text[opening + 1 : closing], opening + 1, ())}$")
        pos = closing + 1
    pieces += [f"#{quote(word)}" for word in unbroken(text[pos:], lang)]
    return framed("#linebreak()".join(pieces))


#: Letters that say which CJK language a text is in: kana (Japanese), Hangul (Korean).
_KANA = re.compile("[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]")
_HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
#: Han characters (the unified ideographs, their extensions and compatibility forms).
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")
#: The language of the lecture whose scene is being laid out (`lecture_language`).
_LECTURE = ContextVar("lecture_language", default="en")


@contextmanager
def lecture_language(language: str) -> Iterator[None]:
    """While a scene of a lecture in `language` is laid out: a text whose own letters do not say
    which CJK language it is in (Han with no kana or Hangul: `経過時間`) is set in the lecture's
    when that is Japanese or Korean, so that its Han take that language's forms (過, 直, 骨 are
    drawn otherwise in Chinese). Typst sets text by its `lang`, as a document's language is a
    setting in force, not a property of each string."""
    token = _LECTURE.set(language)
    try:
        yield
    finally:
        _LECTURE.reset(token)


def laid_out_in() -> str:
    """The language of the lecture being laid out (`lecture_language`), for caches of bodies to key by."""
    return _LECTURE.get()


def cjk_language(text: str) -> str | None:
    """`ja` for a text with kana, `ko` for one with Hangul; for one with Han alone, the lecture's
    language if it is Japanese or Korean (`lecture_language`); else None (Chinese forms, the
    font's own)."""
    if _KANA.search(text):
        return "ja"
    if _HANGUL.search(text):
        return "ko"
    lecture = _LECTURE.get().replace("_", "-").lower().split("-")[0]
    return lecture if lecture in ("ja", "ko") and _HAN.search(text) else None


def right_to_left(text: str) -> bool:
    """Whether the first strong character of `text` outside its inline math is right-to-left
    (the paragraph direction of Unicode's bidirectional algorithm, rule P2)."""
    pos = 0
    for opening, closing in [*inline_math(text), (len(text), len(text))]:
        for ch in text[pos:opening]:
            kind = unicodedata.bidirectional(ch)
            if kind in ("L", "R", "AL"):
                return kind != "L"
        pos = closing + 1
    return False


@lru_cache(maxsize=4096)
def inline_math(text: str) -> tuple[tuple[int, int], ...]:
    """Where each `$…$` of prose opens and closes; a `$` that nothing closes is a character. Once
    a text: a table's cells are read again for each board it stands on (`set_as_text`)."""
    found = []
    opening = text.find("$")
    while opening != -1:
        closing = math_end(text, opening)
        if closing is None:
            break
        found.append((opening, closing))
        opening = text.find("$", closing + 1)
    return tuple(found)


def formula(text: str, spans: Sequence[Span] = (), offset: int = 0) -> str:
    """Display math; `text` is the source without its `$`s, starting at `offset` of the source.
    Its words in CJK (`upright("一定")`) are set in their language, as prose's are."""
    body = f"$ {_math(text, offset, tuple(spans))} $"
    if (lang := cjk_language(text)) is not None:
        body = f'#set text(lang: "{lang}");{body}'
    return framed(body)


def bare_formula(source: str) -> str:
    """A formula (with or without its `$`s) as display math alone, rebuilt as `formula` rebuilds
    it but outside the placing frame: what the HTML export writes as MathML."""
    body, offset = math_body(source)
    return f"$ {_math(body, offset, ())} $"


def framed(body: str) -> str:
    """A body in the frame the backend places it by."""
    return f'#box(stroke: 0.01pt + rgb("{FRAME_COLOR}"))[{body}]'


def math_body(source: str) -> tuple[str, int]:
    """A formula's source without its surrounding `$`s, and where it starts in `source`."""
    stripped = source.strip()
    lead = len(source) - len(source.lstrip())
    if len(stripped) >= 2 and stripped[0] == "$" and stripped[-1] == "$":
        return stripped[1:-1], lead + 1
    return stripped, lead


def line_label(index: int) -> str:
    """The label of a Derivation's line `index` (from 0)."""
    return f"line{index}"


@lru_cache(maxsize=4096)
def derivation_spans(source: str) -> tuple[Span, ...]:
    """One span per line and `&` segment of a Derivation, labelled `line0`, `line1`, …

    The `&` and line breaks stay outside every group, so Typst still aligns the lines.
    """
    body, offset = math_body(source)
    spans: list[Span] = []
    index, segment = 0, []
    for token in [*tokens(body), None]:
        if token is not None and token.sort not in (Sort.BREAK, Sort.ALIGN):
            segment.append(token)
            continue
        words = [t for t in segment if t.sort is not Sort.SPACE]
        if words:
            spans.append(Span(offset + words[0].start, offset + words[-1].end, line_label(index)))
        segment = []
        index += token is not None and token.sort is Sort.BREAK
    return tuple(spans)


def line_count(source: str) -> int:
    """How many lines a formula has: Typst math breaks a line with a backslash before a space."""
    return 1 + sum(token.sort is Sort.BREAK for token in tokens(math_body(source)[0]))


def occurrences(haystack: str, needle: str) -> list[int]:
    """Start offsets of `needle` in `haystack`, not overlapping."""
    found, pos = [], haystack.find(needle) if needle else -1
    while pos != -1:
        found.append(pos)
        pos = haystack.find(needle, pos + len(needle))
    return found


def spans_for(source: str, parts: list[Part]) -> tuple[list[Span], tuple[tuple[Part, str], ...]]:
    """A labelled span for every part found in `source`, and (part, label) for each."""
    spans: list[Span] = []
    found: list[tuple[Part, str]] = []
    for part in dict.fromkeys(parts):
        if not isinstance(part, TextPart):
            continue
        where = occurrences(source, part.text)
        if len(where) >= part.occurrence:
            start = where[part.occurrence - 1]
            label = f"p{len(found)}"
            spans.append(Span(start, start + len(part.text), label))
            found.append((part, label))
    return spans, tuple(found)


def body_for(spec: Spec, parts: list[Part], wrap_pt: float | None) -> tuple[str, tuple, int]:
    """(body, parts found, number of lines) for a text object or a label."""
    source = spec.text if spec.text is not None else (spec.label or "")
    spans, found = spans_for(source, parts)
    definition = kind_def(spec.kind)
    if definition.text is not None and definition.text.prose:
        return prose(source, spans, wrap_pt, definition.text.align), found, 0
    body, offset = math_body(source)
    lines = 0
    if definition.stepped:  # a formula shown a line at a time
        line_spans = derivation_spans(source)
        lines = len({s.label for s in line_spans})
        spans = [*line_spans, *spans]
    return formula(body, spans, offset), found, lines


def label_spec(spec: Spec) -> Spec | None:
    """An object's label as it is typeset: a formula (`v_1`, `2i = 0`), or plain text when it is
    not Typst math (`origin`, `query`); None when there is no label to typeset (a Title's label
    is not drawn)."""
    label = spec.label
    if not label or not kind_def(spec.kind).labelled:
        return None
    if not is_clean(label):
        return Spec(name=spec.name, kind=Kind.TEXT, text=label)
    return Spec(name=spec.name, kind=Kind.MATH, text=f"${label}$")


def rewrites(spec: Spec) -> str | None:
    """What rebuilding the object's math (its formula, inline math, cells and label) changes, in
    one sentence for the author, or None when Typst reads all of it as written."""
    style = kind_def(spec.kind).text
    if style is not None and not style.prose and spec.text is not None:
        pieces = [math_body(spec.text)[0]]
    else:
        pieces = _inline_pieces(spec.text or "")
    if isinstance(spec, TableSpec):
        pieces += [piece for row in spec.cells for cell in row for piece in _inline_pieces(cell)]
    if (label := label_spec(spec)) is not None and label.kind is Kind.TEXT:
        pieces += _inline_pieces(label.text or "")
    merged: dict[str, list[str]] = {}
    for piece in pieces:
        for note, subjects in notes(piece).items():
            merged.setdefault(note, []).extend(s for s in subjects if s not in merged[note])
    if not merged:
        return None
    return "; ".join(f"{note}: {_listed(subjects)}" if note == UNKNOWN_NAME else note
                     for note, subjects in merged.items())


def drawn_text(spec: Spec) -> str:
    """Every character the object's texts put on the board: its text, its table's cells, its label."""
    cells = [cell for row in spec.cells for cell in row] if isinstance(spec, TableSpec) else []
    label = label_spec(spec)
    return "".join([spec.text or "", *cells, label.text if label is not None and label.text else ""])


def _listed(subjects: list[str], most: int = 5) -> str:
    shown = ", ".join(repr(s) for s in subjects[:most])
    return shown + (", …" if len(subjects) > most else "")


def _inline_pieces(text: str) -> list[str]:
    return [text[opening + 1 : closing] for opening, closing in inline_math(text)]
