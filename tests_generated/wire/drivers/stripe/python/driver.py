"""The Python driver of the wire suite's Stripe calls: every call of
stripe.calls.json, made through the Python SDK generated from the corpus's
stripe.yaml (the blocking client), one fresh client per call. The driver
protocol is the equivalence test's (tests_generated/equivalence/README.md);
this file repeats its argument parsing and outcome lines.

The generated package is imported as ``stripe``: put the folder that holds
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

import stripe as sdk
from stripe import models

Client = sdk.Stripe


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


def get_balance(c: Client) -> Any:
    return c.v1.with_raw_response.get_balance()


def list_customers(c: Client) -> Any:
    return c.v1.with_raw_response.get_customers(limit=3, email="jenny@example.com")


def create_customer(c: Client) -> Any:
    return c.v1.with_raw_response.post_customers(
        email="jenny@example.com",
        name="Jenny Rosen",
        description="Customer for order 8812",
        preferred_locales=["en", "fr"],
        metadata={"order_id": "8812"},
    )


def get_customer(c: Client) -> Any:
    return c.v1.with_raw_response.get_customers_customer(
        customer="cus_123", expand=["default_source"]
    )


def create_payment_intent(c: Client) -> Any:
    return c.v1.with_raw_response.post_payment_intents(
        amount=2000,
        currency="usd",
        payment_method_types=["card"],
        metadata={"order_id": "8812"},
    )


def list_charges_created(c: Client) -> Any:
    return c.v1.with_raw_response.get_charges(
        created=models.GetChargesCreatedRangeQuerySpecs(gte=1_700_000_000), limit=2
    )


def delete_customer(c: Client) -> Any:
    return c.v1.with_raw_response.delete_customers_customer(customer="cus_123")


CALLS: dict[str, Callable[[Client], Any]] = {
    "getBalance": get_balance,
    "listCustomers": list_customers,
    "createCustomer": create_customer,
    "getCustomer": get_customer,
    "createPaymentIntent": create_payment_intent,
    "listChargesCreated": list_charges_created,
    "deleteCustomer": delete_customer,
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
            options: dict[str, Any] = {"bearer_token": args.token}
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
