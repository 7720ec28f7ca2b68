"""A hypothesis strategy that writes whole valid lectures in the format, and the plan of one.

`lectures()` draws a `Generated` lecture: one to three scenes, each a board history simulated
as it is drawn, so every action it writes is one the format accepts (parents shown before their
children, a Derivation or Table revealed once per line or row, one Heading at a time, a redraw
only where a number it follows ticks, parts that are in the text). It covers every kind, colour
form, label form, action form and part form; sparse and crowded boards; short and long texts;
wide, tall and square figures; moves, departures and re-arrivals; VariableNumbers that tick with
objects following them; a function and `#rrggbb` colours supplied by the overrides; recorded
`live` lists that agree with the actions. `lectures(any_colour=True)` gives every object that has a
colour any colour at all (`ANY_COLOUR`: Manim's and CSS's names in any case, hex in three forms,
dark ones included), Derivations, Tables, labels in figures, Figures and Axes too.

`write(generated, folder)` puts it on disk (lecture.json, its images, overrides.toml) and
`plan_of(path, overrides)` gives its plan, for the layout properties to assert on.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import strategies as st
from PIL import ImageColor

from lecturekit.color_names import MANIM
from lecturekit.plan import plan_scene
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.sources import read

#: Colours: the theme's names, Manim's and CSS's in any case, and hex (`#rgb`, `#rrggbb`, `#rrggbbaa`), which the
#: strategy supplies by the overrides.
COLORS = [None, "text", "yellow", "blue", "green", "red", "magenta", "gray", "orange", "#3fa7c4", "#D08770",
          "PINK", "TEAL_A", "gold", "Maroon_E", "rebeccapurple", "#fa0", "#3fa7c480"]
#: Any colour a lecture may name: Manim's and CSS's names (in any case), and hex in every form.
ANY_COLOUR = st.one_of(
    st.sampled_from(COLORS),
    st.builds(lambda name, case: case(name), st.sampled_from(sorted(MANIM)), st.sampled_from([str, str.lower])),
    st.sampled_from(sorted(ImageColor.colormap)),
    st.integers(0, 0xFFF).map("#{:03x}".format),
    st.builds("#{:06x}{}".format, st.integers(0, 0xFFFFFF), st.sampled_from(["", "ff", "80", "c0"])),
)
WORDS = ["the", "mean", "of", "a", "sample", "moves", "toward", "its", "expected", "value", "as", "number",
         "draws", "grows", "while", "each", "arrow", "adds", "tip", "to", "tail", "and", "bell", "curve", "keeps",
         "area", "fixed", "at", "one", "Größe", "naïve", "—", "x", "#1", "*now*", "a_b", "@ref", "<x>", "`raw`",
         "50%", "C++", "https://arxiv.org/abs/1706.03762v7"]
INLINE_MATH = ["$x_1$", "$a^2 + b^2$", "$alpha$", "$n -> infinity$", "$frac(1, n)$", "$|v|$"]
FORMULAS = [
    "$a^2 + b^2 = c^2$",
    "$e^(i pi) + 1 = 0$",
    "$sum_(i=1)^n i = frac(n (n + 1), 2)$",
    "$x$",
    "$op(\"softmax\")(frac(Q K^T, sqrt(d_k))) V$",
    "$integral_(-infinity)^infinity e^(-x^2) dif x = sqrt(pi)$",
    "$f(x) = op(\"sign\")(x) floor(|x|) + x mod 1 + arctan(x) + tanh(x)$",
]
LINES = ["f(x) &= (x + 1)^2", "&= x^2 + 2 x + 1", "g(t) &= sin(omega t)", "&= 2 sin(t / 2) cos(t / 2)",
         "y &= m x + b", "|a + b| &<= |a| + |b|", "lambda_1 &= 3, lambda_2 = 1", "hat(A) v_1 &= sum_(j) g_j"]
LABELS = ["v", "P", "x_1", "f(x)", "a + b", "r", "origin", "2i = 0", "k_2", "Okazaki fragment", "lagging strand",
          "5′", "3′"]
CELLS = ["$1$", "$2.5$", "$-3$", "yes", "no", "mean", "$O(n^2)$", "river", "$checkmark$", "long cell text"]


def _word(cell: str) -> bool:
    """Whether a cell is a plain word (not a number or a formula), which a cut table's recovery
    may join to the word beside it."""
    return not cell.startswith("$")
#: Figures (pixel width, height): wide, tall, square and the usual photo shapes.
SHAPES = [(1600, 400), (300, 900), (500, 500), (640, 480), (966, 499), (707, 940), (4000, 200), (100, 2000)]
#: Coordinate frames: (x0, y0) and (width, height), ordinary and extreme.
ORIGINS = [(-2.0, -1.0), (0.0, 0.0), (-4.0, -3.0), (-1.0, -1.5), (1e5, -1e-3), (-1e9, 7.0)]
SPANS = [(4.0, 2.0), (6.0, 3.0), (2.0, 2.0), (8.0, 1.5), (3.0, 4.0), (1e-3, 1e-3), (2e9, 0.5)]
ASPECTS = ["2.4, 1.0", "1, 1", "1.0, 1.6", "3.1, 1.0", "20, 1", "1, 20"]
#: Function bodies of {x} (and of a ticking number {v}), each defined for every {x} and within 1.5
#: of 0; the plot puts its x range at {x} from -2 to 2 and the body's values inside its y range.
FUNCTIONS = [
    "sin({x})", "0.5 * sign({x})", "floor({x}) / 4", "{x} % 1", "clamp({x}, -0.5, 0.5)", "tanh(2 * {x})",
    "atan({x}) / 2", "exp(-({x} ** 2))", "hypot({x}, 1) / 4", "log10(abs({x}) + 1)", "round({x}) / 3",
    "mod({x}, 2) - 1", "cosh({x} / 4) - 1", "asin(clamp({x} / 4, -1, 1))", "atan2(1, {x}) - 1.5",
    "log2({x} ** 2 + 1) / 4", "ceil({x}) / 5", "sinh({x} / 4) / 2", "max(min({x}, 1), -1) * e / tau",
]
VARYING = ["sin({x} + {v})", "clamp({x} - {v}, -1, 1)", "tanh({x} * {v}) / 2", "sign({x} - {v}) * 0.5"]
PANELS = ("Panel", "Block", "Text")


@dataclass(frozen=True)
class Generated:
    """A lecture as JSON data, the images it names (relative path -> pixel size) and its overrides."""

    data: dict[str, Any]
    images: dict[str, tuple[int, int]] = field(default_factory=dict)
    overrides: str = ""

    @property
    def scenes(self) -> list[dict[str, Any]]:
        return self.data["publication"]["watch"]["scenes"]


def write(generated: Generated, folder: Path) -> tuple[Path, Path | None]:
    """The lecture written into `folder` with its images; its path and its overrides' path."""
    from PIL import Image

    folder.mkdir(parents=True, exist_ok=True)
    for relative, (width, height) in generated.images.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        scale = 48 / max(width, height)  # small files, the same shape
        Image.new("RGB", (max(1, round(width * scale)), max(1, round(height * scale))), (90, 140, 210)).save(path)
    lecture = folder / "lecture.json"
    lecture.write_text(json.dumps(generated.data, indent=1, ensure_ascii=False), encoding="utf-8")
    overrides = None
    if generated.overrides:
        overrides = folder / "overrides.toml"
        overrides.write_text(generated.overrides, encoding="utf-8")
    return lecture, overrides


