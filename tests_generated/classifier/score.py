"""Scores sdkgen's retry classifier against the hand-labelled operations in labels.json.

For each spec named in the labels it runs `sdkgen check SPEC --format json`,
reads the class sdkgen gives every state-changing operation (an operation
`check` does not list is one sdkgen reads as `safe`) and the findings `check`
reports on it, and compares them with the labels. The positive class is
"not retry-safe": labelled `unsafe` or `keyed`, i.e. a retry could repeat its
effect. Precision is, of the labelled operations sdkgen treats as not
retry-safe (class `unsafe` or `keyed`), the share the labels agree are;
recall is, of those the labels call not retry-safe, the share sdkgen treats
so. The same two numbers are given for `check`'s findings alone (an
operation is flagged when `check` reports `unsafe-undocumented` or
`idempotency-claim` on it).

    python3 score.py --sdkgen target/release/sdkgen --corpus ../shared/corpus [--json]

Exits 0 when it could score, 2 when it could not (a spec failed to load, a
labelled operation is not in the spec as sdkgen read it, a bad label).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CLASSES = ("safe", "idempotent", "keyed", "unsafe")
POSITIVE = frozenset({"unsafe", "keyed"})
FLAG_RULES = frozenset({"unsafe-undocumented", "idempotency-claim"})

# Where each spec of the labels lives under the corpus folder.
SPEC_FILES = {
    "openai": "openai.yaml",
    "stripe": "stripe.yaml",
    "digitalocean": "digitalocean/specification/DigitalOcean-public.v2.yaml",
}

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Observed:
    """What sdkgen says of one operation."""

    retry_class: str
    rules: tuple[str, ...] = ()

    @property
    def flagged(self) -> bool:
        return any(r in FLAG_RULES for r in self.rules)


@dataclass
class Counts:
    """A two-by-two table of the positive class."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    def add(self, actual: bool, predicted: bool) -> None:
        if actual and predicted:
            self.tp += 1
        elif predicted:
            self.fp += 1
        elif actual:
            self.fn += 1
        else:
            self.tn += 1

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None


@dataclass
class Disagreement:
    label: dict[str, Any]
    observed: Observed

    @property
    def kind(self) -> str:
        """`false positive` (sdkgen stricter than the label) or `false negative`."""
        return "false negative" if self.label["label"] in POSITIVE else "false positive"


@dataclass
class Score:
    # confusion[label class][sdkgen class] = number of operations
    confusion: dict[str, dict[str, int]] = field(
        default_factory=lambda: {a: dict.fromkeys(CLASSES, 0) for a in CLASSES}
    )
    by_class: Counts = field(default_factory=Counts)
    by_finding: Counts = field(default_factory=Counts)
    # By class, on the labels not marked ambiguous.
    by_class_clear: Counts = field(default_factory=Counts)
    per_spec: dict[str, Counts] = field(default_factory=dict)
    disagreements: list[Disagreement] = field(default_factory=list)
    total: int = 0
    ambiguous: int = 0


def key(spec: str, method: str, path: str) -> tuple[str, str, str]:
    return (spec, method.upper(), path)


def observed_from_report(spec: str, report: dict[str, Any]) -> dict[tuple, Observed]:
    """The class and the per-operation findings of every state-changing operation."""
    rules: dict[tuple, list[str]] = {}
    for f in report.get("findings", []):
        if "method" in f and "path" in f:
            rules.setdefault(key(spec, f["method"], f["path"]), []).append(f["rule"])
    out = {}
    for row in report["state_changing"]:
        k = key(spec, row["method"], row["path"])
        out[k] = Observed(row["class"], tuple(rules.get(k, ())))
    return out


def check_label(entry: dict[str, Any]) -> None:
    for name in ("spec", "method", "path", "operationId", "label", "reason"):
        if not entry.get(name):
            raise ValueError(f"label without `{name}`: {entry}")
    if entry["label"] not in CLASSES:
        raise ValueError(f"label `{entry['label']}` is not one of {CLASSES}: {entry}")


def score(labels: list[dict[str, Any]], observed: dict[tuple, Observed]) -> Score:
    """Compares labels with what sdkgen says; an unlisted GET or HEAD is `safe`."""
    s = Score()
    for entry in labels:
        check_label(entry)
        k = key(entry["spec"], entry["method"], entry["path"])
        seen = observed.get(k)
        if seen is None:
            if entry["method"].upper() not in ("GET", "HEAD", "OPTIONS", "TRACE"):
                raise KeyError(f"sdkgen lists no {' '.join(k)}: is it in the spec?")
            seen = Observed("safe")
        actual = entry["label"] in POSITIVE
        predicted = seen.retry_class in POSITIVE
        s.total += 1
        s.ambiguous += bool(entry.get("ambiguous"))
        s.confusion[entry["label"]][seen.retry_class] += 1
        s.by_class.add(actual, predicted)
        s.by_finding.add(actual, seen.flagged)
        if not entry.get("ambiguous"):
            s.by_class_clear.add(actual, predicted)
        s.per_spec.setdefault(entry["spec"], Counts()).add(actual, predicted)
        if actual != predicted:
            s.disagreements.append(Disagreement(entry, seen))
    return s


def pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


def render(s: Score) -> str:
    lines = [f"{s.total} labelled operations ({s.ambiguous} marked ambiguous)", ""]
    lines.append("label \\ sdkgen  " + "".join(f"{c:>12}" for c in CLASSES))
    for a in CLASSES:
        lines.append(f"{a:<15} " + "".join(f"{s.confusion[a][c]:>12}" for c in CLASSES))
    lines.append("")
    lines.append("positive class: not retry-safe (labelled unsafe or keyed)")
    lines.append(f"{'':<22}{'TP':>5}{'FP':>5}{'FN':>5}{'TN':>5}{'precision':>11}{'recall':>9}")
    rows = [
        ("sdkgen class", s.by_class),
        ("check findings", s.by_finding),
        ("class, unambiguous", s.by_class_clear),
    ]
    rows += [(f"  class, {spec}", c) for spec, c in sorted(s.per_spec.items())]
    for name, c in rows:
        lines.append(
            f"{name:<22}{c.tp:>5}{c.fp:>5}{c.fn:>5}{c.tn:>5}"
            f"{pct(c.precision):>11}{pct(c.recall):>9}"
        )
    lines.append("")
    lines.append(f"{len(s.disagreements)} disagreements (label vs sdkgen class):")
    for d in sorted(s.disagreements, key=lambda d: (d.kind, d.label["spec"], d.label["path"])):
        e = d.label
        mark = " [ambiguous]" if e.get("ambiguous") else ""
        rules = ",".join(d.observed.rules) or "no finding"
        lines.append(
            f"  {d.kind}: {e['spec']} {e['method']} {e['path']} ({e['operationId']}): "
            f"label {e['label']}, sdkgen {d.observed.retry_class} ({rules}){mark}"
        )
        lines.append(f"      {e['reason']}")
        if e.get("ambiguous"):
            lines.append(f"      ambiguous: {e['ambiguous']}")
    return "\n".join(lines)


def as_json(s: Score) -> dict[str, Any]:
    def counts(c: Counts) -> dict[str, Any]:
        return {
            "tp": c.tp,
            "fp": c.fp,
            "fn": c.fn,
            "tn": c.tn,
            "precision": c.precision,
            "recall": c.recall,
        }

    return {
        "total": s.total,
        "ambiguous": s.ambiguous,
        "confusion": s.confusion,
        "class": counts(s.by_class),
        "findings": counts(s.by_finding),
        "class_unambiguous": counts(s.by_class_clear),
        "per_spec": {k: counts(v) for k, v in sorted(s.per_spec.items())},
        "disagreements": [
            {
                "kind": d.kind,
                **{k: d.label[k] for k in ("spec", "method", "path", "operationId", "label")},
                "sdkgen": d.observed.retry_class,
                "rules": list(d.observed.rules),
                "reason": d.label["reason"],
                "ambiguous": d.label.get("ambiguous"),
            }
            for d in s.disagreements
        ],
    }


def run_check(sdkgen: str, spec_path: Path) -> dict[str, Any]:
    proc = subprocess.run(
        [sdkgen, "check", str(spec_path), "--format", "json"],
        capture_output=True,
        text=True,
        check=False,
    )
    # 0: clean, 1: errors found; both print the report.
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"sdkgen check {spec_path} exited {proc.returncode}: {proc.stderr}")
    return json.loads(proc.stdout)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sdkgen", required=True, help="the sdkgen binary")
    ap.add_argument("--corpus", required=True, type=Path, help="the corpus folder")
    ap.add_argument("--labels", type=Path, default=HERE / "labels.json")
    ap.add_argument("--json", action="store_true", help="print the score as JSON")
    args = ap.parse_args(argv)
    try:
        labels = json.loads(args.labels.read_text())
        observed: dict[tuple, Observed] = {}
        for spec in sorted({e["spec"] for e in labels}):
            if spec not in SPEC_FILES:
                raise ValueError(f"unknown spec `{spec}` (known: {', '.join(SPEC_FILES)})")
            report = run_check(args.sdkgen, args.corpus / SPEC_FILES[spec])
            observed.update(observed_from_report(spec, report))
        s = score(labels, observed)
    except (OSError, ValueError, KeyError, RuntimeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(json.dumps(as_json(s), indent=2) if args.json else render(s))
    return 0


if __name__ == "__main__":
    sys.exit(main())
