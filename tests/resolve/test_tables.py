"""Table rows recovered from the TEXT, the visible start of `rows=`, and the number of reveals: fixed by
the TEXT, guessed from written tables' conventions (a warning naming the guess), or asked for (a gap)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lecturekit.diagnostics import Severity
from lecturekit.kinds import TableSpec
from lecturekit.resolve import ResolvedScene
from lecturekit.resolve.tables import MAX_ATOMS, Recovery, atoms, infer_rows, visible_rows
from lecturekit.syntax.nodes import Str, Tuple
from tests.conftest import lines


def rows_of(scene: ResolvedScene, name: str) -> list[tuple[str, ...]]:
    spec = scene.objects[name]
    assert isinstance(spec, TableSpec)
    assert isinstance(spec.rows, Tuple)
    out = []
    for row in spec.rows.items:
        assert isinstance(row, Tuple) and all(isinstance(c, Str) for c in row.items)
        out.append(tuple(c.value for c in row.items))
    return out


def scene_of(resolved, slug: str) -> ResolvedScene:
    return next(s for s in resolved.scenes if s.slug == slug)


# ---------------------------------------------------------------- the four tables of the lecture


def test_order(transformer_resolved):
    assert rows_of(scene_of(transformer_resolved, "where-the-words-sit"), "order") == [
        ("Order", "$1$", "$2$", "$3$", "$4$"),
        ("As written", "the", "river", "bank", "flooded"),
        ("Shuffled", "flooded", "bank", "the", "river"),
    ]


def test_mask_has_an_empty_top_left_cell(transformer_resolved):
    tick, never = "$checkmark$", "$-infinity$"
    assert rows_of(scene_of(transformer_resolved, "the-encoder-and-decoder-stack"), "mask") == [
        ("", "$1$", "$2$", "$3$", "$4$"),
        ("$1$", tick, never, never, never),
        ("$2$", tick, tick, never, never),
        ("$3$", tick, tick, tick, never),
        ("$4$", tick, tick, tick, tick),
    ]


def test_costs(transformer_resolved):
    assert rows_of(scene_of(transformer_resolved, "why-this-architecture-won"), "costs") == [
        ("Layer type", "Complexity per layer", "Sequential ops", "Max path length"),
        ("Self-attention", "$O(n^2 dot.op d)$", "$O(1)$", "$O(1)$"),
        ("Recurrent", "$O(n dot.op d^2)$", "$O(n)$", "$O(n)$"),
        ("Convolutional", "$O(k dot.op n dot.op d^2)$", "$O(1)$", "$O(log_k (n))$"),
    ]


def test_results(transformer_resolved):
    assert rows_of(scene_of(transformer_resolved, "why-this-architecture-won"), "results") == [
        ("Model", "EN-DE BLEU", "EN-FR BLEU", "Training cost"),
        ("GNMT + RL, ensemble", "26.30", "41.16", "$1.8 dot.op 10^20$"),
        ("ConvS2S, ensemble", "26.36", "41.29", "$1.2 dot.op 10^21$"),
        ("Transformer, base", "27.3", "38.1", "$3.3 dot.op 10^18$"),
        ("Transformer, big", "28.4", "41.8", "$2.3 dot.op 10^19$"),
    ]


def test_every_inferred_table_keeps_its_header_flag(transformer_resolved):
    tables = [
        spec
        for scene in transformer_resolved.scenes
        for spec in scene.objects.values()
        if isinstance(spec, TableSpec)
    ]
    assert len(tables) == 4
    assert all(t.header for t in tables)


def test_each_table_is_revealed_once_per_row(transformer_resolved):
    for scene in transformer_resolved.scenes:
        for name, spec in scene.objects.items():
            if isinstance(spec, TableSpec):
                shows = [
                    a
                    for a in scene.actions
                    if a.action.object == name and type(a.action).__name__ == "Show"
                ]
                assert len(shows) == len(rows_of(scene, name))


# ---------------------------------------------------------------- the pieces


def test_atoms_keep_formulas_whole():
    assert atoms("Self-attention $O(n^2 dot.op d)$ $O(1)$ x") == [
        "Self-attention",
        "$O(n^2 dot.op d)$",
        "$O(1)$",
        "x",
    ]
    assert atoms("") == []


@pytest.mark.parametrize(
    ("prefix", "rows", "partial"),
    [
        ("(('a', 'b'), ('c', 'd", [["a", "b"], ["c"]], "d"),
        ("(('a', 'b'), ('c', '", [["a", "b"], ["c"]], ""),
        (
            "(('Layer type', 'Complexity per layer', 'Sequential ops', 'Max ",
            [["Layer type", "Complexity per layer", "Sequential ops"]],
            "Max ",
        ),
        ("(('', '$1$'), ('$1$', '$-in", [["", "$1$"], ["$1$"]], "$-in"),
        ('(("a", "b"), ("c"', [["a", "b"], ["c"]], None),
        ("(('it\\'s', 'b'", [["it\\'s", "b"]], None),
    ],
)
def test_visible_rows(prefix, rows, partial):
    """The prefix is what a Truncated keeps: everything before the `…`."""
    assert visible_rows(prefix) == (rows, partial)


def test_infer_rows_from_a_complete_first_row():
    text = "Name Score alpha 1 beta 2"
    assert infer_rows(text, "(('Name', 'Score'), ('alpha', '1'), ('be", reveals=3) == Recovery((
        ("Name", "Score"),
        ("alpha", "1"),
        ("beta", "2"),
    ))


def test_infer_rows_when_the_first_row_is_cut_guesses_from_capitals():
    text = "Layer type Complexity per layer Sequential ops Max path length A $x$ $y$ $z$"
    assert infer_rows(
        text, "(('Layer type', 'Complexity per layer', 'Sequential ops', 'Max ", reveals=2
    ) == Recovery(
        (("Layer type", "Complexity per layer", "Sequential ops", "Max path length"), ("A", "$x$", "$y$", "$z$")),
        guess="a capitalised word starts a cell",
    )


def test_infer_rows_without_reveals_makes_every_atom_a_cell():
    assert infer_rows("a b c d", "(('a', 'b'), ('c", reveals=0) == Recovery((("a", "b"), ("c", "d")))


@pytest.mark.parametrize(
    ("text", "prefix", "reveals"),
    [
        ("a b c", "", 1),
        ("a b c", "(", 1),
        ("x y z", "(('a', 'b'), ('c", 2),  # the visible cells are not in the text
        ("a b c", "(('a', 'b'), ('c", 0),  # three atoms do not fill rows of two
        ("a b 1 2 3", "(('a', 'b'), ('1", 2),  # numbers stand alone: three cannot be two
        ("a b c d", "(('a', 'b'), ('x", 2),  # the cut cell must start the next cell
    ],
)
def test_infer_rows_gives_up_when_the_text_does_not_determine_them(text, prefix, reveals):
    assert infer_rows(text, prefix, reveals) == Recovery(None)


def test_the_largest_column_an_action_names_widens_a_cut_first_row():
    text = "a b c d e f"
    assert infer_rows(text, "(('a', 'b", reveals=2) == Recovery(None, ambiguous=True)
    assert infer_rows(text, "(('a', 'b", reveals=2, min_columns=3) == Recovery((
        ("a", "b", "c"),
        ("d", "e", "f"),
    ))


def test_a_closing_quote_may_end_the_first_row():
    """`(('a', 'b'` may be a row of two or the start of a longer one: both fit here. A comma may end
    a row of one."""
    assert infer_rows("a b c d e f", "(('a', 'b'", reveals=2) == Recovery(None, ambiguous=True)
    assert infer_rows("a b c d e f", "(('a', 'b'), ", reveals=3) == Recovery((("a", "b"), ("c", "d"), ("e", "f")))
    assert infer_rows("a 1 b 2", "(('a',", reveals=4) == Recovery((("a",), ("1",), ("b",), ("2",)))  # ('a',)


def test_a_text_too_long_to_search_is_not_recovered():
    words = " ".join(["word"] * (MAX_ATOMS + 1))
    assert infer_rows(f"A B {words}", "(('A', 'B'), ('wo", reveals=MAX_ATOMS) == Recovery(None)


# The table of issue 30: cells of several words, `rows=` cut. Counting words made
# "keeps pace with the fork Primase lays down primers one primer every" one cell.
REPLICATION = (
    ("Enzyme", "Job", "Pace"),
    ("Helicase", "unzips the parent helix", "keeps pace with the fork"),
    ("Primase", "lays down primers", "one primer every few seconds"),
    ("Polymerase", "copies each strand", "1000"),
)


def written_as_recorded(rows: tuple[tuple[str, ...], ...]) -> tuple[str, str]:
    """The TEXT and the cut `rows=` the format writes for `rows`: cells in reading order, and the
    value's first 63 characters."""
    return " ".join(c for row in rows for c in row), repr(rows)[:63]


