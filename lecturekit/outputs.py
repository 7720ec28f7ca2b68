"""Each lecture's output folder, `OUT/<slug>/`, is that lecture's alone, written by one command at
a time, and changed whole.

- **Whose a folder is.** render.json names the lecture its files are of: its `lectureId` (and
  `attempt`), or, for a lecture without one, its file's path. A command refuses a folder that holds
  another lecture's files, or a later attempt of the same lecture (`claim`).
- **One command at a time.** A command that writes one lecture's folder holds the lock of OUT
  shared and the folder's own lock exclusively; a catalogue holds the lock of OUT exclusively
  (`OUT/.lecturekit-cache/.locks/`). The locks are `flock`s on open files, which the kernel lets go of when their holder
  ends, however it ends: a SIGKILLed command leaves nothing stuck (`locked`).
- **Changed whole.** A render writes into `OUT/.lecturekit-cache/.stage/<slug>/`, begun as hard links of
  the folder's files, and swaps it in when the lecture is whole (`Stage`): a reader of `OUT/<slug>/`
  sees the old folder or the new one, never some files of each. A killed render's stage is taken up
  again by the next render of the same lecture, and thrown away by any other.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import os
import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from lecturekit.diagnostics import LectureError, Place, error, quote
from lecturekit.manifest import inputs, manifest_of, recorded, write_manifest
from lecturekit.resolve import ResolvedLecture
from lecturekit.settings import RenderSettings

#: Where lecture folders are written while they render, and where the locks are, in the cache
#: (named so that no slug can be one of them).
STAGE, LOCKS = ".stage", ".locks"
#: The lock of the whole output folder, in LOCKS beside those of the lecture folders.
LOCK = ".out.lock"
#: Exit code of a command refused because another holds its output folder.
BUSY = 4
#: The work to record in render.json (as `pipeline.Tally`).
Tally = Callable[[], dict[str, int]]


@dataclass(frozen=True)
class Owner:
    """Whose files a lecture folder holds."""

    lecture_id: str | None
    attempt: int | None
    source: str

    def same_lecture(self, other: Owner) -> bool:
        """One lecture (any attempt): the same `lectureId`, or without one, the same file."""
        if self.lecture_id and other.lecture_id:
            return self.lecture_id == other.lecture_id
        return self.source == other.source

    def describe(self) -> str:
        """`lectureId X attempt 2 (path)`, or the path alone."""
        said = f"lectureId {quote(self.lecture_id)}" if self.lecture_id else "the lecture"
        if self.attempt is not None:
            said += f" attempt {self.attempt}"
        return f"{said} ({self.source})"


def owner_of(resolved: ResolvedLecture) -> Owner:
    return Owner(resolved.lecture.lecture_id or None, resolved.lecture.file.attempt, _path(resolved.source))


def recorded_owner(folder: Path) -> Owner | None:
    """The owner render.json in `folder` names (None: no render.json, or one that names none)."""
    manifest = manifest_of(folder)
    lecture = manifest.get("lecture")
    if not isinstance(lecture, dict) or not isinstance(lecture.get("path"), str):
        return None
    lecture_id, attempt = manifest.get("lectureId"), manifest.get("attempt")
    return Owner(str(lecture_id) if lecture_id not in (None, "") else None,
                 attempt if isinstance(attempt, int) else None, _path(lecture["path"]))


def _path(source: str) -> str:
    return str(Path(source).resolve()) if source else ""


@dataclass(frozen=True)
class Refusal:
    """Why a lecture may not have its folder: `kind` is `conflict` (another lecture's files are
    there) or `superseded` (a later attempt of it is), `line` says it."""

    kind: str
    line: str


def refusal(resolved: ResolvedLecture, out: Path) -> Refusal | None:
    """Why `resolved` may not write `OUT/<slug>/`, or None when it may."""
    folder = out / resolved.slug
    there = recorded_owner(folder)
    if there is None:
        strangers = sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) if folder.is_dir() else []
        if strangers:
            return Refusal("conflict", f"{folder} holds files no render.json accounts for ({strangers[0]}, …)")
        return None
    mine = owner_of(resolved)
    if not mine.same_lecture(there):
        return Refusal("conflict", f"{folder} holds the outputs of another lecture, {there.describe()}")
    if mine.attempt is not None and there.attempt is not None and there.attempt > mine.attempt:
        return Refusal("superseded", f"{folder} holds attempt {there.attempt} of this lecture, later than "
                                     f"attempt {mine.attempt}")
    return None


def claim(resolved: ResolvedLecture, out: Path) -> None:
    """Refuse, with one line, a folder that holds another lecture's files or a later attempt."""
    refused = refusal(resolved, out)
    if refused is not None:
        raise LectureError(error(Place(path=resolved.source), refused.line,
                                 "give this lecture its own publication.slug, or render it with another --out"),
                           exit_code=2)


