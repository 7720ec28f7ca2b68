"""Labels drawn in a figure without a position sit beside their same-numbered (or same-stem)
sibling."""

from __future__ import annotations

from lecturekit.kinds import KINDS
from lecturekit.resolve.labels import Anchor, anchors
from lecturekit.syntax.parser import parse_description
from tests.conftest import lines


def specs(objects: dict[str, str]):
    return {name: parse_description(KINDS, description, name)[0] for name, description in objects.items()}


def numbered(stem: str, n: int) -> str:
    return stem if n == 1 else f"{stem}_{n}"


def test_the_transformer_labels(transformer_resolved):
    found = {
        label: anchor.sibling
        for scene in transformer_resolved.scenes
        for label, anchor in scene.anchors.items()
    }
    expected = {numbered("inputs", k): numbered("feeds", k) for k in range(1, 7)}
    expected |= {numbered("tokens", k): numbered("bars", k) for k in range(1, 5)}
    expected |= {numbered("labels", k): numbered("columns", k) for k in range(1, 9)}
    expected["limit_tag"] = "limit"
    assert found == expected


def test_the_anchors_are_in_the_scene_of_their_label(transformer_resolved):
    by_slug = {s.slug: set(s.anchors) for s in transformer_resolved.scenes}
    assert by_slug["where-recurrence-runs-out"] == {numbered("inputs", k) for k in range(1, 7)}
    assert by_slug["queries-keys-and-values"] == {numbered("tokens", k) for k in range(1, 5)}
    assert by_slug["where-the-words-sit"] == {"limit_tag"}
    assert by_slug["the-encoder-and-decoder-stack"] == set()
    for scene in transformer_resolved.scenes:
        for label, anchor in scene.anchors.items():
            assert anchor == Anchor(label, anchor.sibling)
            assert scene.objects[label].parent == scene.objects[anchor.sibling].parent


def test_labels_in_a_second_figure_match_on_their_own_number(transformer_resolved):
    heads = next(s for s in transformer_resolved.scenes if s.slug == "many-heads-at-once")
    for k in range(5, 9):
        assert heads.anchors[f"labels_{k}"].sibling == f"columns_{k}"
        assert heads.objects[f"labels_{k}"].parent == "panel_2"


def test_each_anchor_is_reported_as_inferred(transformer_resolved):
    placed = [d for d in transformer_resolved.diagnostics if d.message.startswith("placed beside")]
    assert len(placed) == 19
    assert (
        placed[0].line() == "inferred: scene 'Where Recurrence Runs Out', object 'inputs': "
        "placed beside 'feeds', its same-numbered sibling"
    )


def test_a_shared_stem_wins_over_numbers():
    found = anchors(
        specs(
            {
                "limit": "a Line drawn in pe",
                "cursor": "a Line drawn in pe",
                "limit_tag": 'a Math that says "$p$" drawn in pe',
            }
        )
    )
    assert found == {"limit_tag": Anchor("limit_tag", "limit")}


def test_the_longest_stem_wins():
    found = anchors(
        specs(
            {
                "k": "a Vector drawn in f",
                "k_river": "a Vector drawn in f",
                "k_river_tag": 'a Math that says "$k$" drawn in f',
            }
        )
    )
    assert found["k_river_tag"].sibling == "k_river"


def test_a_numbered_suffix_is_not_a_stem():
    found = anchors(
        specs(
            {
                "limit": "a Line drawn in f",
                "limit_2": 'a Math that says "$p$" drawn in f',
            }
        )
    )
    # `limit_2` is limit number 2, not a tag of `limit`; there is no second mark to sit by
    assert found == {}


def test_a_group_of_the_same_size_wins():
    objects = {
        "labels": 'a Math that says "a" drawn in f',
        "labels_2": 'a Math that says "b" drawn in f',
        "dots": "a Point drawn in f",
        "dots_2": "a Point drawn in f",
        "ticks": "a Vector drawn in f",
        "ticks_2": "a Vector drawn in f",
        "ticks_3": "a Vector drawn in f",
    }
    found = anchors(specs(objects))
    assert {k: a.sibling for k, a in found.items()} == {"labels": "dots", "labels_2": "dots_2"}


def test_arrows_come_before_lines_and_points():
    objects = {
        "tags": 'a Math that says "a" drawn in f',
        "dots": "a Point drawn in f",
        "rules": "a Line drawn in f",
        "arrows": "a Vector drawn in f",
    }
    assert anchors(specs(objects))["tags"].sibling == "arrows"
    del objects["arrows"]
    assert anchors(specs(objects))["tags"].sibling == "rules"


def test_no_sibling_no_anchor():
    assert (
        anchors(
            specs(
                {
                    "tag": 'a Math that says "a" drawn in f',
                    "other": 'a Math that says "b" drawn in f',
                }
            )
        )
        == {}
    )
    assert anchors(specs({"tag": 'a Math that says "a"', "arrow": "a Vector (end=(1, 1))"})) == {}


def test_labels_in_another_figure_are_not_siblings():
    found = anchors(
        specs(
            {
                "tags": 'a Math that says "a" drawn in f',
                "arrows": "a Vector drawn in g",
            }
        )
    )
    assert found == {}


def test_anchors_in_a_small_lecture(resolve_scene):
    r = resolve_scene(
        {
            "f": "a Figure (x_range=(0, 1), y_range=(0, 1))",
            "arrows": "a Vector drawn in f (end=(1, 1))",
            "arrows_2": "a Vector drawn in f (end=(1, 0))",
            "names": 'a Math that says "$a$" drawn in f',
            "names_2": 'a Math that says "$b$" drawn in f',
        }
    )
    assert {k: a.sibling for k, a in r.scenes[0].anchors.items()} == {
        "names": "arrows",
        "names_2": "arrows_2",
    }
    assert lines(r) == [
        "inferred: scene 'Scene One', object 'names': placed beside 'arrows', its same-numbered "
        "sibling",
        "inferred: scene 'Scene One', object 'names_2': placed beside 'arrows_2', its "
        "same-numbered sibling",
    ]
