"""A server that trickles its response: the sync runtime's deadline bounds
connect, headers and body alike, not each read on its own."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from sdkgen_runtime import CallOptions, Operation, Request, RetryClass, RetryConfig, SDKError
from sdkgen_runtime.sync_client import SyncRuntime

TRICKLE_S = 0.1
"""One byte of the response every this many seconds."""


def _serve(listener: socket.socket, body: bool, stop: threading.Event) -> None:
    listener.settimeout(5)
    try:
        conn, _ = listener.accept()
    except OSError:
        return
    with conn:
        conn.recv(65536)
        if body:
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
        else:
            conn.sendall(b"HTTP/1.1 200 OK\r\nX-Slow: ")
        # Far more bytes than the deadline lets through (20 s of them), one
        # at a time: of the body, or of a header that never ends.
        for _ in range(200):
            if stop.is_set():
                return
            try:
                conn.sendall(b"x")
            except OSError:
                return
            time.sleep(TRICKLE_S)


@pytest.mark.parametrize("phase", ["headers", "body"])
def test_a_trickling_server_does_not_hold_the_call_past_its_deadline(phase: str) -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    port = listener.getsockname()[1]
    stop = threading.Event()
    server = threading.Thread(target=_serve, args=(listener, phase == "body", stop), daemon=True)
    server.start()
    runtime = SyncRuntime(
        f"http://127.0.0.1:{port}", config=RetryConfig(retries=False, deadline_ms=500)
    )
    started = time.monotonic()
    try:
        with pytest.raises(SDKError):
            runtime.request(
                Operation(name="get", method="GET", retry_class=RetryClass.SAFE),
                Request("GET", "/slow"),
                CallOptions(),
            )
        elapsed = time.monotonic() - started
        # Before the bound, each one-byte read reset httpx's read timeout
        # and the call lasted as long as the header did: 20 s.
        assert elapsed < 5, f"the call took {elapsed:.1f} s"
    finally:
        stop.set()
        runtime.close()
        listener.close()
        server.join(timeout=5)
