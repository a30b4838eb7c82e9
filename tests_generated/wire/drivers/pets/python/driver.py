"""The Python driver of the wire suite's Pets calls: every call of
pets.calls.json, made through the Python SDK generated from specs/pets.yaml
(the blocking client), one fresh client per call. The driver
protocol is the equivalence test's (tests_generated/equivalence/README.md);
this file repeats its argument parsing and outcome lines.

The generated package is imported as ``pets``: put the folder that holds
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

import pets as sdk

Client = sdk.Pets


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


# A PNG of one transparent pixel: the photo the upload sends.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
    "0000000b49444154789c6360000200000500017a5eab3f0000000049454e44ae426082"
)


def list_pets(c: Client) -> Any:
    return c.pets.with_raw_response.list_pets(limit=10, tags=["dog", "small"], status="available")


def create_pet(c: Client) -> Any:
    return c.pets.with_raw_response.create_pet(name="Rex", tags=["dog"], status="available")


def get_pet(c: Client) -> Any:
    return c.pets.with_raw_response.get_pet(pet_id=42)


def update_pet(c: Client) -> Any:
    return c.pets.with_raw_response.update_pet(
        pet_id=42, name="Rex", tags=["dog", "old"], status="sold"
    )


def delete_pet(c: Client) -> Any:
    return c.pets.with_raw_response.delete_pet(pet_id=42)


def upload_pet_photo(c: Client) -> Any:
    return c.photos.with_raw_response.upload_pet_photo(
        pet_id=42, file=("rex.png", PNG, "image/png"), caption="Rex in the garden"
    )


def download_pet_photo(c: Client) -> Any:
    return c.photos.with_raw_response.download_pet_photo(pet_id=42)


CALLS: dict[str, Callable[[Client], Any]] = {
    "listPets": list_pets,
    "createPet": create_pet,
    "getPet": get_pet,
    "updatePet": update_pet,
    "deletePet": delete_pet,
    "uploadPetPhoto": upload_pet_photo,
    "downloadPetPhoto": download_pet_photo,
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
            options: dict[str, Any] = {"api_key": args.token}
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
