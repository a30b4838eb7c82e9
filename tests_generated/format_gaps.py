"""Checks a formatter's unified diff of the SDK generated from
tests_generated/hostile.yaml against the gaps listed in
tests_generated/hostile-format-gaps.txt for one language.

Every hunk must change a listed line (else the emitter has a new layout
gap), and every listed line must be changed by some hunk (else the gap is
fixed and its line should go). Usage: python3 format_gaps.py LANG < DIFF
"""

from __future__ import annotations

import pathlib
import sys


def listed(lang: str) -> set[str]:
    gaps = pathlib.Path(__file__).with_name("hostile-format-gaps.txt")
    lines = set()
    for line in gaps.read_text(encoding="utf-8").splitlines():
        tag, sep, text = line.partition(": ")
        if sep and tag == lang and not line.startswith("#"):
            lines.add(text.strip())
    return lines


def hunks(diff: str) -> list[list[str]]:
    out: list[list[str]] = []
    for line in diff.splitlines():
        if line.startswith("@@"):
            out.append([line])
        elif out and not line.startswith(("---", "+++")):
            out[-1].append(line)
    return out


def main() -> int:
    lang = sys.argv[1]
    known = listed(lang)
    changed: set[str] = set()
    unknown = []
    for hunk in hunks(sys.stdin.read()):
        removed = {line[1:].strip() for line in hunk if line.startswith("-")}
        if removed & known:
            changed |= removed & known
        else:
            unknown.append("\n".join(hunk))
    for hunk in unknown:
        print(f"a formatting change no gap of {lang} lists:\n{hunk}\n")
    for line in sorted(known - changed):
        print(
            f"the formatter no longer changes this {lang} line; remove it from the gaps: {line}"
        )
    return 1 if unknown or known - changed else 0


if __name__ == "__main__":
    sys.exit(main())
