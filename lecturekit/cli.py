"""The command line: thin commands that hand the work to the pipeline; errors become exit codes."""

from __future__ import annotations

import json
import sys
import traceback
from pathlib import Path
from typing import Annotated

import typer

from lecturekit.diagnostics import LectureError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Render recorded lecture descriptions as Manim videos in sync with the narration.",
)

LectureArg = Annotated[
    Path | None,
    typer.Argument(help="The lecture.json (or its folder). Default: the bundled demo lecture."),
]
OverridesOpt = Annotated[
    Path | None,
    typer.Option("--overrides", help="TOML with values the lecture cannot supply (default: scenes/<slug>.toml)."),
]
DebugOpt = Annotated[bool, typer.Option("--debug", help="Show a traceback when something fails.")]


@app.callback()
def _root() -> None:
    """Render recorded lecture descriptions as Manim videos in sync with the narration."""


def _fail(exc: LectureError, debug: bool) -> None:
    if debug:
        traceback.print_exception(exc)
    for diagnostic in exc.diagnostics:
        typer.echo(diagnostic.line(), err=True)
    raise typer.Exit(exc.exit_code)


@app.command()
def check(
    lecture: LectureArg = None,
    overrides: OverridesOpt = None,
    strict: Annotated[bool, typer.Option("--strict", help="Fail on warnings and gaps too.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    debug: DebugOpt = False,
) -> None:
    """Read a lecture and report what it holds, what was inferred, and what is wrong or missing."""
    from lecturekit.report import summary, text_report
    from lecturekit.sources import read

    try:
        resolved = read(lecture, overrides)
    except LectureError as exc:
        if as_json:
            typer.echo(json.dumps({"errors": [d.as_json() for d in exc.diagnostics]}, indent=2))
        _fail(exc, debug)
        return
    report = summary(resolved)
    typer.echo(json.dumps(report, indent=2) if as_json else text_report(resolved))
    failed = not resolved.renderable or (strict and (report["warnings"] or report["unresolved"]))
    raise typer.Exit(1 if failed else 0)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)


if __name__ == "__main__":
    main()
