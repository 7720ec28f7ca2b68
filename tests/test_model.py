"""Loading a lecture file: the schema, and one diagnostic line (never a traceback) per fault."""

from __future__ import annotations

import copy
import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lecturekit.diagnostics import (
    Diagnostic,
    LectureError,
    Place,
    RenderError,
    Severity,
    error,
    inferred,
    unresolved,
    warning,
)
from lecturekit.model import Lecture, load
from tests.conftest import DEMO, TRANSFORMER, lecture_data

GOOD = lecture_data(
    {"t": 'a Text that says "hi"'},
    [(1.0, "t is shown on the screen, written out.")],
    live=[],
)


def broken(mutate) -> dict:
    data = copy.deepcopy(GOOD)
    mutate(data)
    return data


def scene(data: dict) -> dict:
    return data["publication"]["watch"]["scenes"][0]


def does(data: dict) -> list:
    return scene(data)["beats"][0]["does"]


def load_lines(path) -> list[str]:
    with pytest.raises(LectureError) as caught:
        load(path)
    assert caught.value.exit_code == 1
    return [d.line() for d in caught.value.diagnostics]


def test_the_transformer_loads():
    lecture = load(TRANSFORMER)
    assert isinstance(lecture, Lecture)
    assert lecture.slug == "the-transformer-from-recurrence-failure-to-attention"
    assert lecture.title == "The Transformer: From Recurrence Failure to Attention"
    assert len(lecture.scenes) == 6
    assert sum(len(s.objects) for s in lecture.scenes) == 152
    assert sum(len(s.beats) for s in lecture.scenes) == 72
    assert sum(len(b.does) for s in lecture.scenes for b in s.beats) == 481
    assert lecture.file.publication.durationSeconds == 1316
    assert len(lecture.file.publication.chapters) == 6
    assert lecture.folder == TRANSFORMER.resolve().parent


def test_scenes_follow_each_other():
    scenes = load(TRANSFORMER).scenes
    for before, after in itertools.pairwise(scenes):
        assert before.end == after.start


def test_pairs_become_actions_with_times():
    lecture = load(TRANSFORMER)
    first = lecture.scenes[0].beats[0].does[0]
    assert isinstance(first.time, float)
    assert first.text.endswith(".")


def test_a_folder_loads_its_lecture_json():
    assert load(DEMO.parent).slug == "lecturekit-demo"


def test_the_model_is_frozen():
    lecture = load(DEMO)
    with pytest.raises(ValueError, match="frozen"):
        lecture.scenes[0].title = "x"


def test_a_small_valid_file(write_json):
    lecture = load(write_json(GOOD))
    [beat] = lecture.scenes[0].beats
    assert beat.live == ()
    assert beat.does[0].time == 1.0
    assert beat.does[0].text == "t is shown on the screen, written out."


