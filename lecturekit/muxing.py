"""Opening a file to mux into with PyAV: an MP4 or MOV with its index first."""

from __future__ import annotations

from pathlib import Path

import av

#: The index (`moov`) before the pictures (`mdat`), so that a player or a browser can start a file
#: before all of it has arrived. The muxer writes the index last, then moves it to the front:
#: one more pass that reads and writes the whole file.
INDEX_FIRST = {"movflags": "+faststart"}


def open_output(path: Path, format: str | None = None) -> av.container.OutputContainer:
    """`path` opened for writing by the muxer `format` (by default, the one its suffix names)."""
    index_first = (format or path.suffix.lstrip(".")) in ("mp4", "mov")
    return av.open(str(path), mode="w", format=format, container_options=INDEX_FIRST if index_first else {})
