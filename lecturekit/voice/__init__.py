"""Voice: everything lecturekit hears or says.

- `speech`: what a voice gives back (samples at RATE, word starts);
- `espeak`: the zero-install draft voice; `piper`: a natural neural voice (the optional extra
  `lecturekit[voice]`), which also says where each of its words starts;
- `track`: a voice's speech laid under a scene, beat by beat, and muxed under its video;
- `narration`: the lecture's own recording, read and cut;
- `words`: the narration's words, as the voices, the aligner and the retimer count them;
- `align`: where the words are heard in a recording; `retime`: a lecture moved to its voice.

The package's modules import one another only downwards (speech and words first, retime last);
this file imports none of them.
"""
