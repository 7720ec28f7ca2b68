"""Writing translations for tests: a PO file from (context, text, translation) rows."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import polib
import pytest


@pytest.fixture
def write_po(tmp_path: Path) -> Callable[..., Path]:
    """`write_po([(context, msgid, msgstr), ...], fuzzy=(contexts...))`: a PO file, its path."""
    counter = iter(range(1_000_000))

    def write(rows: Iterable[tuple[str, str, str]], fuzzy: Iterable[str] = (), language: str = "de") -> Path:
        po = polib.POFile(wrapwidth=0)
        po.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Language": language}
        marked = set(fuzzy)
        for context, msgid, msgstr in rows:
            po.append(polib.POEntry(msgctxt=context, msgid=msgid, msgstr=msgstr,
                                    flags=["fuzzy"] if context in marked else []))
        path = tmp_path / f"translation-{next(counter)}.po"
        po.save(str(path))
        return path

    return write