def written(path: Path, folder: Path) -> tuple[Path, Path | None]:
    """A lecture of ours and its overrides; a found one (kept as the strategy wrote it) written out."""
    if path.parent.name == "found":
        saved = json.loads(path.read_text(encoding="utf-8"))
        images = {k: tuple(v) for k, v in saved.get("images", {}).items()}
        return write(Generated(saved["data"], images, saved.get("overrides", "")), folder)
    overrides = path.parent / "overrides.toml"
    return path, overrides if overrides.is_file() else None


def plan_of(lecture: Path, overrides: Path | None = None, fps: int = 15) -> list[ScenePlan]:
    """Every scene's plan, as `lecturekit plan` makes it: the layout properties' input."""
    resolved = read(lecture, overrides)
    return [plan_scene(scene, fps, Path(resolved.folder)) for scene in resolved.scenes]


# ---------------------------------------------------------------- actions, as the format writes them


def shown(name: str, how: str = "written out") -> str:
    return f"{name} is shown on the screen, {how}."


def hidden(name: str, cause: str | None = None, plain: bool = False) -> str:
    if plain:
        return f"{name} is hidden from the screen."
    return f"{name} is hidden from the screen — {cause + ' ' if cause else ''}left the board."


def part_of(part: str | None) -> str:
    return f' (the "{part}" part)' if part else ""


# ---------------------------------------------------------------- text


def _words(draw: st.DrawFn, least: int, most: int) -> str:
    words = draw(st.lists(st.sampled_from(WORDS), min_size=least, max_size=most))
    if len(words) > 3 and draw(st.booleans()):
        words.insert(draw(st.integers(0, len(words))), draw(st.sampled_from(INLINE_MATH)))
    return " ".join(words).capitalize() + "."


#: Words of a sentence in a table's cell: those of `WORDS` that hold a letter (each counts as a word).
SENTENCE_WORDS = [w for w in WORDS if any(ch.isalpha() for ch in w)]


def _sentence(draw: st.DrawFn) -> str:
    """A table's cell that is a sentence: 5 to 9 words, so its table is set as text."""
    return " ".join(draw(st.lists(st.sampled_from(SENTENCE_WORDS), min_size=5, max_size=9))).capitalize() + "."


