"""Write docs/cli.md from the typer app in lecturekit/cli.py, with typer's own `utils docs`.

    python tools/cli_docs.py [OUT]      # default: docs/cli.md

The app's help texts are the only source: edit them, never the page. tests/test_docs.py
regenerates the page and fails when the committed one differs.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "cli.md"


def write(out: Path) -> None:
    """The page for the app as this checkout's lecturekit defines it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "typer", "lecturekit.cli", "utils", "docs", "--name", "lecturekit",
                    "--title", "The lecturekit command line", "--output", str(out)],
                   check=True, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)


if __name__ == "__main__":
    write(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else PAGE)
