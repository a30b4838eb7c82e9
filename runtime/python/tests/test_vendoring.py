"""The generator copies sdkgen_runtime/ verbatim into each SDK as
``<package>/_runtime/``: it must work there, under any name."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

RUNTIME = Path(__file__).resolve().parent.parent / "sdkgen_runtime"


def test_only_relative_imports_among_modules() -> None:
    for source in RUNTIME.glob("*.py"):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                assert not (node.module or "").startswith("sdkgen_runtime"), source.name
            if isinstance(node, ast.Import):
                assert all(not a.name.startswith("sdkgen_runtime") for a in node.names)


def test_works_when_vendored(tmp_path: Path) -> None:
    package = tmp_path / "acme_sdk"
    shutil.copytree(RUNTIME, package / "_runtime", ignore=shutil.ignore_patterns("__pycache__"))
    (package / "__init__.py").write_text("from ._runtime import SyncRuntime\n", encoding="utf-8")
    script = (
        "import sys\n"
        "import acme_sdk\n"
        "from acme_sdk._runtime import AsyncRuntime, Operation, RetryClass, Request\n"
        "assert 'sdkgen_runtime' not in sys.modules, 'vendored copy imported the original'\n"
        "rt = acme_sdk.SyncRuntime('http://127.0.0.1:9', logger_name='acme_sdk')\n"
        "assert rt.logger.name == 'acme_sdk'\n"
        "rt.close()\n"
        "print('ok')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
