"""The world's scripts are drawn as Typst draws them (tests/lectures/world-scripts).

For every text on the lecture's boards (Headings, Texts, Panels, every Table cell, every label and
legend entry of the Axes), lecturekit's `still -q h` is cropped to the object's planned box and
compared with Typst's own PNG of the same source at the same size.

The measure is ink overlap: both pictures are turned into ink (lecturekit's: each pixel's distance
from the colour behind the text; Typst's: its PNG's alpha), each cut to its ink's bounding box,
brought to the same size and blurred by 1.5 px (half a stroke at 1080p, so that edges two
rasterisers smooth a pixel apart still meet), and the overlap is Σ min(A, B) / Σ max(A, B). Not PSNR: the two differ
on purpose in colour (lecturekit paints the object's colour on the board, Typst black on nothing)
and in how their rasterisers smooth edges, and PSNR would measure that. What breaks a script
moves ink: letters of Arabic drawn isolated and spaced apart, a Devanagari conjunct drawn as two
letters with a virama, a right-to-left line's period on the wrong side, a glyph missing or drawn
as a box. Every text here overlaps by at least 0.7 (most above 0.85; measured 2026-12-01: the
lowest 0.75, a Devanagari heading and a line of ZWJ emoji); the same Arabic heading with its
letters kept from joining overlaps its true drawing by 0.15, and the Hebrew line set left to
right (its period at the right end) by 0.27, which the last two tests show.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageFilter

from lecturekit.boxes import Box
from lecturekit.kinds.geometry import LABEL
from lecturekit.pipeline import write_still
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.plan.typeset import PT
from lecturekit.settings import PRESETS, Quality
from lecturekit.theme import THEME
from lecturekit.typst.compiler import compile_png
from lecturekit.typst.source import right_to_left
from tests.lecture_strategy import plan_of

LECTURE = Path(__file__).parents[1] / "lectures" / "world-scripts" / "lecture.json"
PRESET = PRESETS[Quality.h]
#: Pixels a unit of the board is at -q h.
PX = PRESET.width / THEME.board.width
#: Ink overlap every text must reach, and the blur (px at 1080p, about half a stroke) it is taken at.
OVERLAP = 0.7
BLUR = 1.5

pytestmark = pytest.mark.slow


def _typst_png(body: str, font: float) -> np.ndarray:
    """Typst's own picture of the body at Manim font size `font`, as -q h draws it: its ink (alpha)."""
    ppi = 72 * font * PT * PX  # a point of the 10 pt body is font * PT units
    return _alpha(compile_png(body, ppi))


def _alpha(png: bytes) -> np.ndarray:
    from io import BytesIO

    return np.asarray(Image.open(BytesIO(png)).convert("RGBA"), dtype=float)[:, :, 3] / 255


def _crop(still: np.ndarray, box: Box, margin: float) -> np.ndarray:
    """The ink of the still inside `box` grown by `margin` px: each pixel's distance from the
    colour behind it (the crop's commonest edge colour), scaled so full ink is 1."""
    h, w = still.shape[:2]
    x0 = max(0, int((box.x0 + THEME.board.width / 2) * PX - margin))
    x1 = min(w, int((box.x1 + THEME.board.width / 2) * PX + margin) + 1)
    y0 = max(0, int((THEME.board.height / 2 - box.y1) * PX - margin))
    y1 = min(h, int((THEME.board.height / 2 - box.y0) * PX + margin) + 1)
    crop = still[y0:y1, x0:x1].astype(float)
    edge = np.concatenate([crop[0], crop[-1], crop[:, 0], crop[:, -1]])
    colours, counts = np.unique(edge, axis=0, return_counts=True)
    behind = colours[counts.argmax()]
    distance = np.abs(crop - behind).max(axis=2)
    return distance / max(distance.max(), 1.0)


def overlap(ours: np.ndarray, theirs: np.ndarray) -> float:
    """Ink overlap of two ink pictures, Σ min / Σ max, each cut to its ink, brought to the other's
    size and blurred by BLUR px, so that edges smoothed a pixel apart by two rasterisers still meet."""
    cut = []
    for ink in (ours, theirs):
        rows, cols = np.nonzero(ink > 0.4)
        if not len(rows):
            return 0.0
        inked = ink[rows.min(): rows.max() + 1, cols.min(): cols.max() + 1]
        cut.append(Image.fromarray((inked * 255).astype(np.uint8)))
    a, b = (np.asarray(im.filter(ImageFilter.GaussianBlur(BLUR)), dtype=float)
            for im in (cut[0].resize(cut[1].size, Image.BILINEAR), cut[1]))
    return float(np.minimum(a, b).sum() / max(np.maximum(a, b).sum(), 1.0))


