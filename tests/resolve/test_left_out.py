"""One notion of "left out": every name the scene does not draw, with why."""

from __future__ import annotations

from lecturekit.resolve import LeftOut


def test_every_left_out_name_has_its_reason(resolve_scene):
    resolved = resolve_scene({
        "f": "a Figure",
        "plot": "a FunctionPlot drawn in f (function=<function>)",  # not recorded: a gap
        "dot": 'a PlotPoint drawn in f (target="plot", x=0.5)',  # stands on the gap: a gap too
        "v": "a Vector drawn in f (start=(0, 0), end=(1, nope))",  # uses what is not there: a fault
        "bad": "a Squiggle",  # never read
        "arrow": "a Vector drawn in bad",  # drawn in what was never read: a fault
    })
    scene = resolved.scenes[0]
    assert dict(scene.left_out) == {"plot": LeftOut.GAP, "dot": LeftOut.GAP, "v": LeftOut.FAULT,
                                    "bad": LeftOut.UNREAD, "arrow": LeftOut.FAULT}
    assert scene.broken == {"plot", "dot", "v", "arrow"}  # what the renderer skips: the objects among them
