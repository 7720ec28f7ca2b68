"""The accessible lecture page `publish` writes beside the joined video (`index.html`), and its
SCORM 1.2 package.

- `boards`: the board as text, state by state, from the plans (pure data);
- `mathml`: a formula as MathML, from Typst's HTML export, kept to MathML's own elements;
- `write`: the page itself, its data embedded, its script and style beside it;
- `words`: the page's own words in the lecture's language (en, ja, de, fr, es; else English);
- `scorm`: the zip an LMS imports, `imsmanifest.xml` at its root.
"""
