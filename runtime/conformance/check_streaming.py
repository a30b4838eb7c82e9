#!/usr/bin/env python3
"""Validate runtime/conformance/streaming.json against README.md ("Event
stream scenarios").

Standard library only. Usage:

    python3 check_streaming.py [path/to/streaming.json]

1. Shape: the fields, types and values the README names, and no others;
   unique snake_case names.
2. Consistency: the expected events are what the WHATWG rules give for the
   body of the step that opens the stream (a reference parser of its own,
   written from CONTRACT.md section 12, not from either runtime); the
   attempts end on that step, every step before it is one the retry policy
   retries for the operation's class; an error's count of delivered events
   is the number of events expected; an idle timeout is set shorter than any
   wait a clean stream makes, and a hang ends only a stream expected to stop
   at [DONE] or at the idle timeout.

Exits 0 when the file is clean, 1 with one line per problem otherwise.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

DEFAULT_PATH = Path(__file__).resolve().parent / "streaming.json"
NAME = re.compile(r"^[a-z][a-z0-9_]*$")
HEX = re.compile(r"^(?:[0-9a-f]{2})*$")
CLASSES = {"safe", "idempotent", "keyed", "unsafe"}
ENDS = {"complete", "drop", "hang"}
KINDS = {"api_error", "stream_lost", "stream_idle"}
RETRIED = {429, 502, 503, 504}
"""Statuses every class retries (an unsafe one only after a clean failure)."""
DEFAULT_IDLE_MS = 60_000


def parse(body: bytes) -> list[dict[str, str]]:
    """The events of a whole body, up to [DONE], by the WHATWG rules."""
    text = body.decode("utf-8", errors="replace")
    text = text.removeprefix("\ufeff")
    lines = re.split(r"\r\n|\r|\n", text)
    lines.pop()  # the text after the last line end is no line
    events: list[dict[str, str]] = []
    data: list[str] = []
    name = ""
    last_id = ""
    for line in lines:
        if line == "":
            if data:
                event = {
                    "event": name or "message",
                    "data": "\n".join(data),
                    "id": last_id,
                }
                if event["data"] == "[DONE]":
                    return events
                events.append(event)
            data, name = [], ""
            continue
        if line.startswith(":"):
            continue
        field, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        if field == "data":
            data.append(value)
        elif field == "event":
            name = value
        elif field == "id" and "\0" not in value:
            last_id = value
    return events


class Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, msg: str) -> None:
        self.items.append(f"{where}: {msg}")


def fields(
    p: Problems, where: str, obj: object, allowed: set[str], required: set[str]
) -> bool:
    if not isinstance(obj, dict):
        p.add(where, "must be an object")
        return False
    for k in sorted(set(obj) - allowed):
        p.add(where, f"unknown field {k!r}")
    for k in sorted(required - set(obj)):
        p.add(where, f"missing field {k!r}")
    return True


def is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check_step(p: Problems, where: str, step: object) -> None:
    if isinstance(step, dict) and "reset" in step:
        fields(p, where, step, {"reset"}, {"reset"})
        if step["reset"] is not True:
            p.add(where, "reset must be true")
        return
    if isinstance(step, dict) and "chunks" in step:
        if not fields(
            p, where, step, {"status", "headers", "chunks", "end"}, {"status", "chunks"}
        ):
            return
        if step.get("end", "complete") not in ENDS:
            p.add(where, f"end must be one of {sorted(ENDS)}")
        if not isinstance(step["chunks"], list):
            p.add(where, "chunks must be a list")
            return
        for j, chunk in enumerate(step["chunks"]):
            cw = f"{where}.chunks[{j}]"
            if not fields(p, cw, chunk, {"text", "hex", "delay_ms"}, set()):
                continue
            if ("text" in chunk) == ("hex" in chunk):
                p.add(cw, "one of text and hex")
            if "text" in chunk and not isinstance(chunk["text"], str):
                p.add(cw, "text must be a string")
            if "hex" in chunk and not (
                isinstance(chunk["hex"], str) and HEX.match(chunk["hex"])
            ):
                p.add(cw, "hex must be lower-case pairs of hex digits")
            if "delay_ms" in chunk and not (
                is_int(chunk["delay_ms"]) and chunk["delay_ms"] >= 0
            ):
                p.add(cw, "delay_ms must be an integer >= 0")
    elif not fields(p, where, step, {"status", "headers", "body"}, {"status"}):
        return
    assert isinstance(step, dict)
    if not (is_int(step["status"]) and 100 <= step["status"] <= 599):
        p.add(where, "status must be an HTTP status")
    headers = step.get("headers", {})
    if not (
        isinstance(headers, dict) and all(isinstance(v, str) for v in headers.values())
    ):
        p.add(where, "headers must map names to strings")
    if "body" in step and not isinstance(step["body"], str):
        p.add(where, "body must be a string")


def body_of(step: dict) -> bytes:
    return b"".join(
        bytes.fromhex(c["hex"]) if "hex" in c else c["text"].encode("utf-8")
        for c in step["chunks"]
    )


def retried(step: dict, retry_class: str) -> bool:
    """Whether the policy retries a failure of this step before the headers."""
    if "reset" in step:
        return retry_class != "unsafe"  # a reset is ambiguous
    status = step["status"]
    if status not in RETRIED:
        return False
    return retry_class != "unsafe" or status == 429


def check_scenario(p: Problems, where: str, sc: dict) -> None:
    before = len(p.items)
    op = sc.get("operation", {})
    if fields(p, f"{where}.operation", op, {"method", "class"}, set()):
        if op.get("method", "GET") not in {"GET", "POST"}:
            p.add(where, "operation.method must be GET or POST")
        if op.get("class", "safe") not in CLASSES:
            p.add(where, f"operation.class must be one of {sorted(CLASSES)}")
    client = sc.get("client", {})
    if fields(p, f"{where}.client", client, {"deadline_ms", "idle_timeout_ms"}, set()):
        for k, v in client.items():
            if not (is_int(v) and v > 0):
                p.add(where, f"client.{k} must be a positive integer")
    server = sc["server"]
    if not isinstance(server, list) or not server:
        p.add(where, "server must be a non-empty list")
        return
    for i, step in enumerate(server):
        check_step(p, f"{where}.server[{i}]", step)
    exp = sc["expect"]
    if not fields(
        p,
        f"{where}.expect",
        exp,
        {"events", "error", "attempts"},
        {"events", "error", "attempts"},
    ):
        return
    if len(p.items) > before:
        return
    attempts, error, events = exp["attempts"], exp["error"], exp["events"]
    if not (is_int(attempts) and 1 <= attempts <= len(server)):
        p.add(where, f"attempts must be 1 to {len(server)}")
        return
    retry_class = op.get("class", "safe")
    for i, step in enumerate(server[: attempts - 1]):
        if "chunks" in step and 200 <= step["status"] < 300:
            p.add(
                where,
                f"server[{i}] opens a stream, but the call goes on to another attempt",
            )
        elif not retried(step, retry_class):
            p.add(where, f"server[{i}] is not retried for a {retry_class} operation")
    last = server[attempts - 1]
    opens = "chunks" in last and 200 <= last["status"] < 300
    if error is not None:
        if not fields(
            p,
            f"{where}.expect.error",
            error,
            {"kind", "delivered", "status"},
            {"kind", "delivered"},
        ):
            return
        if error["kind"] not in KINDS:
            p.add(where, f"error.kind must be one of {sorted(KINDS)}")
            return
        if error["delivered"] != len(events):
            p.add(
                where,
                f"error.delivered {error['delivered']} but {len(events)} events expected",
            )
        if error["kind"] == "api_error":
            if opens or "reset" in last or error.get("status") != last["status"]:
                p.add(where, "api_error must end on a response with its status")
            if events:
                p.add(where, "an api_error delivers no event")
            if retried(last, retry_class) and attempts < 3:
                p.add(
                    where, "the last attempt's failure is retried and attempts are left"
                )
            return
        if "status" in error:
            p.add(where, "only an api_error has a status")
    if not opens:
        p.add(where, f"server[{attempts - 1}] must open a stream (a 2xx with chunks)")
        return
    want = parse(body_of(last))
    end = last.get("end", "complete")
    idle = client.get("idle_timeout_ms", DEFAULT_IDLE_MS)
    longest = max((c.get("delay_ms", 0) for c in last["chunks"]), default=0)
    if error is None:
        if events != want:
            p.add(
                where, f"events {json.dumps(events)}; the rules give {json.dumps(want)}"
            )
        if end == "hang" and not re.search(
            rb"(^|[\r\n])data: ?\[DONE\](\r\n|\r|\n)", body_of(last)
        ):
            p.add(where, "a hanging stream must end at [DONE], or expect stream_idle")
        if longest * 2 > idle:
            p.add(
                where,
                f"a {longest} ms wait is too close to the idle timeout of {idle} ms",
            )
    elif error["kind"] == "stream_lost":
        if end != "drop":
            p.add(where, "stream_lost goes with end: drop")
        if events != want:
            p.add(
                where, f"events {json.dumps(events)}; the rules give {json.dumps(want)}"
            )
    else:  # stream_idle
        if end != "hang":
            p.add(where, "stream_idle goes with end: hang")
        if "idle_timeout_ms" not in client or idle > 2000:
            p.add(
                where, "stream_idle needs a short client.idle_timeout_ms (at most 2000)"
            )
        if events != want:
            p.add(
                where, f"events {json.dumps(events)}; the rules give {json.dumps(want)}"
            )


def validate(data: object) -> list[str]:
    p = Problems()
    if not fields(p, "file", data, {"version", "scenarios"}, {"version", "scenarios"}):
        return p.items
    assert isinstance(data, dict)
    if data["version"] != 1:
        p.add("file", "version must be 1")
    names: set[str] = set()
    for i, sc in enumerate(data["scenarios"]):
        where = f"scenarios[{i}]"
        allowed = {"name", "clause", "operation", "client", "server", "expect"}
        if not fields(p, where, sc, allowed, {"name", "clause", "server", "expect"}):
            continue
        name = sc["name"]
        if not (isinstance(name, str) and NAME.match(name)):
            p.add(where, "name must be snake_case")
        elif name in names:
            p.add(where, f"duplicate name {name!r}")
        names.add(name)
        if not (isinstance(sc["clause"], str) and sc["clause"]):
            p.add(where, "clause must be a non-empty string")
        check_scenario(p, f"{where} ({name})", sc)
    return p.items


def main(argv: list[str]) -> int:
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
    print(f"{path}: {len(data['scenarios'])} scenarios, all consistent")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