def test_the_issues_table_is_asked_for_not_guessed():
    text, prefix = written_as_recorded(REPLICATION)
    assert infer_rows(text, prefix, reveals=4) == Recovery(None, ambiguous=True)


def test_the_issues_table_with_capitalised_cells_is_guessed_rightly():
    rows = tuple(tuple(c[0].upper() + c[1:] for c in row) for row in REPLICATION)
    text, prefix = written_as_recorded(rows)
    assert infer_rows(text, prefix, reveals=4) == Recovery(rows, guess="a capitalised word starts a cell")


def test_full_stops_end_cells_unless_a_visible_cell_breaks_that():
    rows = (("Step", "Note"), ("unzip the helix.", "fast work."), ("lay primers.", "slow work."))
    text, _ = written_as_recorded(rows)
    assert infer_rows(text, "(('Step', 'Note'), ('unz", reveals=3) == Recovery(rows, guess="a full stop ends a cell")
    rows = (("Step", "Note"), ("e.g. unzip", "fast work."), ("lay primers.", "slow work."))
    text, _ = written_as_recorded(rows)
    assert infer_rows(text, "(('Step', 'Note'), ('e.g. unzip', '", reveals=3) == Recovery(None, ambiguous=True)


# ---------------------------------------------------------------- generated tables

