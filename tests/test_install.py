"""A wheel built from the repository works in a fresh virtual environment outside the checkout:
it carries the demo lecture and its figure, the project's overrides for its own lectures, and the
catalogue report's template and the lecture page's files.

The new environment borrows the test environment's installed dependencies (a path line, so none of
its `.pth` hooks, and not its editable lecturekit, comes along) instead of installing them again:
`./setup.sh` installs them from the same `pyproject.toml`, and what this proves is the wheel's own
contents."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import tarfile
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow


def _run(args: list[str | Path], cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=1800)


def _sources(into: Path) -> Path:
    """The repository's files (tracked and new, as git lists them) copied to `into`, so the build
    leaves nothing in the checkout."""
    listed = _run(["git", "ls-files", "-co", "--exclude-standard", "-z"], ROOT)
    assert listed.returncode == 0, listed.stderr
    archive = into.with_suffix(".tar")
    with tarfile.open(archive, "w") as tar:
        for name in filter(None, listed.stdout.split("\0")):
            if (ROOT / name).exists() or (ROOT / name).is_symlink():
                tar.add(ROOT / name, arcname=name, recursive=False)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="tar")
    return into


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The `bin/` of a new venv with lecturekit installed from a wheel of this repository."""
    base = tmp_path_factory.mktemp("install")
    source = _sources(base / "source")
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", base / "dist", "."], source)
    assert built.returncode == 0, built.stderr
    [wheel] = (base / "dist").glob("lecturekit-*.whl")
    venv = base / "venv"
    assert _run([sys.executable, "-m", "venv", venv], base).returncode == 0
    [site] = venv.glob("lib/python*/site-packages")
    (site / "borrowed-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    pip = _run([venv / "bin" / "python", "-m", "pip", "install", "-q", "--no-deps", wheel], base)
    assert pip.returncode == 0, pip.stderr
    return venv / "bin"


def test_the_installed_package_is_the_wheel_not_the_checkout(installed, tmp_path):
    where = _run([installed / "python", "-c", "import lecturekit; print(lecturekit.__file__)"], tmp_path)
    path = Path(where.stdout.strip())
    assert path.is_relative_to(installed.parent) and not path.is_relative_to(ROOT), where


def test_the_installed_lecturekit_renders_the_demo(installed, tmp_path):
    result = _run([installed / "lecturekit", "render", "-q", "l", "--quiet", "--jobs", "2"], tmp_path)
    assert result.returncode == 0, result.stderr
    folder = tmp_path / "media" / "lecturekit-demo"
    assert (folder / "lecturekit-demo.mp4").stat().st_size > 10_000
    manifest = json.loads((folder / "render.json").read_text())
    assert Path(manifest["overrides"]["path"]).is_relative_to(installed.parent)  # the demo's own, installed
    assert Path(manifest["assets"][0]["path"]).name == "arrows.png" and manifest["assets"][0]["sha256"]


def test_the_installed_lecturekit_checks_the_transformer_clean(installed, transformer, tmp_path):
    result = _run([installed / "lecturekit", "check", transformer, "--json"], tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["unresolved"] == [] and report["errors"] == []
    # its one warning: a beat too fast to read in captions (tests/test_captions.py)
    assert [w["action"] for w in report["warnings"]] == ["beat 3 at 475.93 s"]
    assert Path(report["overrides"]).name == "the-transformer-from-recurrence-failure-to-attention.toml"
    assert Path(report["overrides"]).is_relative_to(installed.parent)


def test_the_installed_lecturekit_carries_the_catalogue_report_template(installed, tmp_path):
    write = ("from pathlib import Path; from lecturekit.catalogue.page import write_report; "
             "from lecturekit.catalogue.rows import Catalogue; "
             "write_report(Catalogue(root='courses', quality='l', workers=2, started='now', wall_seconds=1.0, rows=[]),"
             " Path('.'))")
    result = _run([installed / "python", "-c", write], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "<title>Catalogue courses</title>" in (tmp_path / "catalogue.html").read_text(encoding="utf-8")


def test_the_installed_lecturekit_carries_the_lecture_pages_files(installed, tmp_path):
    write = ("from pathlib import Path; from lecturekit.page.write import PageData, write_page; "
             "write_page(Path('.'), PageData('T <b>', 'en', 'v.mp4', None, 1.0, 15, [], [], [], []))")
    result = _run([installed / "python", "-c", write], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "<title>T &lt;b&gt;</title>" in (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "lecturePage" in (tmp_path / "page.js").read_text(encoding="utf-8")
    assert (tmp_path / "page.css").stat().st_size > 0


def test_the_installed_lecturekit_carries_the_presentations_files(installed, tmp_path):
    write = ("from pathlib import Path; from lecturekit.present.write import Presentation, write_presentation; "
             "write_presentation(Path('.'), Presentation('T <b>', 'en', 15, [], []))")
    result = _run([installed / "python", "-c", write], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "<title>T &lt;b&gt;</title>" in (tmp_path / "present.html").read_text(encoding="utf-8")
    assert "presenterView" in (tmp_path / "present.js").read_text(encoding="utf-8")
    assert (tmp_path / "present.css").stat().st_size > 0
