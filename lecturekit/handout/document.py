"""The handout's Typst source. It is lecturekit's own: every word of the lecture (its title, the
scenes' titles, the narration) is read from `handout.json` beside it (`json(...)`) and set as a
string, which Typst sets as the characters it holds, never as markup or code; the pictures are
files of lecturekit's naming in the same folder. The only values written into the source are the
font families (lecturekit's chain) and the language, checked to be a bare ISO 639 code."""

from __future__ import annotations

import re

#: The file of the handout's texts, beside its pictures in the compile's root.
DATA = "handout.json"
#: Narration is set at the first of these sizes at which it fits under the picture (past the last,
#: scaled down to fit: a page a beat, whatever its length).
SIZES_PT = (11, 10, 9, 8, 7, 6)
_LANGUAGE = re.compile(r"[a-z]{2,3}")

_SOURCE = """\
#let data = json("{data}")
#set document(title: data.title, date: none)
#set page(paper: "a4", margin: (x: 15mm, top: 14mm, bottom: 18mm), fill: white,
  footer: context align(center, text(size: 8pt, fill: luma(90), counter(page).display("1 / 1", both: true))))
#set text(font: ({fonts}), size: {first}pt, fill: black{lang})
#set par(justify: false)
#let fitted(body) = layout(room => {{
  for size in ({sizes}) {{
    if measure(block(width: room.width, text(size: size, body))).height <= room.height {{
      return block(width: room.width, text(size: size, body))
    }}
  }}
  // past the smallest size: set as wide as keeps its proportions, then scaled down to the room
  let high = measure(block(width: room.width, text(size: {last}pt, body))).height
  let wide = room.width * calc.sqrt(high / room.height)
  let reflowed = block(width: wide, text(size: {last}pt, body))
  let factor = calc.min(room.width / wide, room.height / measure(reflowed).height) * 99%
  scale(factor, origin: top + left, reflow: true, reflowed)
}})
#for (i, beat) in data.pages.enumerate() {{
  if i > 0 {{ pagebreak() }}
  block(width: 100%, below: 3mm, text(size: 9pt, fill: luma(60))[#data.title #h(1fr) #beat.scene · #beat.time])
  image(beat.picture, width: 100%, alt: beat.alt)
  v(5mm)
  block(width: 100%, height: 1fr, fitted(beat.say))
}}
"""


def language(code: str) -> str | None:
    """The ISO 639 code Typst's `lang` takes from a language tag (`pt-BR`: `pt`), or None."""
    base = re.split(r"[-_]", code, maxsplit=1)[0].lower()
    return base if _LANGUAGE.fullmatch(base) else None


def source(families: tuple[str, ...], code: str) -> str:
    """The handout's source, its text in `families` (the board's font chain) and the language of
    `code`."""
    assert all('"' not in f and "\\" not in f for f in families)
    lang = language(code)
    return _SOURCE.format(data=DATA, fonts=", ".join(f'"{f}"' for f in families), first=SIZES_PT[0],
                          sizes=", ".join(f"{s}pt" for s in SIZES_PT), last=SIZES_PT[-1],
                          lang="" if lang is None else f', lang: "{lang}"')
