#!/usr/bin/env python3
"""Validate runtime/conformance/scenarios.json against README.md.

Standard library only. Usage:

    python3 check_scenarios.py [path/to/scenarios.json]

Two layers of checks:

1. Shape: the file follows the README's format (field names, types,
   enumerations, no unknown fields, unique snake_case names).
2. Consistency: a small reference model replays every call by the README's
   arithmetic and decision order (real time is taken as zero except for
   hangs) and compares attempts, every sleep, server_requests, tokens_left,
   key, request_timeout and the outcome with what the scenario expects. It
   also flags scenarios whose result would depend on real-time jitter (a
   deadline decision with less than SLACK_MS of margin) or that would take
   too long in real time.

Exits 0 when the file is clean, 1 with one line per problem otherwise.
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path

DEFAULT_PATH = Path(__file__).resolve().parent / "scenarios.json"

# Margin (ms) a deadline decision must have so that real elapsed time on a
# slow CI machine cannot flip it.
SLACK_MS = 200
# Real time (ms) a scenario may spend waiting on hangs.
MAX_REAL_MS = 2000
# Latency allowance (ms) for an HTTP-date Retry-After (one-second resolution).
HTTP_DATE_LATENCY_MS = 500

NAME_RE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
HTTP_DATE_RE = re.compile(r"^@http-date\+(\d+)$")

CLASSES = {"safe", "idempotent", "keyed", "unsafe"}
FAILURES = {"replay", "reattempt"}
JITTERS = {"full", "decorrelated"}
KEY_EXPECT = {"caller", "generated", "absent"}
RT_EXPECT = {"decreasing", "absent"}
KINDS = {
    "api_error",
    "idempotency_in_flight",
    "idempotency_mismatch",
    "connection",
    "timeout",
    "invalid_idempotency_key",
}
STOP_REASONS = {
    "not_retryable",
    "attempts_exhausted",
    "deadline_exceeded",
    "budget_exhausted",
    "unsafe_to_retry",
    "none",
}

OPERATION_DEFAULTS = {
    "path": "/op",
    "key_header": "Idempotency-Key",
    "key_max_length": 255,
    "failures": "reattempt",
    "in_flight_code": "concurrent_idempotent_requests",
    "mismatch_code": "invalid_idempotent_request",
    "p99_ms": None,
}
CLIENT_DEFAULTS = {
    "retries": True,
    "max_attempts": 3,
    "jitter": "full",
    "base_ms": 500,
    "cap_ms": 20000,
    "deadline_ms": 60000,
    "budget_capacity": 500,
    # budget_initial defaults to budget_capacity
    "request_timeout_header": "Request-Timeout-Ms",
}
EXPECT_FIELDS = {
    "attempts",
    "sleeps_ms",
    "key",
    "request_timeout",
    "server_requests",
    "tokens_left",
    "outcome",
}


class Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, msg: str) -> None:
        self.items.append(f"{where}: {msg}")


def is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def is_num(v) -> bool:
    return (isinstance(v, (int, float))) and not isinstance(v, bool)


# ---------------------------------------------------------------- shape


def check_fields(p, where, obj, allowed, required=()):
    if not isinstance(obj, dict):
        p.add(where, f"must be an object, got {type(obj).__name__}")
        return False
    for k in obj:
        if k not in allowed:
            p.add(where, f"unknown field {k!r}")
    for k in required:
        if k not in obj:
            p.add(where, f"missing field {k!r}")
    return all(k in obj for k in required)


def check_operation(p, where, op):
    allowed = {"method", "path", "class", "key_header", "key_max_length", "failures",
               "in_flight_code", "mismatch_code", "p99_ms", "body"}
    if not check_fields(p, where, op, allowed, ("method", "class")):
        return
    if not isinstance(op["method"], str) or not re.fullmatch(r"[A-Z]+", op["method"]):
        p.add(where, "method must be an upper-case HTTP method")
    if op["class"] not in CLASSES:
        p.add(where, f"class must be one of {sorted(CLASSES)}")
    if "path" in op and (not isinstance(op["path"], str) or not op["path"].startswith("/")):
        p.add(where, "path must be a string starting with '/'")
    for f in ("key_header", "in_flight_code", "mismatch_code"):
        if f in op and (not isinstance(op[f], str) or not op[f]):
            p.add(where, f"{f} must be a non-empty string")
    if "key_max_length" in op and (not is_int(op["key_max_length"]) or op["key_max_length"] < 1):
        p.add(where, "key_max_length must be an integer >= 1")
    if "failures" in op and op["failures"] not in FAILURES:
        p.add(where, f"failures must be one of {sorted(FAILURES)}")
    if "p99_ms" in op and op["p99_ms"] is not None and (not is_int(op["p99_ms"]) or op["p99_ms"] < 1):
        p.add(where, "p99_ms must be null or an integer >= 1")
    if op.get("class") != "keyed":
        for f in ("key_header", "key_max_length", "failures", "in_flight_code", "mismatch_code"):
            if f in op:
                p.add(where, f"{f} only makes sense on a keyed operation")


def check_client(p, where, cl):
    if not check_fields(p, where, cl, set(CLIENT_DEFAULTS) | {"budget_initial"}):
        return
    if "retries" in cl and not isinstance(cl["retries"], bool):
        p.add(where, "retries must be a boolean")
    for f in ("max_attempts", "base_ms", "cap_ms", "deadline_ms"):
        if f in cl and (not is_int(cl[f]) or cl[f] < 1):
            p.add(where, f"{f} must be an integer >= 1")
    for f in ("budget_capacity", "budget_initial"):
        if f in cl and (not is_int(cl[f]) or cl[f] < 0):
            p.add(where, f"{f} must be an integer >= 0")
    if "jitter" in cl and cl["jitter"] not in JITTERS:
        p.add(where, f"jitter must be one of {sorted(JITTERS)}")
    if "request_timeout_header" in cl:
        h = cl["request_timeout_header"]
        if h is not None and (not isinstance(h, str) or not h):
            p.add(where, "request_timeout_header must be null or a non-empty string")
    cap = cl.get("budget_capacity", 500)
    if is_int(cl.get("budget_initial")) and is_int(cap) and cl["budget_initial"] > cap:
        p.add(where, "budget_initial exceeds budget_capacity")


def check_step(p, where, step):
    if not isinstance(step, dict) or len(step) != 1:
        p.add(where, "a server step is an object with exactly one of respond/reset/refuse/hang")
        return
    (k, v), = step.items()
    if k in ("reset", "refuse", "hang"):
        if v is not True:
            p.add(where, f"{k} must be true")
    elif k == "respond":
        if not check_fields(p, where + ".respond", v, {"status", "headers", "body"}, ("status",)):
            return
        if not is_int(v["status"]) or not 100 <= v["status"] <= 599:
            p.add(where, "respond.status must be an integer in 100..599")
        hs = v.get("headers", {})
        if not isinstance(hs, dict) or not all(isinstance(a, str) and isinstance(b, str) for a, b in hs.items()):
            p.add(where, "respond.headers must map strings to strings")
    else:
        p.add(where, f"unknown server step {k!r}")


def check_expect(p, where, ex):
    if not check_fields(p, where, ex, EXPECT_FIELDS, tuple(sorted(EXPECT_FIELDS))):
        return False
    ok = True
    for f in ("attempts", "server_requests", "tokens_left"):
        if not is_int(ex[f]) or ex[f] < 0:
            p.add(where, f"{f} must be an integer >= 0")
            ok = False
    if not isinstance(ex["sleeps_ms"], list):
        p.add(where, "sleeps_ms must be a list")
        ok = False
    else:
        for i, s in enumerate(ex["sleeps_ms"]):
            if is_int(s):
                if s < 0:
                    p.add(where, f"sleeps_ms[{i}] is negative")
                    ok = False
            elif isinstance(s, dict) and set(s) == {"min", "max"} and is_int(s["min"]) and is_int(s["max"]):
                if not 0 <= s["min"] <= s["max"]:
                    p.add(where, f"sleeps_ms[{i}] needs 0 <= min <= max")
                    ok = False
            else:
                p.add(where, f"sleeps_ms[{i}] must be an integer or {{min, max}}")
                ok = False
    if ex["key"] not in KEY_EXPECT:
        p.add(where, f"key must be one of {sorted(KEY_EXPECT)}")
        ok = False
    if ex["request_timeout"] not in RT_EXPECT:
        p.add(where, f"request_timeout must be one of {sorted(RT_EXPECT)}")
        ok = False
    out = ex["outcome"]
    if not isinstance(out, dict) or len(out) != 1 or next(iter(out)) not in ("ok", "error"):
        p.add(where, "outcome must be {ok: ...} or {error: ...}")
        return False
    if "ok" in out:
        if check_fields(p, where + ".outcome.ok", out["ok"], {"status", "body"}, ("status", "body")):
            if not is_int(out["ok"]["status"]) or not 200 <= out["ok"]["status"] <= 299:
                p.add(where, "outcome.ok.status must be a 2xx integer")
                ok = False
        else:
            ok = False
    else:
        e = out["error"]
        if check_fields(p, where + ".outcome.error", e, {"kind", "stop_reason", "status", "code"},
                        ("kind", "stop_reason")):
            if e["kind"] not in KINDS:
                p.add(where, f"outcome.error.kind must be one of {sorted(KINDS)}")
                ok = False
            if e["stop_reason"] not in STOP_REASONS:
                p.add(where, f"outcome.error.stop_reason must be one of {sorted(STOP_REASONS)}")
                ok = False
            if "status" in e and not is_int(e["status"]):
                p.add(where, "outcome.error.status must be an integer")
                ok = False
            if "code" in e and not isinstance(e["code"], str):
                p.add(where, "outcome.error.code must be a string")
                ok = False
            if e.get("kind") in ("api_error", "idempotency_in_flight", "idempotency_mismatch") and "status" not in e:
                p.add(where, f"outcome.error.status is required for kind {e.get('kind')}")
                ok = False
            if e.get("kind") in ("idempotency_in_flight", "idempotency_mismatch") and "code" not in e:
                p.add(where, f"outcome.error.code is required for kind {e.get('kind')}")
                ok = False
            if e.get("kind") in ("connection", "timeout", "invalid_idempotency_key") and "status" in e:
                p.add(where, f"outcome.error.status makes no sense for kind {e.get('kind')}")
                ok = False
        else:
            ok = False
    return ok


def check_call(p, where, call):
    if not check_fields(p, where, call, {"options", "random", "server", "expect"}, ("random", "server", "expect")):
        return False
    ok = True
    opts = call.get("options", {})
    if check_fields(p, where + ".options", opts, {"idempotency_key", "max_attempts", "deadline_ms", "retries"}):
        if "idempotency_key" in opts and not isinstance(opts["idempotency_key"], str):
            p.add(where, "options.idempotency_key must be a string")
            ok = False
        for f in ("max_attempts", "deadline_ms"):
            if f in opts and (not is_int(opts[f]) or opts[f] < 1):
                p.add(where, f"options.{f} must be an integer >= 1")
                ok = False
        if "retries" in opts and not isinstance(opts["retries"], bool):
            p.add(where, "options.retries must be a boolean")
            ok = False
    else:
        ok = False
    if not isinstance(call["random"], list) or not all(is_num(u) and 0 <= u < 1 for u in call["random"]):
        p.add(where, "random must be a list of numbers in [0, 1)")
        ok = False
    if not isinstance(call["server"], list):
        p.add(where, "server must be a list of steps")
        ok = False
    else:
        n = len(p.items)
        for i, st in enumerate(call["server"]):
            check_step(p, f"{where}.server[{i}]", st)
        ok = ok and len(p.items) == n
    return check_expect(p, where + ".expect", call["expect"]) and ok


# ---------------------------------------------------------------- model


def header(step, name):
    for k, v in step.get("headers", {}).items():
        if k.lower() == name.lower():
            return v
    return None


def body_code(body):
    if not isinstance(body, dict):
        return None
    if isinstance(body.get("code"), str):
        return body["code"]
    err = body.get("error")
    if isinstance(err, dict) and isinstance(err.get("code"), str):
        return err["code"]
    return None


def key_is_valid(key, max_len):
    return 1 <= len(key) <= max_len and all(0x21 <= ord(c) <= 0x7E for c in key)


class Stop(Exception):
    def __init__(self, reason, **extra):
        super().__init__(reason)
        self.reason = reason
        self.extra = extra


def simulate(p, where, op, cl, call, tokens):
    """Replay one call; return (result dict, tokens after) or None."""
    opts = call.get("options", {})
    retries = opts.get("retries", cl["retries"])
    max_attempts = opts.get("max_attempts", cl["max_attempts"]) if retries else 1
    deadline = opts.get("deadline_ms", cl["deadline_ms"])
    capacity = cl["budget_capacity"]
    base, cap = cl["base_ms"], cl["cap_ms"]
    draws = list(call["random"])
    server = call["server"]
    cls = op["class"]
    p99 = op.get("p99_ms")

    res = {"attempts": 0, "sleeps_ms": [], "server_requests": 0}
    if cls == "keyed" and "idempotency_key" in opts and not key_is_valid(
            opts["idempotency_key"], op.get("key_max_length", 255)):
        res["outcome"] = {"error": {"kind": "invalid_idempotency_key", "stop_reason": "none"}}
        if draws:
            p.add(where, f"{len(draws)} draw(s) never used")
        return res, tokens

    now = 0.0  # virtual ms since the call started (real time taken as 0)
    real = 0.0  # real ms spent waiting on hangs
    seen_500 = False
    last_cost = None
    sleeps = res["sleeps_ms"]

    def kind_of(step):
        if "respond" in step:
            r = step["respond"]
            e = {"kind": "api_error", "status": r["status"]}
            if cls == "keyed" and r["status"] == 409:
                code = body_code(r.get("body"))
                if code == op.get("in_flight_code", OPERATION_DEFAULTS["in_flight_code"]):
                    e = {"kind": "idempotency_in_flight", "status": 409, "code": code}
                elif code == op.get("mismatch_code", OPERATION_DEFAULTS["mismatch_code"]):
                    e = {"kind": "idempotency_mismatch", "status": 409, "code": code}
            return e
        if "hang" in step:
            return {"kind": "timeout"}
        return {"kind": "connection"}

    for i in range(len(server) + 1):
        if i == len(server):
            p.add(where, f"server script too short: attempt {i + 1} has no step")
            return None
        step = server[i]
        res["attempts"] += 1
        if "refuse" not in step:
            res["server_requests"] += 1
        try:
            # -- the attempt itself
            if "hang" in step:
                remaining = deadline - now
                if p99 is not None and 3 * p99 < remaining:
                    if remaining - 3 * p99 < SLACK_MS:
                        p.add(where, f"attempt {i + 1}: p99 timeout {3 * p99} ms too close to the "
                                     f"remaining deadline {remaining:.0f} ms")
                    now += 3 * p99
                    real += 3 * p99
                else:
                    # the attempt ran into the call's deadline: stop at once, no draw
                    real += max(remaining, 0)
                    now = deadline
                    raise Stop("deadline_exceeded")
            elif "respond" in step and 200 <= step["respond"]["status"] <= 299:
                r = step["respond"]
                res["outcome"] = {"ok": {"status": r["status"], "body": r.get("body")}}
                tokens = min(capacity, tokens + (last_cost if last_cost is not None else 1))
                break

            # -- 1. allowlist
            status = step["respond"]["status"] if "respond" in step else None
            throttling = False
            if status is None:
                pass  # refused, reset, attempt timeout: on the list
            else:
                xsr = header(step["respond"], "x-should-retry")
                code = body_code(step["respond"].get("body"))
                in_flight = (
                    cls == "keyed"
                    and status == 409
                    and code == op.get("in_flight_code", OPERATION_DEFAULTS["in_flight_code"])
                )
                throttling = status == 429 or in_flight
                if xsr == "false":
                    raise Stop("not_retryable")
                if status == 500 and xsr != "true":
                    if cls == "unsafe":
                        raise Stop("unsafe_to_retry")
                    if seen_500 or (cls == "keyed" and op.get("failures") == "replay"):
                        raise Stop("not_retryable")
                elif xsr != "true" and not (status in (429, 502, 503, 504) or in_flight):
                    raise Stop("not_retryable")
                if status == 500:
                    seen_500 = True
            # -- 2. ambiguity
            ambiguous = ("reset" in step or "hang" in step or (status is not None and status >= 500))
            if ambiguous and cls == "unsafe":
                raise Stop("unsafe_to_retry")
            # -- 3. attempts left
            if res["attempts"] >= max_attempts:
                raise Stop("attempts_exhausted")
            # -- 4. the sleep and the deadline
            hint = hint_range = None
            if status in (429, 503):
                ms = header(step["respond"], "retry-after-ms")
                ra = header(step["respond"], "retry-after")
                for name, value in (("retry-after-ms", ms), ("Retry-After", ra)):
                    if value is not None and not (value.isdigit() or HTTP_DATE_RE.match(value)):
                        p.add(where, f"attempt {i + 1}: {name} {value!r} is neither an integer nor @http-date+N")
                        return None
                if ms is not None:
                    if not ms.isdigit():
                        p.add(where, f"attempt {i + 1}: retry-after-ms must be an integer")
                        return None
                    hint = int(ms)
                elif ra is not None:
                    m = HTTP_DATE_RE.match(ra)
                    if m:
                        n_s = int(m.group(1))
                        hint = n_s * 1000
                        hint_range = (max(0, (n_s - 1) * 1000 - HTTP_DATE_LATENCY_MS), n_s * 1000)
                    else:
                        hint = int(ra) * 1000
            if hint is not None:
                lo = hint_range[0] if hint_range else hint
                if hint > 60000:
                    if hint_range and lo <= 60000:
                        p.add(where, f"attempt {i + 1}: HTTP-date hint may or may not exceed 60 s")
                    raise Stop("not_retryable")
                if hint >= deadline - now:
                    if lo < deadline - now:
                        p.add(where, f"attempt {i + 1}: HTTP-date hint may or may not fit the time left")
                    raise Stop("deadline_exceeded")
                if deadline - now - hint < SLACK_MS:
                    p.add(where, f"attempt {i + 1}: Retry-After leaves under {SLACK_MS} ms before the deadline")
                sleep = hint
                sleep_expect = {"min": hint_range[0], "max": hint_range[1]} if hint_range else hint
            else:
                if not draws:
                    p.add(where, f"attempt {i + 1}: a draw is needed but random is used up")
                    return None
                u = draws.pop(0)
                if cl["jitter"] == "full":
                    n = len(sleeps)  # n counts retries, Retry-After ones included
                    sleep = math.floor(u * min(cap, base * 2 ** n))
                else:
                    prev = sleeps[-1] if sleeps else base
                    if isinstance(prev, dict):
                        p.add(where, "decorrelated jitter after an HTTP-date sleep is not exact")
                        return None
                    sleep = min(cap, math.floor(base + u * (prev * 3 - base)))
                sleep_expect = sleep
                if not now + sleep < deadline:
                    raise Stop("deadline_exceeded")
                if deadline - (now + sleep) < SLACK_MS:
                    p.add(where, f"attempt {i + 1}: sleep {sleep} fits the deadline by under {SLACK_MS} ms")
            # -- 5. budget
            cost = 5 if throttling else 14
            if tokens < cost:
                raise Stop("budget_exhausted")
            tokens -= cost
            last_cost = cost
            sleeps.append(sleep_expect)
            now += sleep
        except Stop as s:
            err = kind_of(step)
            err["stop_reason"] = s.reason
            res["outcome"] = {"error": err}
            break

    if draws:
        p.add(where, f"{len(draws)} draw(s) never used (the decision order consumes every draw it needs)")
    if real > MAX_REAL_MS:
        p.add(where, f"waits {real:.0f} ms of real time on hangs (limit {MAX_REAL_MS})")
    return res, tokens


def sleeps_match(expected, model):
    """Exact sleeps must be equal; an expected {min, max} range must cover the
    model's range for an HTTP-date hint (a narrower one would be flaky)."""
    if len(expected) != len(model):
        return False
    for e, m in zip(expected, model):
        if isinstance(m, dict):
            if not (isinstance(e, dict) and e["min"] <= m["min"] and m["max"] <= e["max"]):
                return False
        elif e != m:
            return False
    return True


