"""The look: palette, text sizes and the board's geometry. Pure data; the backend reads it.

Colour names in lectures (`[yellow]`, `[text]`, …) map onto one palette chosen to read well on a
dark board; Manim's and CSS's names are accepted too, a hue the palette has taking its shade.
Sizes are Manim font sizes (a 10 pt Typst body is scaled by size / 960 units per pt).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType

from lecturekit.boxes import Box
from lecturekit.color_names import MANIM
from lecturekit.contrast import toward

PALETTE = MappingProxyType(
    {
        "background": "#15171C",
        "text": "#ECE9E2",
        "yellow": "#F2C14E",
        "blue": "#5DA9E9",
        "green": "#6CC57C",
        "red": "#E5625E",
        "magenta": "#C774E8",
        "gray": "#8B909A",
        "grey": "#8B909A",
        "white": "#ECE9E2",
        "orange": "#EE964B",
        "teal": "#4FB3A9",
        "purple": "#9D7BE0",
    }
)
#: The font every text is set in first: Typst's own New Computer Modern (Latin, Greek, Cyrillic),
#: embedded in Typst; the scripts it lacks fall back along `lecturekit.typst.fonts`' chain.
FONT = "New Computer Modern"
EMPHASIS = "#F2C14E"
#: What emphasis recolours ink already in (nearly) the emphasis colour to, which would not change:
#: the emphasis colour half way to white, lit up.
EMPHASIS_LIT = toward(EMPHASIS, "#FFFFFF", 0.5)
PANEL_FILL = "#1F232B"
PANEL_STROKE = "#3A4050"
BLOCK_ACCENT = "#5DA9E9"
AXIS = "#8B909A"
PLACEHOLDER = "#E5625E"


@dataclass(frozen=True)
class Fill:
    """A fill the board paints behind ink: a colour at an opacity."""

    color: str
    opacity: float

    def over(self, behind: str) -> str:
        """The colour this fill shows laid over `behind`."""
        return toward(behind, self.color, self.opacity)


#: What a Panel paints behind its text, a Block behind its text, a Figure behind its children and
#: label, and emphasis behind the part it marks (over what is behind that part).
PANEL = Fill(PANEL_FILL, 1.0)
BLOCK = Fill(PANEL_FILL, 0.55)
CARD = Fill(PANEL_FILL, 0.6)
HIGHLIGHT = Fill(EMPHASIS, 0.28)


#: Manim's shades of a hue, lightest to darkest (`TEAL_A` … `TEAL_E`): the theme's shade of that
#: hue mixed with white (a positive share) or the background (a negative one).
_SHADES = MappingProxyType({"a": 0.5, "b": 0.25, "c": 0.0, "d": -0.2, "e": -0.4})
_HEX = re.compile(r"#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})")


def _key(name: str) -> str:
    """A colour name as it is looked up: any case, with or without `_`, `-` or spaces (`TEAL_A`,
    `teal a`, `LightGray`)."""
    return re.sub(r"[\s_-]+", "", name.lower())


@cache
def _named() -> dict[str, str]:
    """Every name a lecture may use, by `_key`, with its colour: the theme's names, then
    Manim's (`PINK`, `TEAL_A`; a hue the theme has is the theme's shade of it), then CSS's."""
    from PIL import ImageColor

    named = {_key(css): "#{:02X}{:02X}{:02X}".format(*ImageColor.getrgb(css)[:3]) for css in ImageColor.colormap}
    for manim, value in MANIM.items():
        hue, _, shade = manim.lower().rpartition("_")
        if hue in PALETTE and shade in _SHADES:
            value = _mixed(PALETTE[hue], _SHADES[shade])
        elif manim.lower() in PALETTE:
            value = PALETTE[manim.lower()]
        named[_key(manim)] = value
    named.update({_key(theme): value for theme, value in PALETTE.items()})
    return named


def _mixed(color: str, share: float) -> str:
    """`color` moved by `share` of the way to white (share > 0) or to the board's background."""
    return toward(color, "#FFFFFF" if share > 0 else PALETTE["background"], abs(share))


def is_color(name: str) -> bool:
    """Whether a lecture's colour is one lecturekit draws: a name of the theme, Manim or CSS (any
    case), or `#rgb`, `#rrggbb`, `#rrggbbaa`."""
    return bool(_HEX.fullmatch(name.lower())) or _key(name) in _named()


def nearest_color(name: str) -> str | None:
    """The known colour name nearest in spelling to `name`, for a warning (None when none is near)."""
    found = difflib.get_close_matches(_key(name), list(_named()), n=1, cutoff=0.6)
    if not found:
        return None
    names = [*PALETTE, *MANIM, *_css_names()]
    return next((n for n in names if _key(n) == found[0]), found[0])


def _css_names() -> list[str]:
    from PIL import ImageColor

    return list(ImageColor.colormap)


def color(name: str | None) -> str:
    """The colour `#RRGGBB` a lecture's colour is drawn in (the text colour when unknown);
    `#rrggbbaa` is drawn as that colour laid over the board."""
    if name is None:
        return PALETTE["text"]
    hexed = name.lower()
    if not _HEX.fullmatch(hexed):
        return _named().get(_key(name), PALETTE["text"])
    digits = hexed[1:] if len(hexed) != 4 else "".join(d * 2 for d in hexed[1:])
    if len(digits) == 8:
        return _mixed("#" + digits[:6], -(1 - int(digits[6:], 16) / 255))
    return "#" + digits.upper()


@dataclass(frozen=True)
class Sizes:
    title: float = 56
    heading: float = 42
    body: float = 32
    math: float = 38
    label: float = 28
    table: float = 30
    #: Nothing on the board is typeset smaller than this.
    minimum: float = 24


@dataclass(frozen=True)
class BoardSize:
    """The board in Manim units: origin at the centre, y up."""

    width: float = 128 / 9
    height: float = 8.0
    #: Safe-area margin, as a fraction of each side.
    margin: float = 0.05
    heading_band: float = 0.95
    gap: float = 0.35
    panel_padding: float = 0.22
    #: No band of the content area wider than this share of it (across or down) stays empty while
    #: a text on the board is set below its role's full size (`lecturekit audit`'s rule).
    empty_band: float = 0.25
    #: The room every box drawn around something keeps from the ink it holds (a Box action's
    #: ring, an emphasis highlight, a Panel's or a Block's backing), measured from the glyphs'
    #: own bounds, subscripts, descenders and accents included: 0.12 units, 16.2 px at 1080p.
    clearance: float = 0.12
    #: A Box action's ring: its stroke's width in units (0.04, 5.4 px at 1080p), drawn inside its box.
    ring_width: float = 0.04
    #: The least room between two labels in a Figure or an Axes, and between a label and the marks
    #: and numbers it sits by: 0.08 units, 10.8 px at 1080p.
    label_gap: float = 0.08
    #: How far a halo reaches past the ink of a mark or label drawn over or under another mark's fill
    #: (`lecturekit.plan.halos`): 0.03 units, 4 px at 1080p, inside the label gap.
    halo: float = 0.03

    @property
    def ring_reach(self) -> float:
        """How far a Box action's ring reaches past the ink it is drawn around."""
        return self.clearance + self.ring_width

    @property
    def safe(self) -> Box:
        mx, my = self.width * self.margin, self.height * self.margin
        return Box(-self.width / 2 + mx, -self.height / 2 + my, self.width / 2 - mx, self.height / 2 - my)


@dataclass(frozen=True)
class Theme:
    sizes: Sizes = field(default_factory=Sizes)
    board: BoardSize = field(default_factory=BoardSize)


THEME = Theme()
