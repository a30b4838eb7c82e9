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
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "equivalence"))

import harness  # noqa: E402
import reference  # noqa: E402

# The credentials the validators expect: stripe-mock wants a test secret key.
TOKEN = "sk_test_123"


@dataclass(frozen=True)
class Launch:
    """How to start a validator on one spec: its command line, the line of
    its output that says where it listens (group 1: the address), and what
    makes that address a base URL (a scheme in front, a base path after)."""

    argv: list[str]
    listening: re.Pattern[str]
    prefix: str = ""
    suffix: str = ""
    # What the validator printed of a request it refused, when it says why
    # in its output rather than in its answer: given the lines it printed
    # while one call was made, the reasons.
    explain: Callable[[list[str]], list[str]] | None = None


@dataclass(frozen=True)
class Suite:
    """One entry of the table: a validator, the spec it validates against,
    the calls made through the three SDKs of that spec and their drivers."""

    validator: str
    spec_name: str
    spec: Callable[[argparse.Namespace], Path]
    calls: Path
    drivers: Path
    launch: Callable[[argparse.Namespace, Path, Path], Launch]
    # Whether reference.py can write this table's calls without an SDK
    # (`--reference-requests`): form and multipart bodies, deepObject queries.
    reference: bool = False
    # Whether the Rust driver is built, unless --full-rust-sdk, against the
    # SDK of the spec narrowed to the operations the calls make: for a spec
    # whose Rust SDK takes minutes and gigabytes to compile.
    narrow_rust: bool = False


def stripe_mock(args: argparse.Namespace, spec: Path, work: Path) -> Launch:
    """stripe-mock on the spec converted to JSON; both its listeners on
    127.0.0.1, ports chosen by the system."""
    spec_json = stripe_mock_json(spec, work / "spec.json")
    return Launch(
        [
            args.stripe_mock,
            "-spec",
            str(spec_json),
            "-http-addr",
            "127.0.0.1:",
            "-https-addr",
            "127.0.0.1:",
        ],
        re.compile(r"Listening for HTTP at address: (\S+)"),
        prefix="http://",
    )


def prism(args: argparse.Namespace, spec: Path, work: Path) -> Launch:
    """Prism's validating mock (`--errors`: a request that breaks the spec
    is answered 4xx). It routes paths without the servers' base path."""
    return Launch(
        [args.prism, "mock", str(spec), "-h", "127.0.0.1", "-p", "0", "--errors"],
        re.compile(r"Prism is listening on (http://\S+)"),
        explain=prism_violations,
    )


def typed_nullable(node: Any) -> Any:
    """A document with each `nullable` that stands without a `type` written
    as the 3.0 keyword means it (see prism_typed_nullable). A property
    named `nullable` (its value a schema) is left alone."""
    if isinstance(node, list):
        return [typed_nullable(n) for n in node]
    if not isinstance(node, dict):
        return node
    node = {k: typed_nullable(v) for k, v in node.items()}
    if "nullable" in node and "type" not in node and not isinstance(node["nullable"], dict):
        nullable = node.pop("nullable")
        if nullable is True:
            keep = {k: v for k, v in node.items() if k in ("description", "default")}
            rest = {k: v for k, v in node.items() if k not in keep}
            node = {**keep, "anyOf": [rest, {"type": "null"}]}
    return node


def prism_typed_nullable(args: argparse.Namespace, spec: Path, work: Path) -> Launch:
    """Prism on the spec with every `nullable` that stands without a `type`
    written as the 3.0 keyword means it. Prism 5.16.0 does not validate a
    request body whose schema holds such a `nullable` (its schema compiler
    refuses the keyword without a type, and Prism then accepts any body
    without a word): openai.yaml has 24, in the bodies of chat completions,
    moderations, image generations and runs among others. `nullable: false`
    is dropped (it allows nothing more); `nullable: true` becomes
    `anyOf: [the schema, {type: null}]`, as in OpenAPI 3.1. Nothing else
    changes; the SDKs are generated from the spec as published."""
    import yaml  # PyYAML, pinned by scripts/test-wire

    with spec.open(encoding="utf-8") as f:
        document = yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))

    out = work / "spec-for-prism.json"
    # YAML 1.1 reads unquoted dates (in examples) as dates; YAML 1.2, which
    # OpenAPI 3.1 names, reads them as the text they are.
    text = json.dumps(typed_nullable(document), default=lambda value: value.isoformat())
    out.write_text(text, encoding="utf-8")
    return prism(args, out, work)


