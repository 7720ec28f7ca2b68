"""Recover a Table's rows from its TEXT, the visible start of `rows=`, and its number of reveals.

The recording cut `rows=` after 63 characters, but the TEXT lists every cell in reading order,
separated by spaces. Cells are rebuilt from atoms (a word, a number, or a whole `$…$` formula):
the visible rows pin the first cells, every row has as many cells as the first, and numbers and
formulas stand alone. When that leaves one way to cut the TEXT, the TEXT fixes the rows. When
it leaves several, two conventions of written tables may fix them: a capitalised word starts a
cell, and a word ending in a full stop ends one (each dropped when a visible cell breaks it).
The rows are then a guess, named as one; when even they leave several ways, nothing is guessed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass

from lecturekit.diagnostics import inferred, unresolved, warning
from lecturekit.resolve.findings import Findings, LeftOut, slugify

_ATOM = re.compile(r"\$[^$]*\$|\S+")
_NUMBER = re.compile(r"[-+]?\d[\d.,]*%?")
#: More atoms than this are not recovered: the search grows with their square.
MAX_ATOMS = 300

Rows = tuple[tuple[str, ...], ...]


def atoms(text: str) -> list[str]:
    return _ATOM.findall(text)


def _is_word(atom: str) -> bool:
    return not atom.startswith("$") and not _NUMBER.fullmatch(atom)


def _capitalised(atom: str) -> bool:
    return _is_word(atom) and atom[0].isupper()


def _stopped(atom: str) -> bool:
    return _is_word(atom) and atom.endswith(".") and not atom.endswith("..")


@dataclass(frozen=True)
class Conventions:
    """The conventions a cut of the TEXT must keep beyond the atoms' own rules."""

    capitals: bool = False  # a capitalised word starts a cell
    stops: bool = False  # a word ending in a full stop ends a cell

    def named(self) -> str:
        said = [s for s, on in ((_CAPITALS, self.capitals), (_STOPS, self.stops)) if on]
        return " and ".join(said)


_CAPITALS = "a capitalised word starts a cell"
_STOPS = "a full stop ends a cell"
_NONE = Conventions()


def _kept_by(cells: list[str]) -> Conventions:
    """The conventions no visible cell breaks."""
    inner = [a for cell in cells for a in atoms(cell)[1:]]
    before_last = [a for cell in cells for a in atoms(cell)[:-1]]
    return Conventions(
        capitals=not any(_capitalised(a) for a in inner),
        stops=not any(_stopped(a) for a in before_last),
    )


@dataclass(frozen=True)
class Recovery:
    """What the TEXT and the visible rows say about a cut table's rows."""

    #: The rows, when exactly one cut of the TEXT fits; None when none or several do.
    rows: Rows | None
    #: The conventions the rows rest on ("" when the TEXT alone fixes them).
    guess: str = ""
    #: Several cuts fit equally: the rows must be given.
    ambiguous: bool = False


_NO_FIT = Recovery(None)


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


class _Cuts:
    """Ways to cut atoms into cells, counted up to two (one is all a recovery needs to tell).

    `one[i]` and `two[i]` are bit sets: bit k says atoms[i:] can be cut into k cells in at least
    one way, at least two ways."""

    def __init__(self, atom_list: list[str], partial: str | None, rules: Conventions):
        self.atoms, self.partial, self.rules = atom_list, partial, rules
        n = len(atom_list)
        self.one, self.two = [0] * (n + 1), [0] * (n + 1)
        self.one[n] = 1
        for i in range(n - 1, -1, -1):
            one = two = 0
            for j in self.ends(i):
                two |= (self.two[j] << 1) | (one & (self.one[j] << 1))
                one |= self.one[j] << 1
            self.one[i], self.two[i] = one, two

    def ends(self, i: int) -> Iterator[int]:
        """Every j for which atoms[i:j] can be one cell."""
        a, rules = self.atoms, self.rules
        if i >= len(a):
            return
        j = i + 1
        while True:
            if i > 0 or self.partial is None or self._continues(" ".join(a[i:j])):
                yield j
            if j == len(a) or not (_is_word(a[j - 1]) and _is_word(a[j])):
                return
            if (rules.capitals and _capitalised(a[j])) or (rules.stops and _stopped(a[j - 1])):
                return
            j += 1

    def _continues(self, cell: str) -> bool:
        partial = self.partial or ""
        return cell.startswith(partial if partial.endswith(" ") else partial.rstrip())

    def count(self, cells: int) -> int:
        if cells < 0:
            return 0
        return (self.one[0] >> cells & 1) + (self.two[0] >> cells & 1)

    def only(self, cells: int) -> list[str]:
        """The one cut into `cells` cells (count(cells) must be 1)."""
        out, i = [], 0
        while cells:
            j = next(j for j in self.ends(i) if self.one[j] >> (cells - 1) & 1)
            out.append(" ".join(self.atoms[i:j]))
            i, cells = j, cells - 1
        return out


