"""Contrast as WCAG 2.2 measures it, and the nearest shade of a colour that has enough.

WCAG 2.2's relative luminance (sRGB channels linearised with the 0.04045 knee the 2.2 text uses)
and contrast ratio `(L1 + 0.05) / (L2 + 0.05)`, https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio.
The figures the board keeps: 1.4.3 Contrast (Minimum) asks 4.5:1 of text and 3:1 of large text
(18 pt, or 14 pt bold); 1.4.11 Non-text Contrast asks 3:1 of the graphics that carry meaning
(lines, arrows, plot curves and points).

lecturekit asks 4.5:1 of every text, large or not. At a lecturekit size `s` a glyph's em is
`s / 96` board units, `s * 1080 / 768` px on a 1080p board: the smallest text (24) is 34 px, which
would be large text (24 CSS px) were a frame pixel a CSS pixel. It is not: a video is watched in a
window or on a phone at a fraction of its pixels, so how large its text is to the reader is
unknown, and only the stricter figure holds at every size.

The nearest shade is found in OKLCH (Björn Ottosson's OKLab, https://bottosson.github.io/posts/oklab/):
its hue is kept, its lightness moved as little as it must be, and its chroma only lowered where
sRGB cannot show that chroma at that lightness. The maths is short and exact, so it is written out
here rather than taken from a colour library.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import cache

#: 1.4.3: text, large or not (see above).
TEXT = 4.5
#: 1.4.11: lines, arrows, plot curves and points.
GRAPHICS = 3.0

_STEPS = 100  # lightness is searched in steps of 1 / _STEPS, then bisected within the first that passes


def rgb(colour: str) -> tuple[int, int, int]:
    """`#RRGGBB` as its three bytes."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def hexed(channels: Iterable[float]) -> str:
    """Bytes (rounded, kept in 0..255) as `#RRGGBB`."""
    return "#" + "".join(f"{min(255, max(0, round(c))):02X}" for c in channels)


def toward(colour: str, target: str, share: float) -> str:
    """`colour` moved `share` of the way to `target`: `target` laid over `colour` at opacity
    `share`, as the board paints a translucent fill."""
    return hexed(c + share * (t - c) for c, t in zip(rgb(colour), rgb(target), strict=True))


def _linear(byte: float) -> float:
    c = byte / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """WCAG 2.2's relative luminance of `#RRGGBB`: 0 for black, 1 for white."""
    r, g, b = (_linear(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(one: str, other: str) -> float:
    """WCAG 2.2's contrast ratio of two colours, 1 to 21, whichever order they come in."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def meets(colour: str, behind: Sequence[str], least: float) -> bool:
    """Whether `colour` has at least `least`:1 against every colour in `behind`."""
    return all(ratio(colour, b) >= least for b in behind)


# ---------------------------------------------------------------- OKLab


def _oklab(colour: str) -> tuple[float, float, float]:
    r, g, b = (_linear(c) for c in rgb(colour))
    lms = (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b,
           0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b,
           0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
    l_, m_, s_ = (math.copysign(abs(v) ** (1 / 3), v) for v in lms)
    return (0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_,
            1.9779984951 * l_ - 2.4285922050 * m_ + 0.4505937099 * s_,
            0.0259040371 * l_ + 0.7827717662 * m_ - 0.8086757660 * s_)


def _linear_rgb(lightness: float, a: float, b: float) -> tuple[float, float, float]:
    l_ = lightness + 0.3963377774 * a + 0.2158037573 * b
    m_ = lightness - 0.1055613458 * a - 0.0638541728 * b
    s_ = lightness - 0.0894841775 * a - 1.2914855480 * b
    lc, mc, sc = l_ ** 3, m_ ** 3, s_ ** 3
    return (4.0767416621 * lc - 3.3077115913 * mc + 0.2309699292 * sc,
            -1.2684380046 * lc + 2.6097574011 * mc - 0.3413193965 * sc,
            -0.0041960863 * lc - 0.7034186147 * mc + 1.7076147010 * sc)


def _encoded(linear: float) -> float:
    return 12.92 * linear if linear <= 0.0031308 else 1.055 * linear ** (1 / 2.4) - 0.055


def _shade(lightness: float, chroma: float, hue: float) -> str:
    """The colour of OKLCH (lightness, chroma, hue), its chroma lowered as far as sRGB needs."""
    low, high = 0.0, chroma

    def inside(c: float) -> bool:
        return all(-1e-6 <= v <= 1 + 1e-6 for v in _linear_rgb(lightness, c * math.cos(hue), c * math.sin(hue)))

    if not inside(high):
        for _ in range(24):
            middle = (low + high) / 2
            low, high = (middle, high) if inside(middle) else (low, middle)
        high = low
    channels = _linear_rgb(lightness, high * math.cos(hue), high * math.sin(hue))
    return hexed(255 * _encoded(min(1.0, max(0.0, v))) for v in channels)


def distance(one: str, other: str) -> float:
    """How far apart two colours look: the distance between them in OKLab (ΔE OK)."""
    return math.dist(_oklab(one), _oklab(other))


@cache
def passing(colour: str, behind: tuple[str, ...], least: float) -> str:
    """`colour` itself where it has `least`:1 against every colour in `behind`; otherwise its
    nearest shade (in OKLab) that has: its OKLCH lightness moved up or down as little as it must
    be, its hue kept, its chroma lowered only where sRGB cannot show it. (Where the surfaces are
    so far apart that no colour has it against all of them, white or black, whichever has more.)"""
    if meets(colour, behind, least):
        return colour
    lightness, a, b = _oklab(colour)
    chroma, hue = math.hypot(a, b), math.atan2(b, a)
    found = [shade for way in (1, -1) if (shade := _first_passing(lightness, chroma, hue, way, behind, least))]
    if not found:  # surfaces too far apart for any colour to have `least` on all: the most any has
        return max(("#FFFFFF", "#000000"), key=lambda end: min(ratio(end, b) for b in behind))
    return min(found, key=lambda shade: distance(shade, colour))


def _first_passing(lightness: float, chroma: float, hue: float, way: int, behind: tuple[str, ...], least: float
                   ) -> str | None:
    """The shade nearest `lightness` going `way` (lighter: 1, darker: -1) that passes, or None."""
    end = 1.0 if way > 0 else 0.0
    if not meets(_shade(end, chroma, hue), behind, least):  # not even white (black) passes
        return None
    failing = lightness
    for step in range(1, _STEPS + 1):
        trial = lightness + (end - lightness) * step / _STEPS
        if meets(_shade(trial, chroma, hue), behind, least):
            for _ in range(16):  # between the last that fails and the first that passes
                middle = (failing + trial) / 2
                if meets(_shade(middle, chroma, hue), behind, least):
                    trial = middle
                else:
                    failing = middle
            return _shade(trial, chroma, hue)
        failing = trial
    return None
