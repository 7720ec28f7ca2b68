"""One effect per action form. An effect starts, is set to any progress in [0, 1], and finishes;
most wrap a Manim animation with an explicit rate function, driven by the board's clock.

Rate functions decelerate (quick start, gentle landing) so that an action shows on the very frame
after its cue, as the narration expects, and still settles calmly.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import cast

import numpy as np
from manim import (
    Animation,
    Create,
    Group,
    GrowFromCenter,
    GrowFromPoint,
    ImageMobject,
    Indicate,
    ManimColor,
    Mobject,
    Rectangle,
    RoundedRectangle,
    VGroup,
    VMobject,
    Write,
    linear,
    rate_functions,
)
from manim.utils.bezier import integer_interpolate

from lecturekit import theme as palette
from lecturekit.boxes import Box
from lecturekit.kinds import Entrance
from lecturekit.render.halo import Halo

#: Quick start, gentle landing: visible on the first frame, calm at the end.
DECELERATE = rate_functions.ease_out_cubic


class Effect:
    """Progress from 0 to 1 of one action; `finish` leaves the final state."""

    #: The part of its object the effect changes, when that is less than the whole object.
    area: Mobject | None = None

    def begin(self) -> None: ...

    def update(self, alpha: float) -> None: ...

    def finish(self) -> None:
        self.update(1.0)

    def skip(self) -> None:
        """Jump straight to the end, for a board that is brought to a later frame at once."""
        self.begin()
        self.finish()


class Play(Effect):
    """A Manim animation driven by the board's clock instead of a Scene."""

    def __init__(self, animation: Animation):
        self.animation = animation

    def begin(self) -> None:
        self.animation.begin()
        self.animation.interpolate(0.0)

    def update(self, alpha: float) -> None:
        self.animation.interpolate(alpha)

    def finish(self) -> None:
        self.animation.interpolate(1.0)
        self.animation.finish()

    def skip(self) -> None:
        """Arriving, leaving and flashing all end on the mobject as it stands (a leaver is then
        taken off the board), so there is nothing to animate."""


class Together(Effect):
    def __init__(self, *effects: Effect):
        self.effects = effects

    def begin(self) -> None:
        for effect in self.effects:
            effect.begin()

    def update(self, alpha: float) -> None:
        for effect in self.effects:
            effect.update(alpha)

    def finish(self) -> None:
        for effect in self.effects:
            effect.finish()

    def skip(self) -> None:
        for effect in self.effects:
            effect.skip()


class Then(Effect):
    """An effect, and something to do once it has finished."""

    def __init__(self, effect: Effect, after: Callable[[], None]):
        self.effect, self.after = effect, after

    def begin(self) -> None:
        self.effect.begin()

    def update(self, alpha: float) -> None:
        self.effect.update(alpha)

    def finish(self) -> None:
        self.effect.finish()
        self.after()

    def skip(self) -> None:
        self.effect.skip()
        self.after()


class Delayed(Effect):
    """An effect that runs in the [start, end] part of its cue's time."""

    def __init__(self, effect: Effect, start: float, end: float):
        self.effect, self.start, self.end = effect, start, end

    def begin(self) -> None:
        self.effect.begin()

    def update(self, alpha: float) -> None:
        self.effect.update(min(1.0, max(0.0, (alpha - self.start) / (self.end - self.start))))

    def finish(self) -> None:
        self.effect.finish()

    def skip(self) -> None:
        self.effect.skip()


def drawn(animation: Animation) -> Mobject:
    """What the animation animates: Manim declares it an OpenGL mobject (its first declaration),
    the board's are Cairo's."""
    return cast(Mobject, animation.mobject)


def light_copy(mobject: Mobject) -> Mobject:
    """The mobject's tree with its own points and colours, as an animation needs to start from.
    Manim's `copy` deep-copies every attribute of every glyph, which made writing a paragraph
    cost more than drawing it; the arrays and the tree are all an animation reads."""
    new = copy.copy(mobject)
    for key, value in mobject.__dict__.items():
        if isinstance(value, np.ndarray):
            new.__dict__[key] = value.copy()
    new.submobjects = [light_copy(m) for m in mobject.submobjects]
    new.updaters = list(mobject.updaters)
    return new


