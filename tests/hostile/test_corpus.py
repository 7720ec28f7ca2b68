"""Hostile lectures of every kind issue 11 names, run as a stranger would run them: the CLI in a
subprocess, under a memory limit and a timeout, watched from outside with strace.

Each case asserts the exit code, one line naming the place, no traceback, no raw control
characters on the terminal, nothing written outside the output folder, no file outside the
lecture's folder opened and no network connection attempted."""

from __future__ import annotations

import json
import os
import re
import resource
import socket
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

from tests.conftest import lecture_data

SHOW = "{} is shown on the screen, written out."
#: Address space for `check` and `plan` (Python, numpy, Pillow and Typst need about 1 GiB).
MEMORY = 1536 << 20
#: Address space for a render: Manim and PyAV besides; less than the 3 GiB image below.
RENDER_MEMORY = 2560 << 20
TIMEOUT = 120
RENDER_TIMEOUT = 300
#: A line quotes at most this much of the author's text, however long the text.
LONGEST_LINE = 2000
PLACE = "scene 'Scene One'"


def lecture(folder: Path, objects: dict[str, str], does: list[tuple[float, str]] = (), **scene) -> Path:
    """A one-scene lecture in `folder`, every object shown at its own time unless `does` says."""
    if not does:
        does = [(0.2 + 0.05 * i, SHOW.format(name)) for i, name in enumerate(objects)]
    return write(folder, lecture_data(objects, does, end=3.0, **scene))


def write(folder: Path, data: dict) -> Path:
    path = folder / "lecture.json"
    path.write_text(json.dumps(data))
    return path


def png(path: Path, size: tuple[int, int] = (64, 48), mode: str = "RGB") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new(mode, size, 128 if mode != "RGB" else (200, 60, 60)).save(path, format="PNG")
    return path


def image_lecture(folder: Path, path: str) -> Path:
    return lecture(folder, {"good": "a Text that says \"still here\"",
                            "i": f"an Image (path={path!r}, aspect=(4, 3))"})


# ---------------------------------------------------------------- the cases, by class


def two_headings(folder: Path) -> Path:
    return lecture(folder, {"h1": 'a Heading that says "one"', "h2": 'a Heading that says "two"'})


def surrogates(folder: Path) -> Path:
    data = lecture_data({"t": 'a Text that says "a\ud800b"', "i": "an Image (path='x\udc00.png', aspect=(4, 3))"},
                        [(0.2, SHOW.format("t")), (0.3, SHOW.format("i"))], title="Scene \ud83d", end=3.0)
    data["publication"]["title"] = "Tiny \udfff"
    data["publication"]["watch"]["scenes"][0]["beats"][0]["say"] = "said \ud800 aloud"
    path = folder / "lecture.json"
    path.write_text(json.dumps(data))  # json.dumps writes them as \\ud800 escapes, as JSON allows
    return path


def deep_overrides(folder: Path) -> Path:
    (folder / "over.toml").write_text('["1".t]\ntext = ' + "[" * 5000 + "]" * 5000 + "\n")
    return lecture(folder, {"t": 'a Text that says "hi"'})


def deep_override_lists(folder: Path) -> Path:
    (folder / "over.toml").write_text('["1".p]\nlocation = ' + "[" * 300 + "]" * 300 + "\n")
    return lecture(folder, {"f": "a Figure", "p": "a Point drawn in f"})


def beats_out_of_order(folder: Path) -> Path:
    beats = [{"start": 1.5, "say": "the second beat, recorded first.", "does": [[1.6, SHOW.format("t")]]},
             {"start": 0.5, "say": "the first beat.", "does": []},
             {"start": 9.0, "say": "a beat after the scene.", "does": []}]
    return write(folder, lecture_data({"t": 'a Text that says "hi"'}, end=3.0, beats=beats))


def scenes_overlapping(folder: Path) -> Path:
    data = lecture_data({"t": 'a Text that says "hi"'}, [(0.5, SHOW.format("t"))], end=3.0)
    scenes = data["publication"]["watch"]["scenes"]
    second = json.loads(json.dumps(scenes[0]))
    second.update(title="Scene Two", start=2.0, end=4.0)
    second["beats"][0].update(start=2.0, does=[[2.5, SHOW.format("t")]])
    scenes.append(second)
    return write(folder, data)


