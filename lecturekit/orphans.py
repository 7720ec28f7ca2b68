"""Child processes that end with the process that started them. A command killed outright
(SIGKILL, the OOM killer) runs no cleanup, so its workers must notice by themselves: Linux sends
them a signal of their choosing when their parent goes (`PR_SET_PDEATHSIG`)."""

from __future__ import annotations

import ctypes
import os
import signal

_PR_SET_PDEATHSIG = 1


def end_with_parent(signum: signal.Signals) -> None:
    """Have this process sent `signum` when its parent ends; end it now if the parent has gone
    already (its parent is then init). Does nothing where the C library has no `prctl`."""
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return
    parent = os.getppid()
    prctl(_PR_SET_PDEATHSIG, signum, 0, 0, 0)
    if parent == 1 or os.getppid() != parent:  # it went before the signal was asked for
        os._exit(1)


__all__ = ["end_with_parent"]
