"""Everything lecturekit does with Typst, in one package.

- `template`: the document around every body (page, font, the placing frame, label colours);
- `names`: the symbol and math-function names Typst itself knows;
- `math_syntax`: a tokenizer mirroring Typst's math syntax, and the rebuild of math from its tokens;
- `source`: the Typst source of every text object, built from string literals and rebuilt math;
- `compiler`: the one way lecture text is compiled, in a bounded process of its own (`worker`).

The SVG import and the Manim mobject live in `lecturekit.render`, the only stage that imports Manim.
"""