def named_pipe(folder: Path) -> Path:
    os.mkfifo(folder / "lecture.json")
    return folder / "lecture.json"


def device(folder: Path) -> Path:
    (folder / "lecture.json").symlink_to("/dev/zero")
    return folder / "lecture.json"


def unix_socket(folder: Path) -> Path:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(folder / "lecture.json"))
    server.close()  # the socket file stays
    return folder / "lecture.json"


def overrides_pipe(folder: Path) -> Path:
    os.mkfifo(folder / "over.toml")
    return lecture(folder, {"t": 'a Text that says "hi"'})


def huge_say(folder: Path) -> Path:
    data = lecture_data({"t": 'a Text that says "hi"'}, [(0.5, SHOW.format("t"))], end=3.0)
    data["publication"]["watch"]["scenes"][0]["beats"][0]["say"] = "word. " * 7_000_000  # 42 MB
    return write(folder, data)


def poison_values(folder: Path) -> Path:
    (folder / "over.toml").write_text('["1".a]\ncolor = "#zzzzzz"\n')
    return lecture(folder, {
        "a": "an Axes (x_range=(0.0, 1.0), y_range=(0.0, 1.0), x_ticks_every=1e-6, y_ticks_every=-1)",
        "f": "a Figure (x_range=(1.0, 1.0), y_range=(2.0, -2.0), aspect=(1e15, 1e-300))",
        "g": "a Figure [chartreuse] (aspect=(0, 0))",
        "p": "a Point drawn in g (location=(0.5, 0.5), marker_radius=-1)",
    })


