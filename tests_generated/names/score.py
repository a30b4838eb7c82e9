#!/usr/bin/env python3
"""How many of the method names integrators already know sdkgen reproduces.

GitHub: for every method of Octokit's REST plugin
(`@octokit/plugin-rest-endpoint-methods`, its generated endpoint list, the
aliases it keeps for renamed methods left out) whose route is in GitHub's
spec, whether sdkgen names that operation `<scope>.<method>` the same.

Stripe: for every method of the official Node client (`stripe`, the release
of the corpus spec's API version) on the core resources, whether sdkgen
names its operation `<resource>.<method>` the same. The Node client spells
delete `del` (a name from when `delete` could not be a property); sdkgen's
`delete` counts as that.

Names are compared as words, whatever their case: `list_for_org` is
`listForOrg`. Prints each share and every miss (theirs, then sdkgen's);
`--json` prints the same as JSON.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

# Stripe's core resources, as the issue lists them: the Node client's files.
STRIPE_CORE = [
    "Customers",
    "Charges",
    "PaymentIntents",
    "Refunds",
    "Subscriptions",
    "Invoices",
    "Products",
    "Prices",
    "PaymentMethods",
    "SetupIntents",
]

STRIPE_METHOD = re.compile(r"(\w+): stripeMethod\(\{\s*method: '(\w+)',\s*fullPath: '([^']+)'")

# What each client spells differently for the same word.
SYNONYMS = {"del": "delete"}


def squash(name: str) -> str:
    """A name as its words alone: lower case, letters and digits."""
    return "".join(c for c in name.lower() if c.isalnum())


def word(name: str) -> str:
    return SYNONYMS.get(name, name)


def sdkgen_names(lines: str) -> dict[str, tuple[str, str]]:
    """`sdkgen ir --names` output as {"METHOD /path": (group, method)}."""
    names = {}
    for line in lines.splitlines():
        parts = line.split("\t")
        if len(parts) < 3:
            continue
        group, _, method = parts[2].rpartition(".")
        names[f"{parts[0]} {parts[1]}"] = (group, method)
    return names


def octokit_methods(endpoints: dict) -> list[tuple[str, str, str]]:
    """(scope, method, "METHOD /route") for every Octokit method but the
    aliases of renamed ones."""
    out = []
    for scope, methods in endpoints.items():
        for method, entry in methods.items():
            decorations = entry[2] if len(entry) > 2 else {}
            if "renamed" in decorations:
                continue
            # A route may end in an RFC 6570 query template (`{?key,ref}`):
            # the spec's path has none.
            out.append((scope, method, re.sub(r"\{\?[^}]*\}", "", entry[0])))
    return out


def stripe_methods(resources: Path) -> list[tuple[str, str, str]]:
    """(resource, method, "METHOD /path") for the core resources' methods."""
    out = []
    for name in STRIPE_CORE:
        text = (resources / f"{name}.js").read_text()
        resource = name[0].lower() + name[1:]
        for method, http, path in STRIPE_METHOD.findall(text):
            out.append((resource, method, f"{http} {path}"))
    return out


def score(known: list[tuple[str, str, str]], ours: dict[str, tuple[str, str]]) -> dict:
    """Compares each known name with sdkgen's name of the same route."""
    matched, misses, absent = 0, [], []
    for group, method, route in known:
        if route not in ours:
            absent.append(f"{group}.{method} ({route})")
            continue
        og, om = ours[route]
        if squash(og) == squash(group) and squash(word(om)) == squash(word(method)):
            matched += 1
        else:
            misses.append({"theirs": f"{group}.{method}", "sdkgen": f"{og}.{om}", "route": route})
    compared = matched + len(misses)
    return {
        "compared": compared,
        "matched": matched,
        "share": matched / compared if compared else 0.0,
        "misses": misses,
        "not_in_spec": absent,
    }


def run_names(sdkgen: str, spec: Path) -> dict[str, tuple[str, str]]:
    done = subprocess.run([sdkgen, "ir", "--names", str(spec)], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"error: sdkgen ir --names {spec} failed:\n{done.stderr}")
    return sdkgen_names(done.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sdkgen", required=True)
    ap.add_argument("--corpus", required=True, type=Path)
    ap.add_argument("--packages", required=True, type=Path, help="the node_modules folder")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    plugin = args.packages / "@octokit/plugin-rest-endpoint-methods/dist-src/generated/endpoints.js"
    dumped = subprocess.run(
        [
            "node",
            "--input-type=module",
            "-e",
            f"const m = await import({json.dumps(plugin.resolve().as_uri())});"
            "process.stdout.write(JSON.stringify(m.default));",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    github = score(
        octokit_methods(json.loads(dumped)),
        run_names(args.sdkgen, args.packages / "@octokit/openapi/generated/api.github.com.json"),
    )
    stripe = score(
        stripe_methods(args.packages / "stripe/cjs/resources"),
        run_names(args.sdkgen, args.corpus / "stripe.yaml"),
    )
    results = {"github": github, "stripe_core": stripe}
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    for title, r in [
        ("GitHub (Octokit REST methods)", github),
        ("Stripe core (stripe-node 13.11.0)", stripe),
    ]:
        print(
            f"{title}: {r['matched']} of {r['compared']} = {100 * r['share']:.1f}%"
            f" ({len(r['not_in_spec'])} of theirs not in the spec)"
        )
        for m in r["misses"]:
            print(f"  {m['theirs']:<50} sdkgen {m['sdkgen']}  ({m['route']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
