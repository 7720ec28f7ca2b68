"""`render.json` beside the outputs: each file, what it shows, and what it was made from."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from lecturekit import __version__
from lecturekit.files import atomic
from lecturekit.images import file_digest, image_digest
from lecturekit.kinds import ImageSpec
from lecturekit.model import Scene as SceneFile
from lecturekit.resolve import ResolvedLecture
from lecturekit.scripts import ENGLISH
from lecturekit.settings import RenderSettings


def inputs(resolved: ResolvedLecture) -> dict[str, Any]:
    """What the lecture's outputs are made from and whose they are, as render.json records it:
    the lecture (its `lectureId` and `attempt`, its file), its overrides, figures and translation."""
    folder = Path(resolved.folder)
    images = sorted({spec.path for scene in resolved.scenes for spec in scene.objects.values()
                     if isinstance(spec, ImageSpec)})
    assets = []
    for relative in images:
        digest = image_digest(folder, relative)
        assets.append({"path": relative, "sha256": None if ":" in digest else digest})
    over = resolved.overrides_file
    po = resolved.translation.file if resolved.translation is not None else ""
    po_path = Path(resolved.folder) / po if po else None
    return {
        "lectureId": resolved.lecture.lecture_id or None,
        "attempt": resolved.lecture.file.attempt,
        "lecture": {"path": resolved.source, "sha256": resolved.lecture.digest},
        "overrides": {"path": str(over), "sha256": file_digest(over)} if over else None,
        "assets": assets,
        "translation": ({"path": po, "sha256": file_digest(po_path) if po_path.is_file() else None}
                        if po_path is not None else None),
    }


def scene_key(
    resolved: ResolvedLecture, recorded_scene: SceneFile, index: int, settings: RenderSettings,
    pictures: bool = False,
) -> str:
    """What a scene's video depends on, hashed: the scene as recorded, the overrides, its images,
    the quality and narration asked for, and this version of lecturekit. With `pictures`, only
    what its pictures depend on besides its actions (and the lecture's own language, where it is
    not English): not the actions, narration or voice."""
    scene = recorded_scene
    parts = [__version__, settings.quality.value, str(settings.frame_rate), settings.format.value,
             str(settings.transparent)]
    if pictures:
        parts.append(scene.model_dump_json(exclude={"beats"}))
        if resolved.own_language != ENGLISH:  # which its boards set Han alone in, told by every scene's texts
            parts.append(resolved.own_language)
    else:
        parts += [str(settings.tts), str(settings.voice), settings.language or resolved.language,
                  scene.model_dump_json()]
        if settings.narration is not None:
            parts.append(file_digest(settings.narration))
    over = resolved.overrides_file
    parts.append(file_digest(over) if over else "")
    if (translation := resolved.translation) is not None:  # the language, and the scene's texts in it
        parts += [translation.language, translation.board[index - 1]]
        if not pictures:
            parts.append(translation.heard[index - 1])
    for spec in resolved.scenes[index - 1].objects.values():
        if isinstance(spec, ImageSpec):
            parts.append(image_digest(Path(resolved.folder), spec.path))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def recorded(folder: Path) -> dict[str, dict[str, Any]]:
    """The entries of an earlier render.json in `folder`, by file name."""
    try:
        return {f["path"]: f for f in manifest_of(folder)["files"]}
    except (KeyError, TypeError):
        return {}


def manifest_of(folder: Path) -> dict[str, Any]:
    """The render.json in `folder` as written ({} when there is none, or it cannot be read)."""
    try:
        data = json.loads((folder / "render.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_manifest(resolved: ResolvedLecture, settings: RenderSettings, files: list[dict[str, Any]],
                   work: dict[str, int] | None = None) -> Path:
    """Record `files` (path, scene, title, duration, frames; the quality and frame rate of
    `settings` unless an entry gives its own) in the lecture folder's render.json, keeping the
    entries of earlier commands' other files, and the `work` the command writing it has done so
    far (`lecturekit.work`: frames drawn, compiles, ...; exact, so tests can hold it). Every file a
    command writes into the folder is recorded here, whatever the command and its options."""
    folder = settings.folder(resolved.slug)
    path = folder / "render.json"
    entries = recorded(folder)
    for entry in files:
        entries[entry["path"]] = {"quality": settings.quality.value, "fps": settings.frame_rate, **entry}
    manifest = {
        "lecturekit": __version__,
        "slug": resolved.slug,
        "title": resolved.title,
        **inputs(resolved),
        "files": sorted(entries.values(), key=lambda f: f["path"]),
        "work": work or {},
    }
    with atomic(path) as tmp:  # a killed command leaves the last whole render.json
        tmp.write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return path
