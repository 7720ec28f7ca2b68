"""The document every lecture text is compiled in: page, fonts, the frame the backend places a
body by, and the colours that mark prose labels. It imports only the font chain, so the compiler,
the source builder and the names Typst knows all build on it without a circle."""

from __future__ import annotations

from lecturekit.typst.fonts import families

#: The document around every body; the same text Manim's Typst mobject writes around it.
TEMPLATE = """\
#set page(width: auto, height: auto, margin: 0pt, fill: none)
#set text(size: {text_size}pt)
{preamble}
{body}
"""
TEXT_SIZE = 10
#: Stroke colour of the frame drawn around every body: the backend finds it, places the object
#: by it, and removes it.
FRAME_COLOR = "#010203"


def preamble(hidden: str | None = None) -> str:
    """Settings and the grouping function; `hidden` names the label to hide in a probe."""
    target = "none" if hidden is None else f'"{hidden}"'
    fonts = ", ".join(f'"{family}"' for family in families())
    return (
        f'#set text(font: ({fonts}), top-edge: "bounds", bottom-edge: "bounds")\n'
        f"#let lkgrp(lbl, ..parts) = {{ let body = parts.pos().join([,]); "
        f"if lbl == {target} {{ hide(body) }} else {{ body }} }}"
    )


def document(body: str, hidden: str | None = None) -> str:
    return TEMPLATE.format(text_size=TEXT_SIZE, preamble=preamble(hidden), body=body)


def label_color(label: str) -> str:
    """A near-black colour that marks the glyphs of a prose label (`p3` -> `#000103`)."""
    number = int(label[1:]) if label[1:].isdigit() else sum(map(ord, label)) % 250
    return f"#0001{number % 256:02x}"