class _Write(Write):
    """Manim's Write, its outline and starting point made with `light_copy`, each glyph given
    the outline's style once as it starts to be traced rather than again on every frame, and the
    glyphs it traces listed once."""

    def begin(self) -> None:
        self.traced: set[int] = set()
        self.families: list[tuple] | None = None
        super().begin()

    def get_all_families_zipped(self) -> list[tuple]:
        """Manim's list of what is traced (each member with points, beside its outline and its
        starting copy), worked out once, not on every frame: the three are set up as the Write
        begins, and a part of a curve with points has points, so the members stay the same."""
        if self.families is None:
            self.families = list(super().get_all_families_zipped())
        return self.families

    def create_starting_mobject(self) -> Mobject:
        return light_copy(drawn(self))

    # as Manim's own Write, which is handed the outline too
    def interpolate_submobject(self, submobject: Mobject, starting_submobject: Mobject,  # type: ignore[override]  # as Manim's Write
                               outline: Mobject, alpha: float) -> None:
        index, subalpha = integer_interpolate(0, 2, alpha)
        if index == 0:
            submobject.pointwise_become_partial(outline, 0, subalpha)
            if id(submobject) not in self.traced:  # its points change while traced, its style does not
                submobject.match_style(outline)
                self.traced.add(id(submobject))
        else:
            self.traced.discard(id(submobject))
            submobject.interpolate(outline, starting_submobject, subalpha)

    def get_outline(self) -> Mobject:  # as Manim's own, but for the copy
        outline = light_copy(drawn(self))
        outline.set_fill(opacity=0)
        for sm in outline.family_members_with_points():
            assert isinstance(sm, VMobject)  # Write draws strokes only
            sm.set_stroke(color=self.get_stroke_color(sm), width=self.stroke_width)
        return outline


class _Create(Create):
    """Manim's Create, its starting point made with `light_copy`."""

    def create_starting_mobject(self) -> Mobject:
        return light_copy(drawn(self))


def write(mobject: Mobject, left_to_right: bool = False) -> Effect:
    assert isinstance(mobject, VMobject)  # Write draws strokes only
    if left_to_right:
        order = sorted(mobject.submobjects, key=lambda m: m.get_left()[0])
        mobject.submobjects = order
        return Play(_Write(mobject, rate_func=linear, lag_ratio=0.08))
    return Play(_Write(mobject, rate_func=linear))


def create(mobject: Mobject) -> Effect:
    assert isinstance(mobject, VMobject)  # Create draws strokes only
    return Play(_Create(mobject, rate_func=DECELERATE))


class Fade(Effect):
    """Opacity from none to full (or back) for every member of a group. Manim's FadeIn/FadeOut
    copy the whole group first; a board leaving with thirty children makes that the slowest
    part of a render, while scaling each member's own opacities needs no copy."""

    def __init__(self, mobject: Mobject, appear: bool):
        self.mobject, self.appear = mobject, appear

    def begin(self) -> None:
        self.members: list[tuple[VMobject | ImageMobject, float, float]] = []
        for m in self.mobject.get_family():
            if isinstance(m, VMobject) and m.has_points():
                self.members.append((m, m.get_fill_opacity(), m.get_stroke_opacity()))
            elif isinstance(m, ImageMobject):
                self.members.append((m, 1.0, 1.0))
        self.update(0.0)

    def update(self, alpha: float) -> None:
        k = DECELERATE(alpha) if self.appear else 1.0 - DECELERATE(alpha)
        for m, fill, stroke in self.members:
            if isinstance(m, VMobject):
                set_opacities(m, fill * k, stroke * k)
            else:
                m.set_opacity(k)

    def skip(self) -> None:
        """An arrival ends as built; a departure is taken off the board."""


