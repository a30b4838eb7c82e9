"""The cross-language equivalence test: the same calls through the Rust,
Python and Node SDKs of spec.yaml must put the same bytes on the wire and
surface the same outcome. scripts/test-equivalence runs it; see README.md.

Prints one line per call (`same`, or `differs` and what differs, per
language), then `N passed, M failed`. Exit status: 0 when every call is the
same in every language, 1 when any differs, 2 when the test could not run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import compare
import harness
import recorder

HERE = Path(__file__).resolve().parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sdkgen", required=True, type=Path)
    parser.add_argument(
        "--work", required=True, type=Path, help="a folder for the SDKs and the records"
    )
    parser.add_argument("--python", required=True, help="a Python with httpx, for the Python SDK")
    parser.add_argument("--node", default="node")
    parser.add_argument("--cargo-target", required=True, type=Path)
    parser.add_argument(
        "--cargo-lock",
        type=Path,
        default=harness.ROOT / "generator" / "tests" / "rust_sdk_it" / "Cargo.lock",
    )
    parser.add_argument("--spec", type=Path, default=HERE / "spec.yaml")
    parser.add_argument("--calls", type=Path, default=HERE / "calls.json")
    parser.add_argument("--lang", default=",".join(harness.LANGUAGES))
    parser.add_argument("--only", help="only these calls (comma-separated names)")
    parser.add_argument(
        "--known-drift",
        type=Path,
        help="a JSON object naming the calls known to differ, each with why; they are "
        "shown but do not fail the run, and one that no longer differs does",
    )
    args = parser.parse_args()

    languages = tuple(args.lang.split(","))
    for lang in languages:
        if lang not in harness.LANGUAGES:
            print(
                f"error: --lang: no driver for {lang!r} (there are {', '.join(harness.LANGUAGES)})"
            )
            return 2
    table = json.loads(args.calls.read_text(encoding="utf-8"))
    calls = table["calls"]
    only = args.only.split(",") if args.only else None
    if only:
        unknown = sorted(set(only) - {c["call"] for c in calls})
        if unknown:
            print(f"error: --only: no call named {', '.join(unknown)} in {args.calls}")
            return 2
        calls = [c for c in calls if c["call"] in only]

    server, rec, port = recorder.start(recorder.replies_of(table))
    try:
        tools = harness.Tools(
            sdkgen=args.sdkgen,
            python=args.python,
            node=args.node,
            cargo_target=args.cargo_target,
            cargo_lock=args.cargo_lock,
        )
        # Every server of the spec is the recording server.
        rendered = args.work / "spec.rendered.yaml"
        args.work.mkdir(parents=True, exist_ok=True)
        rendered.write_text(
            args.spec.read_text(encoding="utf-8").replace("RECORDER_PORT", str(port)),
            encoding="utf-8",
        )
        drivers = HERE / "drivers"
        try:
            harness.prepare(tools, rendered, args.work, drivers, languages)
            outcomes: dict[str, dict[str, dict[str, Any]]] = {}
            for lang in languages:
                started = time.monotonic()
                got = harness.run_driver(
                    tools,
                    args.work,
                    drivers,
                    lang,
                    args.calls,
                    control=f"http://127.0.0.1:{port}",
                    only=only,
                )
                print(
                    f"   {lang}: {len(got)} calls in {time.monotonic() - started:.1f} s",
                    file=sys.stderr,
                )
                outcomes[lang] = {o["call"]: o for o in got}
        except harness.HarnessError as e:
            print(f"error: {e}")
            return 2
    finally:
        server.shutdown()
        server.server_close()

    known: dict[str, str] = {}
    if args.known_drift is not None:
        known = json.loads(args.known_drift.read_text(encoding="utf-8"))
        unknown = sorted(set(known) - {c["call"] for c in calls})
        if unknown:
            print(f"error: {args.known_drift} names calls that do not exist: {', '.join(unknown)}")
            return 2
    passed = failed = drifted = 0
    dump: dict[str, dict[str, Any]] = {}
    for call in calls:
        name = call["call"]
        records: dict[str, dict[str, Any] | None] = {}
        for lang in languages:
            outcome = outcomes[lang].get(name)
            records[lang] = compare.record(rec.of(lang, name), call, outcome)
        dump[name] = {lang: compare.to_json(r) for lang, r in records.items() if r is not None}
        lines = compare.compare(records) + compare.check_expected(records, call.get("expect", {}))
        if lines and name in known:
            drifted += 1
            print(f"{name}: differs, known drift ({known[name]})")
            for line in lines:
                print(f"    {line}")
        elif lines:
            failed += 1
            print(f"{name}: differs ({call['about']})")
            for line in lines:
                print(f"    {line}")
        elif name in known:
            failed += 1
            print(f"{name}: same everywhere now: take it off the known-drift list")
        else:
            passed += 1
            print(f"{name}: same")
    stray = rec.of("-", "-")
    if stray:
        print(f"{len(stray)} request(s) arrived outside any announced call")
        failed += 1
    (args.work / "records.json").write_text(
        json.dumps(dump, indent=1, ensure_ascii=False), encoding="utf-8"
    )
    if drifted:
        print(f"{drifted} call(s) differ as the known-drift list says (shown above)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
