"""`plan_scene`: a resolved scene planned at `fps`, every cue on its frame, every top-level
object's place over time and every text's typesetting; `plan_lecture` plans every scene."""

from __future__ import annotations

import weakref
from pathlib import Path
from types import MappingProxyType

from lecturekit.kinds import Role, TableSpec, kind_def
from lecturekit.kinds.geometry import LABEL
from lecturekit.plan import standing_out
from lecturekit.plan.layout import Placed
from lecturekit.plan.placement import Placement, once_a_scene, place_scene, reflows, room_around
from lecturekit.plan.scene_plan import LecturePlan, ScenePlan, reflowed
from lecturekit.plan.timeline import (
    build_cues,
    frame_of,
    initial_values,
)
from lecturekit.plan.typeset import TableMetrics, Typeset, set_as_text, table_metrics, text_table, typeset
from lecturekit.resolve import ResolvedLecture, ResolvedScene
from lecturekit.syntax.nodes import Move, Show, parts_named
from lecturekit.theme import THEME, Theme
from lecturekit.typst.source import label_spec, lecture_language


def plan_scene(scene: ResolvedScene, fps: int, folder: Path | None = None, theme: Theme = THEME) -> ScenePlan:
    with lecture_language(scene.language):
        placement = placement_of(scene, theme, folder)
        measured = _SIDES_PLANS.get((id(scene), theme, folder))
        if fps == SIDES_FPS and measured is not None and measured[0] is placement:
            return measured[1]  # the plan the sides were measured on is this one
        return _planned(scene, fps, folder, theme, placement)


#: Each scene's placement with its rooms measured (`placement_of`), as `placement._PLACED`.
_MEASURED: dict[tuple, Placement] = {}


def placement_of(scene: ResolvedScene, theme: Theme, folder: Path | None) -> Placement:
    """Where every top-level object of the scene stands (`placement.place_scene`); where the
    layout widened a container's room for its texts and they settle unevenly out of it, laid out
    again with the room kept on the sides they take (`standing_out`). Worked out once for a
    scene: `check`'s board warnings and the plan both ask."""
    with lecture_language(scene.language):
        return once_a_scene(_MEASURED, (id(scene), theme, folder), scene, lambda: _measured(scene, theme, folder))


def _measured(scene: ResolvedScene, theme: Theme, folder: Path | None) -> Placement:
    first = place_scene(scene, theme, folder)
    if not first.rooms:
        return first
    plan = _planned(scene, SIDES_FPS, folder, theme, first)
    found = standing_out.sides(plan, first.rooms)
    if found:
        return place_scene(scene, theme, folder, found)
    key = (id(scene), theme, folder)
    _SIDES_PLANS[key] = (first, plan)
    weakref.finalize(scene, _SIDES_PLANS.pop, key, None)
    return first


#: The frame rate the labels' sides are measured at (`placement_of`): a plan at any rate places
#: its objects alike.
SIDES_FPS = 15
#: The plan at `SIDES_FPS` the sides were measured on, with its placement, where that placement
#: stands (no side asked for a layout again): a plan at that rate (`plan`'s 15 fps, `render -q l`)
#: is that plan, its boards worked out once.
_SIDES_PLANS: dict[tuple, tuple[Placement, ScenePlan]] = {}


def _planned(scene: ResolvedScene, fps: int, folder: Path | None, theme: Theme, placement: Placement) -> ScenePlan:
    parts = parts_named(scene.actions)
    room = room_around(scene.objects, [timed.action for timed in scene.actions], theme.board)
    texts: dict[str, Typeset] = {}
    texts_wrap: dict[str, float | None] = {}
    tables: dict[str, TableMetrics] = {}
    for name, spec in scene.objects.items():
        if name in scene.broken:
            continue
        stays = placement.stays.get(name)
        if isinstance(spec, TableSpec) and stays and set_as_text(spec, theme):  # set as the layout set it first
            tables[name] = text_table(spec, stays[0].place.font or theme.sizes.table, stays[0].place.wrap)
        elif isinstance(spec, TableSpec):
            tables[name] = table_metrics(spec, theme.sizes.table)
        elif spec.parent is None and kind_def(spec.kind).role in (Role.TITLE, Role.HEADING, Role.TEXT):
            if stays:
                first: Placed = stays[0].place
                texts[name] = typeset(spec, parts.get(name, []), first.font or theme.sizes.body, first.wrap, theme,
                                      room.get(name, 0.0))
                texts_wrap[name] = first.wrap
        elif spec.parent is not None and kind_def(spec.kind).text is not None:  # a label drawn in a figure
            texts[name] = typeset(spec, parts.get(name, []), theme.sizes.label, None, theme)
        if (label := label_spec(spec)) is not None:
            texts[name + LABEL] = typeset(label, [], theme.sizes.label, None, theme)
            if stays and kind_def(spec.kind).container:  # its own label, wrapped to fit its narrowest box
                narrowest = min(stay.place.box.width for stay in stays)
                if texts[name + LABEL].width > narrowest:
                    texts[name + LABEL] = typeset(label, [], theme.sizes.label, narrowest, theme)
    lengths = {n: len(s.text or s.label or "") for n, s in scene.objects.items()}
    cues = build_cues(scene, placement, lengths, fps)
    shape = {name: (texts[name].font, wrap) for name, wrap in texts_wrap.items()
             if reflows(scene.objects[name])}
    first_shape = dict(shape)
    for cue in cues:  # a paragraph laid out anew, or shown again elsewhere, is typeset again for its new width
        if isinstance(cue.action, Move | Show) and cue.place is not None and cue.object in shape:
            new = (cue.place.font or shape[cue.object][0], cue.place.wrap)
            # a move reflows what is drawn, as it was last set; a paragraph shown again is drawn
            # afresh, as first typeset unless set anew here, however it was set when it left
            was = first_shape[cue.object] if isinstance(cue.action, Show) else shape[cue.object]
            if new != was:
                spec = scene.objects[cue.object]
                texts[reflowed(cue.object, cue.frame)] = typeset(spec, parts.get(cue.object, []), *new, theme,
                                                                 room.get(cue.object, 0.0))
            shape[cue.object] = new
    initial = initial_values(scene)
    frames = frame_of(scene.duration, fps)
    plan = ScenePlan(
        index=scene.index, title=scene.title, slug=scene.slug, start=scene.start, end=scene.end, fps=fps,
        frames=frames, scene=scene, cues=cues,
        stays=MappingProxyType(dict(placement.stays)), texts=MappingProxyType(texts),
        tables=MappingProxyType(tables), initial_values=MappingProxyType(initial),
        folder=str(folder) if folder else None,
        warnings=placement.warnings, theme=theme, crowded=placement.crowded,
    )
    return plan


def plan_lecture(resolved: ResolvedLecture, fps: int, theme: Theme = THEME) -> LecturePlan:
    folder = Path(resolved.folder)
    scenes = tuple(plan_scene(s, fps, folder, theme) for s in resolved.scenes)
    return LecturePlan(resolved.slug, resolved.title, fps, scenes)