def set_opacities(m: VMobject, fill: float, stroke: float) -> None:
    """What `m.set_fill(opacity=fill, family=False)` and `m.set_stroke(opacity=stroke,
    family=False)` leave, set directly: Manim builds a colour array for each call only to copy
    its alpha column, the slowest part of fading a text of many glyphs. (With a sheen Manim
    also lengthens the arrays, so that is left to Manim.)"""
    if m.get_sheen_factor() != 0:
        m.set_fill(opacity=fill, family=False)
        m.set_stroke(opacity=stroke, family=False)
        return
    m.fill_rgbas[:, 3] = fill
    m.fill_opacity = fill
    m.stroke_rgbas[:, 3] = stroke
    m.stroke_opacity = stroke


def fade_in(mobject: Mobject) -> Effect:
    return Fade(mobject, appear=True)


def fade_out(mobject: Mobject) -> Effect:
    return Fade(mobject, appear=False)


def grow(mobject: Mobject, origin: np.ndarray | None = None) -> Effect:
    if origin is not None:
        return Play(GrowFromPoint(mobject, origin, rate_func=DECELERATE))
    return Play(GrowFromCenter(mobject, rate_func=DECELERATE))


def enter(entrance: Entrance, mobject: Mobject, left_to_right: bool = False) -> Effect:
    """The effect of an object coming onto the board the way its kind enters. An object drawn
    over a halo (`render.halo`) is written or created as its halo and its ink side by side, each
    part of the halo with the part of the ink it edges: written as one group, Write and Create
    would trace the whole halo first, in the colour of the surface it stands on, so nothing would
    show for a quarter of a second after the cue. (Grown or faded as one group, the two move as
    one already.)"""
    traced = entrance in (Entrance.WRITE, Entrance.CREATE)
    if traced and mobject.submobjects and isinstance(halo := mobject.submobjects[0], Halo):
        parts = [m for m in mobject.submobjects[1:] if isinstance(m, VMobject)]  # what the halo copies (all of it)
        edge, ink = (halo.submobjects[0], parts[0]) if len(parts) == 1 else (halo, VGroup(*parts))
        return Together(enter(entrance, edge, left_to_right), enter(entrance, ink, left_to_right))
    match entrance:
        case Entrance.FADE_IN:
            return fade_in(mobject)
        case Entrance.CREATE:
            return create(mobject)
        case Entrance.GROW:
            return grow(mobject)
        case Entrance.GROW_FROM_START:  # an arrow out of its tail
            return grow(mobject, np.array(mobject.submobjects[0].get_start()))
        case Entrance.PANEL:  # the backing fades in as the text (its last part) is written over it,
            # from the first frame: the backing is decoration, the text the ink the cue shows
            back = Group(*mobject.submobjects[:-1])
            text = write(mobject.submobjects[-1], left_to_right)
            return Together(Delayed(fade_in(back), 0.0, 0.35), text)
    return write(mobject, left_to_right)


def pulse(t: float) -> float:
    """Up and back down, already visible on its first frame."""
    return float(np.sin(np.pi * t))


def flash(mobject: Mobject) -> Effect:
    return Play(Indicate(mobject, color=palette.EMPHASIS, scale_factor=1.12, rate_func=pulse))


class Recolor(Effect):
    """Emphasis on or off: the targets' colour eases to the emphasis colour or back, and a soft
    highlight behind them fades in or out."""

    def __init__(self, targets: Mobject, highlight: VMobject | None, on: bool, base: dict[int, ManimColor | None]):
        self.targets, self.highlight, self.on, self.base = targets, highlight, on, base

    def begin(self) -> None:
        self.members = [m for m in self.targets.family_members_with_points() if isinstance(m, VMobject)]
        self.start = {id(m): own_color(m) for m in self.members}

    def update(self, alpha: float) -> None:
        a = DECELERATE(alpha)
        for m in self.members:
            start, back = self.start[id(m)], self.base.get(id(m))
            if start is None:  # neither its fill nor its stroke shows
                continue
            end = emphasised(start) if self.on else back if back is not None else start
            c = start.interpolate(end, a)
            if m.get_fill_opacity() > 0:
                m.set_fill(c, family=False)
            if m.get_stroke_width() > 0:
                m.set_stroke(c, family=False)
        if self.highlight is not None:
            self.highlight.set_fill(opacity=palette.HIGHLIGHT.opacity * (a if self.on else 1 - a))


