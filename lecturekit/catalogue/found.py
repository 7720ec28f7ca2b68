"""Which files a catalogue renders: every lecture under a folder, or those a list names.

In a folder tree, a lecture is any `*.json` whose top level is an object with a `publication`,
and any `*.json` that is not JSON at all (it may be a broken lecture: it is reported, not
skipped). Left out: `render.json`, `catalogue.json`, retimed lectures (`*.retimed*.json`), and
anything in a hidden folder or under the output folder. A list is a text file with one lecture
path a line, relative to the list's folder; `#` starts a comment. Either way, every path stays
inside SOURCE's folder (links followed).
"""

from __future__ import annotations

import json
from pathlib import Path

from lecturekit.diagnostics import LectureError, Place, error
from lecturekit.model import whole_number_or_none
from lecturekit.paths import NotReadable, confined, read_regular

#: Files that are never lectures, whatever they hold.
NOT_LECTURES = ("render.json", "catalogue.json")
#: A lecture file is read only up to this size to tell whether it is one (as `load` reads it).
LIMIT = 64 << 20


def lectures_in(source: Path, out: Path) -> list[Path]:
    """The lecture files of `source` (a folder tree, or a list file), in order, without `out`."""
    if source.is_dir():
        return _tree(source.resolve(), out.resolve())
    if source.is_file():
        return _listed(source)
    raise LectureError(error(Place(path=str(source)), "no such folder or list of lectures",
                             "give a folder of lectures, or a text file with one lecture path a line"), exit_code=2)


def _tree(root: Path, out: Path) -> list[Path]:
    found = []
    for path in sorted(root.rglob("*.json")):
        inside = path.relative_to(root).parts
        if any(part.startswith(".") for part in inside) or path.is_relative_to(out):
            continue
        if path.name in NOT_LECTURES or ".retimed" in path.name or confined(root, str(path.relative_to(root))) is None:
            continue
        if _is_lecture(path):
            found.append(path)
    return found


def _is_lecture(path: Path) -> bool:
    try:
        data = json.loads(read_regular(path, LIMIT))
    except (NotReadable, OSError):
        return False
    except ValueError:  # not JSON: reported as a broken lecture
        return True
    return isinstance(data, dict) and "publication" in data


def _listed(listing: Path) -> list[Path]:
    folder = listing.resolve().parent
    found = []
    for number, line in enumerate(listing.read_text(encoding="utf-8").splitlines(), 1):
        name = line.split("#", 1)[0].strip()
        if not name:
            continue
        path = confined(folder, name)
        if path is None:
            raise LectureError(error(Place(path=f"{listing}:{number}"), f"{name!r} is not a file inside {folder}",
                                     "name each lecture by its path relative to the list's folder"), exit_code=2)
        if path not in found:
            found.append(path)
    return found


def attempt_of(path: Path) -> int | None:
    """The `attempt` of a lecture file the schema refused (which try of the system that wrote it),
    when it has one: a producer wants to know which try was broken."""
    try:
        data = json.loads(read_regular(path, LIMIT))
    except (NotReadable, OSError, ValueError):
        return None
    return whole_number_or_none(data.get("attempt")) if isinstance(data, dict) else None
