"""A formula as MathML for the lecture page: Typst's HTML export writes math as MathML Core
(typst 0.15); what it writes is kept to MathML's own elements and presentation attributes, so
nothing from a lecture's text reaches the page as markup of another kind."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import lru_cache

from lecturekit.typst.compiler import TypstError, compile_html
from lecturekit.typst.source import bare_formula

_ELEMENTS = frozenset({
    "math", "mi", "mn", "mo", "ms", "mtext", "mspace", "mrow", "mfrac", "msqrt", "mroot", "mstyle", "merror",
    "mpadded", "mphantom", "msub", "msup", "msubsup", "munder", "mover", "munderover", "mmultiscripts",
    "mprescripts", "none", "mtable", "mtr", "mtd", "semantics", "annotation"})
_ATTRIBUTES = frozenset({
    "display", "form", "lspace", "rspace", "stretchy", "symmetric", "largeop", "movablelimits", "accent",
    "accentunder", "mathvariant", "linethickness", "columnspan", "rowspan", "fence", "separator", "displaystyle",
    "scriptlevel", "width", "height", "depth", "voffset", "minsize", "maxsize"})
_MATH = re.compile(r"<math\b.*?</math>", re.S)


def kept(element: ET.Element) -> bool:
    """Whether `element` and all inside it are MathML; its attributes are pruned to the kept ones."""
    if element.tag not in _ELEMENTS:
        return False
    for name in list(element.attrib):
        if name not in _ATTRIBUTES:
            del element.attrib[name]
    return all(kept(child) for child in element)


def clean(html: str, reading: str, inline: bool = False) -> str | None:
    """The first `<math>` of Typst's HTML, cleaned, with `reading` as its alternative text (set in
    the line of text around it with `inline`); None when there is none or it is not well formed."""
    found = _MATH.search(html)
    if found is None:
        return None
    try:
        root = ET.fromstring(found.group(0))
    except ET.ParseError:
        return None
    if not kept(root):
        return None
    root.set("alttext", reading)
    if inline:
        root.attrib.pop("display", None)
    return ET.tostring(root, encoding="unicode")


@lru_cache(maxsize=1024)
def mathml(source: str, reading: str, inline: bool = False) -> str | None:
    """`source` (Typst math, with or without its `$`s) as MathML, or None where Typst cannot write
    it (the page then shows `reading`, the formula's linear reading); `inline`: in a line of prose."""
    try:
        html = compile_html(bare_formula(source)).decode("utf-8", errors="replace")
    except TypstError:
        return None
    return clean(html, reading, inline)
