"""Typst sources for every text object, shared by the planner (to measure) and the backend.

Prose goes to Typst as string literals, never as markup, so `#read(...)` or `*bold*` in a lecture
render as the characters they are. Inline `$…$` becomes Typst math. Pieces that actions address
(an emphasised part, a Derivation's line) are wrapped in `lkgrp(label, …)` in math, which draws
its body unchanged (the backend re-compiles with one label hidden to learn which glyphs belong to
it), and coloured with a near-black colour of their own in prose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lecturekit.math_names import problems_in
from lecturekit.syntax.nodes import PROSE_KINDS, Kind, Part, Spec, TextPart

#: The document around every body; the same text Manim's Typst mobject writes around it.
TEMPLATE = """\
#set page(width: auto, height: auto, margin: 0pt, fill: none)
#set text(size: {text_size}pt)
{preamble}
{body}
"""
TEXT_SIZE = 10
FONT = "New Computer Modern"
#: Stroke colour of the frame drawn around every body: the backend finds it, places the object
#: by it, and removes it.
FRAME_COLOR = "#010203"


def preamble(hidden: str | None = None) -> str:
    """Settings and the grouping function; `hidden` names the label to hide in a probe."""
    target = "none" if hidden is None else f'"{hidden}"'
    return (
        f'#set text(font: "{FONT}", top-edge: "bounds", bottom-edge: "bounds")\n'
        f"#let lkgrp(lbl, ..parts) = {{ let body = parts.pos().join([,]); "
        f"if lbl == {target} {{ hide(body) }} else {{ body }} }}"
    )


def document(body: str, hidden: str | None = None) -> str:
    return TEMPLATE.format(text_size=TEXT_SIZE, preamble=preamble(hidden), body=body)


def string_literal(text: str) -> str:
    """A Typst string literal: its characters are shown as they are."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ").replace("\r", " ")
    return f'"{escaped}"'


@dataclass(frozen=True)
class Span:
    """Characters [start, end) of an object's source text that carry `label`."""

    start: int
    end: int
    label: str


_MATH_SEGMENT = re.compile(r"\$([^$]*)\$")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _wrap(text: str, start: int, spans: list[Span], piece) -> str:
    """`text` (which starts at offset `start` of the source) with every span inside it wrapped.

    Spans are cut to `text`; nested spans nest, and partly overlapping ones are cut apart.
    `piece(s)` renders a stretch of text without labels.
    """
    end = start + len(text)
    inside = sorted(
        (Span(max(s.start, start), min(s.end, end), s.label) for s in spans if s.start < end and s.end > start),
        key=lambda s: (s.start, -s.end),
    )
    out: list[str] = []
    pos = start
    while inside:
        span = inside.pop(0)
        if span.start < pos:
            span = Span(pos, span.end, span.label)
            if span.start >= span.end:
                continue
        out.append(piece(text[pos - start : span.start - start]))
        nested = [s for s in inside if s.start < span.end]
        inside = [s for s in inside if s.start >= span.end] + [
            Span(span.end, s.end, s.label) for s in nested if s.end > span.end
        ]
        inner = _wrap(text[span.start - start : span.end - start], span.start, nested, piece)
        out.append(_group(span.label, inner, piece is _math_piece))
        pos = span.end
    out.append(piece(text[pos - start :]))
    return "".join(out)


def _group(label: str, inner: str, math: bool) -> str:
    """Math groups are found by hiding them; prose by a colour of their own, since hiding words
    in a paragraph shifts the glyph runs around them."""
    if math:
        return f'lkgrp("{label}", {_one_argument(inner)})'
    return f'#text(fill: rgb("{label_color(label)}"))[{inner}]'


def _one_argument(math: str) -> str:
    """Math as the single argument of a call that draws it unchanged: at its top level a `,` or
    `;` would split it into arguments (or rows) and `name:` would name one, so those are escaped;
    strings, bracketed stretches and the `:=` / `::` shorthands stay as written."""
    out: list[str] = []
    depth = 0
    i = 0
    while i < len(math):
        c = math[i]
        step = 1
        if c == '"':
            found = _STRING.match(math, i)
            step = found.end() - i if found else len(math) - i
        elif c == "\\" or (c == ":" and math[i + 1 : i + 2] in (":", "=")):
            step = 2
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth = max(0, depth - 1)
        elif depth == 0 and c in ",;:":
            c = "\\" + c
        out.append(c if step == 1 else math[i : i + step])
        i += step
    return "".join(out)


