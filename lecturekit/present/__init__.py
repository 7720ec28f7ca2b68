"""The lecture presented live in a browser: `present.html` beside the scenes' videos, one step a
beat, a presenter view in a second window; it opens offline from `file://`.

- `steps`: each beat as the frames it plays, from the plans (pure data);
- `write`: the presentation's page, its data embedded, its script and style beside it;
- `run`: render what is missing (the render's own scene videos, reused), then write the page.
"""
