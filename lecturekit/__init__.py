"""lecturekit: recorded lecture descriptions in, Manim videos in sync with the narration out.

The pipeline, stage by stage (each its own module, each passing immutable data on):

    lecture = model.load(path)                    # load and validate the JSON
    resolved = resolve.resolve(lecture, overrides) # parse, resolve names, repair what was lost
    plan = plan.plan_lecture(resolved, settings)   # timeline and layout: pure data
    render.render_scene(plan.scenes[i], ...)       # the Manim backend, one MP4 per scene
"""

__version__ = "0.1.0"
