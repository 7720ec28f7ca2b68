"""The look: palette, text sizes and the board's geometry. Pure data; the backend reads it.

Colour names in lectures (`[yellow]`, `[text]`, …) map onto one palette chosen to read well on a
dark board. Sizes are Manim font sizes (a 10 pt Typst body is scaled by size / 960 units per pt).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

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
EMPHASIS = "#F2C14E"
PANEL_FILL = "#1F232B"
PANEL_STROKE = "#3A4050"
BLOCK_ACCENT = "#5DA9E9"
AXIS = "#8B909A"
PLACEHOLDER = "#E5625E"


def color(name: str | None) -> str:
    """The palette's colour for a lecture's colour name (the text colour when unknown)."""
    if name is None:
        return PALETTE["text"]
    if name.startswith("#") and len(name) == 7:
        return name
    return PALETTE.get(name.lower(), PALETTE["text"])


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
class Frame:
    """The board in Manim units: origin at the centre, y up."""

    width: float = 128 / 9
    height: float = 8.0
    #: Safe-area margin, as a fraction of each side.
    margin: float = 0.05
    heading_band: float = 0.95
    gap: float = 0.35
    panel_padding: float = 0.22

    @property
    def safe(self) -> tuple[float, float, float, float]:
        mx, my = self.width * self.margin, self.height * self.margin
        return (-self.width / 2 + mx, -self.height / 2 + my, self.width / 2 - mx, self.height / 2 - my)


@dataclass(frozen=True)
class Theme:
    sizes: Sizes = field(default_factory=Sizes)
    frame: Frame = field(default_factory=Frame)


THEME = Theme()
