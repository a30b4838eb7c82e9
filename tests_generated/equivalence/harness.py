"""What every suite that runs the drivers needs: generate the three SDKs of
a spec, build each language's driver next to them, and run a driver over a
call table. The equivalence test (run.py) points the drivers at the
recording server; a wire suite points the same drivers at a validator.

Layout of a work folder (``prepare`` makes it):

    WORK/spec.yaml          the spec the SDKs were generated from
    WORK/sdk/{rust,python,node}
    WORK/driver-rust/       a copy of DRIVERS/rust, built in CARGO_TARGET_DIR
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
LANGUAGES = ("rust", "python", "node")


class HarnessError(Exception):
    """A step failed before any call could be compared."""


@dataclass
class Tools:
    sdkgen: Path
    python: str
    node: str
    cargo_target: Path
    # The lock file the Rust driver is built with (the pinned versions of
    # the generated crates' dependencies).
    cargo_lock: Path


def _run(argv: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise HarnessError(
            f"`{' '.join(argv)}` failed (exit {done.returncode}) in {cwd or os.getcwd()}:\n"
            + (done.stderr or done.stdout).strip()
        )
    return done.stdout


def sync_tree(src: Path, dst: Path) -> None:
    """Makes `dst` hold what `src` holds, rewriting only the files whose
    bytes changed: cargo rebuilds a path dependency when its files' times
    change, and a big generated crate (stripe's) takes minutes to build."""
    dst.mkdir(parents=True, exist_ok=True)
    wanted = {p.relative_to(src) for p in src.rglob("*")}
    wanted = {rel for rel in wanted if rel.parts[0] != "target"}
    for rel in sorted(wanted):
        s, d = src / rel, dst / rel
        if s.is_dir():
            d.mkdir(parents=True, exist_ok=True)
        elif not d.is_file() or d.read_bytes() != s.read_bytes():
            d.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(s, d)
    for p in sorted(dst.rglob("*"), reverse=True):
        rel = p.relative_to(dst)
        if rel.parts[0] == "target" or rel == Path("Cargo.lock") or rel in wanted:
            continue
        if p.is_dir():
            p.rmdir()
        else:
            p.unlink()


def prepare(
    tools: Tools,
    spec: Path,
    work: Path,
    drivers: Path,
    languages: tuple[str, ...],
    overlays: tuple[Path, ...] = (),
) -> None:
    """Generates the SDKs of `spec` (with `overlays` applied, in order) into
    `work` and builds the Rust driver from `drivers/rust` when Rust is among
    the languages."""
    work.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(spec, work / "spec.yaml")
    fresh = work / "sdk.fresh"
    if fresh.exists():
        shutil.rmtree(fresh)
    _run(
        [
            str(tools.sdkgen),
            "build",
            str(work / "spec.yaml"),
            "--out",
            str(fresh),
            "--lang",
            ",".join(languages),
            *(arg for overlay in overlays for arg in ("--overlay", str(overlay))),
        ]
    )
    # Into place file by file, so an unchanged SDK in a reused work folder
    # is not rebuilt; language by language, so a run of some languages
    # leaves the others' SDKs (and the Rust build they feed) as they were.
    for language in languages:
        sync_tree(fresh / language, work / "sdk" / language)
    shutil.rmtree(fresh)
    if "rust" in languages:
        crate = work / "driver-rust"
        sync_tree(drivers / "rust", crate)
        shutil.copyfile(tools.cargo_lock, crate / "Cargo.lock")
        env = dict(os.environ, CARGO_TARGET_DIR=str(tools.cargo_target))
        fetched = subprocess.run(
            ["cargo", "fetch", "--offline"], cwd=crate, env=env, capture_output=True, check=False
        )
        if fetched.returncode != 0:
            _run(["cargo", "fetch"], cwd=crate, env=env)
        started = time.monotonic()
        _run(["cargo", "build", "--quiet", "--offline"], cwd=crate, env=env)
        print(f"   rust driver built in {time.monotonic() - started:.1f} s", file=sys.stderr)


def crate_name(crate: Path) -> str:
    """The package name in a crate's Cargo.toml: the name of its binary."""
    for line in (crate / "Cargo.toml").read_text(encoding="utf-8").splitlines():
        if line.startswith("name = "):
            return line.split('"')[1]
    raise HarnessError(f"{crate / 'Cargo.toml'}: no `name = ...` line")


def driver_command(
    tools: Tools, work: Path, drivers: Path, language: str
) -> tuple[list[str], dict[str, str]]:
    """The command that runs a language's driver, and its environment."""
    env = dict(os.environ)
    if language == "rust":
        return [str(tools.cargo_target / "debug" / crate_name(drivers / "rust"))], env
    if language == "python":
        env["PYTHONPATH"] = str(work / "sdk" / "python")
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        return [tools.python, str(drivers / "python" / "driver.py")], env
    if language == "node":
        return [
            tools.node,
            str(drivers / "node" / "driver.mjs"),
            "--sdk",
            str(work / "sdk" / "node"),
        ], env
    raise HarnessError(f"no driver for language {language!r}")


def run_driver(
    tools: Tools,
    work: Path,
    drivers: Path,
    language: str,
    calls: Path,
    control: str | None = None,
    base_url: str | None = None,
    only: list[str] | None = None,
    token: str | None = None,
    timeout_s: float = 300,
) -> list[dict[str, Any]]:
    """Runs one driver over a call table; its outcomes, one per call, in order."""
    argv, env = driver_command(tools, work, drivers, language)
    argv += ["--calls", str(calls)]
    if control:
        argv += ["--control", control]
    if base_url:
        argv += ["--base-url", base_url]
    if only:
        argv += ["--only", ",".join(only)]
    if token:
        argv += ["--token", token]
    try:
        done = subprocess.run(
            argv, env=env, capture_output=True, text=True, timeout=timeout_s, check=False
        )
    except subprocess.TimeoutExpired as e:
        raise HarnessError(f"the {language} driver ran over {timeout_s:.0f} s") from e
    outcomes = []
    for line in done.stdout.splitlines():
        try:
            outcomes.append(json.loads(line))
        except json.JSONDecodeError as e:
            raise HarnessError(
                f"the {language} driver printed a line that is not JSON: {line!r}"
            ) from e
    if done.returncode not in (0, 1) or (done.returncode == 1 and not outcomes):
        raise HarnessError(
            f"the {language} driver failed (exit {done.returncode}):\n{done.stderr.strip()}"
        )
    return outcomes
