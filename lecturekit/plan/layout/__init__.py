"""Where top-level objects go: a heading band, a title card, and a content area shared between
visuals (Figure, Axes, Image, Table) and text (Panel, Block, Math, Derivation, Text).

Rules:
- Nothing overlaps; everything stays in the safe area; visuals keep their aspect ratio exactly.
- Every visual is shown at least at its visible size, its stated minimum (`kinds.base.Least`): a
  picture along its longer side `Item.visible` (`VISIBLE`) of the safe area's shorter side (one
  size on every board: a heading or a title card above it leaves less room, not a smaller
  picture), a Figure or an Axes no lower than `Item.least_height` (its own label's band over a
  drawing as tall as its labels stacked), a table at its smallest legible scale (`min_scale`),
  as drawn: a visual a Box action rings keeps the ring's room inside its box (`Item.ring`), and
  the arrangement gives where it is drawn (`Item.drawn`).
- Text is never set below `Sizes.minimum` (24: in New Computer Modern at 1080p an x-height of
  about 14 px and a cap height of about 23 px; in a 480p draft 6.5 px and 10 px, the size of small
  print on a screen, still read without effort) unless the board cannot hold it: then staying on
  the board wins, and the arrangement names what it could not set legibly (`unfit`).
- One type scale per board: every text that may still be sized is set at its role's font
  (`Item.base`: body for Panel, Block and Text, math for Math and Derivation, at the theme's
  ratio) times one factor, the board's; a table is set at the table font times the same factor,
  kept within its legible and largest sizes (`Content._at`), so every table on a board is at
  one size that moves with the texts'. A crowded board shrinks its texts together, a step
  (`STEP` of the body font) at a time, until the body text reaches the minimum; a formula never
  shrinks on its own. The placement chooses the factor for the board's whole life
  (`placement._Placer.life`), since a text already shown keeps its size.
- A crowded board gives way in this order: visuals shrink (down to their visible size), then the
  texts run in two columns side by side, then (on a board of up to `GROUPED` objects) the texts
  go in two groups, the first texts with the visuals and the rest in one or two columns on the
  right at full height or along the bottom (`Content._groups`); on a board of texts alone the
  first texts take their part alone, so a wide text (a table of sentences across the width)
  stands over or beside the rest in one or two columns; and only then do texts shrink,
  a step at a time, down to the minimum; where nothing fits even then, pictures are drawn below
  their visible size, the texts and tables kept legible (`_pictures_shrunk`: a picture drawn
  small is still seen, a text below the minimum is not read), and only where that fails too do
  texts go below the minimum (`_overfull`). Of what fits at a step: the smallest item largest,
  then the sum, then the texts' room, then the narrowest widest empty band (`_score`: texts shown
  already keep their size, so where the sizes tie the board is filled, not left with a band).
  Texts across the whole width that two even columns do not hold go in two of unequal widths
  (`_uneven`: each side in the narrowest column it fits in, no narrower than `NARROWEST_COLUMN`,
  the left as near half as that leaves), so a wide table of sentences and a short Panel sit side
  by side at a size even halves do not give.
- Texts beside the visuals take the narrowest share of the width they fit in (halving between
  `TEXT_LEAST` and the widest share that leaves every visual its visible width: a continuous
  choice, not a fixed list), or evenly more up to that widest; or they go under the visuals.
  Visuals in rows or columns, each row as deep as fills the width (a table at its largest scale
  keeps its width and the others share the rest: `filled`), rows too deep together cut to one
  depth, the deepest first, but a row holding a table held at one scale (the board's, or its
  full size) not below that table (`level`); visuals alone try each way with their tables free
  and held at their full size (`_pinned`) and, where every visual is seen, take the tables
  nearest their full size first (`_visual_block`: a table is text). Where nothing fits at any
  step, rows of unequal depth too (`_unequal`), each visual one multiple of its least box
  (`_least_lines`: a 3:1 picture beside a tall table, each seen), before pictures are drawn
  below their visible size. Of the arrangements that
  fit at the gentlest step, the one whose smallest item is largest (each item's scale against its
  size alone on the board: a visual's width, a text's font), then the largest in total.
- A lone visual fills the content area (a table up to `LONE_GROWTH` times its largest size); a
  lone formula may be set up to `LONE_GROWTH` times its font, within `LONE_SHARE` of the area
  (only when it stays alone for the board's life: `Item.largest` is 0 otherwise).
- A text set below the minimum is named (`unfit`), whatever arrangement set it there, and the
  arrangement says whether the least-area test proves the board cannot hold its content
  legibly (`Arrangement.proven`, `Content.cannot_hold`, whose docstring states what it proves,
  with `Content._apart`: two items that fit neither side by side nor one above the other):
  a text below the minimum on a board it does not rule out is a miss of the search. Where a text
  is set below the minimum, the exact test (`proof.overfull`, `Holding.overfull`: no
  arrangement in rows and columns holds the content legibly) says whether the board is
  `Arrangement.overfull`, the one board on which the audit lets a text stand below the minimum.
- Texts in one column share one left edge of what is drawn (a ring's stroke, a backing's edge, a
  line's first letter), each column centred down its block (`Block.places`); a highlight's
  room, drawn only while its text is emphasised, hangs past that edge (`Item.hang`).
- What is on the board is centred in the content area, texts and visuals as one group, as it is
  seen (a ringed visual with its ring's room, not the room its box's aspect leaves:
  `seen_centred`); every box is the size of what it holds (a text's as measured, a visual's at
  its aspect), never stretched into empty room; and while any text is below its role's full
  size, no band of the content area wider than a quarter of it is left empty (held by
  tests/layout_rules.py).
- The narrowest width a group of texts fits in is found by halving (`_shares`, `_narrowest`):
  whether texts fit is a step function of the width (lines break at words), so a root finder
  (scipy's brentq or bisect) would do no better than halving and would add a dependency.

Bounded work: a board of n objects is laid out in at most about n² small steps. Up to `EXHAUSTIVE`
visuals try every way into rows; more try the near-even ways, one for each number of rows. A board
that does not fit at the first step is weighed (`Content.cannot_hold`: each item's least box,
grown by half a gap); when even that is more than the content area holds, no smaller step is
tried: a board of up to `SEARCHED` objects shrinks its texts below the minimum (`_overfull`), a
larger one is laid out at once in one grid (`Content._grid`), every text measured once; `check`
says what it could not set legibly. A board of more than `SEARCHED` objects is weighed before the
first step. The texts in two groups are tried only on a board of up to `GROUPED` objects, and only
when they fit at the last step (so at no step when they cannot).
"""

from lecturekit.plan.layout.board import arrange, content_area, most_arrangements
from lecturekit.plan.layout.columns import LONE_GROWTH, LONE_SHARE
from lecturekit.plan.layout.model import (
           MAX_MEASURE,
           VISIBLE,
           Arrangement,
           Item,
           Placed,
           Role,
           TextSize,
           bounds_of,
           empty_bands,
           inside,
           shifted,
)

__all__ = ["LONE_GROWTH", "LONE_SHARE", "MAX_MEASURE", "VISIBLE", "Arrangement", "Item", "Placed", "Role", "TextSize",
           "arrange", "bounds_of", "content_area", "empty_bands", "inside", "most_arrangements",
           "shifted"]