def _quoted(text: str) -> str:
    return text.replace('"', "'")


@dataclass
class _Object:
    name: str
    kind: str
    description: str
    parent: str | None = None
    text: str = ""  # what parts are taken from
    steps: int = 0  # lines of a Derivation, rows of a Table
    rows: int = 0
    columns: int = 0
    follows: tuple[str, ...] = ()  # the VariableNumbers it follows


class _SceneWriter:
    """Draws one scene's objects, then its history, keeping the board as the format sees it."""

    def __init__(self, draw: st.DrawFn, index: int, start: float, images: dict[str, tuple[int, int]],
                 overrides: dict[tuple[int, str], dict[str, str]], any_colour: bool = False):
        self.draw, self.index, self.start = draw, index, start
        self.any_colour = any_colour
        self.images, self.overrides = images, overrides
        self.title = f"Scene {index} " + draw(st.sampled_from(["Waves", "Tables", "Arrows", "Proof", "Sample"]))
        self.objects: dict[str, _Object] = {}
        self.variables: list[str] = []
        self.initial: dict[str, float] = {}
        self.sep = draw(st.sampled_from(["", "_"]))  # head1, fig1_vector1 or head_1, fig_1_vector_1

    # ------------------------------------------------------------ objects
    def add(self, obj: _Object) -> _Object:
        self.objects[obj.name] = obj
        return obj

    def fresh(self, stem: str) -> str:
        n = sum(1 for name in self.objects if name.startswith(stem)) + 1
        return f"{stem}{self.sep}{n}"

    def frame(self, name: str, kind: str, color_ok: bool = True, label: bool = False) -> str:
        draw = self.draw
        article = "an" if kind[0] in "AEIOU" else "a"
        out = f"{article} {kind}"
        colours = ANY_COLOUR if self.any_colour else st.sampled_from(COLORS)
        color = draw(colours) if color_ok or self.any_colour else None
        if color is not None and color.startswith("#"):
            self.overrides.setdefault((self.index, name), {})["color"] = color
        elif color is not None:
            out += f" [{color}]"
        if label and draw(st.booleans()):
            out += f' labelled "{draw(st.sampled_from(LABELS))}"'
        return out

    def tinted(self, name: str, kind: str) -> str:
        """`a KIND [text]`, or with `any_colour` in any colour."""
        return self.frame(name, kind) if self.any_colour else f"a {kind} [text]"

    def texts(self) -> None:
        draw = self.draw
        if self.index == 1 and draw(st.booleans()):
            self.add(_Object("card", "Title", f'a Title that says "{_quoted(_words(draw, 2, 9))}"'))
        for _ in range(draw(st.integers(0, 2))):
            name = self.fresh("head")
            text = _words(draw, 1, 6)
            self.add(_Object(name, "Heading", f'a Heading that says "{_quoted(text)}"', text=text))
        for _ in range(draw(st.integers(0, 3))):
            kind = draw(st.sampled_from(PANELS))
            text = _words(draw, 2, 8) if kind == "Text" else _words(draw, 3, 70)
            name = self.fresh(kind.lower())
            self.add(_Object(name, kind, f'{self.frame(name, kind)} that says "{_quoted(text)}"', text=text))
        for _ in range(draw(st.integers(0, 2))):
            formula = draw(st.sampled_from(FORMULAS))
            name = self.fresh("math")
            self.add(_Object(name, "Math", f'{self.frame(name, "Math")} that says "{formula}"', text=formula))
        if draw(st.booleans()):
            lines = draw(st.lists(st.sampled_from(LINES), min_size=1, max_size=5))
            text = "$" + " \\ ".join(lines) + "$"
            name = self.fresh("steps")
            self.add(_Object(name, "Derivation", f'{self.tinted(name, "Derivation")} that says "{text}"',
                             text=text, steps=len(lines)))
        for _ in range(draw(st.integers(0, 2))):
            self.table()

    def table(self) -> None:
        draw = self.draw
        rows, columns = draw(st.integers(1, 6)), draw(st.integers(1, 5))
        cells = [[draw(st.sampled_from(CELLS)) for _ in range(columns)] for _ in range(rows)]
        header = draw(st.booleans())
        text = " ".join(c for row in cells for c in row)
        literal = "(" + ", ".join("(" + ", ".join(repr(c) for c in row) + ("," if columns == 1 else "") + ")"
                                  for row in cells) + ("," if rows == 1 else "") + ")"
        flat = [c for row in cells for c in row]
        one_word = all(len(c.split()) == 1 for c in flat)
        # the TEXT determines the cells where no two words stand side by side (they could be one cell),
        # and the rows where the cut leaves the first row whole (its length is the column count)
        fixed = not any(_word(a) and _word(b) for a, b in itertools.pairwise(flat)) and literal.index(")") < 63
        if len(literal) > 63 and one_word and draw(st.booleans()) and fixed:  # cut where the recording cuts
            literal = literal[:63] + "…"
        name = self.fresh("table")
        description = f'{self.tinted(name, "Table")} that says "{text}" (rows={literal}, header={header})'
        self.add(_Object(name, "Table", description, text=text, steps=rows, rows=rows, columns=columns))

    def images_(self) -> None:
        draw = self.draw
        for _ in range(draw(st.integers(0, 2))):
            width, height = draw(st.sampled_from(SHAPES))
            name = self.fresh("image")
            path = f"figures/s{self.index}-{name}.{draw(st.sampled_from(['png', 'jpg', 'webp']))}"
            self.images[path] = (width, height)
            self.add(_Object(name, "Image", f"an Image (path='{path}', aspect=({width}, {height}))"))

    def variable(self) -> str:
        name = self.fresh("v")
        spec = self.draw(st.sampled_from(["", ", format_spec='.2f'", ", format_spec='.0f'"]))
        value = self.draw(st.sampled_from([0.0, 0.5, 1.0]))
        self.add(_Object(name, "VariableNumber", f"a VariableNumber (initial_value={value}{spec})"))
        self.variables.append(name)
        self.initial[name] = value
        return name

    def reference(self, name: str) -> str:
        """A VariableNumber as a value names it: bare, or as `<VariableNumber v = 0.5>`."""
        return f"<VariableNumber {name} = {self.initial[name]}>" if self.draw(st.booleans()) else name

    def containers(self) -> None:
        draw = self.draw
        for _ in range(draw(st.integers(0, 2))):
            axes = draw(st.booleans())
            kind = "Axes" if axes else "Figure"
            name = self.fresh("axes" if axes else "fig")
            (x0, y0), (width, height) = draw(st.tuples(st.sampled_from(ORIGINS), st.sampled_from(SPANS)).filter(
                lambda frame: min(frame[1]) > 1e-6 * max(map(abs, frame[0]))))  # a span floats can hold
            params = f"x_range=({x0}, {x0 + width}), y_range=({y0}, {y0 + height})"
            if draw(st.booleans()):
                params += f", aspect=({draw(st.sampled_from(ASPECTS))})"
            if axes and draw(st.booleans()):
                params += f", x_ticks_every={width / 4}"
            if axes and draw(st.booleans()):
                params += f", y_ticks_every={height / 2}"
            self.add(_Object(name, kind, f"{self.frame(name, kind, color_ok=False, label=True)} ({params})"))
            self.children(name, axes, (x0, x0 + width), (y0, y0 + height))

    def children(self, parent: str, axes: bool, xs: tuple[float, float], ys: tuple[float, float]) -> None:
        draw = self.draw
        (x0, x1), (y0, y1) = xs, ys

        def at(u: str, v: str) -> str:
            return f"({x0} + {x1 - x0} * {u}, {y0} + {y1 - y0} * {v})"

        def fraction() -> str:
            return str(draw(st.sampled_from([0.1, 0.25, 0.5, 0.7, 0.9])))

        def moving() -> tuple[str, tuple[str, ...]]:
            if self.variables and draw(st.booleans()):
                v = draw(st.sampled_from(self.variables))
                ref = self.reference(v)
                if len(self.variables) > 1 and draw(st.booleans()):
                    w = next(n for n in self.variables if n != v)
                    return f"clamp(0.5 + 0.2 * sin({ref}) + 0.2 * tanh({self.reference(w)}), 0.05, 0.95)", (v, w)
                return draw(st.sampled_from([f"(0.5 + 0.4 * sin({ref}))", f"clamp({ref}, 0.05, 0.95)",
                                             f"(0.5 + 0.3 * tanh({ref} - 0.5))"])), (v,)
            return fraction(), ()

        if draw(st.booleans()) and len(self.variables) < 2:
            self.variable()
        for _ in range(draw(st.integers(0, 6))):
            kind = draw(st.sampled_from(["Vector", "Line", "Point", "Math"]))
            name = self.fresh(f"{parent}_{kind.lower()}")
            u, follows = moving()
            if kind == "Math":
                formula = draw(st.sampled_from(["$x_1$", "$a$", "$theta$", "$v + w$"]))
                self.add(_Object(name, kind, f'{self.tinted(name, kind)} that says "{formula}" drawn in {parent}',
                                 parent=parent, text=formula))
                continue
            head = f"{self.frame(name, kind, label=True)} drawn in {parent}"
            if kind == "Point":
                radius = draw(st.sampled_from(["", ", marker_radius=0.05", ", marker_radius=0.12",
                                               ", marker_radius=2.0"]))
                description = f"{head} (location={at(u, fraction())}{radius})"
            else:
                dashed = ", dashed=True" if kind == "Line" and draw(st.booleans()) else ""
                origin = x0 <= 0 <= x1 and y0 <= 0 <= y1  # children stay inside their plot (else check warns)
                start = at(fraction(), fraction()) if draw(st.booleans()) or not origin else "(0, 0)"
                end = at(u, fraction())
                if draw(st.integers(0, 5)) == 0:  # cut short in the recording, as long values are; overrides supply it
                    self.overrides.setdefault((self.index, name), {})["end"] = end
                    end = end[:draw(st.integers(3, len(end) - 1))] + "…"
                description = f"{head} (start={start}, end={end}{dashed})"
            self.add(_Object(name, kind, description, parent=parent, follows=follows))
        for _ in range(draw(st.integers(0, 3 if axes else 1))):  # graphs belong in Axes, yet a Figure may hold one
            name = self.fresh(f"{parent}_plot")
            follows: tuple[str, ...] = ()
            x = f"((x - {x0}) / {x1 - x0} * 4 - 2)"
            y = f"{y0} + {y1 - y0} * (0.5 + 0.3 * ({{}}))"  # a body within 1.5 of 0 stays in the plot
            if draw(st.integers(0, 4)) == 0:  # a body the overrides supply
                function = "<function>"
                body = y.format(draw(st.sampled_from(FUNCTIONS)).format(x=x))
                self.overrides.setdefault((self.index, name), {})["function"] = body
            elif self.variables and draw(st.booleans()):
                v = draw(st.sampled_from(self.variables))
                follows = (v,)
                function = y.format(draw(st.sampled_from(VARYING)).format(x=x, v=v))
            else:
                function = y.format(draw(st.sampled_from(FUNCTIONS)).format(x=x))
            description = f"{self.frame(name, 'FunctionPlot', label=True)} drawn in {parent} (function={function})"
            self.add(_Object(name, "FunctionPlot", description, parent=parent, follows=follows))
            if draw(st.booleans()):
                u, on = moving()
                dot = self.fresh(f"{parent}_dot")
                self.add(_Object(dot, "PlotPoint", f"{self.frame(dot, 'PlotPoint')} drawn in {parent} "
                                 f"(target='{name}', x={x0} + {x1 - x0} * {u})",
                                 parent=parent, follows=tuple(dict.fromkeys(on + follows))))

    # ------------------------------------------------------------ history
    def history(self) -> tuple[list[tuple[float, str]], float]:
        draw = self.draw
        t = self.start
        does: list[tuple[float, str]] = []
        on: set[str] = set()
        revealed: set[str] = set()
        emphasised: dict[str, list[str | None]] = {}  # the parts of each object emphasised now
        heading: str | None = None
        shows = [n for n, o in self.objects.items() if o.kind != "VariableNumber"]

        def children_of(name: str) -> list[str]:
            return [n for n, o in self.objects.items() if o.parent == name]

        def leave(name: str, when: float) -> None:
            for child in children_of(name):
                if child in on:
                    does.append((when, hidden(child, name)))
                    on.discard(child)
                    emphasised.pop(child, None)
            plain = draw(st.booleans()) and self.objects[name].kind not in ("Derivation", "Table")
            does.append((when, hidden(name, plain=plain)))
            on.discard(name)
            emphasised.pop(name, None)

        steps = draw(st.integers(len(shows), 3 * len(shows) + 6))
        for _ in range(steps):
            t += draw(st.sampled_from([0.0, 0.1, 0.12, 0.5, 1.0, 2.5, 4.0]))
            choices = []
            can_show = [n for n in shows if n not in on and n not in revealed
                        and (self.objects[n].parent is None or self.objects[n].parent in on)]
            if can_show:
                choices += ["show"] * 3
            visible = sorted(on)
            if visible:
                choices += ["hide", "move", "emphasise", "flash", "box"]
            if self.variables:
                choices.append("tick")
            if not choices:
                break
            what = draw(st.sampled_from(choices))
            if what == "show":
                name = draw(st.sampled_from(can_show))
                obj = self.objects[name]
                if obj.kind == "Heading" and heading in on:
                    leave(heading, t)  # type: ignore[arg-type]
                if obj.kind == "Heading":
                    heading = name
                how = draw(st.sampled_from(["written out", "drawn", "grown"]))
                does.append((t, shown(name, how)))
                for _ in range(obj.steps - 1):  # the next line or row each time
                    t += draw(st.sampled_from([0.1, 0.6, 1.5]))
                    does.append((t, shown(name)))
                if obj.steps:
                    revealed.add(name)  # one reveal per line: it cannot come back
                if obj.kind == "Title" and draw(st.booleans()):
                    does.append((t + 0.3, f"{name}: enter:write-left-to-right."))
                on.add(name)
            elif what == "hide":
                name = draw(st.sampled_from(visible))
                cause = self.objects[name].parent
                if cause is None:
                    leave(name, t)
                else:
                    does.append((t, hidden(name, plain=draw(st.booleans()))))
                    on.discard(name)
                    emphasised.pop(name, None)
            elif what == "move":
                tops = [n for n in visible if self.objects[n].parent is None]
                if tops:
                    does.append((t, f"{draw(st.sampled_from(tops))} moves to a new place on the board."))
            elif what in ("emphasise", "flash"):
                name = draw(st.sampled_from(visible))
                if what == "emphasise" and name in emphasised and draw(st.booleans()):
                    parts = emphasised[name]
                    does.append((t, f"{name}{part_of(parts.pop(draw(st.integers(0, len(parts) - 1))))} "
                                 "is no longer emphasized."))
                    if not parts:
                        del emphasised[name]
                    continue
                part = self.part(self.objects[name])
                if what == "emphasise":  # a second part of it may be emphasised as well
                    if part in emphasised.get(name, []):
                        continue
                    emphasised.setdefault(name, []).append(part)
                    does.append((t, f"{name}{part_of(part)} is emphasized."))
                else:
                    does.append((t, f"{name}{part_of(part)} is indicated — a transient flash."))
            elif what == "box":
                does.append((t, f"A box is drawn around {draw(st.sampled_from(visible))}."))
            elif what == "tick":
                v = draw(st.sampled_from(self.variables))
                value = draw(st.sampled_from([0.0, 0.2, 0.75, 1.0, 2.5, -1.5, 6.0, 1e6]))
                does.append((t, f"{v} ticks to {value}."))
                for name in sorted(on):
                    if v in self.objects[name].follows:
                        does.append((t, f"{name} is redrawn as the numbers it depends on change."))
        if on and draw(st.booleans()):  # clear the board, or leave it as it is
            t += 1.0
            for name in sorted(n for n in on if self.objects[n].parent is None):
                leave(name, t)
        last = max([t, *(when for when, _ in does)])  # a style hint may come after the last step
        return does, max(last + draw(st.sampled_from([0.0, 0.5, 2.0, 8.0])), self.start + 0.5)

    def part(self, obj: _Object) -> str | None:
        """A part the object has: a piece of its text (the second occurrence where there is one),
        a table's row or column, or none (the whole object)."""
        draw = self.draw
        if not draw(st.booleans()):
            return None
        if obj.kind == "Table":
            if draw(st.booleans()):
                return f"row={draw(st.integers(1, obj.rows))}"
            return f"column={draw(st.integers(1, obj.columns))}"
        if obj.kind in ("Math", "Derivation") and draw(st.booleans()):  # any stretch of the formula
            body = obj.text.strip("$")
            a = draw(st.integers(0, len(body) - 1))
            piece = body[a:draw(st.integers(a + 1, min(len(body), a + 24)))].strip()
            return piece if piece and "#" not in piece else None
        pieces = [w for w in obj.text.replace("$", " ").split() if w.isalpha() and len(w) > 2]
        if not pieces:
            return None
        piece = draw(st.sampled_from(pieces))
        return f"{piece}#2" if obj.text.count(piece) >= 2 and draw(st.booleans()) else piece


