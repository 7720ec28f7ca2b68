"""How far a Figure's or an Axes' texts stand out of it, where the layout widened its room for
them: room kept evenly on both sides centres a label that stands evenly out of its container,
but a label kept off an Axes' lines stands wholly to one side of a thin one; its room is kept on
the side it takes (`placement.room_for_texts`), so that the container and its texts are seen
centred as one."""

from __future__ import annotations

from collections.abc import Mapping

from lecturekit.boxes import Box
from lecturekit.plan.placement import Sides, Standing
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.plan.settle import SEARCH_STEP


def sides(plan: ScenePlan, rooms: Mapping[tuple[str, Box], frozenset[str]]) -> Sides:
    """For the objects laid out together (`Placement.rooms`), how far each widened container's
    texts (its children's labels and texts, its own label, its legend) stand out of its drawn box
    to the left and to the right on the boards it stands there on: as they stand longest out of
    it, and at most. Only where some stand out unevenly (by more than a step of the labels'
    search), else nothing: the room kept evenly is right."""
    boards = plan.boards
    ends = [b.time for b in boards[1:]] + [plan.end - plan.start]
    seen: dict[tuple[frozenset[str], str], dict[tuple[float, float], float]] = {}  # how long each way
    for board, end in zip(boards, ends, strict=True):
        for item in board.items:
            laid = rooms.get((item.name, item.box)) if item.parent is None else None
            if laid is None:
                continue
            drawn = [i.box for i in board.items if i.parent == item.name]
            out = (max([item.box.x0 - b.x0 for b in drawn] + [0.0]), max([b.x1 - item.box.x1 for b in drawn] + [0.0]))
            ways = seen.setdefault((laid, item.name), {})
            ways[out] = ways.get(out, 0.0) + end - board.time
    found: dict[frozenset[str], dict[str, Standing]] = {}
    for (laid, name), ways in seen.items():
        # as they stand longest out of the drawn box: a board on which none stands out of it (a
        # label not shown yet) asks no room beside it (room kept about a drawn box seen bare
        # longer stood empty on the far side from its label)
        standing = [way for way in ways if way != (0.0, 0.0)] or list(ways)
        left, right = max(standing, key=lambda way: ways[way])
        most = (max(way[0] for way in ways), max(way[1] for way in ways))
        if abs(left - right) > SEARCH_STEP or abs(most[0] - most[1]) > SEARCH_STEP:
            found.setdefault(laid, {})[name] = Standing(left, right, *most)
    return found
