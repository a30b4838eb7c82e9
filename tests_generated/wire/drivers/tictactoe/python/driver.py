"""The Python driver of the wire suite's Tic Tac Toe calls: every call of
tictactoe.calls.json, made through the Python SDK generated from
the corpus's tictactoe.yaml (the blocking client), one fresh client per call. The driver
protocol is the equivalence test's (tests_generated/equivalence/README.md);
this file repeats its argument parsing and outcome lines.

The generated package is imported as ``tic_tac_toe``: put the folder that holds
it on PYTHONPATH.

Usage: driver.py --calls CALLS.json [--control URL] [--base-url URL]
                 [--token TOKEN] [--only NAME,NAME]
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

import tic_tac_toe as sdk

Client = sdk.TicTacToe


def announce(control: str, call: str) -> None:
    """Tells the recording server which call the next requests belong to."""
    url = f"{control.rstrip('/')}/__recorder/begin?language=python&call={call}"
    request = urllib.request.Request(url, data=b"", method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            answer.read()
    except urllib.error.HTTPError as e:
        raise SystemExit(f"driver.py: the recorder refused call {call}: {e.read()!r}") from e


def ok(raw: Any) -> dict[str, Any]:
    # Decoding is part of the call: parse() raises what the plain method would.
    raw.parse()
    return {"result": "ok", "status": raw.status, "attempts": raw.attempts}


def failed(error: BaseException) -> dict[str, Any]:
    if isinstance(error, sdk.IdempotencyInFlightError):
        kind = "idempotency_in_flight"
    elif isinstance(error, sdk.IdempotencyMismatchError):
        kind = "idempotency_mismatch"
    elif isinstance(error, sdk.APIError):
        kind = "api_error"
    elif isinstance(error, sdk.APITimeoutError):
        kind = "timeout"
    elif isinstance(error, sdk.APIConnectionError):
        kind = "connection"
    elif isinstance(error, sdk.InvalidIdempotencyKeyError):
        kind = "invalid_idempotency_key"
    elif isinstance(error, sdk.ResponseValidationError):
        kind = "decode"
    elif isinstance(error, (TypeError, ValueError)):
        kind = "invalid_argument"
    else:
        kind = "unexpected:" + type(error).__name__
    out: dict[str, Any] = {
        "result": "error",
        "kind": kind,
        "status": getattr(error, "status", None),
        "code": getattr(error, "code", None),
        "attempts": getattr(error, "attempts", 0),
        "stop_reason": None,
        "detail": f"{type(error).__name__}: {error}",
    }
    if kind == "decode":
        response = getattr(error, "response", None)
        out["status"] = getattr(response, "status", None)
        out["attempts"] = getattr(response, "attempts", 0)
    stop = getattr(error, "stop_reason", None)
    if stop is not None and stop is not sdk.StopReason.NONE:
        out["stop_reason"] = stop.value
    return out


def get_board(c: Client) -> Any:
    return c.gameplay.with_raw_response.get_board()


def get_square(c: Client) -> Any:
    return c.gameplay.with_raw_response.get_square(row=2, column=3)


def put_square(c: Client) -> Any:
    return c.gameplay.with_raw_response.put_square(row=1, column=1, body="X")


def put_square_with_progress(c: Client) -> Any:
    return c.gameplay.with_raw_response.put_square(
        row=3, column=2, body=".", progress_url="http://127.0.0.1:9/progress?game=7"
    )


CALLS: dict[str, Callable[[Client], Any]] = {
    "getBoard": get_board,
    "getSquare": get_square,
    "putSquare": put_square,
    "putSquareWithProgress": put_square_with_progress,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", required=True)
    parser.add_argument("--control")
    parser.add_argument("--base-url")
    parser.add_argument("--token", default="eqv-token")
    parser.add_argument("--only")
    args = parser.parse_args()
    with open(args.calls, encoding="utf-8") as f:
        names = [c["call"] for c in json.load(f)["calls"]]
    only = set(args.only.split(",")) if args.only else None
    status = 0
    for name in names:
        if only is not None and name not in only:
            continue
        if args.control:
            announce(args.control, name)
        make = CALLS.get(name)
        if make is None:
            status = 1
            line: dict[str, Any] = {"result": "not_implemented"}
        else:
            options: dict[str, Any] = {"default_api_key": args.token, "bearer_token": args.token}
            if args.base_url:
                options["base_url"] = args.base_url
            try:
                with Client(**options) as client:
                    line = ok(make(client))
            except Exception as error:  # every failure is an outcome to compare
                line = failed(error)
        line["call"] = name
        print(json.dumps(line, ensure_ascii=False), flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