def compare(p, where, exp, got, tokens_after, op, cl, call):
    for f in ("attempts", "server_requests"):
        if exp[f] != got[f]:
            p.add(where, f"{f}: expected {exp[f]}, the contract gives {got[f]}")
    if not sleeps_match(exp["sleeps_ms"], got["sleeps_ms"]):
        p.add(where, f"sleeps_ms: expected {exp['sleeps_ms']}, the contract gives {got['sleeps_ms']}")
    if exp["tokens_left"] != tokens_after:
        p.add(where, f"tokens_left: expected {exp['tokens_left']}, the contract gives {tokens_after}")
    if exp["outcome"] != got["outcome"]:
        p.add(where, f"outcome: expected {json.dumps(exp['outcome'])}, the contract gives {json.dumps(got['outcome'])}")
    # key
    if got["server_requests"] > 0:
        if op["class"] == "keyed":
            want = "caller" if "idempotency_key" in call.get("options", {}) else "generated"
        else:
            want = "absent"
        if exp["key"] != want:
            p.add(where, f"key: expected {exp['key']!r}, should be {want!r}")
        want_rt = "absent" if cl["request_timeout_header"] is None else "decreasing"
        if exp["request_timeout"] != want_rt:
            p.add(where, f"request_timeout: expected {exp['request_timeout']!r}, should be {want_rt!r}")
    elif cl["request_timeout_header"] is None and exp["request_timeout"] != "absent":
        p.add(where, "request_timeout must be 'absent' when the header is turned off")


