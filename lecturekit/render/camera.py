"""Manim's camera, keeping what it worked out for a shape or a picture while it stands still.

Manim resamples an image onto a frame-sized canvas and composites the whole frame every time it
draws it: about 60 ms a frame at 1080p, paid on every frame of a fade. Here the picture is drawn
by Manim's own code once, at full opacity, onto a transparent canvas; later frames composite just
that layer's box, at the picture's current opacity (Manim's `set_opacity` scales the image's
alpha by it), the way Manim composites.

Manim also turns a shape's points into a Cairo path in Python, curve by curve, every time it draws
the shape; most of a board's shapes are drawn again with the same points (glyphs of a fading text,
a board repainted behind what moves, a figure rebuilt as its number ticks). Here the path Manim
made is kept by the points it was made from and given to Cairo whole the next time: the same path,
so the same pixels.

And while `ink` is a list, the camera notes the box of device pixels each thing it draws may
touch, so the painter knows where a frame can differ from the one before without comparing
whole frames (see `Painter`).
"""

from __future__ import annotations

import itertools
import math
from collections import OrderedDict
from collections.abc import Iterable
from weakref import WeakKeyDictionary

import cairo
import numpy as np
from manim import ImageMobject, Mobject, PMobject, VMobject
from manim.camera.camera import Camera
from manim.mobject.types.image_mobject import AbstractImageMobject
from PIL import Image

from lecturekit.render.pixels import Pixels
from lecturekit.work import count

#: Paths kept, the least recently drawn given up first (a few MB at most).
PATHS_KEPT = 4096

#: Device pixels added on every side of a path's box for Cairo's antialiasing.
SMOOTHING = 2


