"""What the Python drivers of the files benchmark share: the generated SDK's
import path, and memory as /proc/self/status reports it."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def use_sdk(sdk_path: str) -> None:
    """Makes the generated files.yaml package importable: ``sdk_path`` is
    the folder holding the ``files`` package, or the build's output folder
    whose ``python/`` holds it."""
    root = Path(sdk_path)
    if not (root / "files").is_dir() and (root / "python" / "files").is_dir():
        root = root / "python"
    sys.path.insert(0, str(root))


def status_kb(field: str) -> int:
    """A ``kB`` field of /proc/self/status (``VmRSS``, ``VmHWM``)."""
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise SystemExit(f"/proc/self/status has no {field}")


def reset_peak() -> bool:
    """Resets VmHWM to the current RSS (writing 5 to /proc/self/clear_refs);
    whether the kernel allowed it (if not, the peak counts from the start of
    the process, which only overstates it)."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as f:
            f.write("5")
        return True
    except OSError:
        return False


def report(op: str, size: int, before_kb: int, peak_kb: int) -> None:
    """The one JSON line the harness reads."""
    line = {
        "lang": "python",
        "op": op,
        "bytes": size,
        "rss_before_kb": before_kb,
        "peak_kb": peak_kb,
        "extra_mb": round((peak_kb - before_kb) / 1024, 1),
    }
    print(json.dumps(line), flush=True)


def warm_up(client: Any) -> None:
    """One small call (a 1 KiB download, read whole) through ``client``
    before the measured one, so the client's first-call costs are not
    counted as the big call's memory."""
    with client.files.download_file(file_id="small") as response:
        response.read()