WORDS = ("the", "fork", "pace", "helix", "primer", "one", "few", "keeps", "with", "down")


@st.composite
def cells(draw) -> str:
    """A number, or one to five words, the first perhaps capitalised, the last perhaps with a full stop."""
    if draw(st.integers(0, 4)) == 0:
        return draw(st.sampled_from(("3", "12", "1000", "3.5", "40%", "-2")))
    words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=5))
    if draw(st.booleans()):
        words[0] = words[0].capitalize()
    return " ".join(words) + ("." if draw(st.booleans()) else "")


@st.composite
def cut_tables(draw) -> tuple[tuple[tuple[str, ...], ...], str, str, int]:
    """A table's rows, its TEXT, its `rows=` cut anywhere, and how many times it is shown."""
    columns = draw(st.integers(1, 4))
    rows = tuple(tuple(draw(st.lists(cells(), min_size=columns, max_size=columns)))
                 for _ in range(draw(st.integers(1, 5))))
    text, value = " ".join(c for row in rows for c in row), repr(rows)
    prefix = value[: draw(st.integers(1, len(value) - 1))]
    return rows, text, prefix, draw(st.sampled_from((len(rows), 0)))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(cut_tables())
def test_a_cut_table_is_recovered_exactly_or_asked_for(table):
    """Never silently a wrong table: the true rows (fixed by the TEXT, or guessed and named as a
    guess), or none."""
    rows, text, prefix, reveals = table
    recovery = infer_rows(text, prefix, reveals)
    assert recovery.rows in (None, rows)


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut_tables())
def test_in_a_lecture_a_guess_is_named_and_a_gap_asks_for_rows(resolve_scene, table):
    rows, text, prefix, _ = table
    shows = [(float(i), "t is shown on the screen, written out.") for i in range(1, len(rows) + 1)]
    r = resolve_scene({"t": f'a Table that says "{text}" (rows={prefix}…, header=True)'}, shows)
    (said,) = [d for d in r.diagnostics if d.place.object == "t" and "rows" in d.message]
    if said.severity is Severity.UNRESOLVED:
        assert "rows = [" in (said.hint or "") and r.scenes[0].broken == frozenset({"t"})
        return
    assert rows_of(r.scenes[0], "t") == list(rows)
    if said.severity is Severity.WARNING:
        assert said.message.startswith("rows guessed from its text")
        assert repr(rows[0])[:60] in said.message
    else:
        assert said.severity is Severity.INFERRED


