"""Make ``sdkgen_runtime`` and the test helpers importable wherever pytest is
started from (``python3 -m pytest runtime/python`` at the repository root, or
``python3 -m pytest`` inside ``runtime/python``)."""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
for _path in (_HERE.parent, _HERE):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))
