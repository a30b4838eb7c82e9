"""The Python driver of the equivalence test: every call of calls.json, made
through the generated Python SDK (the blocking client) as an integrator
would write it, one fresh client per call. Prints one JSON line per call
with what the call returned (see ../../README.md for the driver protocol).

The generated package is imported as ``equivalence``: put the folder that
holds it on PYTHONPATH.

Usage: driver.py --calls CALLS.json [--control URL] [--base-url URL]
                 [--token TOKEN] [--only NAME,NAME]
"""

from __future__ import annotations

import argparse
import datetime
import json
import pathlib
import sys
import tempfile
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

import equivalence
from equivalence import models

Client = equivalence.Equivalence


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
    if isinstance(error, equivalence.IdempotencyInFlightError):
        kind = "idempotency_in_flight"
    elif isinstance(error, equivalence.IdempotencyMismatchError):
        kind = "idempotency_mismatch"
    elif isinstance(error, equivalence.APIError):
        kind = "api_error"
    elif isinstance(error, equivalence.APITimeoutError):
        kind = "timeout"
    elif isinstance(error, equivalence.APIConnectionError):
        kind = "connection"
    elif isinstance(error, equivalence.InvalidIdempotencyKeyError):
        kind = "invalid_idempotency_key"
    elif isinstance(error, equivalence.ResponseValidationError):
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
    if stop is not None and stop is not equivalence.StopReason.NONE:
        out["stop_reason"] = stop.value
    return out


def create_note(c: Client) -> Any:
    return c.notes.with_raw_response.create_note(
        title="Groceries & more", pinned=True, tags=["a b", "c/d"]
    )


def replace_note(c: Client) -> Any:
    return c.notes.with_raw_response.replace_note(note_id="n 1/2", title="Plans", tags=["x"])


def submit_form(c: Client) -> Any:
    return c.notes.with_raw_response.submit_form(
        name="Zoë & co=1+1",
        count=3,
        ratio=2.0,
        agree=False,
        colors=["red", "dark green"],
        comment=None,
        labels={"size": "x l"},
    )


def upload_attachment(c: Client) -> Any:
    return c.files.with_raw_response.upload_attachment(
        label="scan", file=bytes([0x00, 0x01, 0x50, 0x44, 0x46, 0xFF, 0x0D, 0x0A]), page_count=2
    )


def upload_attachment_named(c: Client) -> Any:
    data = bytes([0x00, 0x01, 0x50, 0x44, 0x46, 0xFF, 0x0D, 0x0A])
    return c.files.with_raw_response.upload_attachment(
        label="scan", file=('scan "2".pdf', data, "application/pdf")
    )


def get_status(c: Client) -> Any:
    return c.files.with_raw_response.get_status()


def search_items(c: Client) -> Any:
    return c.search.with_raw_response.items(
        tag=["a b", "c&d"],
        ids=[1, 2, 3],
        words=["hello", "big world"],
        codes=["x|y", "z"],
        filter=models.Filter(price=models.FilterPrice(gte=10, lte=20), color="red", in_stock=True),
        point=models.Point(x=1, y=2),
        bbox=models.Point(x=3, y=4),
        q="café & crème/50%+",
        exact=True,
        min_score=2.0,
    )


def search_items_empty(c: Client) -> Any:
    return c.search.with_raw_response.items(
        tag=[], ids=[], words=[], filter=models.Filter(), exact=False, min_score=0
    )


def list_messages(c: Client) -> Any:
    # DateSent<, DateSent> and DateSent: the signs are words of the names.
    return c.search.with_raw_response.list_messages(
        date_sent_before=datetime.date(2024, 1, 31),
        date_sent_after=datetime.date(2024, 1, 1),
        date_sent=datetime.date(2024, 1, 15),
        type="sms",
        class_="bulk",
        self_="me",
        from_="+15551234567",
        page_size=50,
    )


def get_cell(c: Client) -> Any:
    return c.search.with_raw_response.get_cell(
        label=[1, 2, 3], matrix=["a", "b c"], grid=models.Point(x=1, y=2), name="cell 1/2"
    )


def get_spot(c: Client) -> Any:
    return c.search.with_raw_response.get_spot(
        region=models.Point(x=5, y=6), spot=models.Point(x=7, y=8)
    )


def get_session(c: Client) -> Any:
    return c.items.with_raw_response.get_session(
        x_trace_id="trace-1",
        session_id="s=1; x",
        x_tags=["a", "b"],
        x_window=models.Window(start_at=1, end_at=2),
        theme="dark",
    )


def create_payment(c: Client) -> Any:
    return c.payments.with_raw_response.create_payment(amount=1200, currency="eur", memo=None)