def _live(objects: dict[str, _Object], does: list[tuple[float, str]], at: float) -> list[str]:
    """The `live` list a recording gives at `at`: what the actions before it leave on the board,
    Derivations and Tables aside."""
    board: set[str] = set()
    for t, action in sorted(does, key=lambda pair: pair[0]):
        if round(t, 3) >= at:
            break
        name = action.split(" ", 1)[0]
        if " is shown on the screen" in action:
            board.add(name)
        elif " is hidden from the screen" in action:
            board.discard(name)
    return sorted(n for n in board if objects[n].kind not in ("Derivation", "Table"))


@st.composite
def scenes(draw: st.DrawFn, index: int, start: float, images: dict[str, tuple[int, int]],
           overrides: dict[tuple[int, str], dict[str, str]], any_colour: bool = False) -> dict[str, Any]:
    writer = _SceneWriter(draw, index, start, images, overrides, any_colour)
    if draw(st.booleans()):
        writer.variable()
    writer.texts()
    writer.images_()
    writer.containers()
    if not writer.objects:
        writer.add(_Object("only", "Text", 'a Text that says "Alone on the board."', text="Alone on the board."))
    does, end = writer.history()
    times = sorted({round(t, 3) for t, _ in does} - {round(end, 3)})  # a beat starts inside its scene
    starts = [start, *draw(st.lists(st.sampled_from(times), max_size=4, unique=True))] if times else [start]
    starts = sorted(set(starts))
    beats = []
    for b, beat_start in enumerate(starts):
        beat_end = starts[b + 1] if b + 1 < len(starts) else end + 1
        beats.append({
            "start": beat_start,
            "say": _words(draw, 0, 30) if draw(st.booleans()) else "",
            "live": _live(writer.objects, does, beat_start) if draw(st.booleans()) else None,
            "does": [[round(t, 3), a] for t, a in does if beat_start <= round(t, 3) < beat_end],
        })
    names = list(writer.objects)  # as declared (parents first), in name order, or children first
    names = draw(st.sampled_from([names, sorted(names), names[::-1]]))
    return {"title": writer.title, "start": start, "end": round(end, 3),
            "objects": {n: writer.objects[n].description for n in names}, "beats": beats}