# Locks

#: The locks this process holds, by path: a catalogue's lock of OUT covers its lectures' folders.
_held: dict[Path, tuple[int, bool]] = {}


@contextmanager
def locked(out: Path, slug: str | None = None) -> Iterator[None]:
    """Hold OUT for one command: exclusively (a catalogue: `slug` None), or shared with the
    folder of `slug` exclusively (a command writing one lecture). Refuses with one line (exit code
    `BUSY`) when another command holds it; never waits."""
    folder = out / ".lecturekit-cache" / LOCKS
    folder.mkdir(parents=True, exist_ok=True)
    whole = (folder / LOCK).resolve()
    if _held.get(whole, (0, False))[1]:  # this process holds the whole of OUT
        yield
        return
    locks = [(whole, slug is None, out)]
    if slug is not None:
        locks.append(((folder / f"{slug}.lock").resolve(), True, out / slug))
    taken: list[Path] = []
    try:
        for path, exclusive, place in locks:
            _take(path, exclusive, place)
            taken.append(path)
        yield
    finally:
        for path in reversed(taken):
            fd, _ = _held.pop(path)
            os.close(fd)  # closing the file lets go of its lock


def _take(path: Path, exclusive: bool, place: Path) -> None:
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
    except BlockingIOError:
        # who holds it, when it is held exclusively (a shared lock's holders write nothing)
        holder = os.pread(fd, 200, 0).decode("utf-8", "replace").strip() if path.name != LOCK or not exclusive else ""
        os.close(fd)
        said = f" ({holder})" if holder else ""
        raise LectureError(error(Place(path=str(place)), f"another lecturekit command is writing here{said}",
                                 "wait for it to end, or give another --out"), exit_code=BUSY) from None
    if exclusive:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()}".encode(), 0)
    _held[path] = (fd, exclusive and path.name == LOCK)


# Staging

class Stage:
    """One lecture's render into its staging folder, swapped in whole by `publish`. The caller holds
    the folder (`locked`) from before the stage is made until it is published or dropped."""

    def __init__(self, resolved: ResolvedLecture, settings: RenderSettings):
        self.resolved = resolved
        self.out = settings.out
        self.published = settings.out / resolved.slug
        self.folder = settings.cache / STAGE / resolved.slug
        self.settings = replace(settings, stage=settings.cache / STAGE)
        #: render.json of the folder as the stage began (what a changed lecture is told apart by).
        self.before = manifest_of(self.published)
        _recover(self.published, self._old)
        self._begin()

    @property
    def _old(self) -> Path:
        return self.folder.with_name(f".{self.resolved.slug}.old")

    def _begin(self) -> None:
        slug = re.escape(self.resolved.slug)  # what a killed swap or build left: never another's (`a.de`)
        for path in self.folder.parent.glob(".*"):
            if re.fullmatch(rf"\.{slug}\.(old|\d+\.building)", path.name):
                _remove(path)
        there = recorded_owner(self.folder) if self.folder.is_dir() else None
        if there is not None and there.same_lecture(owner_of(self.resolved)):
            self._link_from(self.published, self.folder, missing_only=True)
            return  # a killed render of this lecture: taken up where it stopped
        _remove(self.folder)
        building = self.folder.with_name(f".{self.resolved.slug}.{os.getpid()}.building")
        building.mkdir(parents=True)
        self._link_from(self.published, building)
        building.rename(self.folder)
        if not (self.folder / "render.json").exists():  # whose the stage is, for a killed run's next
            write_manifest(self.resolved, self.settings, [])

    @staticmethod
    def _link_from(folder: Path, into: Path, missing_only: bool = False) -> None:
        """Hard links in `into` of the files of `folder` (those `into` lacks, with `missing_only`)."""
        for path in folder.iterdir() if folder.is_dir() else ():
            if path.is_file() and not path.name.startswith(".") and not (missing_only and (into / path.name).exists()):
                _link(path, into / path.name)

    def publish(self, tally: Tally) -> bool:
        """Swap the stage in, render.json brought up to date last; whether anything changed (when
        nothing did, the stage is dropped and the folder left as it was)."""
        if _identity(manifest_of(self.folder)) != _identity(inputs(self.resolved)):
            write_manifest(self.resolved, self.settings, [], tally())
        if _listing(self.folder) == _listing(self.published):
            self.drop()
            return False
        if not self.published.exists():
            self.folder.rename(self.published)
        elif _exchange(self.folder, self.published):
            _remove(self.folder)
        else:  # no atomic exchange here: the old folder is moved aside first and put back if need be
            self.published.rename(self._old)
            self.folder.rename(self.published)
            _remove(self._old)
        _tidy(self.folder.parent)
        return True

    def drop(self) -> None:
        """Leave the folder as it was (what rendered is kept in the chunk cache)."""
        _remove(self.folder)
        _tidy(self.folder.parent)

    def path(self, staged: Path) -> Path:
        """Where a file written in the stage is once published."""
        return self.published / staged.relative_to(self.folder) if staged.is_relative_to(self.folder) else staged

    def changed(self) -> str | None:
        """Why the lecture was rendered again, told from the folder's render.json before: what of
        its inputs changed (None for a lecture rendered for the first time)."""
        return changes(self.before, inputs(self.resolved)) if self.before else None


