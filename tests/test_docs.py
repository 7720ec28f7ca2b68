"""The manual (docs/contributing.md, "The documentation"): the README stays a door, docs/cli.md is
what typer writes for the app, and every relative link in the README and docs/ reaches a file
in the repository, and a heading there when it names one."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
#: The README is the door: what lecturekit is, the two commands, a taste, the speed table, the pages.
README_LINES = 150

_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)
_CODE = re.compile(r"`+[^`\n]*`+")
_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)


def prose(text: str) -> str:
    """The text without code blocks and code spans, where a link is not a link."""
    return _CODE.sub("", _FENCE.sub("", text))


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives the page's headings: lower case, punctuation dropped, spaces to
    hyphens, a repeated one numbered."""
    seen: dict[str, int] = {}
    found = set()
    for heading in _HEADING.findall(_FENCE.sub("", page.read_text(encoding="utf-8"))):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def broken_links(page: Path) -> list[str]:
    """Every relative link of the page that does not reach a file or heading in the repository."""
    broken = []
    for target in _LINK.findall(prose(page.read_text(encoding="utf-8"))):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        reached = (page.parent / path).resolve() if path else page
        if not reached.is_relative_to(ROOT) or not reached.exists():
            broken.append(f"{target}: no such file in the repository")
        elif anchor and (reached.suffix != ".md" or anchor not in anchors(reached)):
            broken.append(f"{target}: no heading '{anchor}' there")
    return broken


def test_the_readme_is_a_door_with_the_two_commands_ci_runs():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_LINES
    assert "./setup.sh demo" in text and "./setup.sh test" in text
    assert "exec ./setup.sh test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_manual_has_its_pages():
    names = {p.name for p in PAGES}
    assert {"rendering.md", "format.md", "translations.md", "voices.md", "publishing.md", "studio.md",
            "strangers.md", "architecture.md", "extending.md", "performance.md", "contributing.md",
            "cli.md"} <= names
    linked = {Path(t.partition("#")[0]).name for t in _LINK.findall(prose(README.read_text(encoding="utf-8")))}
    assert names - {"README.md"} <= linked  # the README is the door to every page


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_reaches_a_file_and_heading(page):
    assert broken_links(page) == []


def test_a_broken_link_or_heading_is_found(tmp_path, monkeypatch):
    repository = tmp_path / "repository"
    repository.mkdir()
    monkeypatch.setattr(sys.modules[__name__], "ROOT", repository)
    (repository / "other.md").write_text("# Other\n\n## The `render.json` file\n", encoding="utf-8")
    (tmp_path / "x.md").touch()  # a file, but outside the repository
    page = repository / "page.md"
    page.write_text("[a](other.md#the-renderjson-file) [b](other.md#nothing) [c](missing.md) [d](../x.md)\n"
                    "`[e](missing.md)` [f](#here) [g](https://example.org)\n\n## Here\n", encoding="utf-8")
    assert broken_links(page) == ["other.md#nothing: no heading 'nothing' there",
                                  "missing.md: no such file in the repository",
                                  "../x.md: no such file in the repository"]


#: The command that writes docs/cli.md: typer's own generator, run on the app.
CLI_PAGE = ["-m", "typer", "lecturekit.cli", "utils", "docs", "--name", "lecturekit",
            "--title", "The lecturekit command line"]


def test_the_cli_reference_is_what_typer_writes_for_the_app(tmp_path):
    """docs/cli.md is generated: the app's help texts are its only source."""
    fresh = tmp_path / "cli.md"
    subprocess.run([sys.executable, *CLI_PAGE, "--output", str(fresh)], check=True, timeout=120, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    command = " ".join([".venv/bin/python", *(f'"{a}"' if " " in a else a for a in CLI_PAGE), "--output docs/cli.md"])
    assert command in (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
    assert fresh.read_text(encoding="utf-8") == (ROOT / "docs" / "cli.md").read_text(encoding="utf-8"), (
        f"docs/cli.md differs from the app's help: run {command}")
    assert "lecturekit translate update" in fresh.read_text(encoding="utf-8")
