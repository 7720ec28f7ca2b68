"""The PDF handout: one page a beat, the board as it stands at the beat's end (the frame the
lecture's MP4 shows then, decoded from it) with the beat's narration under it, in the board's
fonts and the lecture's language.

- `frames`: the video's pictures at given frame numbers, decoded from the keyframe before each;
- `document`: the Typst source, lecturekit's own; every text of the lecture is data beside it;
- `write`: `write_handout`, the PDF beside the video, compiled once in a bounded process.
"""

from lecturekit.handout.write import handout_path, write_handout

__all__ = ["handout_path", "write_handout"]