PRISM_ERROR = re.compile(r"\[(VALIDATOR|HTTP SERVER)\].*?\u2716\s+error\s+(.*)$")


def prism_violations(lines: list[str]) -> list[str]:
    """Prism's reasons for refusing a request, from its log: each violation
    is logged twice, bare and as `Violation: <where> <what>`; the located
    form is kept. When no rule was broken (no route, no credentials), the
    line that ended the request says why."""
    validator: list[str] = []
    server: list[str] = []
    for line in lines:
        m = PRISM_ERROR.search(line.rstrip())
        if m:
            (validator if m.group(1) == "VALIDATOR" else server).append(m.group(2).strip())
    located = [v for v in validator if v.startswith("Violation: ")]
    bare = [v for v in validator if not any(x.endswith(" " + v) for x in located)]
    reasons = list(dict.fromkeys(located + [v for v in bare if not v.startswith("Violation: ")]))
    return reasons or list(dict.fromkeys(server))


def settle(output: list[str], quiet_s: float = 0.3, limit_s: float = 5) -> None:
    """Waits until the validator has printed nothing for `quiet_s`: it logs
    a request's violations after answering it."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        before = len(output)
        time.sleep(quiet_s)
        if len(output) == before:
            return


def narrowing_overlay(
    spec_json: Path, calls: Path, out: Path, sdkgen: Path
) -> tuple[Path, int, int]:
    """An overlay that removes from the spec every operation the calls do
    not make (a path item with none of them, else each other method), and
    gives each operation kept the group and method name the whole spec gives
    it (`x-sdk-group`, `x-sdk-name`, from `sdkgen ir --names`): a method's
    name can depend on the paths around it, which the overlay removes. The
    SDK generated with it then has, for the operations kept, the same code
    as the SDK of the whole spec. Returns the overlay, the operations kept
    and all the spec's operations."""
    listed = subprocess.run(
        [str(sdkgen), "ir", "--names", str(spec_json)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    whole_names = {}
    for line in listed.splitlines():
        method, path, name, _ = line.split("\t")
        whole_names[(method.lower(), path)] = name.rsplit(".", 1)
    document = json.loads(spec_json.read_text(encoding="utf-8"))
    wanted = {c["op"] for c in json.loads(calls.read_text(encoding="utf-8"))["calls"]}
    methods = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
    actions = []
    total = kept = 0
    for path, item in document["paths"].items():
        ops = {m: op for m, op in item.items() if m in methods}
        total += len(ops)
        keep = [m for m, op in ops.items() if op.get("operationId") in wanted]
        kept += len(keep)
        target = "$.paths[" + json.dumps(path).replace("'", "\\'").replace('"', "'") + "]"
        if not keep:
            actions.append({"target": target, "remove": True})
        else:
            actions += [{"target": f"{target}.{m}", "remove": True} for m in ops if m not in keep]
            for m in keep:
                group, name = whole_names[(m, path)]
                update = {"x-sdk-group": group, "x-sdk-name": name}
                actions.append({"target": f"{target}.{m}", "update": update})
    if kept != len(wanted):
        raise harness.HarnessError(f"{calls}: names operations {spec_json} does not have")
    overlay = {
        "overlay": "1.0.0",
        "info": {"title": f"The operations of {calls.name} alone", "version": "1.0.0"},
        "actions": actions,
    }
    out.write_text(json.dumps(overlay, indent=1), encoding="utf-8")
    return out, kept, total


def rust_items(text: str) -> tuple[set[str], dict[str, set[str]]]:
    """A Rust file's top-level items (as rustfmt lays them out: separated by
    blank lines, starting in column 0), and the members of each `impl`."""
    items = {item.strip() for item in re.split(r"\n\n(?=\S)", text)}
    members = {}
    for item in items:
        m = re.match(r"(impl[^\n]*\{)\n(.*)\n\}$", item, re.S)
        if m:
            members[m.group(1)] = {x.strip() for x in re.split(r"\n\n(?=    \S)", m.group(2))}
    return items, members


# What selects code for a build rather than being code: the Cargo feature
# gates of a crate with one feature per group (`#[cfg(feature = "a")]`, or
# `#[cfg(any(feature = "a", ...))]` on one line or several), and what such a
# crate adds so that a build of some features stays warning-free. The
# narrowed spec has fewer groups, so its gates name fewer features.
FEATURE_SCAFFOLDING = re.compile(
    r'^[ \t]*#\[cfg\((?:feature = "[^"]*"|any\([^)]*\))\)\]\n'
    r'|^[ \t]*#\[cfg_attr\(not\(feature = "full"\), allow\(dead_code\)\)\]\n'
    r"|^[ \t]*// Groups use these helpers; a build without every group may not\.\n"
    r"|^#\[allow\(unused_imports\)\]\n",
    re.M,
)


def without_feature_gates(text: str) -> str:
    """A Rust file with its Cargo feature scaffolding taken out."""
    return FEATURE_SCAFFOLDING.sub("", text)


def check_narrowed(narrowed: Path, full: Path) -> None:
    """That every item of the narrowed Rust SDK is, byte for byte, an item of
    the whole spec's (an `impl` may hold fewer members, a `use` fewer names;
    feature gates, which select code rather than being code, aside): the Rust
    driver then runs the code the whole SDK would run."""
    for path in sorted(narrowed.rglob("*.rs")):
        rel = path.relative_to(narrowed)
        items, members = rust_items(without_feature_gates(path.read_text(encoding="utf-8")))
        full_text = without_feature_gates((full / rel).read_text(encoding="utf-8"))
        full_items, full_members = rust_items(full_text)
        full_lines = set(full_text.splitlines())
        for item in items - full_items:
            head = item.split("\n", 1)[0]
            if head.startswith("use "):
                # A module of fewer operations imports fewer runtime items.
                continue
            lines = item.splitlines()
            if all(line.endswith(";") for line in lines) and set(lines) <= full_lines:
                # A run of declarations (`pub mod customers;`), fewer of them.
                continue
            inner = members.get(head)
            if inner is None or not inner <= full_members.get(head, set()):
                raise harness.HarnessError(
                    f"the narrowed Rust SDK's {rel} has an item the whole SDK does not: {head}"
                )


# One entry per (validator, spec). A suite's drivers are drivers/<spec>/.
SUITES = [
    Suite(
        "stripe-mock",
        "stripe",
        lambda args: args.stripe_spec,
        HERE / "stripe.calls.json",
        HERE / "drivers" / "stripe",
        stripe_mock,
        reference=True,
        narrow_rust=True,
    ),
    Suite(
        "prism",
        "payments",
        lambda args: harness.ROOT / "specs" / "payments.yaml",
        HERE / "payments.calls.json",
        HERE / "drivers" / "payments",
        prism,
    ),
    Suite(
        "prism",
        "pets",
        lambda args: harness.ROOT / "specs" / "pets.yaml",
        HERE / "pets.calls.json",
        HERE / "drivers" / "pets",
        prism,
    ),
    Suite(
        "prism",
        "petstore-expanded",
        lambda args: args.corpus / "petstore-expanded.yaml",
        HERE / "petstore-expanded.calls.json",
        HERE / "drivers" / "petstore-expanded",
        prism,
    ),
    Suite(
        "prism",
        "tictactoe",
        lambda args: args.corpus / "tictactoe.yaml",
        HERE / "tictactoe.calls.json",
        HERE / "drivers" / "tictactoe",
        prism,
    ),
    Suite(
        "prism",
        "openai",
        lambda args: args.corpus / "openai.yaml",
        HERE / "openai.calls.json",
        HERE / "drivers" / "openai",
        prism_typed_nullable,
    ),
]


@contextmanager
def started(
    argv: list[str], listening: re.Pattern[str], timeout_s: float, output: list[str] | None = None
) -> Iterator[str]:
    """Runs a validator until the block ends; yields the base URL its
    output announces, and appends every line it prints to `output`. Stops
    only the process group it started."""
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
            if output is not None:
                output.append(line)
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


def describe(outcome: dict[str, Any]) -> str:
    """What a driver said of a call that was not accepted."""
    if outcome.get("detail"):
        return str(outcome["detail"])
    if outcome.get("result") == "ok":
        return f"accepted (HTTP {outcome.get('status')})"
    return f"the driver says {outcome.get('result')!r}"


def explain_again(
    tools: harness.Tools,
    work: Path,
    suite: Suite,
    lang: str,
    base: str,
    name: str,
    output: list[str],
    explain: Callable[[list[str]], list[str]],
) -> str:
    """Makes one refused call again, alone, and returns what the validator
    printed while it was made: its reasons for refusing it."""
    settle(output)
    mark = len(output)
    harness.run_driver(
        tools, work, suite.drivers, lang, suite.calls, base_url=base, token=TOKEN, only=[name]
    )
    settle(output)
    return "; ".join(explain(output[mark:])) or "(no error in its output)"


def check_controls(
    where: str, table: dict[str, Any], base: str, output: list[str], explain: Callable
) -> tuple[int, list[str]]:
    """Sends the call table's `controls`, requests that break the spec, and
    checks that the validator refuses each for the reason listed: a
    validator that accepted everything would make every call look right.
    Returns how many were sent and what went wrong."""
    problems = []
    controls = table.get("controls", [])
    for control in controls:
        body = control.get("body")
        headers = dict(control.get("headers", {}))
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers.setdefault("Content-Type", "application/json")
        elif control.get("raw") is not None:
            data = control["raw"].encode("utf-8")
        headers = {k: v.replace("{token}", TOKEN) for k, v in headers.items()}
        request = urllib.request.Request(
            base + control["path"], data=data, method=control["method"], headers=headers
        )
        settle(output)
        mark = len(output)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                status = answer.status
        except urllib.error.HTTPError as e:
            status = e.code
        settle(output)
        said = "; ".join(explain(output[mark:]))
        what = f"{where} control {control['method']} {control['path']}"
        if not 400 <= status < 500:
            problems.append(
                f"{what}: answered {status}, but the request breaks the spec "
                f"({control['about']}): is the validator validating?"
            )
        elif control["says"] not in said:
            problems.append(
                f"{what}: refused, but not for the listed reason {control['says']!r}: {said}"
            )
    return len(controls), problems


def says(outcome: dict[str, Any]) -> str:
    """What the validator said of a refused call, when it said it apart."""
    if outcome.get("validator_says"):
        return f" [the validator says: {outcome['validator_says']}]"
    return ""


def shown(validator: str, outcome: dict[str, Any]) -> str:
    """What the SDK surfaced of a call, and what the validator said of it."""
    text = describe(outcome)
    if outcome.get("validator_says"):
        text += f" [{validator} says: {outcome['validator_says']}]"
    return text


def classify(outcome: dict[str, Any]) -> str:
    if outcome.get("result") == "ok":
        return "accepted"
    status = outcome.get("status")
    if outcome.get("kind") == "api_error" and isinstance(status, int) and 400 <= status < 500:
        return "rejected"
    if outcome.get("kind") == "decode":
        return "decode-failures"
    return "other"


OUTCOMES = ("accepted", "rejected", "decode-failures", "other")


def read_known(path: Path | None) -> dict[tuple[str, str, str, str], dict[str, Any]]:
    """The known-cases file: each case names a validator, a spec, its calls,
    the languages it shows in, the outcome it has there, who is wrong and
    why. Keyed by (validator, spec, language, call)."""
    if path is None:
        return {}
    table = json.loads(path.read_text(encoding="utf-8"))
    known: dict[tuple[str, str, str, str], dict[str, Any]] = {}
    suites = {(s.validator, s.spec_name): s for s in SUITES}
    for i, case in enumerate(table["cases"]):
        where = f"{path}: case {i}"
        missing = [
            k
            for k in ("validator", "spec", "calls", "languages", "outcome", "wrong", "reason")
            if not case.get(k)
        ]
        if missing:
            raise harness.HarnessError(f"{where}: no {', '.join(missing)}")
        if case["outcome"] not in OUTCOMES[1:]:
            raise harness.HarnessError(
                f"{where}: outcome {case['outcome']!r} is not one of {', '.join(OUTCOMES[1:])}"
            )
        suite = suites.get((case["validator"], case["spec"]))
        if suite is None:
            raise harness.HarnessError(
                f"{where}: no suite runs {case['spec']} against {case['validator']}"
            )
        names = {c["call"] for c in json.loads(suite.calls.read_text(encoding="utf-8"))["calls"]}
        for call in case["calls"]:
            if call not in names:
                raise harness.HarnessError(f"{where}: {suite.calls.name} has no call {call}")
            for lang in case["languages"]:
                if lang not in harness.LANGUAGES:
                    raise harness.HarnessError(f"{where}: no language {lang!r}")
                key = (case["validator"], case["spec"], lang, call)
                if key in known:
                    raise harness.HarnessError(f"{where}: {call} in {lang} is listed twice")
                known[key] = dict(case, number=i + 1)
    return known


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
    parser.add_argument("--stripe-mock", help="the stripe-mock binary")
    parser.add_argument("--prism", help="the prism binary")
    parser.add_argument(
        "--stripe-spec", type=Path, default=Path(os.environ.get("SDKGEN_CORPUS", ""), "stripe.yaml")
    )
    parser.add_argument(
        "--corpus",
        type=Path,
        default=Path(os.environ.get("SDKGEN_CORPUS", "")),
        help="the folder of the real-world specs (petstore-expanded, tictactoe, openai)",
    )
    parser.add_argument("--validator", help="only these validators (comma-separated)")
    parser.add_argument("--spec", help="only these specs (comma-separated)")
    parser.add_argument("--lang", default=",".join(harness.LANGUAGES))
    parser.add_argument("--only", help="only these calls (comma-separated names)")
    parser.add_argument(
        "--known-cases",
        type=Path,
        help="a JSON file listing the calls known to fail through no fault of the SDKs, "
        "each with the validator that is wrong and why; they are shown but do not fail "
        "the run, and one that no longer fails as listed does",
    )
    parser.add_argument(
        "--full-rust-sdk",
        action="store_true",
        help="build the Rust drivers against the SDKs of the whole specs; by default a suite "
        "marked narrow_rust builds its Rust driver against the SDK of the operations its "
        "calls make",
    )
    parser.add_argument(
        "--reference-requests",
        action="store_true",
        help="send each call as reference.py writes it instead of what the SDK sends, and "
        "let the SDK decode the validator's answer: the table's values and the SDKs' "
        "decoding, without their serialisation",
    )
    args = parser.parse_args()

    languages = tuple(args.lang.split(","))
    for lang in languages:
        if lang not in harness.LANGUAGES:
            print(
                f"error: --lang: no driver for {lang!r} (there are {', '.join(harness.LANGUAGES)})"
            )
            return 2
    chosen = SUITES
    for flag, attr in (("validator", "validator"), ("spec", "spec_name")):
        wanted = getattr(args, flag)
        if wanted is None:
            continue
        names = wanted.split(",")
        there = sorted({getattr(s, attr) for s in SUITES})
        unknown = [n for n in names if n not in there]
        if unknown:
            print(f"error: --{flag}: no {', '.join(unknown)} (there are {', '.join(there)})")
            return 2
        chosen = [s for s in chosen if getattr(s, attr) in names]
    only = set(args.only.split(",")) if args.only else None
    for suite in chosen:
        if not suite.spec(args).is_file():
            print(
                f"error: {suite.spec(args)}: no such spec (the corpus's specs: "
                "set SDKGEN_CORPUS or pass --corpus and --stripe-spec)"
            )
            return 2
        if args.reference_requests and not suite.reference:
            print(
                f"error: --reference-requests: reference.py cannot write the "
                f"{suite.spec_name} calls (choose the suites with --spec)"
            )
            return 2
        tool = {"stripe-mock": args.stripe_mock, "prism": args.prism}[suite.validator]
        if not tool:
            print(f"error: --{suite.validator} is needed to run the {suite.spec_name} calls")
            return 2
    try:
        known = read_known(args.known_cases)
    except (OSError, ValueError, KeyError, harness.HarnessError) as e:
        print(f"error: --known-cases: {e}")
        return 2

    tools = harness.Tools(
        sdkgen=args.sdkgen,
        python=args.python,
        node=args.node,
        cargo_target=args.cargo_target,
        cargo_lock=args.cargo_lock,
    )
    rows = []
    failures: list[str] = []
    listed: list[str] = []
    reasons: dict[int, str] = {}
    try:
        for suite in chosen:
            work = args.work / suite.validator / suite.spec_name
            calls = suite.calls
            table = json.loads(calls.read_text(encoding="utf-8"))
            names = [c["call"] for c in table["calls"]]
            if only is not None:
                names = [n for n in names if n in only]
                if not names:
                    continue
            started_at = time.monotonic()
            work.mkdir(parents=True, exist_ok=True)
            launch = suite.launch(args, suite.spec(args), work)
            narrow = suite.narrow_rust and "rust" in languages and not args.full_rust_sdk
            others = tuple(lang for lang in languages if lang != "rust") if narrow else languages
            if others:
                harness.prepare(tools, suite.spec(args), work, suite.drivers, others)
            if narrow:
                overlay, kept, total = narrowing_overlay(
                    work / "spec.json", calls, work / "narrow.overlay.json", tools.sdkgen
                )
                harness.prepare(
                    tools, suite.spec(args), work, suite.drivers, ("rust",), overlays=(overlay,)
                )
                whole = work / "sdk-whole"
                if whole.exists():
                    shutil.rmtree(whole)
                argv = [str(tools.sdkgen), "build", str(work / "spec.yaml")]
                subprocess.run(
                    [*argv, "--out", str(whole), "--lang", "rust"], check=True, capture_output=True
                )
                check_narrowed(work / "sdk" / "rust" / "src", whole / "rust" / "src")
                shutil.rmtree(whole)
                print(
                    f"   {suite.validator} {suite.spec_name}: the Rust driver is built against "
                    f"the SDK of the {kept} operations the calls make, of {total} "
                    "(--full-rust-sdk: all of them)",
                    file=sys.stderr,
                )
            print(
                f"   {suite.validator} {suite.spec_name}: SDKs ready in "
                f"{time.monotonic() - started_at:.1f} s",
                file=sys.stderr,
            )
            output: list[str] = []
            with started(launch.argv, launch.listening, 120, output) as address:
                base = launch.prefix + address + launch.suffix
                if launch.explain is not None and table.get("controls"):
                    sent, problems = check_controls(
                        f"{suite.validator} {suite.spec_name}", table, base, output, launch.explain
                    )
                    failures.extend(problems)
                    print(
                        f"   {suite.validator} {suite.spec_name}: {sent - len(problems)} of "
                        f"{sent} controls refused as they should be",
                        file=sys.stderr,
                    )
                control = None
                forwarder = None
                if args.reference_requests:
                    operations = reference.Operations(work / "spec.json")
                    forwarder = reference.Forwarder(operations, calls, base, TOKEN)
                    base = control = forwarder.url
                for lang in languages:
                    started_at = time.monotonic()
                    outcomes = harness.run_driver(
                        tools,
                        work,
                        suite.drivers,
                        lang,
                        calls,
                        control=control,
                        base_url=base,
                        token=TOKEN,
                        only=names if only is not None else None,
                    )
                    seen = {o["call"] for o in outcomes}
                    for name in names:
                        if name not in seen:
                            outcomes.append({"call": name, "result": "missing"})
                    for o in outcomes:
                        if (
                            launch.explain is not None
                            and control is None
                            and classify(o) != "accepted"
                            and o.get("result") != "missing"
                        ):
                            o["validator_says"] = explain_again(
                                tools, work, suite, lang, base, o["call"], output, launch.explain
                            )
                    counts = dict.fromkeys((*OUTCOMES, "known"), 0)
                    for o in outcomes:
                        kind = classify(o)
                        counts[kind] += 1
                        case = known.get((suite.validator, suite.spec_name, lang, o["call"]))
                        where = f"{suite.validator} {suite.spec_name} {lang} {o['call']}"
                        said = shown(suite.validator, o)
                        if (
                            case is not None
                            and case["outcome"] == kind
                            and case.get("says")
                            and case["says"] not in said
                        ):
                            failures.append(
                                f"{where}: {kind} as listed, but not for the listed reason "
                                f"({case['says']!r} is not in what was said): {said}"
                            )
                        elif case is not None and case["outcome"] == kind:
                            counts["known"] += 1
                            listed.append(f"{where}: {kind}, known case {case['number']}{says(o)}")
                            reasons[case["number"]] = f"{case['wrong']} is wrong: {case['reason']}"
                        elif case is not None:
                            failures.append(
                                f"{where}: {kind}, but known case {case['number']} says "
                                f"{case['outcome']} (take it off the list, or fix it): "
                                f"{said}"
                            )
                            reasons[case["number"]] = f"{case['wrong']} is wrong: {case['reason']}"
                        elif kind != "accepted":
                            failures.append(f"{where}: {kind}: {said}")
                    rows.append((suite.validator, suite.spec_name, lang, len(outcomes), counts))
                    print(
                        f"   {suite.validator} {suite.spec_name} {lang}: "
                        f"{len(outcomes)} calls in {time.monotonic() - started_at:.1f} s",
                        file=sys.stderr,
                    )
                if forwarder is not None:
                    forwarder.close()
    except harness.HarnessError as e:
        print(f"error: {e}")
        return 2

    header = ("validator", "spec", "language", "calls", *OUTCOMES, "known")
    text_rows = [header] + [
        (v, spec, lang, str(n), *(str(c[k]) for k in (*OUTCOMES, "known")))
        for v, spec, lang, n, c in rows
    ]
    widths = [max(len(r[i]) for r in text_rows) for i in range(len(header))]
    for r in text_rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
    for line in listed:
        print(f"  {line}")
    for number, reason in sorted(reasons.items()):
        print(f"  known case {number}: {reason}")
    for line in failures:
        print(f"  {line}")
    if failures:
        print(f"{len(failures)} call(s) not accepted and not listed as known (above)")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
