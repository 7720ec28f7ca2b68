"""One lecture, one output folder (`lecturekit.outputs`): a command refuses a folder that holds
another lecture's files or a later attempt; two commands never write one folder at once, and a
SIGKILLed holder leaves no lock behind; a folder changes whole, by a swap, or not at all."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from lecturekit import outputs
from lecturekit.cli import app
from lecturekit.diagnostics import LectureError
from lecturekit.manifest import inputs, write_manifest
from lecturekit.outputs import BUSY, Stage, changes, locked
from lecturekit.settings import Quality, RenderSettings
from lecturekit.sources import read
from tests.conftest import ROOT, lecture_data

runner = CliRunner()


def _lecture(folder: Path, lecture_id: str | None, attempt: int | None = None, slug: str = "tiny") -> Path:
    data: dict[str, Any] = lecture_data({"t": 'a Title that says "Hello"'}, end=1.0)
    data["publication"]["slug"] = slug
    data |= {"lectureId": lecture_id, "attempt": attempt}
    path = folder / "lecture.json"
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _rendered(lecture: Path, out: Path) -> Path:
    """`out/<slug>/` as a render of `lecture` leaves it (a video and its render.json), drawn by no one."""
    resolved = read(lecture, None)
    settings = RenderSettings(Quality.l, out)
    (out / resolved.slug).mkdir(parents=True, exist_ok=True)
    (out / resolved.slug / "tiny.mp4").write_bytes(b"the first lecture's video")
    write_manifest(resolved, settings, [{"path": "tiny.mp4", "scene": None, "title": "Tiny", "frames": 15}])
    return out / resolved.slug


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("command", [["render", "-q", "l", "--out", "media"], ["storyboard", "--out", "media"],
                                     ["still", "--at", "0.5", "-q", "l"]])
def test_a_command_refuses_a_folder_holding_another_lectures_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]) -> None:
    monkeypatch.chdir(tmp_path)  # a still with no --out goes to media/SLUG/ where the command runs
    out = tmp_path / "media"
    folder = _rendered(_lecture(tmp_path / "first", "first-lecture"), out)
    before = _files(folder)
    other = _lecture(tmp_path / "second", "second-lecture")
    done = runner.invoke(app, [command[0], str(other), *command[1:]])
    assert done.exit_code == 2
    [line] = done.stderr.splitlines()
    assert "holds the outputs of another lecture, lectureId 'first-lecture'" in line and "first/lecture.json" in line
    assert _files(folder) == before


def test_a_lecture_without_a_lecture_id_is_told_apart_by_its_file(tmp_path: Path) -> None:
    out = tmp_path / "media"
    first = _lecture(tmp_path / "first", None)
    _rendered(first, out)
    assert outputs.refusal(read(first, None), out) is None
    refused = outputs.refusal(read(_lecture(tmp_path / "second", None), None), out)
    assert refused is not None and refused.kind == "conflict" and str(first) in refused.line


def test_render_refuses_an_earlier_attempt_over_a_later_one(tmp_path: Path) -> None:
    out = tmp_path / "media"
    _rendered(_lecture(tmp_path / "take-3", "take", attempt=3), out)
    done = runner.invoke(app, ["render", str(_lecture(tmp_path / "take-2", "take", attempt=2)), "-q", "l",
                               "--out", str(out)])
    assert done.exit_code == 2
    assert done.stderr.splitlines() == [next(line for line in done.stderr.splitlines() if "attempt 3" in line)]
    assert outputs.refusal(read(_lecture(tmp_path / "take-4", "take", attempt=4), None), out) is None


def test_files_no_render_json_accounts_for_are_not_written_over(tmp_path: Path) -> None:
    out = tmp_path / "media"
    (out / "tiny").mkdir(parents=True)
    (out / "tiny" / "somebody-elses.mp4").write_bytes(b"x")
    refused = outputs.refusal(read(_lecture(tmp_path / "l", "l"), None), out)
    assert refused is not None and "somebody-elses.mp4" in refused.line


HOLD = """
import sys, time
from pathlib import Path
from lecturekit.outputs import locked
with locked(Path(sys.argv[1]), sys.argv[2] or None):
    print("held", flush=True)
    time.sleep(600)