# ---------------------------------------------------------------- in a lecture


def test_a_table_with_all_its_rows_needs_no_inference(resolve_scene):
    r = resolve_scene(
        {"t": "a Table that says \"a b c d\" (rows=(('a', 'b'), ('c', 'd')), header=True)"},
        [
            (1.0, "t is shown on the screen, written out."),
            (2.0, "t is shown on the screen, written out."),
        ],
    )
    assert lines(r) == []
    assert rows_of(r.scenes[0], "t") == [("a", "b"), ("c", "d")]


def test_a_cut_table_is_inferred_with_a_diagnostic(resolve_scene):
    r = resolve_scene(
        {
            "t": "a Table that says \"Word Count the 3 river 1\" (rows=(('Word', 'Count'), "
            "('the', '…, header=True)"
        },
        [(float(i), "t is shown on the screen, written out.") for i in (1, 2, 3)],
    )
    assert lines(r) == [
        "inferred: scene 'Scene One', object 't': rows recovered from its text: 3 rows of 2 cells"
    ]
    assert rows_of(r.scenes[0], "t") == [("Word", "Count"), ("the", "3"), ("river", "1")]
    assert r.of(Severity.INFERRED)[0].place.object == "t"


def test_a_column_part_decides_the_width(resolve_scene):
    shows = [(float(i), "t is shown on the screen, written out.") for i in (1, 2)]
    r = resolve_scene(
        {"t": "a Table that says \"a b c d e f\" (rows=(('a', 'b…)"},
        [*shows, (3.0, 't (the "column=3" part) is emphasized.')],
    )
    assert rows_of(r.scenes[0], "t") == [("a", "b", "c"), ("d", "e", "f")]
    assert [d.severity for d in r.diagnostics] == [Severity.INFERRED]


def _replication(resolve_scene, rows):
    text, prefix = written_as_recorded(rows)
    shows = [(float(i), "t is shown on the screen, written out.") for i in range(1, len(rows) + 1)]
    return resolve_scene({"t": f'a Table that says "{text}" (rows={prefix}…, header=True)'}, shows)


def test_a_guess_is_a_warning_that_quotes_the_rows(resolve_scene):
    rows = tuple(tuple(c[0].upper() + c[1:] for c in row) for row in REPLICATION)
    r = _replication(resolve_scene, rows)
    assert rows_of(r.scenes[0], "t") == list(rows)
    (guess,) = r.diagnostics
    assert guess.severity is Severity.WARNING
    assert guess.message.startswith(
        "rows guessed from its text, taking it that a capitalised word starts a cell: 4 rows of 3 cells, "
        "('Enzyme', 'Job', 'Pace'), ('Helicase', 'Unzips the parent helix', 'Keeps pace with the fork'), ")
    assert guess.message.endswith("…") and len(guess.message) < 300
    assert guess.hint == ('if they are wrong, write them in the overrides: under ["scene-one".t], '
                          'rows = [["Enzyme", "Job", "Pace", …], ["Helicase", …], …]')


def test_an_ambiguous_table_is_a_gap_that_asks_for_its_rows(resolve_scene):
    r = _replication(resolve_scene, REPLICATION)
    (gap,) = r.diagnostics
    assert gap.severity is Severity.UNRESOLVED and gap.place.object == "t"
    assert gap.message == "its rows were cut off and its TEXT can be cut into cells in more than one way"
    assert gap.hint == ('write them in the overrides: under ["scene-one".t], '
                        'rows = [["Enzyme", "Job", "Pace", …], ["Helicase", …], …]')
    assert r.scenes[0].broken == frozenset({"t"})


def test_rows_from_the_overrides_replace_a_cut_value(resolve_scene, write_toml):
    r = resolve_scene(
        {"t": 'a Table that says "a b c" (rows=((\'x…)'},
        [(1.0, "t is shown on the screen, written out.")],
        overrides=write_toml('["scene-one".t]\nrows = [["a", "b", "c"]]\n'),
    )
    assert lines(r) == []
    assert rows_of(r.scenes[0], "t") == [("a", "b", "c")]
    assert r.scenes[0].broken == frozenset()
