"""The memory a render worker needs, stated once, and the allocator setting that keeps it there.

A worker draws 1080p pictures (8 MB each as RGBA) and hands them to x264, which allocates its own
frame buffers every time a busy stretch opens a session. glibc serves an allocation that large from
`mmap` only until one such block is freed: then it raises its threshold above that size, and every
later picture and x264 buffer comes from the heap, where a freed block stays resident (with numpy
and x264 asking for transparent huge pages, in whole 2 MB pages) and the heap only grows. Fixing
the threshold (`give_back_large_blocks`) keeps large blocks in `mmap`, returned to the system the
moment they are freed. No picture changes: where memory comes from is not what is drawn.

The price is system time: a block mapped afresh is zeroed by the kernel page by page when first
written. So what a busy frame needs is not allocated again each frame: the background is drawn
into the buffer it had, a changed box is converted where it lies rather than copied out, and a
picture keeps its premultiplied copy (docs/performance.md, "System time"). x264's buffers are
still mapped afresh once a busy stretch.
"""

from __future__ import annotations

import ctypes
import os
import resource
from pathlib import Path

#: The peak resident memory of a render worker at `-q h` (1080p60), in MiB: what a catalogue
#: counts per worker when it decides how many fit in memory. Measured on the transformer lecture
#: (docs/performance.md) and held by tests/test_memory.py.
WORKER_PEAK_MIB = 450

#: Blocks from this many bytes up are mapped on their own and unmapped when freed (glibc's
#: M_MMAP_THRESHOLD; its dynamic threshold starts at 128 KiB and may grow to 32 MiB).
LARGE_BLOCK = 1 << 20

_M_MMAP_THRESHOLD = -3


def give_back_large_blocks() -> bool:
    """Have glibc map every block of `LARGE_BLOCK` bytes or more on its own, so freeing it returns
    it to the system (see the module's docstring); False where the C library is not glibc."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(_M_MMAP_THRESHOLD, LARGE_BLOCK))


def workers_that_fit(cores: int) -> int:
    """As many render workers as there are `cores` and as the memory free now holds at
    `WORKER_PEAK_MIB` each (at least one)."""
    try:
        free = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return max(1, cores)
    return max(1, min(cores, free // (WORKER_PEAK_MIB << 20)))


def resident_bytes() -> int:
    """Bytes resident in this process now (Linux's /proc; 0 where there is none)."""
    try:
        return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def peak_mib() -> float:
    """The most memory this process has held resident so far, in MiB: the kernel's high-water mark
    of its own memory (`VmHWM`), not `ru_maxrss`, which a spawned worker inherits across `exec`
    from the (perhaps far larger) process that forked it."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kib = next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:")), 0)
    return kib / 1024


__all__ = ["LARGE_BLOCK", "WORKER_PEAK_MIB", "give_back_large_blocks", "peak_mib", "resident_bytes", "workers_that_fit"]
