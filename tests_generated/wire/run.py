"""The wire suite: the equivalence test's drivers, pointed at independent
validators instead of the recording server. stripe-mock validates the Stripe
calls against the corpus's stripe.yaml, Prism the Payments calls against
specs/payments.yaml. scripts/test-wire runs it; see README.md.

Prints, per validator and language,
`validator language calls accepted rejected decode-failures other`, then
every call that was not accepted with what the SDK surfaced. Exit status 0
when every call was accepted everywhere, 1 otherwise, 2 when it could not
run.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "equivalence"))

import harness  # noqa: E402

# The credentials the validators expect: stripe-mock wants a test secret key.
TOKEN = "sk_test_123"


@dataclass
class Validator:
    name: str
    spec: Path
    calls: Path
    drivers: Path


@contextmanager
def started(argv: list[str], listening: re.Pattern[str], timeout_s: float) -> Iterator[str]:
    """Runs a validator until the block ends; yields the base URL its
    output announces. Stops only the process group it started."""
    process = subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    seen: list[str] = []
    deadline = time.monotonic() + timeout_s
    url = None
    try:
        while url is None:
            left = deadline - time.monotonic()
            if left <= 0:
                raise harness.HarnessError(
                    f"`{argv[0]}` did not say where it listens within {timeout_s:.0f} s:\n"
                    + "".join(seen[-20:])
                )
            try:
                line = lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise harness.HarnessError(
                    f"`{' '.join(argv)}` stopped before listening:\n" + "".join(seen[-20:])
                )
            seen.append(line)
            m = listening.search(line)
            if m:
                url = m.group(1)
        yield url
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def stripe_mock_json(spec: Path, out: Path) -> Path:
    """stripe-mock reads JSON only: the spec converted, as is."""
    import yaml  # PyYAML, pinned by scripts/test-wire

    with spec.open(encoding="utf-8") as f:
        document = yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    out.write_text(json.dumps(document), encoding="utf-8")
    return out


def classify(outcome: dict[str, Any]) -> str:
    if outcome.get("result") == "ok":
        return "accepted"
    status = outcome.get("status")
    if outcome.get("kind") == "api_error" and isinstance(status, int) and 400 <= status < 500:
        return "rejected"
    if outcome.get("kind") == "decode":
        return "decode-failures"
    return "other"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sdkgen", required=True, type=Path)
    parser.add_argument("--work", required=True, type=Path)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--node", default="node")
    parser.add_argument("--cargo-target", required=True, type=Path)
    parser.add_argument(
        "--cargo-lock",
        type=Path,
        default=harness.ROOT / "generator" / "tests" / "rust_sdk_it" / "Cargo.lock",
    )
    parser.add_argument("--stripe-mock", required=True, help="the stripe-mock binary")
    parser.add_argument("--prism", required=True, help="the prism binary")
    parser.add_argument(
        "--stripe-spec", type=Path, default=Path(os.environ.get("SDKGEN_CORPUS", ""), "stripe.yaml")
    )
    parser.add_argument("--validator", default="stripe-mock,prism")
    parser.add_argument("--lang", default=",".join(harness.LANGUAGES))
    args = parser.parse_args()

    languages = tuple(args.lang.split(","))
    tools = harness.Tools(
        sdkgen=args.sdkgen,
        python=args.python,
        node=args.node,
        cargo_target=args.cargo_target,
        cargo_lock=args.cargo_lock,
    )
    validators = {
        "stripe-mock": Validator(
            "stripe-mock", args.stripe_spec, HERE / "stripe.calls.json", HERE / "drivers" / "stripe"
        ),
        "prism": Validator(
            "prism",
            harness.ROOT / "specs" / "payments.yaml",
            HERE / "payments.calls.json",
            HERE / "drivers" / "payments",
        ),
    }
    chosen = args.validator.split(",")
    for name in chosen:
        if name not in validators:
            print(f"error: --validator: no validator {name!r} (there are stripe-mock, prism)")
            return 2
    for name in chosen:
        if not validators[name].spec.is_file():
            print(
                f"error: {validators[name].spec}: no such spec (the corpus's stripe.yaml: "
                "set SDKGEN_CORPUS or pass --stripe-spec)"
            )
            return 2

    rows = []
    details = []
    try:
        for name in chosen:
            v = validators[name]
            work = args.work / name
            started_at = time.monotonic()
            harness.prepare(tools, v.spec, work, v.drivers, languages)
            print(
                f"   {name}: SDKs ready in {time.monotonic() - started_at:.1f} s", file=sys.stderr
            )
            if name == "stripe-mock":
                spec_json = stripe_mock_json(v.spec, work / "spec.json")
                # Both listeners on 127.0.0.1, ports chosen by the system.
                argv = [
                    args.stripe_mock,
                    "-spec",
                    str(spec_json),
                    "-http-addr",
                    "127.0.0.1:",
                    "-https-addr",
                    "127.0.0.1:",
                ]
                pattern = re.compile(r"Listening for HTTP at address: (\S+)")
                prefix = "http://"
            else:
                argv = [args.prism, "mock", str(v.spec), "-h", "127.0.0.1", "-p", "0", "--errors"]
                pattern = re.compile(r"Prism is listening on (http://\S+)")
                prefix = ""
            with started(argv, pattern, 120) as address:
                base = prefix + address
                for lang in languages:
                    outcomes = harness.run_driver(
                        tools, work, v.drivers, lang, v.calls, base_url=base, token=TOKEN
                    )
                    counts = {"accepted": 0, "rejected": 0, "decode-failures": 0, "other": 0}
                    for o in outcomes:
                        kind = classify(o)
                        counts[kind] += 1
                        if kind != "accepted":
                            details.append(f"{name} {lang} {o['call']}: {kind}: {o.get('detail')}")
                    rows.append((name, lang, len(outcomes), counts))
    except harness.HarnessError as e:
        print(f"error: {e}")
        return 2

    header = ("validator", "language", "calls", "accepted", "rejected", "decode-failures", "other")
    table = [header] + [
        (
            n,
            lang,
            str(calls),
            str(c["accepted"]),
            str(c["rejected"]),
            str(c["decode-failures"]),
            str(c["other"]),
        )
        for n, lang, calls, c in rows
    ]
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    for r in table:
        print("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
    for line in details:
        print(f"  {line}")
    return 0 if not details else 1


if __name__ == "__main__":
    sys.exit(main())
