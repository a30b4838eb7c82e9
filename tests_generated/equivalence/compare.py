"""Normalised records of what each SDK put on the wire, and their comparison.

A record is one call in one language: the requests the recording server
received for it (one per attempt) and what the driver says the call
returned. Normalising removes only what legitimately differs between
runs or HTTP client libraries (see README.md, "What is normalised"); every
other byte is compared.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import parse_qsl, unquote

from recorder import Captured

# Headers set by the HTTP client library or the transport, not by the SDK:
# they differ between reqwest, httpx and undici and say nothing about the API
# call. Everything else is compared.
DROPPED_HEADERS = {
    "host",  # the same authority for all, written differently
    "connection",
    "keep-alive",
    "accept-encoding",  # each library's own decompression support
    "user-agent",  # names the SDK and its language
    "accept-language",  # undici's default `*`
    "sec-fetch-mode",  # undici's default `cors`
}

KEY_HEADER = "idempotency-key"
TIME_LEFT_HEADER = "request-timeout-ms"
UUID4 = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
BOUNDARY = re.compile(r';\s*boundary="?([^";]+)"?', re.IGNORECASE)

OUTCOME_FIELDS = ("result", "kind", "status", "code", "attempts", "stop_reason")


def normalise(captured: Sequence[Captured], call: dict[str, Any]) -> list[dict[str, Any]]:
    """The requests of one call, normalised, in the order they came."""
    keys: dict[str, int] = {}
    out = []
    for c in captured:
        path, sep, query = c.target.partition("?")
        body = c.body
        headers: list[tuple[str, str]] = []
        boundary = None
        for name, value in c.headers:
            if name.lower() == "content-type":
                m = BOUNDARY.search(value)
                if m:
                    boundary = m.group(1)
        if boundary:
            body = body.replace(boundary.encode("latin-1"), b"<boundary>")
        for name, value in c.headers:
            lower = name.lower()
            if lower in DROPPED_HEADERS:
                continue
            if lower == "content-type" and boundary:
                value = value.replace(boundary, "<boundary>")
            elif lower == "content-length":
                value = _length(value, len(c.body))
            elif lower == KEY_HEADER:
                value = _key(value, call.get("caller_key"), keys)
            elif lower == TIME_LEFT_HEADER:
                value = _time_left(value)
            headers.append((lower, value))
        headers.sort(key=lambda h: h[0])
        out.append(
            {
                "method": c.method,
                "path": path,
                "query": query if sep else None,
                "headers": headers,
                "body": body,
            }
        )
    return out


def _length(value: str, actual: int) -> str:
    try:
        if int(value) == actual:
            return "<the body's length>"
    except ValueError:
        pass
    return f"{value} (the body has {actual} bytes)"


def _key(value: str, caller_key: str | None, keys: dict[str, int]) -> str:
    if caller_key is not None and value == caller_key:
        return value
    n = keys.setdefault(value, len(keys) + 1)
    what = "UUID v4" if UUID4.match(value) else f"key that is not a UUID v4 ({len(value)} chars)"
    return f"<generated {what} #{n}>"


def _time_left(value: str) -> str:
    # The time left of the call's deadline: it shrinks between attempts by
    # the jittered sleeps, so only the deadline it comes from is compared,
    # rounded up to 10 s.
    try:
        ms = int(value)
    except ValueError:
        return value
    return f"<at most {max(1, math.ceil(ms / 10_000)) * 10} s>"


def record(
    captured: Sequence[Captured], call: dict[str, Any], outcome: dict[str, Any] | None
) -> dict[str, Any]:
    return {"requests": normalise(captured, call), "outcome": outcome}


def to_json(rec: dict[str, Any]) -> dict[str, Any]:
    """A record as JSON: bodies in hex."""
    return {
        "requests": [
            {**r, "headers": [list(h) for h in r["headers"]], "body": r["body"].hex()}
            for r in rec["requests"]
        ],
        "outcome": rec["outcome"],
    }


def _text(value: bytes) -> str:
    """Bytes as a quoted string: UTF-8 text, other bytes as \\xNN."""
    return json.dumps(value.decode("utf-8", "backslashreplace"), ensure_ascii=False)


def _multipart(value: bytes) -> str | None:
    """A multipart body (boundary already normalised) part by part."""
    delimiter = b"--<boundary>"
    if not value.startswith(delimiter):
        return None
    parts = []
    for chunk in value.split(delimiter)[1:]:
        if chunk.startswith(b"--"):
            break
        head, sep, content = chunk.removeprefix(b"\r\n").partition(b"\r\n\r\n")
        if not sep:
            return None
        headers = "; ".join(h.decode("utf-8", "backslashreplace") for h in head.split(b"\r\n"))
        shown = _text(content.removesuffix(b"\r\n"))
        parts.append(f"[{headers} => {shown}]")
    return "multipart " + " ".join(parts)


def _show(value: Any, limit: int = 900) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, bytes):
        shown = _multipart(value) or _text(value)
    else:
        shown = json.dumps(value, ensure_ascii=False)
    if len(shown) > limit:
        shown = shown[:limit] + f"... ({len(shown) - limit} more characters)"
    return shown


def _groups(values: dict[str, Any]) -> list[tuple[list[str], Any]]:
    groups: list[tuple[list[str], Any]] = []
    for lang, value in values.items():
        for langs, v in groups:
            if v == value:
                langs.append(lang)
                break
        else:
            groups.append(([lang], value))
    return groups


def _note(aspect: str, values: dict[str, Any]) -> str:
    """Why two different values may still mean the same, where they do."""
    present = [v for v in values.values() if v is not None]
    if len(present) != len(values):
        return ""
    if aspect == "query":
        decoded = [parse_qsl(v, keep_blank_values=True) for v in present]
        if all(d == decoded[0] for d in decoded):
            return " [the same pairs once percent-decoded: only the encoding differs]"
    if aspect == "path" and all(unquote(v) == unquote(present[0]) for v in present):
        return " [the same once percent-decoded: only the encoding differs]"
    if aspect == "body":
        try:
            parsed = [json.loads(v) for v in present]
        except (ValueError, UnicodeDecodeError):
            parsed = None
        if parsed is not None and all(p == parsed[0] for p in parsed):
            return " [the same JSON value: only the bytes differ]"
        try:
            pairs = [parse_qsl(v.decode("utf-8"), strict_parsing=True) for v in present]
        except (ValueError, UnicodeDecodeError):
            pairs = None
        if pairs is not None and all(p == pairs[0] for p in pairs):
            return " [the same form pairs once percent-decoded: only the encoding differs]"
    return ""


def _describe(aspect: str, values: dict[str, Any]) -> str | None:
    groups = _groups(values)
    if len(groups) == 1:
        return None
    parts = []
    for langs, value in groups:
        parts.append(f"{', '.join(langs)}: {_show(value)}")
    odd = [langs[0] for langs, _ in groups if len(langs) == 1]
    lead = f"{odd[0]} differs" if len(groups) == 2 and len(odd) == 1 else "all differ"
    if len(values) == 2:
        lead = "differs"
    return f"{aspect} ({lead}): " + " | ".join(parts) + _note(aspect, values)


def check_expected(records: dict[str, dict[str, Any] | None], expect: dict[str, Any]) -> list[str]:
    """Where the first request of a call is not what the spec says, in any
    language (so a mistake all three share shows too)."""
    lines = []
    firsts = {
        lang: rec["requests"][0]
        for lang, rec in records.items()
        if rec is not None and rec["requests"]
    }
    checks: list[tuple[str, Any, dict[str, Any]]] = []
    if "path" in expect:
        checks.append(
            (
                "path, percent-decoded",
                expect["path"],
                {k: unquote(r["path"]) for k, r in firsts.items()},
            )
        )
    for name, want in expect.get("headers", {}).items():
        checks.append(
            (
                f"header {name}",
                want,
                {
                    k: (" / ".join(v for n, v in r["headers"] if n == name) or None)
                    for k, r in firsts.items()
                },
            )
        )
    for what, want, got in checks:
        wrong = {k: v for k, v in got.items() if v != want}
        if wrong:
            shown = " | ".join(f"{', '.join(langs)}: {_show(v)}" for langs, v in _groups(wrong))
            lines.append(f"against the spec: {what} should be {_show(want)}; {shown}")
    return lines


def compare(records: dict[str, dict[str, Any] | None]) -> list[str]:
    """The differences between one call's records, as readable lines; none
    when every language put the same bytes on the wire and got the same
    outcome. `records` maps a language to its record (None: no outcome)."""
    missing = [lang for lang, rec in records.items() if rec is None or rec["outcome"] is None]
    lines = [f"no outcome from the {lang} driver" for lang in missing]
    present = {lang: rec for lang, rec in records.items() if rec is not None}
    if len(present) < 2:
        return lines

    counts = {lang: len(rec["requests"]) for lang, rec in present.items()}
    line = _describe("requests sent", counts)
    if line:
        lines.append(line)

    # Each difference once, with the attempts it applies to.
    seen: dict[str, list[int]] = {}
    order: list[str] = []
    for i in range(max(counts.values())):
        reqs = {
            lang: rec["requests"][i] for lang, rec in present.items() if i < len(rec["requests"])
        }
        if len(reqs) < 2:
            continue
        aspects: list[tuple[str, dict[str, Any]]] = [
            ("method", {k: r["method"] for k, r in reqs.items()}),
            ("path", {k: r["path"] for k, r in reqs.items()}),
            ("query", {k: r["query"] for k, r in reqs.items()}),
        ]
        names = sorted({h[0] for r in reqs.values() for h in r["headers"]})
        for name in names:
            aspects.append(
                (
                    f"header {name}",
                    {
                        k: (" / ".join(v for n, v in r["headers"] if n == name) or None)
                        for k, r in reqs.items()
                    },
                )
            )
        aspects.append(("body", {k: r["body"] for k, r in reqs.items()}))
        for aspect, values in aspects:
            text = _describe(aspect, values)
            if text is None:
                continue
            if text not in seen:
                seen[text] = []
                order.append(text)
            seen[text].append(i + 1)
    for text in order:
        attempts = seen[text]
        where = (
            f"attempt {attempts[0]}"
            if len(attempts) == 1
            else f"attempts {', '.join(map(str, attempts))}"
        )
        lines.append(f"{where}: {text}")

    outcomes = {lang: rec["outcome"] for lang, rec in present.items() if rec["outcome"] is not None}
    if len(outcomes) >= 2:
        differs = False
        for field in OUTCOME_FIELDS:
            text = _describe(f"outcome {field}", {k: o.get(field) for k, o in outcomes.items()})
            if text:
                lines.append(text)
                differs = True
        if differs:
            for lang, o in outcomes.items():
                if o.get("detail"):
                    lines.append(f"  ({lang} said: {o['detail']})")
    return lines