class BoardCamera(Camera):
    def __init__(self) -> None:
        super().__init__()
        #: An image -> its last layer: (its corners; top; left; the layer's RGBA at full opacity).
        #: Held weakly: a board rebuilt makes new images, and the layers of those gone go with them.
        self.layers: WeakKeyDictionary[ImageMobject, tuple[bytes, int, int, np.ndarray]] = WeakKeyDictionary()
        #: An image -> the picture at full opacity, as PIL transforms it (`_source`).
        self.sources: WeakKeyDictionary[ImageMobject, Image.Image] = WeakKeyDictionary()
        #: (what a path depends on: the shape's tolerance and points) -> Cairo's copy of its path.
        self.paths: OrderedDict[tuple, cairo.Path] = OrderedDict()
        #: The boxes drawn into since it was set to a list; None: they are not noted (or
        #: something was drawn that the camera cannot bound, so anywhere).
        self.ink: list[Pixels] | None = None
        #: A mobject's class -> the kind Manim draws it as (`type_or_raise`).
        self.kinds: dict[type, type] = {}

    def type_or_raise(self, mobject: Mobject) -> type:
        """As Manim's, which makes its table of kinds anew for every shape of every frame it
        draws: the kind depends on the class alone, so it is looked up once a class."""
        kind = self.kinds.get(type(mobject))
        if kind is None:
            kind = self.kinds[type(mobject)] = super().type_or_raise(mobject)
        return kind

    def display_multiple_non_background_colored_vmobjects(self, vmobjects: Iterable[VMobject], pixel_array: np.ndarray
                                                          ) -> None:
        ctx = self.get_cairo_context(pixel_array)
        if self.ink is None:
            for vmobject in vmobjects:
                self.display_vectorized(vmobject, ctx)
            return
        # the box around the paths drawn and the widest stroke, worked out once for the batch
        x0 = y0 = math.inf
        x1 = y1 = -math.inf
        widest = 0.0
        for vmobject in vmobjects:
            self.display_vectorized(vmobject, ctx)  # leaves the shape's path set
            a, b, c, d = ctx.path_extents()
            x0, y0, x1, y1 = min(x0, a), min(y0, b), max(x1, c), max(y1, d)
            widest = max(widest, vmobject.get_stroke_width(False), vmobject.get_stroke_width(True))
        if x0 <= x1:
            self.ink.append(_reach(ctx, (x0, y0, x1, y1), widest * self.cairo_line_width_multiple))

    def display_multiple_background_colored_vmobjects(self, cvmobjects: Iterable[VMobject], pixel_array: np.ndarray
                                                      ) -> BoardCamera:
        self.ink = None  # painted through a picture of its own: not bounded here
        return super().display_multiple_background_colored_vmobjects(cvmobjects, pixel_array)

    def display_multiple_point_cloud_mobjects(self, pmobjects: Iterable[PMobject], pixel_array: np.ndarray) -> None:
        self.ink = None
        super().display_multiple_point_cloud_mobjects(pmobjects, pixel_array)

    def set_cairo_context_path(self, ctx: cairo.Context, vmobject: VMobject) -> BoardCamera:
        points = vmobject.points
        if len(points) == 0:  # Manim leaves the path as it was
            return super().set_cairo_context_path(ctx, vmobject)
        key = (vmobject.tolerance_for_point_equality, vmobject.n_points_per_cubic_curve, points.shape,
               points.tobytes())
        path = self.paths.get(key)
        if path is None:
            count("paths built")
            _trace(ctx, vmobject)
            self.paths[key] = ctx.copy_path()
            if len(self.paths) > PATHS_KEPT:
                self.paths.popitem(last=False)
        else:
            self.paths.move_to_end(key)
            ctx.new_path()
            ctx.append_path(path)
        return self

    def display_image_mobject(self, image_mobject: AbstractImageMobject, pixel_array: np.ndarray) -> None:
        assert isinstance(image_mobject, ImageMobject)  # the board's pictures
        corners = image_mobject.points.tobytes()
        layer = self.layers.get(image_mobject)
        if layer is None or layer[0] != corners:
            layer = self.layers[image_mobject] = self._layer(image_mobject, corners)
        _, top, left, rgba = layer
        opacity = float(image_mobject.stroke_opacity)
        if rgba.size == 0 or opacity <= 0:  # a layer of no alpha leaves every pixel as it was
            return
        if self.ink is not None:
            self.ink.append((top, top + rgba.shape[0], left, left + rgba.shape[1]))
        faded = rgba
        if opacity != 1:  # at full opacity the scaled alpha is the alpha: no copy to make
            faded = rgba.copy()
            faded[:, :, 3] = rgba[:, :, 3] * opacity  # as Manim's set_opacity
        region = pixel_array[top:top + rgba.shape[0], left:left + rgba.shape[1]]
        region[:] = np.asarray(Image.alpha_composite(Image.fromarray(region), Image.fromarray(faded)))

    def _layer(self, image_mobject: ImageMobject, corners: bytes) -> tuple:
        """The picture at full opacity, as Manim draws it, cropped to where it has any alpha.

        Manim (`Camera.display_image_mobject`) maps the picture onto its corners with PIL's
        perspective transform, pastes that into a frame-sized picture and composites it over the
        frame; here it is composited over nothing, which keeps a pixel that has alpha as it is and
        clears one that has none, so only the transformed picture is needed, not the frame. PIL
        premultiplies the picture by its alpha for every transform; that copy is kept with it."""
        source = self._source(image_mobject)
        width, height = source.size
        original = np.array([[0, 0], [width, 0], [0, height], [width, height]])
        target = self.points_to_subpixel_coords(image_mobject, image_mobject.points)
        whole = target.astype(np.int64)
        shift = whole.min(axis=0)
        target, whole = target - shift, whole - shift
        size = (int(whole[:, 0].max()), int(whole[:, 1].max()))
        nothing = corners, 0, 0, np.zeros((0, 0, 4), np.uint8)
        # Manim's test that the quadrilateral holds any pixel, then its perspective coefficients
        sides = [target[j] - target[i] for i, j in ((0, 1), (1, 3), (3, 2), (2, 0))]
        lengths = np.linalg.norm(sides, axis=1)
        longest = int(np.argmax(lengths))
        if lengths[longest] == 0:
            return nothing
        (a, b), (c, d) = sides[longest], sides[(longest - 1) % 4]
        if abs(a * d - c * b) / lengths[longest] < 0.5:
            return nothing
        rows = []
        for (x, y), (u, v) in zip(target, original, strict=True):
            rows += [[x, y, 1, 0, 0, 0, -u * x, -u * y], [0, 0, 0, x, y, 1, -v * x, -v * y]]
        try:
            coefficients = np.linalg.solve(np.array(rows, dtype=np.float64), original.reshape(8).astype(np.float64))
        except np.linalg.LinAlgError:
            return nothing
        picture = source.transform(size, Image.Transform.PERSPECTIVE, tuple(coefficients),
                                   image_mobject.resampling_algorithm)
        rgba = np.asarray(picture.convert("RGBA") if picture.mode != "RGBA" else picture)  # read only
        # only what falls in the frame, as pasting it into the frame keeps
        left, top = int(shift[0]), int(shift[1])
        frame_height, frame_width = self.pixel_array.shape[:2]
        rgba = rgba[max(0, -top):max(0, frame_height - top), max(0, -left):max(0, frame_width - left)]
        top, left = max(0, top), max(0, left)
        # cropped to the rows, then the columns, where it has any alpha; the pixels of none cleared
        inked = np.flatnonzero(rgba[:, :, 3].any(axis=1))
        if inked.size == 0:
            return nothing
        r0, r1 = int(inked[0]), int(inked[-1]) + 1
        inked = np.flatnonzero(rgba[r0:r1, :, 3].any(axis=0))
        c0, c1 = int(inked[0]), int(inked[-1]) + 1
        layer = rgba[r0:r1, c0:c1].copy()
        layer[layer[:, :, 3] == 0] = 0
        return corners, top + r0, left + c0, layer

    def _source(self, image_mobject: ImageMobject) -> Image.Image:
        """The picture at full opacity as PIL transforms it (premultiplied, but for nearest-pixel
        sampling), made once for each image."""
        source = self.sources.get(image_mobject)
        if source is None:
            pixels = np.array(image_mobject.pixel_array)
            pixels[:, :, 3] = image_mobject.orig_alpha_pixel_array
            source = Image.fromarray(pixels)
            if image_mobject.resampling_algorithm != Image.Resampling.NEAREST:
                source = source.convert("RGBa")
            self.sources[image_mobject] = source
        return source