def test_live_may_be_null_and_say_may_be_missing(write_json):
    data = broken(lambda d: scene(d)["beats"][0].update(live=None))
    del scene(data)["beats"][0]["say"]
    beat = load(write_json(data)).scenes[0].beats[0]
    assert beat.live is None
    assert beat.say == ""


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (
            lambda d: does(d)[0].__setitem__(0, "1.0"),
            ["error: scenes[0].beats[0].does[0]: time must be a number"],
        ),
        (
            lambda d: does(d)[0].__setitem__(0, True),
            ["error: scenes[0].beats[0].does[0]: time must be a number"],
        ),
        (
            lambda d: does(d)[0].__setitem__(0, None),
            ["error: scenes[0].beats[0].does[0]: time must be a number"],
        ),
        (
            lambda d: does(d)[0].__setitem__(1, 5),
            ["error: scenes[0].beats[0].does[0]: action must be a string"],
        ),
        (
            lambda d: does(d).__setitem__(0, [1.0]),
            ["error: scenes[0].beats[0].does[0]: must be a [time, action] pair"],
        ),
        (
            lambda d: does(d).append([2.0, "t is hidden from the screen.", 3]),
            ["error: scenes[0].beats[0].does[1]: must be a [time, action] pair"],
        ),
        (
            lambda d: does(d).append(["2.0", 7]),
            [
                "error: scenes[0].beats[0].does[1]: time must be a number",
                "error: scenes[0].beats[0].does[1]: action must be a string",
            ],
        ),
        (lambda d: scene(d).pop("title"), ["error: scenes[0].title: title is missing"]),
        (lambda d: scene(d).pop("beats"), ["error: scenes[0].beats: beats is missing"]),
        (
            lambda d: scene(d).update(start="soon"),
            ["error: scenes[0].start: start must be a number"],
        ),
        (
            lambda d: scene(d).update(start=10**400),
            [f"error: scenes[0].start: holds '1{'0' * 119}'…, a number no float can hold "
             "(write a number between -1.8e308 and 1.8e308)"],
        ),
        (lambda d: scene(d).update(end=-1), ["error: scenes[0]: end must be after start"]),
        (
            lambda d: scene(d).update(objects=[]),
            ["error: scenes[0].objects: objects must be an object"],
        ),
        (
            lambda d: scene(d)["objects"].update(b=3),
            ["error: scenes[0].objects.b: b must be a string"],
        ),
        (lambda d: scene(d).update(beats="x"), ["error: scenes[0].beats: beats must be a list"]),
        (
            lambda d: scene(d)["beats"][0].update(live="t"),
            ["error: scenes[0].beats[0].live: live must be a list"],
        ),
        (
            lambda d: scene(d)["beats"][0].pop("start"),
            ["error: scenes[0].beats[0].start: start is missing"],
        ),
        (lambda d: d.pop("publication"), ["error: publication: publication is missing"]),
        (
            lambda d: d["publication"].update(slug="Not A Slug"),
            ["error: publication.slug: String should match pattern '^[a-z0-9][a-z0-9-]*$'"],
        ),
        (
            lambda d: d["publication"]["watch"].update(scenes=[]),
            ["error: scenes: Tuple should have at least 1 item after validation, not 0"],
        ),
    ],
)
def test_wrong_types_and_missing_fields_give_one_line_each(write_json, mutate, expected):
    assert load_lines(write_json(broken(mutate))) == expected


def test_faults_in_two_scenes_are_all_reported(write_json):
    data = broken(lambda d: d["publication"]["watch"]["scenes"].append(copy.deepcopy(scene(d))))
    does(data)[0][0] = "soon"
    data["publication"]["watch"]["scenes"][1]["title"] = ""
    assert load_lines(write_json(data)) == [
        "error: scenes[0].beats[0].does[0]: time must be a number",
        "error: scenes[1].title: String should have at least 1 character",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "{",
            "is not valid JSON: Expecting property name enclosed in double quotes at line 1 "
            "column 2",
        ),
        ('{"publication": }', "is not valid JSON: Expecting value at line 1 column 17"),
        ("", "is not valid JSON: Expecting value at line 1 column 1"),
        ('{"publication": NaN}', "is not valid JSON: NaN is not a number JSON allows"),
        ('{"publication": Infinity}', "is not valid JSON: Infinity is not a number JSON allows"),
    ],
)
def test_malformed_json_names_the_file(write_json, text, message):
    path = write_json(text)
    assert load_lines(path) == [f"error: {path}: {message}"]


def test_deeply_nested_json_is_an_error_not_a_crash(write_json):
    path = write_json("[" * 100_000 + "]" * 100_000)
    [line] = load_lines(path)
    assert line.startswith(f"error: {path}: is not valid JSON: maximum recursion depth exceeded")


def test_a_number_too_long_for_python_is_an_error(write_json):
    path = write_json('{"version": ' + "9" * 5000 + "}")
    [line] = load_lines(path)
    assert line.startswith(f"error: {path}: is not valid JSON: Exceeds the limit")


def test_not_utf8(tmp_path):
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"x": "\xff"}')
    assert load_lines(path) == [f"error: {path}: is not UTF-8 text"]


@pytest.mark.parametrize("text", ["[]", "null", "3", '"lecture"'])
def test_a_top_level_that_is_not_an_object(write_json, text):
    assert load_lines(write_json(text)) == [
        "error: lecture: Input should be a valid dictionary or instance of LectureFile"
    ]


def test_a_missing_file(tmp_path):
    path = tmp_path / "nowhere.json"
    assert load_lines(path) == [f"error: {path}: no such file (give the path of a lecture.json)"]


def test_a_folder_without_a_lecture(tmp_path):
    assert load_lines(tmp_path) == [f"error: {tmp_path}: is a folder without a lecture.json"]


# ---------------------------------------------------------------- diagnostics