def _texts(plan: ScenePlan) -> list[tuple[str, str, float, Box, float]]:
    """(name, body, font, box, margin) of every text on the scene's last board; a Table's cells are
    boxed as the painter places them."""
    found = []
    for item in plan.boards[-1].items:
        if item.kind in ("label", "legend"):
            typeset = plan.texts[item.of + LABEL]
            font = item.font or typeset.font
            box = item.box  # a legend entry's box holds its swatch, left of its text
            box = Box(max(box.x0, box.x1 - typeset.width * font / typeset.font), box.y0, box.x1, box.y1)
            found.append((item.name, typeset.body, font, box, 4.0))
        elif item.name in plan.tables:
            found += _cells(item.name, plan, item.box)
        elif item.name in plan.texts and item.kind in ("Text", "Heading", "Panel"):
            typeset = plan.texts[item.name]
            pad = typeset.padding * item.box.width / typeset.width
            inner = Box(item.box.x0 + pad, item.box.y0 + pad, item.box.x1 - pad, item.box.y1 - pad)
            found.append((item.name, typeset.body, typeset.font * item.box.width / typeset.width, inner,
                          0.0 if pad else 4.0))
    return found


def _cells(name: str, plan: ScenePlan, box: Box) -> list[tuple[str, str, float, Box, float]]:
    metrics = plan.tables[name]
    scale = box.width / metrics.width
    rtl = right_to_left(plan.objects[name].text or "")  # its columns run from the right
    found, y = [], box.y1
    for r, row in enumerate(metrics.cells):
        height = (metrics.rows[r] + 2 * metrics.pad_y) * scale
        x = box.x0
        for c, body in enumerate(row):
            width = (metrics.columns[c] + 2 * metrics.pad_x) * scale
            left = box.x1 - (x - box.x0) - width if rtl else x
            cell = Box(left + 0.05, y - height + 0.05, left + width - 0.05, y - 0.05)  # clear of the header's rule
            found.append((f"{name} row {r + 1} column {c + 1}", body, metrics.font * scale, cell, 0.0))
            x += width
        y -= height
    return found


@pytest.fixture(scope="module")
def boards(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[ScenePlan, np.ndarray]]:
    folder = tmp_path_factory.mktemp("stills")
    plans = plan_of(LECTURE, fps=PRESET.fps)
    found = []
    for plan in plans:
        at = plan.end - 0.5  # every show has settled
        png = write_still(LECTURE, None, at, Quality.h, folder / f"{plan.index}.png")
        found.append((plan, np.asarray(Image.open(png).convert("RGB"))))
    return found


def test_every_text_is_drawn_as_typst_draws_it(boards: list[tuple[ScenePlan, np.ndarray]]) -> None:
    scores = {}
    for plan, still in boards:
        for name, body, font, box, margin in _texts(plan):
            scores[f"{plan.index}: {name}"] = overlap(_crop(still, box, margin), _typst_png(body, font))
    assert len(scores) >= 30  # every object of the lecture, each cell and label
    low = {name: round(score, 3) for name, score in scores.items() if score < OVERLAP}
    assert low == {}, f"drawn unlike Typst's own picture: {low}"


def test_a_script_drawn_wrong_overlaps_less(boards: list[tuple[ScenePlan, np.ndarray]]) -> None:
    """The measure can fail: Arabic whose letters are kept from joining (a zero-width non-joiner
    between them, so each is drawn in its isolated form) against the heading as drawn."""
    plan, still = boards[1]
    texts = {name: (body, font, _crop(still, box, margin)) for name, body, font, box, margin in _texts(plan)}
    body, font, drawn = texts["head_ar"]
    text = plan.objects["head_ar"].text
    unjoined = body.replace(text, "\u200c".join(text))
    assert unjoined != body
    assert overlap(drawn, _typst_png(unjoined, font)) < 0.4 < OVERLAP <= overlap(drawn, _typst_png(body, font))


def test_a_right_to_left_line_drawn_left_to_right_overlaps_less(boards: list[tuple[ScenePlan, np.ndarray]]) -> None:
    """The Hebrew sentence set left to right (its period at the right end) against it as drawn."""
    plan, still = boards[1]
    [(body, font, drawn)] = [(b, f, _crop(still, box, m)) for name, b, f, box, m in _texts(plan) if name == "he"]
    assert "dir: rtl" in body
    assert overlap(drawn, _typst_png(body.replace("dir: rtl", "dir: ltr"), font)) < 0.4


def test_the_painter_puts_ink_only_in_the_plans_boxes(tmp_path: Path) -> None:
    """`ink_audit.py` (shared/tools) on the lecture: no board has ink outside every planned box."""
    import subprocess
    import sys

    from tests.conftest import SHARED

    plan = tmp_path / "plan.json"
    lecturekit = Path(sys.executable).parent / "lecturekit"
    plan.write_bytes(subprocess.run([str(lecturekit), "plan", str(LECTURE), "--json", "--fps", "15"],
                                    check=True, capture_output=True).stdout)
    audit = subprocess.run([sys.executable, str(SHARED / "tools" / "ink_audit.py"), str(LECTURE), str(plan),
                            str(lecturekit)], capture_output=True, text=True)
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert audit.stdout.strip().splitlines()[-1] == "ink audit: 4 boards, 0 with ink where the plan has nothing"