"""


def _holder(out: Path, slug: str = "") -> subprocess.Popen[str]:
    process = subprocess.Popen([sys.executable, "-c", HOLD, str(out), slug], cwd=ROOT, text=True,
                               stdout=subprocess.PIPE, env={"PYTHONPATH": str(ROOT)})
    assert process.stdout is not None and process.stdout.readline() == "held\n"
    return process


def test_a_second_command_on_one_output_folder_refuses_it_and_a_sigkilled_holder_leaves_no_lock(
        tmp_path: Path) -> None:
    out, lecture = tmp_path / "media", _lecture(tmp_path / "l", "l")
    holder = _holder(out)  # as a catalogue holds OUT
    try:
        for command in (["render", str(lecture), "-q", "l"], ["catalogue", str(tmp_path / "l"), "-q", "l"]):
            done = runner.invoke(app, [*command, "--out", str(out), "--quiet"])
            assert done.exit_code == BUSY
            [line] = done.stderr.splitlines()
            assert "another lecturekit command is writing here" in line and str(out) in line
        assert not (out / "tiny").exists() and not (out / "catalogue.json").exists()
    finally:
        holder.kill()
        holder.wait()
    with locked(out):  # the kernel let go of the lock with the process
        pass


def test_commands_on_two_lectures_share_the_output_folder_but_not_a_lecture_folder(tmp_path: Path) -> None:
    out = tmp_path / "media"
    holder = _holder(out, "one")
    try:
        with locked(out, "two"):
            pass
        with pytest.raises(LectureError) as refused, locked(out, "one"):
            pass
        assert refused.value.exit_code == BUSY and f"pid {holder.pid}" in refused.value.diagnostics[0].line()
        with pytest.raises(LectureError), locked(out):
            pass
    finally:
        holder.kill()
        holder.wait()
    with locked(out), locked(out, "one"):  # a catalogue's lock covers its lectures' folders
        pass


@pytest.mark.parametrize("exchange", [True, False])
def test_a_stage_is_swapped_in_whole_and_left_alone_when_nothing_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, exchange: bool) -> None:
    if not exchange:  # a file system without renameat2's exchange: two renames
        monkeypatch.setattr(outputs, "_exchange", lambda a, b: False)
    out = tmp_path / "media"
    lecture = _lecture(tmp_path / "l", "l")
    folder = _rendered(lecture, out)
    resolved = read(lecture, None)
    settings = RenderSettings(Quality.l, out)
    kept = {p.name: p.stat().st_ino for p in folder.iterdir()}
    stage = Stage(resolved, settings)
    assert stage.publish(dict) is False  # nothing written: the folder is left as it was
    assert {p.name: p.stat().st_ino for p in folder.iterdir()} == kept and not stage.folder.parent.exists()

    stage = Stage(resolved, settings)
    (stage.folder / "tiny.mp4").unlink()
    (stage.folder / "tiny.mp4").write_bytes(b"the new video")
    write_manifest(resolved, stage.settings, [{"path": "tiny.mp4", "scene": None, "title": "Tiny", "frames": 30}])
    assert _files(folder)["tiny.mp4"] == b"the first lecture's video"  # nothing shows until the swap
    assert stage.publish(dict) is True
    assert _files(folder)["tiny.mp4"] == b"the new video"
    assert json.loads((folder / "render.json").read_text())["files"][0]["frames"] == 30
    assert not (out / ".lecturekit-cache" / outputs.STAGE).exists()


def test_a_swap_killed_between_its_renames_is_put_back(tmp_path: Path) -> None:
    out = tmp_path / "media"
    lecture = _lecture(tmp_path / "l", "l")
    folder = _rendered(lecture, out)
    before = _files(folder)
    aside = out / ".lecturekit-cache" / outputs.STAGE / ".tiny.old"
    aside.parent.mkdir(parents=True)
    folder.rename(aside)  # killed here: the folder is aside, the stage not yet in its place
    german = aside.with_name(".tiny.de.old")  # the German folder's, killed the same way: not this lecture's
    german.mkdir()
    Stage(read(lecture, None), RenderSettings(Quality.l, out))
    assert _files(folder) == before and not aside.exists() and german.is_dir()


def test_a_killed_stage_of_another_lecture_is_thrown_away(tmp_path: Path) -> None:
    out = tmp_path / "media"
    settings = RenderSettings(Quality.l, out)
    first = Stage(read(_lecture(tmp_path / "a", "a"), None), settings)
    write_manifest(first.resolved, first.settings, [])
    (first.folder / "half.mp4").write_bytes(b"half")
    second = Stage(read(_lecture(tmp_path / "b", "b"), None), settings)
    assert second.folder == first.folder and not (second.folder / "half.mp4").exists()


def test_the_reason_a_lecture_is_rendered_again(tmp_path: Path) -> None:
    now = inputs(read(_lecture(tmp_path / "l", "l", attempt=2), None))
    assert changes(now | {"attempt": 1}, now) == "attempt 2 replaces attempt 1"
    assert changes(now | {"lecture": {"path": "x", "sha256": "0"}}, now) == "the lecture file changed"
    assert changes(now | {"overrides": {"path": "o.toml", "sha256": "0"}}, now) == "the overrides changed (o.toml)"
    figured = now | {"assets": [{"path": "figures/a.png", "sha256": "1"}]}
    assert changes(figured | {"assets": [{"path": "figures/a.png", "sha256": "0"}]}, figured) == \
        "a figure changed (figures/a.png)"
    po = now | {"translation": {"path": "locale/de.po", "sha256": "1"}}
    assert changes(po | {"translation": {"path": "locale/de.po", "sha256": "0"}}, po) == \
        "the translation changed (locale/de.po)"
    assert "other settings" in changes(now, now)


@pytest.mark.slow
def test_a_reader_finds_the_old_folder_until_the_new_one_is_whole(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from lecturekit import pipeline
    from tests.catalogue.kit import scene

    out, path = tmp_path / "media", tmp_path / "l" / "lecture.json"

    def version(n: int) -> None:
        scenes = [scene(f"Part {k}", float(k), k + 1.0, {"t": f'a Title that says "Part {k}"'}, f"Version {n}.")
                  for k in range(2)]
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps({"version": 1, "lectureId": "l", "publication": {
            "slug": "two", "title": "Two", "watch": {"scenes": scenes}}}), encoding="utf-8")

    def found() -> dict[str, str]:
        """What a reader finds in the folder: each caption file's text, render.json's lecture hash."""
        return {p.name: p.read_text() for p in sorted((out / "two").glob("*.vtt"))} | {
            "sha256": json.loads((out / "two" / "render.json").read_text())["lecture"]["sha256"]}

    version(1)
    pipeline.render_lecture(path, None, RenderSettings(Quality.l, out))
    old = found()
    assert all("Version 1." in text for name, text in old.items() if name.endswith(".vtt"))
    version(2)
    seen, finish = [], pipeline.finish_scene

    def watched(*args: Any) -> pipeline.RenderedScene:
        done = finish(*args)
        seen.append(found())  # a reader looking as each new scene is finished
        return done

    monkeypatch.setattr(pipeline, "finish_scene", watched)
    pipeline.render_lecture(path, None, RenderSettings(Quality.l, out))
    assert seen == [old, old]
    new = found()
    assert new.keys() == old.keys() and all("Version 2." in text for name, text in new.items() if name.endswith(".vtt"))


def test_a_failed_render_keeps_its_stage_only_when_it_finished_something(tmp_path: Path) -> None:
    out, resolved = tmp_path / "media", read(_lecture(tmp_path / "l", "l"), None)
    settings = RenderSettings(Quality.l, out)
    with pytest.raises(RuntimeError), outputs.staged(resolved, settings, dict) as stage:
        raise RuntimeError("failed before any scene was finished")
    assert not stage.folder.exists() and not (out / "tiny").exists()
    with pytest.raises(RuntimeError), outputs.staged(resolved, settings, dict) as stage:
        (stage.folder / "01-scene-one.mp4").write_bytes(b"a finished scene")
        write_manifest(resolved, stage.settings, [{"path": "01-scene-one.mp4", "scene": 1, "title": "S", "key": "k"}])
        raise RuntimeError("failed after one scene was finished")
    assert (stage.folder / "01-scene-one.mp4").is_file() and not (out / "tiny").exists()  # for the next run