def truncated_png(folder: Path) -> Path:
    data = png(folder / "figures" / "whole.png", (300, 200)).read_bytes()
    (folder / "figures" / "cut.png").write_bytes(data[: len(data) // 2])
    (folder / "figures" / "whole.png").unlink()
    return image_lecture(folder, "figures/cut.png")


def postscript_as_png(folder: Path) -> Path:
    (folder / "figures").mkdir()
    (folder / "figures" / "ps.png").write_text("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n"
                                              "(LK-SENTINEL) print quit\n")
    return image_lecture(folder, "figures/ps.png")


def pdf_as_png(folder: Path) -> Path:
    (folder / "figures").mkdir()
    (folder / "figures" / "doc.png").write_bytes(b"%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n")
    return image_lecture(folder, "figures/doc.png")


def gif_as_png(folder: Path) -> Path:
    (folder / "figures").mkdir()
    Image.new("RGB", (40, 30)).save(folder / "figures" / "g.png", format="GIF")
    return image_lecture(folder, "figures/g.png")


def bomb_png(folder: Path) -> Path:
    png(folder / "figures" / "big.png", (13_000, 13_000), mode="1")  # 169 megapixels, a small file
    return image_lecture(folder, "figures/big.png")


def huge_image_file(folder: Path) -> Path:
    png(folder / "figures" / "huge.png", (40, 30))
    with (folder / "figures" / "huge.png").open("r+b") as file:
        file.truncate(3 << 30)  # 3 GiB, sparse: reading it whole would break the memory limit
    return image_lecture(folder, "figures/huge.png")


def device_as_image(folder: Path) -> Path:
    (folder / "figures").mkdir()
    (folder / "figures" / "zero.png").symlink_to("/dev/zero")
    return image_lecture(folder, "figures/zero.png")


def pipe_as_image(folder: Path) -> Path:
    (folder / "figures").mkdir()
    os.mkfifo(folder / "figures" / "pipe.png")
    return image_lecture(folder, "figures/pipe.png")


def escaping_symlink(folder: Path) -> Path:
    png(folder.parent / "outside" / "secret.png")
    (folder / "figures").mkdir()
    (folder / "figures" / "secret.png").symlink_to(folder.parent / "outside" / "secret.png")
    return image_lecture(folder, "figures/secret.png")


def escaping_path(folder: Path) -> Path:
    png(folder.parent / "outside" / "secret.png")
    return image_lecture(folder, "../outside/secret.png")


def terminal_escapes(folder: Path) -> Path:
    data = lecture_data({"t": 'a Text that says "hi"'}, [(0.5, SHOW.format("t"))],
                        title="Scene One\x1b]0;owned\x07\x1b[2J", end=3.0)
    data["publication"]["title"] = "Tiny\x1b[31m red \u202e"
    data["publication"]["watch"]["scenes"][0]["objects"]["bad"] = "a Hologram \x1b[5m" + "x" * 10_000
    return write(folder, data)


def long_text(folder: Path) -> Path:
    return lecture(folder, {"t": 'a Text that says "hi"'},
                   [(0.5, SHOW.format("t")), (0.6, "t (the \"" + "part " * 2000 + "\" part) is emphasized.")])


def utf16_json(folder: Path) -> Path:
    path = folder / "lecture.json"
    path.write_bytes(json.dumps(lecture_data({}, end=3.0)).encode("utf-16"))  # with its BOM
    return path


def utf8_bom_json(folder: Path) -> Path:
    path = folder / "lecture.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(lecture_data({}, end=3.0)).encode())
    return path


def deep_json(folder: Path) -> Path:
    path = folder / "lecture.json"
    path.write_text('{"version": 1, "publication": ' + "[" * 100_000 + "]" * 100_000 + "}")
    return path


def huge_numbers(folder: Path) -> Path:
    path = folder / "lecture.json"
    text = json.dumps(lecture_data({}, end=3.0)).replace('"end": 3.0', '"end": 1e400')
    path.write_text(text)
    return path


def huge_integer(folder: Path) -> Path:
    path = folder / "lecture.json"
    path.write_text(json.dumps(lecture_data({}, end=3.0)).replace('"end": 3.0', '"end": ' + "9" * 5000))
    return path


def duplicate_keys(folder: Path) -> Path:
    path = folder / "lecture.json"
    text = json.dumps(lecture_data({"t": 'a Text that says "first"'}, [(0.5, SHOW.format("t"))], end=3.0))
    path.write_text(text.replace('"t": "a Text', '"t": "a Heading that says \\"gone\\"", "t": "a Text'))
    return path


def translated(po: bytes) -> Callable[[Path], Path]:
    """A lecture with a German translation of these bytes beside it (`locale/de.po`)."""

    def build(folder: Path) -> Path:
        (folder / "locale").mkdir()
        (folder / "locale" / "de.po").write_bytes(po)
        return lecture(folder, {"t": 'a Text that says "hi"'})

    return build


def entry(msgid: str, msgstr: str, context: str = "scene-one/t/text", extra: str = "") -> str:
    quoted = [json.dumps(text, ensure_ascii=False) for text in (context, msgid, msgstr)]
    return f"msgctxt {quoted[0]}\nmsgid {quoted[1]}\n{extra}msgstr {quoted[2]}\n\n"


def po_pipe(folder: Path) -> Path:
    (folder / "locale").mkdir()
    os.mkfifo(folder / "locale" / "de.po")
    return lecture(folder, {"t": 'a Text that says "hi"'})


PO_HEADER = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
PLURAL = PO_HEADER + 'msgctxt "scene-one/t/text"\nmsgid "hi"\nmsgid_plural "his"\nmsgstr[0] "Ha"\nmsgstr[1] "Has"\n'


@dataclass(frozen=True)
class Case:
    name: str
    build: Callable[[Path], Path]
    code: int
    #: A line of the output starts with this ({lecture} is the lecture file's path).
    line: str
    overrides: bool = False
    render: bool = False
    #: Read in German, from `locale/de.po` beside the lecture.
    lang: bool = False


CASES = [
    Case("two headings on one board", two_headings, 0,
         f"  {PLACE}, object 'h2', action #2 at 0.250 s: is shown while the Heading 'h1' is on the board; "
         "it replaces it", render=True),
    Case("lone surrogates in every text", surrogates, 0,
         "  scenes[0].beats[0].say: holds a lone UTF-16 surrogate, which is not text; it is drawn as U+FFFD",
         render=True),
    Case("overrides nested thousands deep", deep_overrides, 1,
         "error: {folder}/over.toml: overrides are nested too deeply to read", overrides=True),
    Case("override lists nested hundreds deep", deep_override_lists, 1,
         f"  {PLACE}, object 'p': override 'location': lists nest more than 8 levels deep", overrides=True),
    Case("beats out of order and outside their scene", beats_out_of_order, 0,
         f"  {PLACE}, action beat 3 at 9.000 s: is outside the scene (0.000-3.000 s); its narration is left out",
         render=True),
    Case("scenes overlapping", scenes_overlapping, 0,
         "  scene 'Scene Two': starts at 2.000 s but the scene before ends at 3.000 s"),
    Case("a named pipe as the lecture", named_pipe, 1,
         "error: {lecture}: is not a regular file (a pipe, device or socket)"),
    Case("a device as the lecture", device, 1, "error: {lecture}: is not a regular file (a pipe, device or socket)"),
    Case("a socket as the lecture", unix_socket, 1, "error: {lecture}: cannot be read: No such device or address"),
    Case("a named pipe as the overrides", overrides_pipe, 1,
         "error: {folder}/over.toml: overrides file is not a regular file", overrides=True),
    Case("a beat that says 42 MB", huge_say, 0,
         f"  {PLACE}, action beat 1 at 0.000 s: says 42000000 characters; only the first 20000 are used",
         render=True),
    Case("poison values", poison_values, 0,
         f"  {PLACE}, object 'f': aspect (1e+15, 1e-300) is not a width and height within 1:20; the default is used",
         overrides=True, render=True),
    Case("a truncated PNG", truncated_png, 0,
         f"  {PLACE}, object 'i': image 'figures/cut.png' cannot be decoded", render=True),
    Case("PostScript named .png", postscript_as_png, 0,
         f"  {PLACE}, object 'i': image 'figures/ps.png' is not a PNG, JPEG or WebP image"),
    Case("PDF named .png", pdf_as_png, 0, f"  {PLACE}, object 'i': image 'figures/doc.png' is not a PNG, JPEG or WebP"),
    Case("GIF named .png", gif_as_png, 0, f"  {PLACE}, object 'i': image 'figures/g.png' is not a PNG, JPEG or WebP"),
    Case("a 169-megapixel PNG", bomb_png, 0,
         f"  {PLACE}, object 'i': image 'figures/big.png' has 13000x13000 pixels; at most 40 megapixels are drawn",
         render=True),
    Case("a 3 GiB image file", huge_image_file, 0,
         f"  {PLACE}, object 'i': image 'figures/huge.png' is larger than 64 MiB", render=True),
    Case("/dev/zero linked as an image", device_as_image, 0,
         f"  {PLACE}, object 'i': image 'figures/zero.png' is missing, unreadable or outside the lecture's folder"),
    Case("a named pipe as an image", pipe_as_image, 0,
         f"  {PLACE}, object 'i': image 'figures/pipe.png' is missing, unreadable or outside the lecture's folder"),
    Case("a symlink out of the folder", escaping_symlink, 0,
         f"  {PLACE}, object 'i': image 'figures/secret.png' is missing, unreadable or outside"),
    Case("a path out of the folder", escaping_path, 0,
         f"  {PLACE}, object 'i': image '../outside/secret.png' is missing, unreadable or outside"),
    Case("terminal escapes in titles", terminal_escapes, 0, "Tiny\\x1b[31m red \\u202e (tiny)"),
    Case("10 KB of the author's text in a warning", long_text, 0,
         f"  {PLACE}, object 't', action #2 at 0.600 s: 'part part part"),
    Case("UTF-16 JSON", utf16_json, 1, "error: {lecture}: is not UTF-8 text"),
    Case("UTF-8 JSON with a BOM", utf8_bom_json, 1, "error: {lecture}: is not valid JSON: Unexpected UTF-8 BOM"),
    Case("JSON nested 100,000 deep", deep_json, 1, "error: {lecture}: is not valid JSON: maximum recursion depth"),
    Case("a number too large for a float", huge_numbers, 1,
         "error: scenes[0].end: holds '1e400', a number no float can hold"),
    Case("an integer of 5,000 digits", huge_integer, 1, "error: {lecture}: is not valid JSON: Exceeds the limit"),
    Case("an object named twice", duplicate_keys, 0,
         "  {lecture}: names the key 't' twice in one object; the last one is used"),
    Case("a translation in Latin-1", translated((PO_HEADER + entry("hi", "Grüße")).encode("latin-1")), 1,
         "error: {folder}/locale/de.po:6: is not UTF-8 text", lang=True),
    Case("a translation gettext cannot read", translated((PO_HEADER + 'msgid "hi"\nmsgstr "a\nb"\n').encode()), 1,
         "error: {folder}/locale/de.po:6: is not a PO file: the line is no keyword, string or comment", lang=True),
    Case("a named pipe as the translation", po_pipe, 1,
         "error: {folder}/locale/de.po: is not a regular file (a pipe, device or socket)", lang=True),
    Case("a translation that is Typst code", translated((PO_HEADER + entry(
        "hi", '#read("/etc/passwd") $#import "/etc/passwd": *$ ]#panic("LK-SENTINEL")')).encode()), 0,
         "  translation: de ({folder}/locale/de.po): 1 of 3 texts translated", lang=True),
    Case("a translation of 1 MB", translated((PO_HEADER + entry("hi", "x" * 1_000_000)).encode()), 0,
         "  {folder}/locale/de.po:4: the translation of 'hi' is 1000000 characters long; it is shown in the "
         "original", lang=True, render=True),
    Case("a translation with plural forms", translated(PLURAL.encode()),
         0, "  {folder}/locale/de.po:4: 'hi' has plural forms, which a lecture does not use; the entry is ignored",
         lang=True),
    Case("a translation given twice", translated((PO_HEADER + entry("hi", "Hallo") + entry("hi", "Servus")).encode()),
         0, "  {folder}/locale/de.po:8: gives 'hi' in context 'scene-one/t/text' again; the first is used", lang=True),
]


@dataclass(frozen=True)
class Run:
    code: int
    output: str
    opened: list[str]
    connects: list[str]


def run(args: list[str], cwd: Path, memory: int, timeout: float, env: dict[str, str], trace: Path | None) -> Run:
    """`lecturekit ARGS` in a subprocess with `memory` bytes of address space, killed after
    `timeout` (the test fails), under strace when `trace` names its log."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    command = [sys.executable, "-m", "lecturekit", *args]
    if trace is not None:
        # --seccomp-bpf: the kernel stops the traced process only for the calls traced, not on every call
        command = ["strace", "-f", "--seccomp-bpf", "-qq", "-e", "trace=open,openat,openat2,connect", "-o", str(trace),
                   *command]
    done = subprocess.run(command, cwd=cwd, env=env, preexec_fn=limit, capture_output=True, timeout=timeout)
    output = (done.stdout + done.stderr).decode("utf-8", "backslashreplace")
    opened, connects = [], []
    if trace is not None:
        for line in trace.read_text(errors="replace").splitlines():
            if "connect(" in line:
                connects.append(line)
            elif (found := re.search(r'open(?:at2?)?\((?:AT_FDCWD, |\d+, )?"([^"]*)"', line)) and "ENOENT" not in line:
                opened.append(str(cwd / found.group(1)) if not found.group(1).startswith("/") else found.group(1))
    return Run(done.returncode, output, opened, connects)


def snapshot(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


@pytest.fixture
def places(tmp_path: Path) -> dict[str, Path]:
    found = {name: tmp_path / name for name in ("lecture", "work", "tmp", "media")}
    for name in ("lecture", "work", "tmp"):
        found[name].mkdir()
    return found


def prepare(case: Case, places: dict[str, Path]) -> tuple[Path, list[str], dict[str, str], set[str]]:
    folder = places["lecture"]
    path = case.build(folder)
    extra = ["--overrides", str(folder / "over.toml")] if case.overrides else []
    extra += ["--lang", "de"] if case.lang else []
    env = {**os.environ, "TMPDIR": str(places["tmp"]), "HOME": str(places["work"])}
    return path, extra, env, snapshot(folder.parent)


def _bare(line: str) -> str:
    """A line without its indent or severity: `check` lists warnings under a heading, the other
    commands print `warning: ...`."""
    return re.sub(r"^\s*(?:error: |warning: |unresolved: |inferred: )?", "", line)


def expected_line(case: Case, path: Path) -> str:
    return _bare(case.line.format(lecture=path, folder=path.parent))


def assert_safe(case: Case, result: Run, places: dict[str, Path], before: set[str], path: Path) -> None:
    said = result.output
    assert "Traceback" not in said and "DecompressionBomb" not in said, said[-3000:]  # nor Pillow's raw warning
    assert "\x1b" not in said and "\u202e" not in said, "a control character reached the terminal"
    assert max(map(len, said.splitlines()), default=0) <= LONGEST_LINE
    assert any(_bare(line).startswith(expected_line(case, path)) for line in said.splitlines()), said[-3000:]
    assert "LK-SENTINEL" not in said
    root = places["lecture"].parent
    new = snapshot(root) - before
    outside = {p for p in new if not p.startswith(("media", "tmp"))}
    assert not outside, f"written outside the output folder: {sorted(outside)}"
    left = list(places["tmp"].iterdir())
    assert not left, f"left in the temporary folder: {left}"
    allowed = [places[name].resolve() for name in ("lecture", "media", "tmp", "work")]
    escaped = []
    for opened in result.opened:  # a path in the test's folder, or one a link there leads to
        if opened in (str(path), str(path.parent / "over.toml")):
            continue  # the files named on the command line are the user's to choose
        real = Path(os.path.realpath(opened))
        if (Path(opened).is_relative_to(root) or real.is_relative_to(root)) and not any(
                real.is_relative_to(folder) for folder in allowed):
            escaped.append(opened)
    assert not escaped, f"opened outside the lecture's folder: {escaped}"
    assert not [c for c in result.connects if "AF_INET" in c], result.connects


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_check_and_plan_refuse_or_warn_in_bounded_time_and_memory(case: Case, places: dict[str, Path]) -> None:
    path, extra, env, before = prepare(case, places)
    checked = run(["check", str(path), *extra], places["work"], MEMORY, TIMEOUT, env, places["work"] / "strace.log")
    assert any(Path(p).parent == places["lecture"] for p in checked.opened), "strace did not see the lecture read"
    (places["work"] / "strace.log").unlink()
    assert checked.code == case.code, checked.output[-3000:]
    assert_safe(case, checked, places, before, path)
    planned = run(["plan", str(path), *extra, "--json", "--fps", "15"], places["work"], MEMORY, TIMEOUT, env, None)
    assert planned.code == case.code, planned.output[-3000:]
    assert "Traceback" not in planned.output
    if case.code == 0:
        stdout = planned.output[: planned.output.rindex("}") + 1]
        json.loads(stdout[stdout.index("{"):], parse_constant=_no_constant)  # no NaN, no Infinity


def _no_constant(name: str) -> None:
    raise AssertionError(f"plan --json printed {name}")


@pytest.mark.slow
@pytest.mark.parametrize("case", [c for c in CASES if c.render], ids=[c.name for c in CASES if c.render])
def test_render_draws_what_is_left_in_bounded_time_and_memory(case: Case, places: dict[str, Path]) -> None:
    path, extra, env, before = prepare(case, places)
    result = run(["render", str(path), *extra, "-q", "l", "--jobs", "1", "--quiet", "--out", str(places["media"])],
                 places["work"], RENDER_MEMORY, RENDER_TIMEOUT, env, None)
    assert result.code == case.code, result.output[-3000:]
    assert_safe(case, result, places, before, path)
    slug = "tiny.de" if case.lang else "tiny"  # a language renders into a folder of its own
    videos = sorted(v.name for v in places["media"].glob(f"{slug}/*.mp4"))
    assert len(videos) == 2 and videos[0].startswith("01-") and videos[1] == f"{slug}.mp4", videos
    for captions in places["media"].glob(f"{slug}/*.srt"):
        stamps = re.findall(r"(\d\d):(\d\d):(\d\d),(\d\d\d) --> (\d\d):(\d\d):(\d\d),(\d\d\d)", captions.read_text())
        for stamp in stamps:
            h0, m0, s0, ms0, h1, m1, s1, ms1 = map(int, stamp)
            assert (h0 * 3600 + m0 * 60 + s0) * 1000 + ms0 < (h1 * 3600 + m1 * 60 + s1) * 1000 + ms1 <= 3000


def test_one_bad_object_never_moves_or_shrinks_another(tmp_path: Path) -> None:
    """A figure with a poison aspect is laid out as though it had given none."""
    from lecturekit.plan import plan_lecture
    from lecturekit.plan.export import as_json
    from lecturekit.sources import read

    boards = []
    for aspect in (", aspect=(1e15, 1e-300)", ""):
        folder = tmp_path / str(len(boards))
        folder.mkdir()
        path = lecture(folder, {"good": "a Figure (aspect=(4, 3))", "bad": f"a Figure (x_range=(0.0, 1.0){aspect})"})
        boards.append(as_json(plan_lecture(read(path), 15))["scenes"][0]["boards"])
    assert boards[0] == boards[1]
