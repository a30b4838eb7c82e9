"""How far past its deadline a sync Python call ends against a server that
sends its response headers one byte per second (the contract: deadline +
100 ms at most). Run: python3 bench/hostile/trickle.py [DEADLINE_S] [RUNS]
from the repository, with runtime/python on the path."""

from __future__ import annotations

import socket
import sys
import threading
import time

sys.path.insert(0, "runtime/python")

from sdkgen_runtime import Operation, Request, RetryClass, RetryConfig, SDKError
from sdkgen_runtime.sync_client import SyncRuntime


def serve(listener: socket.socket, stop: threading.Event) -> None:
    conn, _ = listener.accept()
    with conn:
        conn.recv(65536)
        conn.sendall(b"HTTP/1.1 200 OK\r\nX-Slow: ")
        while not stop.is_set():
            try:
                conn.sendall(b"x")
            except OSError:
                return
            stop.wait(1.0)


def once(deadline_s: float) -> float:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    stop = threading.Event()
    thread = threading.Thread(target=serve, args=(listener, stop), daemon=True)
    thread.start()
    port = listener.getsockname()[1]
    runtime = SyncRuntime(
        f"http://127.0.0.1:{port}",
        config=RetryConfig(deadline_ms=int(deadline_s * 1000)),
    )
    started = time.monotonic()
    try:
        runtime.request(
            Operation(name="get", method="GET", retry_class=RetryClass.SAFE),
            Request("GET", "/"),
        )
    except SDKError:
        pass
    elapsed = time.monotonic() - started
    stop.set()
    runtime.close()
    listener.close()
    return elapsed - deadline_s


def main() -> None:
    deadline_s = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    overruns = [once(deadline_s) for _ in range(runs)]
    print(
        f"deadline {deadline_s:.1f} s, {runs} runs: overrun "
        + ", ".join(f"{o * 1000:.0f} ms" for o in overruns)
        + f"; worst {max(overruns) * 1000:.0f} ms (target: at most 100 ms)"
    )


if __name__ == "__main__":
    main()