def create_payment_extras(c: Client) -> Any:
    return c.payments.with_raw_response.create_payment(
        amount=1200,
        currency="eur",
        memo=None,
        extra_headers={"X-Beta": "on"},
        extra_query={"beta": "true", "tag": ["a b", "c"]},
        extra_body={"added_later": {"x": [1, 2]}, "amount": 1300},
    )


def create_payment_caller_key(c: Client) -> Any:
    return c.payments.with_raw_response.create_payment(
        amount=1200,
        currency="eur",
        memo="rent",
        reference="ref-1",
        due_on=datetime.date(2024, 2, 29),
        tip=None,
        metadata={"order": "8812"},
        idempotency_key="order-8812",
    )


def create_payment_in_flight(c: Client) -> Any:
    return c.payments.with_raw_response.create_payment(amount=5, currency="usd", memo="tip jar")


def create_payment_mismatch(c: Client) -> Any:
    return c.payments.with_raw_response.create_payment(amount=6, currency="usd", memo=None)


def create_payment_bad_key(c: Client) -> Any:
    return c.payments.with_raw_response.create_payment(
        amount=7, currency="usd", memo=None, idempotency_key="k" * 65
    )


def put_item_in_flight_code(c: Client) -> Any:
    return c.items.with_raw_response.put_item(item_id="i_1", name="lamp", size=3)


def put_item_mismatch_code(c: Client) -> Any:
    return c.items.with_raw_response.put_item(item_id="i_1", name="lamp")


def get_record(record_id: str) -> Callable[[Client], Any]:
    # Success bodies read against their schema (CONTRACT.md section 6).
    return lambda c: c.items.with_raw_response.get_record(record_id=record_id)


def get_item_not_found(c: Client) -> Any:
    return c.items.with_raw_response.get_item(item_id="missing")


def get_item_server_errors(c: Client) -> Any:
    return c.items.with_raw_response.get_item(item_id="i_2")


def get_item_throttled(c: Client) -> Any:
    return c.items.with_raw_response.get_item(item_id="i_3")


def patch_item_nulls(c: Client) -> Any:
    return c.items.with_raw_response.patch_item(item_id="i_4", name=None, note="n")


def put_blob(c: Client) -> Any:
    return c.files.with_raw_response.put_blob(
        name="ré:sumé.pdf", body=bytes([0x25, 0x50, 0x44, 0x46, 0x00, 0xFF])
    )


def put_blob_from_file(c: Client) -> Any:
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "report.pdf"
        path.write_bytes(bytes([0x25, 0x50, 0x44, 0x46, 0x00, 0xFF]))
        return c.files.with_raw_response.put_blob(name="report.pdf", body=path)


def merge_note(c: Client) -> Any:
    return c.notes.with_raw_response.merge_note(note_id="n_1", title=None, pinned=False)


def get_slow(c: Client) -> Any:
    return c.items.with_raw_response.get_slow()


def get_slow_root(c: Client) -> Any:
    return c.items.with_raw_response.get_slow_root()


CALLS: dict[str, Callable[[Client], Any]] = {
    "createNote": create_note,
    "replaceNote": replace_note,
    "submitForm": submit_form,
    "uploadAttachment": upload_attachment,
    "uploadAttachmentNamed": upload_attachment_named,
    "getStatus": get_status,
    "searchItems": search_items,
    "searchItemsEmpty": search_items_empty,
    "listMessages": list_messages,
    "getCell": get_cell,
    "getSpot": get_spot,
    "getSession": get_session,
    "createPayment": create_payment,
    "createPaymentExtras": create_payment_extras,
    "createPaymentCallerKey": create_payment_caller_key,
    "createPaymentInFlight": create_payment_in_flight,
    "createPaymentMismatch": create_payment_mismatch,
    "createPaymentBadKey": create_payment_bad_key,
    "putItemInFlightCode": put_item_in_flight_code,
    "putItemMismatchCode": put_item_mismatch_code,
    "getRecordNewerFields": get_record("r_1"),
    "getRecordMissingProperty": get_record("r_2"),
    "getRecordItemWrongType": get_record("r_3"),
    "getRecordNull": get_record("r_4"),
    "getRecordWrongVariant": get_record("r_5"),
    "getRecordNotAnObject": get_record("r_6"),
    "getRecordWrongScalar": get_record("r_7"),
    "getRecordIntegerAsString": get_record("r_8"),
    "getRecordBooleanAsInteger": get_record("r_9"),
    "getRecordNullString": get_record("r_10"),
    "getRecordNoZone": get_record("r_12"),
    "getRecordUnknownTag": get_record("r_13"),
    "getItemNotFound": get_item_not_found,
    "getItemServerErrors": get_item_server_errors,
    "getItemThrottled": get_item_throttled,
    "patchItemNulls": patch_item_nulls,
    "putBlob": put_blob,
    "putBlobFromFile": put_blob_from_file,
    "mergeNote": merge_note,
    "getSlow": get_slow,
    "getSlowRoot": get_slow_root,
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
