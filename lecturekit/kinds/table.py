"""A Table: rows of cells, one more row shown each time."""

from __future__ import annotations

from dataclasses import dataclass

from lecturekit.kinds.base import Entrance, Ink, KindDef, Parent, Role, Stands, entering, register, timing
from lecturekit.syntax.nodes import FieldType, Kind, Spec, Str, Tuple, Value, attribute


@dataclass(frozen=True)
class TableSpec(Spec):
    rows: Value | None = attribute(FieldType.ROWS)
    header: bool = attribute(FieldType.FLAG, False)

    @property
    def cells(self) -> tuple[tuple[str, ...], ...]:
        """The cells' texts, row by row (none while `rows` is not a tuple of rows)."""
        if not isinstance(self.rows, Tuple):
            return ()
        return tuple(tuple(getattr(c, "value", "") for c in getattr(r, "items", ())) for r in self.rows.items)


def rows_of(value: Value | None) -> tuple[tuple[str, ...], ...] | None:
    """A Table's rows as plain strings, if they are all there."""
    if not isinstance(value, Tuple) or not value.items:
        return None
    rows: list[tuple[str, ...]] = []
    for row in value.items:
        if not isinstance(row, Tuple) or not all(isinstance(c, Str) for c in row.items):
            return None
        rows.append(tuple(c.value for c in row.items if isinstance(c, Str)))  # (all are)
    return tuple(rows)


KIND = register(KindDef(
    kind=Kind.TABLE,
    spec=TableSpec,
    role=Role.VISUAL,
    parent=Parent.NEVER,
    container=False,
    stepped=True,
    reflows=True,
    text=None,
    inks=Ink.TEXT,
    backing=None,
    fills=False,
    enters=entering(Entrance.WRITE),
    seconds=timing(None),
    label_rank=None,
    labelled=True,
    geometry=None,
    stands=Stands.ELSEWHERE,
    hints=frozenset(),
    least=None,
))