def test_places_describe_themselves():
    assert Place().describe() == "lecture"
    assert Place(path="scenes[0].title").describe() == "scenes[0].title"
    assert (
        Place(scene="Intro", object="x", action="#3 at 1.500 s").describe()
        == "scene 'Intro', object 'x', action #3 at 1.500 s"
    )


def test_diagnostic_lines_and_json():
    d = error(Place(scene="S", object="o"), "is broken", "fix it")
    assert d.line() == "error: scene 'S', object 'o': is broken (fix it)"
    assert d.as_json() == {
        "path": None,
        "scene": "S",
        "object": "o",
        "action": None,
        "message": "is broken",
        "hint": "fix it",
    }
    assert warning(Place(), "w").line() == "warning: lecture: w"
    assert inferred(Place(), "i").severity is Severity.INFERRED
    assert unresolved(Place(), "u", "h").line() == "unresolved: lecture: u (h)"


def test_lecture_errors_carry_their_diagnostics_and_exit_code():
    one = Diagnostic(Severity.ERROR, Place(), "a")
    assert LectureError(one).diagnostics == [one]
    assert str(LectureError([one, one])) == "error: lecture: a; error: lecture: a"
    assert RenderError(one).exit_code == 3
    assert isinstance(RenderError(one), LectureError)


def test_the_file_on_disk_is_plain_json(write_json):
    path = write_json(GOOD)
    assert json.loads(path.read_text(encoding="utf-8")) == GOOD


def test_a_schema_fault_keeps_its_place_in_json(write_json):
    with pytest.raises(LectureError) as caught:
        load(write_json(broken(lambda d: scene(d).pop("title"))))
    assert [d.as_json() for d in caught.value.diagnostics] == [
        {
            "path": "scenes[0].title",
            "scene": None,
            "object": None,
            "action": None,
            "message": "title is missing",
            "hint": None,
        }
    ]


# ---------------------------------------------------------------- numbers no float holds, scenes under a frame


def _numeric_places(data, loc=()):
    """Every place in the data that holds a number: (loc, value)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _numeric_places(value, (*loc, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _numeric_places(value, (*loc, index))
    elif isinstance(data, int | float) and not isinstance(data, bool):
        yield loc


def _with_raw_number(data: dict, loc: tuple, raw: str) -> str:
    """The data as JSON text with the number at `loc` written as `raw` (which no float holds)."""
    data = copy.deepcopy(data)
    target = data
    for key in loc[:-1]:
        target = target[key]
    target[loc[-1]] = "@@NUMBER@@"
    return json.dumps(data).replace('"@@NUMBER@@"', raw)


UNREAD = broken(lambda d: (scene(d).update(zoom=[1, 2.5]), d["publication"].update(extra={"weight": 3})))


@given(st.sampled_from(list(_numeric_places(UNREAD))),
       st.sampled_from(["-1e400", "1e400", "1.8e308", "-2E+308", "1" + "0" * 400, "-" + "9" * 320]))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_number_no_float_holds_is_an_error_in_any_field_read_or_not(write_json, loc, raw):
    [line] = load_lines(write_json(_with_raw_number(UNREAD, loc, raw)))
    assert "a number no float can hold" in line and raw[:20] in line, line
    path = ".".join(str(k) for k in loc)
    assert line.startswith("error: ") and any(str(k) in line for k in loc[-2:]), (path, line)


def test_a_duration_of_minus_1e400_names_its_field(write_json):
    text = _with_raw_number(broken(lambda d: d["publication"].update(durationSeconds=1)),
                            ("publication", "durationSeconds"), "-1e400")
    assert load_lines(write_json(text)) == [
        "error: publication.durationSeconds: holds '-1e400', a number no float can hold "
        "(write a number between -1.8e308 and 1.8e308)"]


@given(st.floats(min_value=0, max_value=1 / 60, exclude_min=True, exclude_max=True))
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_scene_shorter_than_one_frame_at_60_fps_is_an_error_naming_it(write_json, length):
    data = broken(lambda d: scene(d).update(start=0, end=length))
    [line] = load_lines(write_json(data))
    assert line.startswith("error: scenes[0]: ") and "shorter than one frame at 60 fps" in line, line
    assert repr(scene(data)["title"]) in line or scene(data)["title"] in line


def test_a_scene_of_one_frame_at_60_fps_loads(write_json):
    load(write_json(broken(lambda d: scene(d).update(start=0, end=1 / 60 + 1e-12))))
