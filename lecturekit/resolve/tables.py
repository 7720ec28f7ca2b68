"""Recover a Table's rows from its TEXT, the visible start of `rows=`, and its number of reveals.

The recording cut `rows=` after 63 characters, but the TEXT lists every cell in reading order,
separated by spaces. Cells are rebuilt from atoms (a word, a number, or a whole `$…$` formula):
the visible rows pin the first cells, and the rest are split so that every row has as many cells
as the first, numbers and formulas stand alone, and where words could go either way the earlier
cell takes them.
"""

from __future__ import annotations

import re
from functools import cache

_ATOM = re.compile(r"\$[^$]*\$|\S+")
_NUMBER = re.compile(r"[-+]?\d[\d.,]*%?")


def atoms(text: str) -> list[str]:
    return _ATOM.findall(text)


def _is_word(atom: str) -> bool:
    return not atom.startswith("$") and not _NUMBER.fullmatch(atom)


def visible_rows(prefix: str) -> tuple[list[list[str]], str | None]:
    """Complete leading cells of a cut `rows=` value, row by row, and the cut cell's start.

    `(('a', 'b'), ('c', 'd…` gives `[['a', 'b'], ['c']]` and `'d'`.
    """
    rows: list[list[str]] = []
    partial: str | None = None
    for m in re.finditer(r"\(|'((?:[^'\\]|\\.)*)'|'((?:[^'\\]|\\.)*)$|\"([^\"]*)\"", prefix):
        if m.group(0) == "(":
            if prefix[: m.start()].count("(") >= 1:
                rows.append([])
            continue
        if m.group(2) is not None:
            partial = m.group(2)
            continue
        cell = m.group(1) if m.group(1) is not None else m.group(3)
        if not rows:
            rows.append([])
        rows[-1].append(cell)
    return rows, partial


def split_cells(atom_list: list[str], cells: int) -> list[str] | None:
    """Group `atom_list` into exactly `cells` cells; None if no grouping fits."""
    n = len(atom_list)
    words = [_is_word(a) for a in atom_list]

    @cache
    def best(i: int, k: int) -> tuple[int, ...] | None:
        # Lengths of the cells that cover atoms[i:] with k cells; earlier cells take more.
        if k == 0:
            return () if i == n else None
        for size in range(n - i - (k - 1), 0, -1):
            group = range(i, i + size)
            if size > 1 and not all(words[j] for j in group):
                continue
            rest = best(i + size, k - 1)
            if rest is not None:
                return (size, *rest)
        return None

    sizes = best(0, cells)
    if sizes is None:
        return None
    out, i = [], 0
    for size in sizes:
        out.append(" ".join(atom_list[i : i + size]))
        i += size
    return out


def infer_rows(
    text: str, prefix: str, reveals: int, min_columns: int = 1
) -> tuple[tuple[str, ...], ...] | None:
    """The table's rows, or None when the TEXT and the visible rows do not determine them.

    `reveals` is how many times the table is shown (one row each); `min_columns` the largest
    column an action names.
    """
    known_rows, partial = visible_rows(prefix)
    if not known_rows or not known_rows[0]:
        return None
    remaining = atoms(text)
    known = [c for row in known_rows for c in row]
    for cell in known:  # consume the cells we can see; empty cells do not appear in the TEXT
        cell_atoms = atoms(cell)
        if remaining[: len(cell_atoms)] != cell_atoms:
            return None
        del remaining[: len(cell_atoms)]
    first_complete = len(known_rows) > 1 or partial is None
    if first_complete:
        candidates = [len(known_rows[0])]
    else:
        widest = len(known) + len(remaining)
        candidates = list(range(max(len(known_rows[0]) + 1, min_columns), widest + 1))
    for columns in candidates:
        rows = _fill(known, remaining, partial, columns, reveals)
        if rows is not None:
            return rows
    return None


def _fill(
    known: list[str], remaining: list[str], partial: str | None, columns: int, reveals: int
) -> tuple[tuple[str, ...], ...] | None:
    if reveals > 0:
        total = reveals * columns
    elif (len(known) + len(remaining)) % columns == 0:
        total = len(known) + len(remaining)  # every remaining atom its own cell
    else:
        return None
    if total < len(known):
        return None
    rest = split_cells(remaining, total - len(known))
    if rest is None:
        return None
    if partial is not None and (not rest or not rest[0].startswith(partial.rstrip())):
        return None
    cells = known + rest
    return tuple(tuple(cells[r * columns : (r + 1) * columns]) for r in range(total // columns))
