"""Crowded boards: one scene that puts n objects on the board at once, in the mix of the recorder's
mistake issue 20 reports (2 Titles, 3 Headings, 30 Panels, 12 Figures with children and labels,
12 Images, 6 Tables: 65 objects), cut down or scaled up to any n.

`crowded(n)` is the fixed board the benchmark (`bench/boards.py`) and the slow tests use;
`boards()` draws one of up to 200 objects in any mix, for the property test of the layout's bound.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from tests.lecture_strategy import Generated, shown

#: The issue's board, kind by kind; `crowded(n)` takes them in this proportion.
MIX = {"Title": 2, "Heading": 3, "Panel": 30, "Figure": 12, "Image": 12, "Table": 6}
_SENTENCE = "Each arrow adds its tip to the tail of the next, and the mean $frac(1, n) sum x_i$ moves toward {i}."
_SHAPES = [(640, 480), (300, 900), (1600, 400), (500, 500)]


def mix_of(n: int) -> dict[str, int]:
    """How many of each kind a board of `n` objects holds: the issue's proportions, at least one
    Panel, the remainder given to Panels."""
    total = sum(MIX.values())
    counts = {kind: (n * share) // total for kind, share in MIX.items()}
    counts["Panel"] += n - sum(counts.values())
    return counts


def crowded(n: int) -> Generated:
    """One scene of 60 s whose first second puts `n` top-level objects on the board (each Figure
    brings a Vector, a Line and a Point, all labelled), which then stays to the end."""
    return board(mix_of(n))


def board(counts: dict[str, int]) -> Generated:
    """One scene showing `counts[kind]` objects of each kind at once (see `MIX`), the kinds in turn."""
    objects: dict[str, str] = {}
    does: list[list[object]] = []
    images: dict[str, tuple[int, int]] = {}
    at = 0.5

    def show(name: str, description: str, how: str = "written out") -> None:
        nonlocal at
        objects[name] = description
        does.append([round(at, 3), shown(name, how)])
        at += 0.01

    def title(i: int) -> None:
        show(f"title_{i}", f'a Title that says "A crowded board, part {i + 1}"')

    def heading(i: int) -> None:
        show(f"heading_{i}", f'a Heading that says "What the recorder caught {i + 1}"')

    def panel(i: int) -> None:
        show(f"panel_{i}", f'a Panel that says "{_SENTENCE.format(i=i)}"')

    def figure(i: int) -> None:
        fig = f"fig_{i}"
        show(fig, "a Figure (x_range=(-1.0, 3.0), y_range=(-1.0, 2.0), aspect=(4.0, 3.0))", "drawn")
        show(f"{fig}_v", f'a Vector [yellow] labelled "v_{i}" drawn in {fig} (start=(0.0, 0.0), end=(2.0, 1.5))',
             "grown")
        show(f"{fig}_l", f'a Line [gray] labelled "w" drawn in {fig} (start=(-0.5, -0.5), end=(2.5, -0.5))', "drawn")
        show(f"{fig}_p", f'a Point [red] labelled "P" drawn in {fig} (location=(1.0, 1.0))', "grown")

    def image(i: int) -> None:
        width, height = _SHAPES[i % len(_SHAPES)]
        path = f"figures/picture-{i}.png"
        images[path] = (width, height)
        show(f"image_{i}", f"an Image (path='{path}', aspect=({width}, {height}))", "grown")

    def table(i: int) -> None:
        nonlocal at
        name = f"table_{i}"
        objects[name] = ('a Table [text] that says "Order $1$ $2$ As written the river Shuffled river the" '
                         "(rows=(('Order', '$1$', '$2$'), ('As written', 'the', 'river'), "
                         "('Shuffled', 'river', 'the')), header=True)")
        for _ in range(3):
            does.append([round(at, 3), shown(name)])
            at += 0.01

    makers = {"Title": title, "Heading": heading, "Panel": panel, "Figure": figure, "Image": image, "Table": table}
    for i in range(max(counts.values(), default=0)):  # the kinds in turn, as a recording mixes them
        for kind, make in makers.items():
            if i < counts.get(kind, 0):
                make(i)
    scene = {"title": "A crowded board", "start": 0, "end": 60,
             "objects": objects,
             "beats": [{"start": 0, "say": "Everything at once.", "live": None, "does": does}]}
    data = {"version": 1, "lectureId": "crowded-board",
            "publication": {"slug": "crowded-board", "title": "A crowded board", "subject": "layout",
                            "summary": "One board holding far more than it can show.", "durationSeconds": 60,
                            "transcript": "Everything at once.",
                            "chapters": [{"title": "A crowded board", "startSeconds": 0,
                                          "narration": "Everything at once."}],
                            "watch": {"scenes": [scene]}}}
    return Generated(data, images)


@st.composite
def boards(draw: st.DrawFn, most: int = 200) -> Generated:
    """A crowded board of 1 to `most` objects in any mix of the kinds in `MIX`."""
    n = draw(st.integers(1, most))
    weights = {kind: draw(st.integers(0, 4)) for kind in MIX}
    weights["Panel"] = max(weights["Panel"], 1)
    total = sum(weights.values())
    counts = {kind: n * w // total for kind, w in weights.items()}
    counts["Panel"] += n - sum(counts.values())
    return board(counts)


#: The colours the boards of many marks take in turn: some lack 3:1 against others (a halo each).
_DOTS = ("blue", "yellow", "green", "red", "teal", "orange")


def marks(n: int, labelled: bool = False) -> Generated:
    """One scene of 10 s whose Figure (or, `labelled`, an Axes with its numbers) shows `n` Points
    in three groups a second apart, spread over it at random (a fixed seed), in six colours; each
    labelled where `labelled` is: the boards of thousands of marks and of hundreds of labelled
    points the stated bounds are held on (`tests/test_work_counts.py`, `bench/boards.py`)."""
    rng = random.Random(20261207)
    container = "plane" if labelled else "fig"
    objects = {container: ("an Axes (x_range=(0.0, 10.0), y_range=(0.0, 10.0), x_ticks_every=1.0, y_ticks_every=1.0)"
                           if labelled else "a Figure (x_range=(0.0, 10.0), y_range=(0.0, 10.0))")}
    does: list[list[object]] = [[0.5, shown(container)]]
    for i in range(n):
        x, y = round(rng.uniform(0, 10), 3), round(rng.uniform(0, 10), 3)
        label = f' labelled "p_{{{i}}}"' if labelled else ""
        objects[f"p{i}"] = f"a Point [{_DOTS[i % len(_DOTS)]}]{label} drawn in {container} (location=({x}, {y}))"
        does.append([1.0 + (3 * i) // n, shown(f"p{i}", "grown")])
    kind = "labelled points" if labelled else "marks"
    scene = {"title": f"{n} {kind}", "start": 0, "end": 10, "objects": objects,
             "beats": [{"start": 0, "say": "", "live": None, "does": does}]}
    return Generated({"version": 1, "publication": {"slug": f"{n}-{kind.replace(' ', '-')}", "title": f"{n} {kind}",
                                                    "watch": {"scenes": [scene]}}})
