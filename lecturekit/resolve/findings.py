"""What resolving one scene finds: its diagnostics, what is left out of the video and why, and
how the recorded `live` lists compare with the actions."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from enum import Enum
from typing import Any

from lecturekit.diagnostics import Diagnostic, Place
from lecturekit.model import Scene as SceneFile

#: A slug's most bytes in UTF-8: a file named `NN-SLUG-storyboard.png` (or `.tmp…` while written)
#: stays well inside the 255 bytes a file name may take.
SLUG_BYTES = 180


def slugify(text: str) -> str:
    """The title as a file name: its words in its own script (letters, marks and digits, after
    NFKC, so full-width Ｑ is q), in lower case, joined by hyphens; an ASCII title as it always was
    (`Queries, Keys and Values` is `queries-keys-and-values`). At most 80 characters and
    `SLUG_BYTES` bytes; `scene` only for a title with no letter or digit at all."""
    words = "".join(c if unicodedata.category(c)[0] in "LMN" else " " for c in unicodedata.normalize("NFKC", text))
    slug = "-".join(words.lower().split())[:80].encode()[:SLUG_BYTES].decode(errors="ignore").strip("-")
    return slug or "scene"


class LeftOut(Enum):
    """Why a name of the scene is not drawn (its warning or gap says what exactly)."""

    #: Something about it is wrong, or about what it is drawn in, stands on or uses.
    FAULT = "fault"
    #: Data the recording lost, which an overrides file can supply, or it waits on such.
    GAP = "gap"
    #: Its description could not be read: it never became an object.
    UNREAD = "unread"


class Findings:
    def __init__(self, scene: SceneFile, overrides: Mapping[str, Mapping[str, Any]] | None = None):
        self.scene = scene
        #: The scene's overrides: object name -> attribute -> raw value.
        self.overrides = overrides or {}
        self.diagnostics: list[Diagnostic] = []
        #: What is left out of the video, and why.
        self.left_out: dict[str, LeftOut] = {}
        #: Why each object was left out, in words, as those drawn in it, standing on it or using it say.
        self.reasons: dict[str, str] = {}
        #: Beats with a recorded `live` list, and those whose list the actions agree with.
        self.live_recorded = 0
        self.live_agreeing = 0

    def place(self, obj: str | None = None, action: str | None = None) -> Place:
        return Place(scene=self.scene.title, object=obj, action=action)

    def report(self, diagnostic: Diagnostic) -> None:
        self.diagnostics.append(diagnostic)

    def leave_out(self, name: str, why: LeftOut = LeftOut.FAULT, reason: str | None = None) -> None:
        """The renderer skips `name`. A fault outweighs a gap: a gap is what missing data alone
        leaves out. `reason` says why in words, for the objects that depend on it."""
        if reason is not None:
            self.reasons.setdefault(name, reason)
        if why is LeftOut.GAP and name in self.left_out:
            return
        self.left_out[name] = why

    def from_overrides(self, name: str, key: str) -> str:
        """`key`, said to come from the overrides when it does: the fault is there, not in the lecture."""
        return f"{key} (set in the overrides)" if self._overridden(name, key) else key

    def fix(self, name: str, key: str, hint: str) -> str:
        """`hint`, or where in the overrides file to fix `key` when it was set there."""
        if self._overridden(name, key):
            return f'fix {key} in the overrides file (["{slugify(self.scene.title)}".{name}])'
        return hint

    def _overridden(self, name: str, key: str) -> bool:
        attrs = self.overrides.get(name, {})
        return key in attrs or "description" in attrs

    def broken(self, name: str) -> bool:
        """Whether the object `name` is left out (for a fault or a gap)."""
        return self.left_out.get(name, LeftOut.UNREAD) is not LeftOut.UNREAD

    def unread(self, name: str) -> bool:
        """Whether `name` was a description that never became an object."""
        return self.left_out.get(name) is LeftOut.UNREAD