def label_color(label: str) -> str:
    """A near-black colour that marks the glyphs of a prose label (`p3` -> `#000103`)."""
    number = int(label[1:]) if label[1:].isdigit() else sum(map(ord, label)) % 250
    return f"#0001{number % 256:02x}"


def probed(body: str, label: str) -> bool:
    """Whether `label` is a hidden-probe group in `body` (else it is marked by colour)."""
    return f'lkgrp("{label}"' in body


def _math_piece(text: str) -> str:
    return text


def _prose_piece(text: str) -> str:
    return f"#{string_literal(text)}" if text else ""


def prose(text: str, spans: list[Span] = (), width_pt: float | None = None, align: str = "left") -> str:
    """A paragraph: literal text with inline `$…$` math; wrapped at `width_pt` when given."""
    parts: list[str] = []
    pos = 0
    for m in _MATH_SEGMENT.finditer(text):
        parts.append(_wrap(text[pos : m.start()], pos, list(spans), _prose_piece))
        math = _wrap(m.group(1), m.start(1), list(spans), _math_piece)
        parts.append(f"${math}$")
        pos = m.end()
    parts.append(_wrap(text[pos:], pos, list(spans), _prose_piece))
    body = "".join(parts)
    if width_pt is not None:
        body = f"#block(width: {width_pt:.2f}pt)[#set par(justify: false); #align({align})[{body}]]"
    return _framed(body)


def formula(text: str, spans: list[Span] = (), offset: int = 0) -> str:
    """Display math; `text` is the source without its `$`s, starting at `offset` of the source."""
    return _framed(f"$ {_wrap(text, offset, list(spans), _math_piece)} $")


def _framed(body: str) -> str:
    return f'#box(stroke: 0.01pt + rgb("{FRAME_COLOR}"))[{body}]'


def math_body(source: str) -> tuple[str, int]:
    """A formula's source without its surrounding `$`s, and where it starts in `source`."""
    stripped = source.strip()
    lead = len(source) - len(source.lstrip())
    if len(stripped) >= 2 and stripped[0] == "$" and stripped[-1] == "$":
        return stripped[1:-1], lead + 1
    return stripped, lead


#: A line break in Typst math: a backslash before a space or the end.
LINE_BREAK = re.compile(r"\\(?=\s|$)")


def line_label(index: int) -> str:
    """The label of a Derivation's line `index` (from 0)."""
    return f"line{index}"


def derivation_spans(source: str) -> list[Span]:
    """One span per line and `&` segment of a Derivation, labelled `line0`, `line1`, …

    The `&` and line breaks stay outside every group, so Typst still aligns the lines.
    """
    body, offset = math_body(source)
    spans: list[Span] = []
    line_start = 0
    for index, line_match in enumerate([*LINE_BREAK.finditer(body), None]):
        line_end = line_match.start() if line_match else len(body)
        seg_start = line_start
        for amp in [*(m.start() for m in re.finditer("&", body[line_start:line_end])), None]:
            seg_end = line_start + amp if amp is not None else line_end
            segment = body[seg_start:seg_end]
            if segment.strip():
                lead = len(segment) - len(segment.lstrip())
                trail = len(segment) - len(segment.rstrip())
                spans.append(Span(offset + seg_start + lead, offset + seg_end - trail, line_label(index)))
            seg_start = seg_end + 1
        line_start = line_end + 1
    return spans


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
    if spec.kind in PROSE_KINDS:
        align = "center" if spec.kind in (Kind.TITLE, Kind.HEADING) else "left"
        return prose(source, spans, wrap_pt, align), found, 0
    body, offset = math_body(source)
    lines = 0
    if spec.kind is Kind.DERIVATION:
        line_spans = derivation_spans(source)
        lines = len({s.label for s in line_spans})
        spans = line_spans + spans
    return formula(body, spans, offset), found, lines


def label_spec(spec: Spec) -> Spec | None:
    """An object's label as it is typeset: a formula (`v_1`, `2i = 0`), or plain text when it is
    not Typst math (`origin`, `query`); None when there is no label to typeset (a Title's label
    is not drawn)."""
    label = spec.label
    if not label or spec.kind is Kind.TITLE:
        return None
    if problems_in(label, whole_formula=True) is not None:
        return Spec(name=spec.name, kind=Kind.TEXT, text=label)
    return Spec(name=spec.name, kind=Kind.MATH, text=f"${label}$")
