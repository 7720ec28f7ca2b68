"""lecturekit: recorded lecture descriptions in, Manim videos in sync with the narration out.

The pipeline, stage by stage (each its own module, each passing immutable data on; only the
render stage imports Manim). `lecturekit.pipeline` runs it for the CLI and the Manim scenes:

    lecture = model.load(path)                         # load and validate the JSON
    resolved = resolve.resolve(lecture, overrides)     # parse, resolve names, repair what was lost
    plan = plan.plan_scene(resolved.scenes[i], fps)    # timeline and layout: pure data
    render.render_scene(plan, path, preset, media)     # the Manim backend: one MP4 per scene
    package.join(parts, lecture_path, fps, captions)   # the lecture: chapters, captions, narration
"""

__version__ = "0.2.0"
