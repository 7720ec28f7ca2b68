"""A Figure's or an Axes' own label is set in a band at the top of its box (`shapes.title_place`)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lecturekit.boxes import Box
from lecturekit.plan.shapes import title_place
from lecturekit.theme import THEME


@settings(max_examples=200, deadline=None, derandomize=True)
@given(x=st.floats(-6.4, 6.0), y=st.floats(-3.6, 3.5), w=st.floats(0.05, 8.0), h=st.floats(0.01, 4.0),
       label=st.tuples(st.floats(0.1, 3.0), st.floats(0.1, 0.6)))
def test_a_container_s_own_label_stays_in_the_safe_area_however_low_its_box(x, y, w, h, label):
    """A Figure drawn below its least height on a board that cannot hold it (found by the
    pseudo-locale's generated lectures: a Figure 0.2 units high at the board's foot) keeps its
    own label inside the safe area, above its foot, not hanging out under it."""
    safe = THEME.board.safe
    box = Box(x, y, min(x + w, safe[2]), min(y + h, safe[3]))
    placed = title_place(box, box, *label, safe)
    assert safe[1] - 1e-9 <= placed.y0 and placed.y1 <= safe[3] + 1e-9