def infer_rows(text: str, prefix: str, reveals: int, min_columns: int = 1) -> Recovery:
    """The table's rows, when the TEXT and the visible rows fix them, or a guess that says so.

    `reveals` is how many times the table is shown (one row each; 0: any number of rows);
    `min_columns` the largest column an action names.
    """
    known_rows, partial = visible_rows(prefix)
    if not known_rows or not known_rows[0]:
        return _NO_FIT
    remaining = atoms(text)
    known = [c for row in known_rows for c in row]
    for cell in known:  # consume the cells we can see; empty cells do not appear in the TEXT
        cell_atoms = atoms(cell)
        if remaining[: len(cell_atoms)] != cell_atoms:
            return _NO_FIT
        del remaining[: len(cell_atoms)]
    if len(remaining) > MAX_ATOMS:
        return _NO_FIT
    width = len(known_rows[0])
    if len(known_rows) > 1 or re.search(r"['\"]\s*\)[\s,]*$", prefix):  # the first row is closed
        widths = [width]
    else:  # a cut cell says another cell follows; a closing quote or a comma may end the row ("('a',)")
        widths = list(range(max(width + (partial is not None), min_columns), len(known) + len(remaining) + 1))
    shapes = [
        (columns, total)
        for columns in widths
        for total in _totals(columns, reveals, len(known), len(known) + len(remaining))
    ]
    found = _recover(known, remaining, partial, shapes, _NONE)
    if found.rows is not None or not found.ambiguous:
        return found
    kept = _kept_by(known)
    for rules in (Conventions(capitals=kept.capitals), Conventions(stops=kept.stops), kept):
        guessed = _recover(known, remaining, partial, shapes, rules) if rules != _NONE else found
        if guessed.rows is not None:
            return Recovery(guessed.rows, rules.named())
    return found


def _totals(columns: int, reveals: int, known: int, most: int) -> range:
    """The numbers of cells a table `columns` wide can have."""
    if reveals > 0:
        return range(reveals * columns, reveals * columns + 1)
    least = max(known, 1) + (-max(known, 1)) % columns
    return range(least, most + 1, columns)


def _recover(
    known: list[str], remaining: list[str], partial: str | None,
    shapes: list[tuple[int, int]], rules: Conventions,
) -> Recovery:
    cuts = _Cuts(remaining, partial, rules)
    fits = [(columns, total) for columns, total in shapes for _ in range(cuts.count(total - len(known)))]
    if len(fits) != 1:
        return Recovery(None, ambiguous=len(fits) > 1)
    columns, total = fits[0]
    cells = known + cuts.only(total - len(known))
    return Recovery(tuple(tuple(cells[r * columns : (r + 1) * columns]) for r in range(total // columns)))


#: How much of a guessed table a warning quotes.
SHOWN_CHARS = 200


def recover(found: Findings, name: str, text: str, prefix: str, reveals: int, columns: int) -> Rows | None:
    """A cut table's rows, reported as fixed by its TEXT, guessed, or a gap (None: left out)."""
    recovery = infer_rows(text, prefix, reveals, columns) if prefix else _NO_FIT
    place, rows = found.place(name), recovery.rows
    line = _override_line(found, name, visible_rows(prefix)[0])
    if rows is None:
        why = ("its TEXT can be cut into cells in more than one way" if recovery.ambiguous
               else "the TEXT does not determine them")
        found.report(unresolved(place, f"its rows were cut off and {why}", f"write them in the overrides: {line}"))
        found.leave_out(name, LeftOut.GAP, reason="its rows were cut off")
        return None
    shape = f"{len(rows)} rows of {len(rows[0])} cells"
    if not recovery.guess:
        found.report(inferred(place, f"rows recovered from its text: {shape}"))
        return rows
    shown = ", ".join(repr(r) for r in rows)
    shown = shown if len(shown) <= SHOWN_CHARS else shown[:SHOWN_CHARS] + "…"
    found.report(warning(
        place, f"rows guessed from its text, taking it that {recovery.guess}: {shape}, {shown}",
        f"if they are wrong, write them in the overrides: {line}"))
    return rows


def _override_line(found: Findings, name: str, known_rows: list[list[str]]) -> str:
    """Where in the overrides to write the rows, and the line, with the visible cells and `…` for the rest."""
    shown = "".join("[" + "".join(json.dumps(c, ensure_ascii=False) + ", " for c in row) + "…], " for row in known_rows)
    return f'under ["{slugify(found.scene.title)}".{name}], rows = [{shown or "[…], "}…]'