def changes(before: dict[str, Any], now: dict[str, Any]) -> str:
    """What differs between the inputs render.json recorded and the lecture's now, in one line."""
    if before.get("attempt") != now["attempt"]:
        return f"attempt {now['attempt']} replaces attempt {before.get('attempt')}"
    if (before.get("lecture") or {}).get("sha256") != now["lecture"]["sha256"]:
        return "the lecture file changed"
    if before.get("overrides") != now["overrides"]:
        return f"the overrides changed ({(now['overrides'] or before.get('overrides') or {}).get('path')})"
    old = {a.get("path"): a.get("sha256") for a in before.get("assets") or [] if isinstance(a, dict)}
    for asset in now["assets"]:
        if old.get(asset["path"]) != asset["sha256"]:
            return f"a figure changed ({asset['path']})"
    if before.get("translation") != now["translation"]:
        return f"the translation changed ({(now['translation'] or {}).get('path')})"
    return "its files were missing, or made at other settings or by another lecturekit"


def _identity(manifest: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(manifest.get(key) for key in ("lectureId", "attempt", "lecture", "overrides", "assets", "translation"))


def _listing(folder: Path) -> dict[str, int]:
    """Each file of `folder` by name, with its inode: a file written anew is another inode."""
    if not folder.is_dir():
        return {}
    return {p.name: p.stat().st_ino for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")}


def _link(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except OSError:  # a file system without hard links
        shutil.copy2(source, target)


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def _tidy(folder: Path) -> None:
    with suppress(OSError):
        folder.rmdir()  # only when empty


def _recover(published: Path, old: Path) -> None:
    """A swap without an atomic exchange killed between its two renames: the old folder goes back."""
    if old.is_dir() and not published.exists():
        old.rename(published)


_RENAME_EXCHANGE, _AT_FDCWD = 2, -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one step (Linux's renameat2 RENAME_EXCHANGE); False where it is not there."""
    renameat2 = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if renameat2 is None:
        return False
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(b))


@contextmanager
def staged(resolved: ResolvedLecture, settings: RenderSettings, tally: Tally) -> Iterator[Stage]:
    """A render of one lecture into its own folder: held, claimed, staged, and published whole when
    the block ends; a render that fails keeps its stage for the next to take up."""
    with locked(settings.out, resolved.slug):
        claim(resolved, settings.out)
        stage = Stage(resolved, settings)
        try:
            yield stage
        except BaseException:
            if recorded(stage.folder) == recorded(stage.published):  # nothing finished: nothing to take up
                stage.drop()
            raise
        stage.publish(tally)


@contextmanager
def owned(resolved: ResolvedLecture, out: Path) -> Iterator[None]:
    """A command adding files to one lecture's folder (a still, a GIF, a storyboard): held and
    claimed while it writes."""
    with locked(out, resolved.slug):
        claim(resolved, out)
        yield


__all__ = ["BUSY", "LOCK", "STAGE", "Owner", "Refusal", "Stage", "changes", "claim", "locked", "owned",
           "owner_of", "recorded_owner", "refusal", "staged"]