@st.composite
def lectures(draw: st.DrawFn, max_scenes: int = 3, any_colour: bool = False) -> Generated:
    images: dict[str, tuple[int, int]] = {}
    overrides: dict[tuple[int, str], dict[str, str]] = {}
    found = []
    start = draw(st.sampled_from([0.0, 0.0, 447.1637291666666]))  # a lecture may begin later, as a cut does
    for index in range(1, draw(st.integers(1, max_scenes)) + 1):
        scene = draw(scenes(index, start, images, overrides, any_colour))
        found.append(scene)
        start = scene["end"]
    data = {"version": 1, "publication": {"slug": "generated", "title": "A Generated Lecture",
                                          "watch": {"scenes": found}}}
    toml = "".join(f'["{index}".{name}]\n' + "".join(f'{key} = "{value}"\n' for key, value in attrs.items())
                   for (index, name), attrs in overrides.items())
    return Generated(data, images, toml)


@st.composite
def growing_boards(draw: st.DrawFn) -> Generated:
    """One scene whose board grows over its life (issue 30's boards): texts (Panels, Blocks and
    Texts) added one per beat beside a picture of any shape, or a Derivation revealed line by
    line with a Block or Panel arriving beside it between its lines."""
    objects = {"head": 'a Heading that says "A board that grows"'}
    does: list[list[object]] = [[0.0, shown("head")]]
    gap = draw(st.sampled_from([1.0, 4.5, 8.0]))  # within the settle time, or a beat apart
    if draw(st.booleans()):
        width, height = draw(st.sampled_from(SHAPES))
        objects["picture"] = f"a Figure (x_range=(0.0, {width / 100}), y_range=(0.0, {height / 100}), " \
                             f"aspect=({width}.0, {height}.0))"
        does.append([0.5, shown("picture", "drawn")])
        for k in range(draw(st.integers(1, 4))):
            kind = draw(st.sampled_from(PANELS))
            text = _words(draw, 2, 10) if kind == "Text" else _words(draw, 10, 50)
            objects[f"text_{k}"] = f'a {kind} that says "{_quoted(text)}"'
            does.append([round(1.0 + k * gap, 3), shown(f"text_{k}")])
    else:
        lines = draw(st.lists(st.sampled_from(LINES), min_size=2, max_size=5))
        objects["steps"] = 'a Derivation [text] that says "$' + " \\ ".join(lines) + '$"'
        kind = draw(st.sampled_from(["Block", "Panel"]))
        objects["note"] = f'a {kind} that says "{_quoted(_words(draw, 10, 50))}"'
        times = [round(0.5 + k * gap, 3) for k in range(len(lines))]
        does += [[t, shown("steps")] for t in times]
        does.append([round(draw(st.sampled_from(times)) + 0.25, 3), shown("note")])
    does.sort(key=lambda d: float(d[0]))  # type: ignore[arg-type]
    end = float(does[-1][0]) + 6.0  # type: ignore[arg-type]
    scene = {"title": "A board that grows", "start": 0, "end": end, "objects": objects,
             "beats": [{"start": 0, "say": "", "live": None, "does": does}]}
    return Generated({"version": 1, "publication": {"slug": "growing", "title": "A Growing Board",
                                                    "watch": {"scenes": [scene]}}})


