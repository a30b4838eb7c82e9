#!/usr/bin/env python3
"""Reference servers of orders.yaml for `sdkgen verify`, on a real SQLite database.

One mode is the server half of the idempotency-key contract done right; each
other mode is one way it is done wrong in real servers. The code is the code
such servers have: the bug is in the SQL and the order of the steps, not a
switch that fakes an answer.

  correct            INSERT ... ON CONFLICT DO NOTHING claims the key in the
                     same transaction as the effect (BEGIN IMMEDIATE): a
                     second request with the key waits for the first to
                     commit, then finds its stored response.
  ignored            the Idempotency-Key header is read and thrown away.
  check_then_insert  SELECT for the key, screen the order (the fraud
                     service's call), then INSERT the claim, in separate
                     statements with no unique constraint: two requests that
                     both SELECT before either INSERTs both run.
  no_in_flight       only finished requests are stored: a request whose key
                     is still being worked on finds nothing and runs too.
  global_keys        one key table for every caller: the primary key is the
                     key alone, so another caller's key is a replay.
  payload_replayed   the stored response is sent for the key whatever the
                     body: a different request is answered as if it were the
                     first.
  replay_differs     the replay is the order as it is now, rendered again with
                     200, not the stored 201 of the original.

Every mode shares the rest: bearer credentials (any non-empty one; the key's
scope is a digest of it), validation, the order and its charge written in one
transaction, the payment processor that takes PROCESSING_MS and fails for the
item `unavailable` (503, stored for the key), and Request-Timeout-Ms (work
that cannot finish in the time left is refused with 504 before the key is
claimed).

Usage: zoo.py MODE [--db PATH] [--lifetime SECONDS]. It binds 127.0.0.1 on a
free port, prints `listening on http://127.0.0.1:PORT` and serves until its
standard input closes, or the lifetime (default 300 s) ends.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sqlite3
import sys
import tempfile
import threading
import time
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MODES = (
    "correct",
    "ignored",
    "check_then_insert",
    "no_in_flight",
    "global_keys",
    "payload_replayed",
    "replay_differs",
)
IN_FLIGHT_CODE = "request_in_progress"
MISMATCH_CODE = "key_reused"
KEY_HEADER = "Idempotency-Key"
TIMEOUT_HEADER = "Request-Timeout-Ms"
REPLAY_WINDOW_S = 24 * 3600
# The payment processor's call: what makes a request take time.
PROCESSING_MS = 60
# The fraud service's call, which the check_then_insert server makes between
# its check for the key and its claim of it.
FRAUD_CHECK_MS = 50
MAX_BODY = 1 << 16


class Reply(Exception):
    """An answer decided before the end of the handler."""

    def __init__(self, status: int, body: dict[str, Any], replayed: bool = False) -> None:
        super().__init__(status)
        self.status = status
        self.body = body
        self.replayed = replayed


def error(status: int, code: str, message: str) -> Reply:
    return Reply(status, {"code": code, "message": message})


def now_text() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class Store:
    """The database: orders, their charges, and the idempotency keys."""

    def __init__(self, path: str, mode: str) -> None:
        self.path = path
        self.mode = mode
        con = self.connect()
        con.executescript(
            """
            PRAGMA journal_mode = WAL;
            CREATE TABLE IF NOT EXISTS orders (
                id TEXT PRIMARY KEY, caller TEXT NOT NULL, item TEXT NOT NULL,
                quantity INTEGER NOT NULL, status TEXT NOT NULL, created TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS charges (
                id INTEGER PRIMARY KEY AUTOINCREMENT, order_id TEXT,
                caller TEXT NOT NULL, ok INTEGER NOT NULL, at TEXT NOT NULL);
            """
        )
        if mode == "global_keys":
            keys = "PRIMARY KEY (key)"
        elif mode == "check_then_insert":
            # No constraint: the SELECT before the INSERT is trusted instead.
            keys = "claimed REAL"
        else:
            keys = "PRIMARY KEY (caller, key)"
        con.execute(
            f"""CREATE TABLE IF NOT EXISTS idempotency_keys (
                caller TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL,
                status INTEGER, body TEXT, order_id TEXT, created REAL NOT NULL, {keys})"""
        )
        con.close()
        self.sequence = 0
        self.sequence_lock = threading.Lock()

    def connect(self) -> sqlite3.Connection:
        # Autocommit: every transaction below is opened explicitly.
        con = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        con.row_factory = sqlite3.Row
        return con

    def next_id(self) -> str:
        with self.sequence_lock:
            self.sequence += 1
            return f"ord_{self.sequence}_{os.getpid()}"

    # The effect: the order and its charge, inside the caller's transaction.
    def place(self, con: sqlite3.Connection, caller: str, order: dict[str, Any]) -> Reply:
        time.sleep(PROCESSING_MS / 1000)  # the payment processor's call
        if order["item"] == "unavailable":
            con.execute(
                "INSERT INTO charges (order_id, caller, ok, at) VALUES (NULL, ?, 0, ?)",
                (caller, now_text()),
            )
            return error(503, "processor_unavailable", "The payment processor did not answer.")
        order_id = self.next_id()
        created = now_text()
        con.execute(
            "INSERT INTO orders (id, caller, item, quantity, status, created) VALUES (?, ?, ?, ?, 'placed', ?)",
            (order_id, caller, order["item"], order["quantity"], created),
        )
        con.execute(
            "INSERT INTO charges (order_id, caller, ok, at) VALUES (?, ?, 1, ?)",
            (order_id, caller, now_text()),
        )
        return Reply(201, render(con.execute("SELECT * FROM orders WHERE id = ?", (order_id,)).fetchone()))

    def place_alone(self, caller: str, order: dict[str, Any]) -> Reply:
        con = self.connect()
        try:
            con.execute("BEGIN IMMEDIATE")
            reply = self.place(con, caller, order)
            con.execute("COMMIT")
            return reply
        finally:
            con.close()


def render(row: sqlite3.Row) -> dict[str, Any]:
    return {
        "id": row["id"],
        "item": row["item"],
        "quantity": row["quantity"],
        "status": row["status"],
        "created": row["created"],
    }


def stored_reply(row: sqlite3.Row) -> Reply:
    return Reply(row["status"], json.loads(row["body"]), replayed=True)


def answer_existing(row: sqlite3.Row, fingerprint: str, compare: bool = True) -> Reply:
    """What a request finds when its key is taken."""
    if compare and row["fingerprint"] != fingerprint:
        return error(409, MISMATCH_CODE, "This key was used with another request.")
    if row["status"] is None:
        return error(409, IN_FLIGHT_CODE, "A request with this key is still being processed.")
    return stored_reply(row)


def create_order(
    store: Store, caller: str, key: str | None, fingerprint: str, order: dict[str, Any]
) -> Reply:
    mode = store.mode
    if key is None or mode == "ignored":
        return store.place_alone(caller, order)
    if mode in ("correct", "global_keys", "payload_replayed", "replay_differs"):
        return claim_in_transaction(store, caller, key, fingerprint, order)
    if mode == "check_then_insert":
        return check_then_insert(store, caller, key, fingerprint, order)
    if mode == "no_in_flight":
        return store_when_done(store, caller, key, fingerprint, order)
    raise AssertionError(mode)


def claim_in_transaction(
    store: Store, caller: str, key: str, fingerprint: str, order: dict[str, Any]
) -> Reply:
    mode = store.mode
    by_key = "key = ?" if mode == "global_keys" else "caller = ? AND key = ?"
    args: tuple[str, ...] = (key,) if mode == "global_keys" else (caller, key)
    con = store.connect()
    try:
        con.execute("BEGIN IMMEDIATE")
        con.execute(
            f"DELETE FROM idempotency_keys WHERE {by_key} AND created < ?",
            (*args, time.time() - REPLAY_WINDOW_S),
        )
        claimed = con.execute(
            "INSERT INTO idempotency_keys (caller, key, fingerprint, created) VALUES (?, ?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (caller, key, fingerprint, time.time()),
        ).rowcount
        if claimed == 0:
            row = con.execute(f"SELECT * FROM idempotency_keys WHERE {by_key}", args).fetchone()
            con.execute("ROLLBACK")
            if mode == "replay_differs" and row["order_id"] is not None and row["fingerprint"] == fingerprint:
                current = store.connect()
                try:
                    found = current.execute(
                        "SELECT * FROM orders WHERE id = ?", (row["order_id"],)
                    ).fetchone()
                finally:
                    current.close()
                return Reply(200, render(found), replayed=True)
            return answer_existing(row, fingerprint, compare=mode != "payload_replayed")
        reply = store.place(con, caller, order)
        con.execute(
            f"UPDATE idempotency_keys SET status = ?, body = ?, order_id = ? WHERE {by_key}",
            (
                reply.status,
                json.dumps(reply.body),
                reply.body.get("id") if reply.status == 201 else None,
                *args,
            ),
        )
        con.execute("COMMIT")
        return reply
    except BaseException:
        if con.in_transaction:
            con.execute("ROLLBACK")
        raise
    finally:
        con.close()


def check_then_insert(store: Store, caller: str, key: str, fingerprint: str, order: dict[str, Any]) -> Reply:
    con = store.connect()
    try:
        row = con.execute(
            "SELECT * FROM idempotency_keys WHERE caller = ? AND key = ? ORDER BY claimed LIMIT 1",
            (caller, key),
        ).fetchone()
        if row is not None:
            return answer_existing(row, fingerprint)
        # Between the check and the claim the order is screened: the caller's
        # history is read and the fraud service asked. The race window is
        # this work, as wide as it takes: a request that checks meanwhile
        # finds no claim either.
        history = con.execute("SELECT count(*) FROM orders WHERE caller = ?", (caller,)).fetchone()[0]
        declined = con.execute(
            "SELECT count(*) FROM charges WHERE caller = ? AND ok = 0", (caller,)
        ).fetchone()[0]
        screen(history, declined)
        con.execute(
            "INSERT INTO idempotency_keys (caller, key, fingerprint, created, claimed) VALUES (?, ?, ?, ?, ?)",
            (caller, key, fingerprint, time.time(), time.monotonic()),
        )
        con.execute("BEGIN IMMEDIATE")
        reply = store.place(con, caller, order)
        con.execute(
            "UPDATE idempotency_keys SET status = ?, body = ? WHERE caller = ? AND key = ? AND status IS NULL",
            (reply.status, json.dumps(reply.body), caller, key),
        )
        con.execute("COMMIT")
        return reply
    finally:
        con.close()


def store_when_done(store: Store, caller: str, key: str, fingerprint: str, order: dict[str, Any]) -> Reply:
    con = store.connect()
    try:
        row = con.execute(
            "SELECT * FROM idempotency_keys WHERE caller = ? AND key = ?", (caller, key)
        ).fetchone()
        if row is not None:
            return answer_existing(row, fingerprint)
        con.execute("BEGIN IMMEDIATE")
        reply = store.place(con, caller, order)
        con.execute(
            "INSERT OR REPLACE INTO idempotency_keys (caller, key, fingerprint, status, body, created) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (caller, key, fingerprint, reply.status, json.dumps(reply.body), time.time()),
        )
        con.execute("COMMIT")
        return reply
    finally:
        con.close()


def screen(history: int, declined: int) -> None:
    """The fraud service's call: it takes FRAUD_CHECK_MS and accepts every order here."""
    time.sleep(FRAUD_CHECK_MS / 1000)
    assert history >= 0 and declined >= 0


def fingerprint_of(method: str, path: str, body: Any) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(f"{method} {path}\n{canonical}".encode()).hexdigest()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "zoo"
    store: Store

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def send_reply(self, reply: Reply) -> None:
        data = json.dumps(reply.body).encode()
        self.send_response(reply.status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        if reply.replayed:
            self.send_header("Idempotent-Replayed", "true")
        self.end_headers()
        self.wfile.write(data)

    def caller(self) -> str:
        auth = self.headers.get("Authorization", "")
        scheme, _, token = auth.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise error(401, "unauthorized", "Send a bearer token in Authorization.")
        return hashlib.sha256(token.strip().encode()).hexdigest()[:32]

    def read_json(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            raise error(400, "invalid_request", "The body is too large.")
        raw = self.rfile.read(length)
        try:
            return json.loads(raw)
        except ValueError:
            raise error(400, "invalid_request", "The body is not JSON.") from None

    def path_parts(self) -> list[str]:
        path = self.path.split("?", 1)[0]
        parts = [p for p in path.split("/") if p]
        if parts[:1] == ["v1"]:
            parts = parts[1:]
        return parts

    def do_POST(self) -> None:
        try:
            body = self.read_json()
            caller = self.caller()
            if self.path_parts() != ["orders"]:
                raise error(404, "not_found", "No such endpoint.")
            if (
                not isinstance(body, dict)
                or not isinstance(body.get("item"), str)
                or not body["item"]
                or not isinstance(body.get("quantity"), int)
                or isinstance(body.get("quantity"), bool)
                or body["quantity"] < 1
            ):
                raise error(400, "invalid_request", "An order needs an item and a quantity of 1 or more.")
            key = self.headers.get(KEY_HEADER)
            if key is not None and not (0 < len(key) <= 255 and all(0x21 <= ord(c) <= 0x7E for c in key)):
                raise error(400, "invalid_request", "A key is 1 to 255 visible ASCII characters.")
            left = self.headers.get(TIMEOUT_HEADER)
            if left is not None:
                try:
                    if int(left) <= PROCESSING_MS:
                        raise error(
                            504, "deadline_exceeded", "The time left is shorter than the work; not started."
                        )
                except ValueError:
                    pass
            order = {"item": body["item"], "quantity": body["quantity"]}
            self.send_reply(
                create_order(self.store, caller, key, fingerprint_of("POST", "/orders", order), order)
            )
        except Reply as reply:
            self.send_reply(reply)

    def do_GET(self) -> None:
        try:
            caller = self.caller()
            parts = self.path_parts()
            if len(parts) != 2 or parts[0] != "orders":
                raise error(404, "not_found", "No such endpoint.")
            con = self.store.connect()
            try:
                row = con.execute(
                    "SELECT * FROM orders WHERE id = ? AND caller = ?", (parts[1], caller)
                ).fetchone()
            finally:
                con.close()
            if row is None:
                raise error(404, "not_found", "No such order.")
            self.send_reply(Reply(200, render(row)))
        except Reply as reply:
            self.send_reply(reply)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("mode", choices=MODES)
    parser.add_argument("--db", help="the SQLite file (default: a new temporary one)")
    parser.add_argument("--lifetime", type=float, default=300.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sdkgen-zoo-") as tmp:
        Handler.store = Store(args.db or os.path.join(tmp, "orders.sqlite"), args.mode)
        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)

        def stop_when_stdin_closes() -> None:
            sys.stdin.read()
            server.shutdown()

        threading.Thread(target=stop_when_stdin_closes, daemon=True).start()
        timer = threading.Timer(args.lifetime, server.shutdown)
        timer.daemon = True
        timer.start()
        server.serve_forever()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