def _trace(ctx: cairo.Context, vmobject: VMobject) -> None:
    """The path Manim's `Camera.set_cairo_context_path` sets for a shape of points, by the same
    calls with the same numbers: where one curve ends away from the next a new subpath starts
    (`VMobject.get_subpath_split_indices_from_points` in two dimensions, the same arithmetic
    without its handling of points that are not finite, which Manim draws as no path), and a
    subpath is closed where it ends where it began. About half the cost of Manim's, which spends
    it on NumPy calls made for every path; a shape whose points change (a glyph being written, a
    mark that moves) is traced on every frame."""
    points = vmobject.points
    n = vmobject.n_points_per_cubic_curve
    ctx.new_path()
    if len(points) < n or not np.isfinite(points).all():
        return
    starts = np.arange(n, len(points), n)
    before, after = points[starts - 1, :2], points[starts, :2]
    apart = (np.abs(before - after) > vmobject.tolerance_for_point_equality + 1.0e-5 * np.abs(after)).any(axis=1)
    bounds = [0, *starts[apart].tolist(), len(points)]
    xy = points[:, :2].ravel().tolist()
    for first, last in itertools.pairwise(bounds):
        if last - first < n:
            continue
        ctx.new_sub_path()
        ctx.move_to(xy[2 * first], xy[2 * first + 1])
        for i in range(first, last - n + 1, n):
            b = (i + 1) * 2
            ctx.curve_to(xy[b], xy[b + 1], xy[b + 2], xy[b + 3], xy[b + 4], xy[b + 5])
        if vmobject.consider_points_equals_2d(points[first], points[last - 1]):
            ctx.close_path()


def _reach(ctx: cairo.Context, extents: tuple[float, float, float, float], width: float) -> Pixels:
    """The device pixels that paths within `extents` (user space), stroked at most `width` wide,
    may touch: the box grown by the furthest a stroke reaches past its path (a mitred corner:
    half the width times the miter limit) and by the antialiasing."""
    x0, y0, x1, y1 = extents
    (u0, v0), (u1, v1) = ctx.user_to_device(x0, y0), ctx.user_to_device(x1, y1)
    reach = abs(ctx.user_to_device_distance(width, 0)[0]) / 2 * max(ctx.get_miter_limit(), 1.5) + SMOOTHING
    return (math.floor(min(v0, v1) - reach), math.ceil(max(v0, v1) + reach), math.floor(min(u0, u1) - reach),
            math.ceil(max(u0, u1) + reach))