#: How far apart (in any of red, green and blue, out of 1) two colours are told apart at a glance.
APART = 0.125


def emphasised(own: ManimColor) -> ManimColor:
    """The colour emphasis gives ink drawn in `own`: the emphasis colour, or where the ink is already
    (nearly) that colour (a yellow line, or a part of a formula emphasised whole), the emphasis
    colour lit up, so that it changes."""
    goal = ManimColor(palette.EMPHASIS)
    if max(abs(a - b) for a, b in zip(own.to_rgb(), goal.to_rgb(), strict=True)) < APART:
        return ManimColor(palette.EMPHASIS_LIT)
    return goal


def own_color(m: VMobject) -> ManimColor | None:
    """The colour a member shows: its fill's where it is filled, else its stroke's (None where
    that is transparent black, which shows nothing)."""
    return m.get_fill_color() if m.get_fill_opacity() > 0 else m.get_stroke_color()


def highlight_for(targets: Mobject, within: Box) -> Rectangle:
    """The soft box behind emphasised glyphs or cells: the board's clearance larger than they
    are, but never past the box of the object they are in (`within`, which keeps that room around
    a text: `placement.room_around`)."""
    (x0, y0, _), (x1, y1, _) = targets.get_corner(np.array([-1, -1, 0])), targets.get_corner(np.array([1, 1, 0]))
    by = palette.THEME.board.clearance
    left, bottom = max(within.x0, x0 - by), max(within.y0, y0 - by)
    right, top = min(within.x1, x1 + by), min(within.y1, y1 + by)
    box = Rectangle(width=max(right - left, 1e-3), height=max(top - bottom, 1e-3), stroke_width=0,
                    fill_color=palette.HIGHLIGHT.color, fill_opacity=0.0)
    return box.move_to(np.array([(left + right) / 2, (bottom + top) / 2, 0.0]))


#: A Box action's ring's corner radius (units).
RING_CORNER = 0.08


def ring(box: Box, width: float) -> VMobject:
    """A Box action's ring, its stroke `width` units wide inside `box` (the plan's `shapes.ring`;
    Cairo draws a stroke width of w at w / 100 units)."""
    return RoundedRectangle(width=box.width - width, height=box.height - width,
                            corner_radius=RING_CORNER, color=palette.EMPHASIS, stroke_width=100 * width
                            ).move_to(np.array([*box.center, 0.0]))


class Relocate(Effect):
    """Move an object from one box to another, easing in and out; `place(old, new)` puts it in
    each intermediate box (by scaling, or by building it again so its labels stay legible).

    It ends in `end` itself, not in a box a rounding away: a Figure's or an Axes' labels settle
    by the box it stands in (`ScenePlan.beside` is keyed by it), and in a box the plan does not
    list, the container is taken to be still moving, its labels kept clear of everything beside
    any of its places."""

    def __init__(self, start: Box, end: Box, place: Callable[[Box, Box], None]):
        self.start, self.end, self.place = start, end, place
        self.current = start

    def update(self, alpha: float) -> None:
        a = DECELERATE(alpha)
        box = self.end if a >= 1 else Box(*(s + (e - s) * a for s, e in zip(self.start, self.end, strict=True)))
        self.place(self.current, box)
        self.current = box


def scale_into(mobject: Mobject) -> Callable[[Box, Box], None]:
    """A `place` that scales and shifts `mobject` from one box into another."""

    def place(old: Box, new: Box) -> None:
        factor = new.width / old.width if old.width > 0 else 1.0
        old_center = np.array([*old.center, 0.0])
        mobject.scale(factor, about_point=old_center)
        mobject.shift(np.array([*new.center, 0.0]) - old_center)

    return place


__all__ = [
    "Delayed", "Effect", "Fade", "Play", "Recolor", "Relocate", "Then", "Together", "create", "fade_in", "fade_out",
    "flash", "grow", "highlight_for", "ring", "scale_into", "set_opacities", "write",
]
