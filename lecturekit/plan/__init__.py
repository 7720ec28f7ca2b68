"""Plan: timeline and layout as pure data that can be printed and tested without a frame.

`plan_scene(scene, fps)` gives every cue on its frame, every top-level object's place over time,
every text's typesetting, and the boards in between (a `plan.scene_plan.ScenePlan`);
`plan_lecture` does all scenes. `plan.export` prints a plan (`plan --json`), and
`plan.legibility` gives `check` its warnings for boards that cannot hold what they are given, and
`plan.audit` measures every board (`lecturekit audit`, render.json, the studio).
"""

from lecturekit.plan.planning import plan_lecture, plan_scene

__all__ = ["plan_lecture", "plan_scene"]