@st.composite
def sentence_tables(draw: st.DrawFn) -> Generated:
    """One scene with a Table whose cells are sentences (2 to 4 columns, 2 to 5 rows, revealed a row
    at a time) under a Heading, alone or with a Panel arriving before, with or after it (issue
    30's table of sentences)."""
    note = draw(st.sampled_from([None, "before", "with", "after"]))  # when a Panel arrives, if one does
    rows, columns = draw(st.integers(2, 5)), draw(st.integers(2, 4))
    cells = [[_sentence(draw) for _ in range(columns)] for _ in range(rows)]
    literal = "(" + ", ".join("(" + ", ".join(repr(c) for c in row) + ")" for row in cells) + ")"
    text = " ".join(c for row in cells for c in row)
    objects = {"head": 'a Heading that says "A table of sentences"',
               "table": f'a Table [text] that says "{text}" (rows={literal}, header={draw(st.booleans())})'}
    does: list[list[object]] = [[0.0, shown("head")]]
    gap = draw(st.sampled_from([1.0, 5.0]))  # rows within the settle time, or a beat apart
    does += [[round(1.0 + k * gap, 3), shown("table")] for k in range(rows)]
    if note is not None:
        objects["note"] = f'a Panel that says "{_quoted(_words(draw, 10, 40))}"'
        does.append([{"before": 0.5, "with": 1.5, "after": round(2.0 + rows * gap, 3)}[note], shown("note")])
    does.sort(key=lambda d: float(d[0]))  # type: ignore[arg-type]
    end = float(does[-1][0]) + 6.0  # type: ignore[arg-type]
    scene = {"title": "A table of sentences", "start": 0, "end": end, "objects": objects,
             "beats": [{"start": 0, "say": "", "live": None, "does": does}]}
    return Generated({"version": 1, "publication": {"slug": "sentences", "title": "A Table of Sentences",
                                                    "watch": {"scenes": [scene]}}})