# ---------------------------------------------------------------- driver


def validate(data) -> list[str]:
    p = Problems()
    if not check_fields(p, "file", data, {"version", "scenarios"}, ("version", "scenarios")):
        return p.items
    if data["version"] != 1:
        p.add("file", "version must be 1")
    if not isinstance(data["scenarios"], list) or not data["scenarios"]:
        p.add("file", "scenarios must be a non-empty list")
        return p.items
    names = set()
    for idx, sc in enumerate(data["scenarios"]):
        where = f"scenarios[{idx}]"
        if not check_fields(p, where, sc, {"name", "clause", "operation", "client", "calls"},
                            ("name", "clause", "operation", "client", "calls")):
            continue
        name = sc["name"]
        if not isinstance(name, str) or not NAME_RE.match(name):
            p.add(where, f"name {name!r} is not snake_case")
        elif name in names:
            p.add(where, f"duplicate name {name!r}")
        else:
            where = name
        names.add(name if isinstance(name, str) else repr(name))
        if not isinstance(sc["clause"], str) or not sc["clause"].strip():
            p.add(where, "clause must be a non-empty string")
        before = len(p.items)
        check_operation(p, where + ".operation", sc["operation"])
        check_client(p, where + ".client", sc["client"])
        if not isinstance(sc["calls"], list) or not sc["calls"]:
            p.add(where, "calls must be a non-empty list")
            continue
        shapes_ok = len(p.items) == before
        for ci, call in enumerate(sc["calls"]):
            shapes_ok = check_call(p, f"{where}.calls[{ci}]", call) and shapes_ok
        if not shapes_ok:
            continue
        op = dict(OPERATION_DEFAULTS, **sc["operation"])
        cl = dict(CLIENT_DEFAULTS, **sc["client"])
        cl.setdefault("budget_initial", cl["budget_capacity"])
        tokens = cl["budget_initial"]
        for ci, call in enumerate(sc["calls"]):
            cw = f"{where}.calls[{ci}]"
            exp = call["expect"]
            # facts that hold whatever the model says
            if exp["attempts"] > len(call["server"]):
                p.add(cw, f"attempts {exp['attempts']} but only {len(call['server'])} server steps")
            if len(exp["sleeps_ms"]) != max(exp["attempts"] - 1, 0):
                p.add(cw, f"{len(exp['sleeps_ms'])} sleeps for {exp['attempts']} attempts (want attempts - 1)")
            reached = sum(1 for st in call["server"][:exp["attempts"]] if "refuse" not in st)
            if exp["server_requests"] != reached:
                p.add(cw, f"server_requests {exp['server_requests']} but the first {exp['attempts']} "
                          f"steps reach the server {reached} time(s)")
            out = exp["outcome"]
            if "error" in out and (out["error"]["stop_reason"] == "none") != (exp["attempts"] == 0):
                p.add(cw, "stop_reason 'none' goes with attempts 0 and only with it")
            got = simulate(p, cw, op, cl, call, tokens)
            if got is None:
                break
            res, tokens_after = got
            compare(p, cw, exp, res, tokens_after, op, cl, call)
            tokens = exp["tokens_left"]  # carry the file's own value on, so one slip is reported once
    return p.items


def main(argv) -> int:
    path = Path(argv[1]) if len(argv) > 1 else DEFAULT_PATH
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        print(f"{path}: cannot load: {e}", file=sys.stderr)
        return 1
    problems = validate(data)
    if problems:
        for line in problems:
            print(line, file=sys.stderr)
        print(f"{path}: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"{path}: {len(data['scenarios'])} scenarios, "
          f"{sum(len(s['calls']) for s in data['scenarios'])} calls, all consistent")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
