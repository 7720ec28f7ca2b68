"""What resolving one scene finds: its diagnostics, what is left out of the video and why, and
how the recorded `live` lists compare with the actions."""

from __future__ import annotations

import re
from enum import Enum

from lecturekit.diagnostics import Diagnostic, Place
from lecturekit.model import Scene as SceneFile


def slugify(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug[:80] or "scene"


class LeftOut(Enum):
    """Why a name of the scene is not drawn (its warning or gap says what exactly)."""

    #: Something about it is wrong, or about what it is drawn in, stands on or uses.
    FAULT = "fault"
    #: Data the recording lost, which an overrides file can supply, or it waits on such.
    GAP = "gap"
    #: Its description could not be read: it never became an object.
    UNREAD = "unread"


class Findings:
    def __init__(self, scene: SceneFile):
        self.scene = scene
        self.diagnostics: list[Diagnostic] = []
        #: What is left out of the video, and why.
        self.left_out: dict[str, LeftOut] = {}
        #: Beats with a recorded `live` list, and those whose list the actions agree with.
        self.live_recorded = 0
        self.live_agreeing = 0

    def place(self, obj: str | None = None, action: str | None = None) -> Place:
        return Place(scene=self.scene.title, object=obj, action=action)

    def report(self, diagnostic: Diagnostic) -> None:
        self.diagnostics.append(diagnostic)

    def leave_out(self, name: str, why: LeftOut = LeftOut.FAULT) -> None:
        """The renderer skips `name`. A fault outweighs a gap: a gap is what missing data alone
        leaves out."""
        if why is LeftOut.GAP and name in self.left_out:
            return
        self.left_out[name] = why

    def broken(self, name: str) -> bool:
        """Whether the object `name` is left out (for a fault or a gap)."""
        return self.left_out.get(name, LeftOut.UNREAD) is not LeftOut.UNREAD

    def unread(self, name: str) -> bool:
        """Whether `name` was a description that never became an object."""
        return self.left_out.get(name) is LeftOut.UNREAD