_PLAIN = [w for w in WORDS if w.isalpha()]


def _cells(draw: st.DrawFn, rows: int, columns: int, least: int, most: int) -> tuple[str, str]:
    """A Table's TEXT and its `rows=` of `rows` x `columns` cells of `least` to `most` plain words."""
    cells = [[" ".join(draw(st.lists(st.sampled_from(_PLAIN), min_size=least, max_size=most)))
              for _ in range(columns)] for _ in range(rows)]
    text = " ".join(c for row in cells for c in row)
    given = ", ".join("(" + ", ".join(f"'{c}'" for c in row) + ")" for row in cells)
    return text, f"rows=({given}), header=True"


@st.composite
def crowded_boards(draw: st.DrawFn) -> Generated:
    """One scene putting issue 30's crowded board up within a second or two: a Heading, a Figure
    with 2 to 8 children (vectors and labelled points), a Derivation of 2 to 7 lines, a Table of
    2 to 3 rows and 2 to 4 columns, and 1 to 4 texts (Panels, Blocks, Texts, Maths), or a Table
    of sentences with a Panel beside it."""
    objects = {"head": 'a Heading that says "A crowded board"'}
    does: list[list[object]] = [[0.0, shown("head")]]
    at = 0.2

    def show(name: str, how: str = "written out", times: int = 1) -> None:
        nonlocal at
        for _ in range(times):
            does.append([round(at, 3), shown(name, how)])
            at += 0.1

    if draw(st.booleans()):  # the crowded board
        objects["plane"] = "a Figure (x_range=(-2.0, 2.0), y_range=(-2.0, 2.0), aspect=(1, 1))"
        show("plane", "drawn")
        for k in range(draw(st.integers(2, 8))):
            x, y = round(-1.6 + 0.4 * k, 2), round(1.5 - 0.35 * k, 2)
            if k % 2:
                objects[f"mark_{k}"] = f'a Point [yellow] labelled "P_{k}" drawn in plane (location=({x}, {y}))'
            else:
                objects[f"mark_{k}"] = f"a Vector [green] drawn in plane (end=({x}, {y}))"
            show(f"mark_{k}", "grown")
        lines = draw(st.lists(st.sampled_from(LINES), min_size=2, max_size=7))
        objects["steps"] = 'a Derivation [text] that says "$' + " \\ ".join(lines) + '$"'
        show("steps", times=len(lines))
        rows, columns = draw(st.integers(2, 3)), draw(st.integers(2, 4))
        text, given = _cells(draw, rows, columns, 1, 2)
        objects["table"] = f'a Table [text] that says "{text}" ({given})'
        show("table", times=rows)
        for k in range(draw(st.integers(1, 4))):
            kind = draw(st.sampled_from(["Panel", "Block", "Text", "Math"]))
            if kind == "Math":
                objects[f"text_{k}"] = f'a Math [text] that says "{draw(st.sampled_from(INLINE_MATH))}"'
            else:
                words = _words(draw, 3, 8) if kind == "Text" else _words(draw, 10, 40)
                objects[f"text_{k}"] = f'a {kind} that says "{_quoted(words)}"'
            show(f"text_{k}")
    else:  # a table of sentences beside a Panel
        rows, columns = draw(st.integers(2, 4)), draw(st.integers(2, 3))
        text, given = _cells(draw, rows, columns, 3, 7)
        objects["table"] = f'a Table [text] that says "{text}" ({given})'
        show("table", times=rows)
        objects["note"] = f'a Panel that says "{_quoted(_words(draw, 10, 40))}"'
        show("note")
    end = at + 6.0
    scene = {"title": "A crowded board", "start": 0, "end": round(end, 3), "objects": objects,
             "beats": [{"start": 0, "say": "", "live": None, "does": does}]}
    return Generated({"version": 1, "publication": {"slug": "crowded", "title": "A Crowded Board",
                                                    "watch": {"scenes": [scene]}}})


def designed_boards() -> st.SearchStrategy[Generated]:
    """Issue 30's boards: crowded ones, tables of sentences, and boards that grow (`growing_boards`)."""
    return st.one_of(crowded_boards(), sentence_tables(), growing_boards())
