"""The catalogue's report: `catalogue.json`, the model, and `catalogue.html`, one static page that
opens from disk and draws the same data as a table a producer sorts and filters.

The page is the template `report.html` with the catalogue embedded as JSON in a
`<script type="application/json">`; its script puts every text on the page as text, never as
markup. Titles, reasons and paths come from lectures written by strangers, so the JSON is made safe
to stand inside a script element: `<`, `>` and `&` are written as `\\u` escapes, which JSON reads
back as the same characters, so no `</script>` or `<!--` in a title can end the element early."""

from __future__ import annotations

import html
import re
from importlib.resources import files
from pathlib import Path

from lecturekit.catalogue.rows import Catalogue, LectureRow
from lecturekit.files import atomic

TEMPLATE = files("lecturekit.catalogue") / "report.html"
#: A row's outputs the page links to, by field.
OUTPUTS = ("video", "captions", "storyboard", "manifest", "thumbnail")
#: JSON escapes for what would mean something to the HTML parser inside a script element (and the
#: two line separators a JavaScript source once could not hold).
_INSIDE_SCRIPT = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
                                "\u2028": "\\u2028", "\u2029": "\\u2029"})
_SLOT = re.compile(r"\{\{(title|data)\}\}")


def write_report(catalogue: Catalogue, folder: Path) -> tuple[Path, Path]:
    """`folder/catalogue.json` and `folder/catalogue.html`, each written whole. An output a row
    names that is not in `folder` is left out of both, so the page never links to nothing."""
    shown = present(catalogue, folder)
    data, page_path = folder / "catalogue.json", folder / "catalogue.html"
    with atomic(data) as tmp:
        tmp.write_text(shown.model_dump_json(indent=2) + "\n", encoding="utf-8")
    with atomic(page_path) as tmp:
        tmp.write_text(page(shown), encoding="utf-8")
    return data, page_path


def page(catalogue: Catalogue) -> str:
    """The HTML of the report on `catalogue`."""
    slots = {"title": html.escape(catalogue.root), "data": catalogue.model_dump_json().translate(_INSIDE_SCRIPT)}
    return _SLOT.sub(lambda m: slots[m[1]], TEMPLATE.read_text(encoding="utf-8"))


def present(catalogue: Catalogue, folder: Path) -> Catalogue:
    """`catalogue` with only the outputs that are files under `folder`."""
    return catalogue.model_copy(update={"rows": [_present(row, folder) for row in catalogue.rows]})


def _present(row: LectureRow, folder: Path) -> LectureRow:
    missing = {name: None for name in OUTPUTS if (path := getattr(row, name)) and not (folder / path).is_file()}
    return row.model_copy(update=missing) if missing else row
