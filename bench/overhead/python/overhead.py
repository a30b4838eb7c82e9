"""The overhead benchmark, Python side: the generated payments SDK against a
bare httpx client making the same request to the same local server.

Two comparisons, each for getTransfer and createTransfer:

- ``python``: the blocking client ``payments.Payments`` against ``httpx.Client``;
- ``python-async``: ``payments.AsyncPayments`` against ``httpx.AsyncClient``,
  each call awaited before the next (one event loop, ``asyncio.run``).

And the peer rows, in the same rounds of blocks: the OpenAI Python SDK
(``openai.OpenAI`` and ``openai.AsyncOpenAI``, the version ``run`` pins)
against its own bare httpx client making the same request, for
``models.retrieve`` (a small JSON GET, beside getTransfer) and
``chat.completions.create`` without streaming (a small JSON POST, beside
createTransfer), on the same server.

For each, after a warm-up of every side, blocks of sequential calls run in
turn with the SDK, its bare client, the peer and the peer's bare client, every
call is timed on its own, and one tab-separated line goes to
stdout:

``row  <language>  <client>  <call>  <get|post>  <median µs>  httpx  <bare median µs>  <ratio>  <pair p25>  <pair p75>  <role>  <CPU ratio>  <pair median>``

where the pair quartiles are those of the per-pair ratios (an SDK block's
median over the next bare block's median), and the role is ``target`` for
sdkgen's rows and ``peer`` for OpenAI's (``run`` reads it). Details go to
stderr.

Settings, from the environment (``run`` sets them): ``OVERHEAD_BASE_URL``
(required), ``OVERHEAD_TOKEN`` (required), ``OVERHEAD_CALLS`` (timed calls
per side and operation, default 2000), ``OVERHEAD_WARMUP`` (default 200),
``OVERHEAD_BLOCK`` (calls per block, default 100), ``OVERHEAD_PYTHON_ASYNC``
(``0`` leaves the asyncio comparison out), ``OVERHEAD_SDK_PATH`` (the
directory holding the generated ``payments`` package, default
``generated/payments/python`` of this checkout), ``OVERHEAD_PEERS`` (``0``
leaves the OpenAI rows out; otherwise ``openai`` must be importable).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(
    0,
    os.environ.get(
        "OVERHEAD_SDK_PATH", str(ROOT / "generated" / "payments" / "python")
    ),
)

import payments  # found through the path set just above

TRANSFER_ID = "tr_1NqF8a2eZvKYlo2C"
CREATE_ARGS: dict[str, Any] = {
    "amount": 1250,
    "currency": "eur",
    "vendor_id": "acme-supplies",
    "description": "Invoice 2024-0042",
}
"""The body both sides send to createTransfer (as keyword arguments of the SDK)."""


def env_count(name: str, default: int) -> int:
    text = os.environ.get(name)
    if text is None:
        return default
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value <= 0:
        raise SystemExit(
            f"overhead.py: {name} must be a positive whole number, got {text!r}"
        )
    return value


def required(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise SystemExit(f"overhead.py: {name} is not set (bench/overhead/run sets it)")
    return value


BASE_URL = required("OVERHEAD_BASE_URL").rstrip("/")
TOKEN = required("OVERHEAD_TOKEN")
CALLS = env_count("OVERHEAD_CALLS", 2000)
WARMUP = env_count("OVERHEAD_WARMUP", 200)
BLOCK = env_count("OVERHEAD_BLOCK", 100)
PEERS = os.environ.get("OVERHEAD_PEERS", "1") != "0"

if PEERS:
    import openai

# The OpenAI side: its base URL on the same server, the model it retrieves and
# the chat completion it creates (a small, non-streamed JSON POST).
OPENAI_BASE_URL = BASE_URL.rsplit("/", 1)[0] + "/v1"
MODEL_ID = "gpt-4o-mini"
CHAT_ARGS: dict[str, Any] = {
    "model": MODEL_ID,
    "messages": [{"role": "user", "content": "Was invoice 2024-0042 paid?"}],
}
CHAT_ID = "chatcmpl-overhead"

# What the SDK sends with every call, for the bare clients: the same
# User-Agent, the bearer token, and the time-left header at the SDK's default
# 60 s. The bare side has no deadline, attempt timeout, retry loop or budget:
# those are what the SDK adds, and what is measured.
BARE_HEADERS = {
    "User-Agent": f"payments-python/{payments.__version__}",
    "Authorization": f"Bearer {TOKEN}",
    "Request-Timeout-Ms": "60000",
}


def check_id(transfer_id: str) -> None:
    if transfer_id != TRANSFER_ID:
        raise SystemExit(f"overhead.py: unexpected transfer id {transfer_id!r}")


def check(value: str, expected: str) -> None:
    if value != expected:
        raise SystemExit(f"overhead.py: unexpected id {value!r}, not {expected!r}")


def openai_bare_headers(client: Any) -> dict[str, str]:
    """What the OpenAI SDK sends with every call, for its bare httpx client:
    its default headers (``Accept``, ``Content-Type``, ``User-Agent``, the
    ``X-Stainless-*`` platform headers), its unset ones left out, and the
    bearer token (which it adds per call). The two it works out per call
    (``X-Stainless-Retry-Count`` and ``-Read-Timeout``) are its own work, as
    the time-left header is sdkgen's."""
    headers = {k: v for k, v in client.default_headers.items() if isinstance(v, str)}
    headers["Authorization"] = f"Bearer {TOKEN}"
    return headers


def check_status(response: httpx.Response, expected: int, what: str) -> None:
    if response.status_code != expected:
        raise SystemExit(f"overhead.py: bare {what}: HTTP {response.status_code}")


# -- statistics -----------------------------------------------------------------


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass
class Timings:
    """Each side's wall time per call, and its CPU time per call in each block
    (the client thread's ``thread_time_ns`` over the block, divided by its
    calls): the CPU time is what the SDK itself adds, and the machine's other
    load disturbs it much less than the wall time."""

    sdk_ns: list[int]
    bare_ns: list[int]
    sdk_cpu: list[float]
    bare_cpu: list[float]


def report(
    language: str,
    operation: str,
    timings: Timings,
    client: str = "sdkgen",
    role: str = "target",
) -> None:
    sdk, bare = timings.sdk_ns, timings.bare_ns
    sdk_us = [ns / 1000 for ns in sdk]
    bare_us = [ns / 1000 for ns in bare]
    sdk_median = statistics.median(sdk_us)
    bare_median = statistics.median(bare_us)
    pairs = [
        statistics.median(sdk_us[i : i + BLOCK])
        / statistics.median(bare_us[i : i + BLOCK])
        for i in range(0, len(sdk_us), BLOCK)
    ]
    print(
        f"{language} {client} {operation}: SDK p10/p50/p90 "
        f"{quantile(sdk_us, 0.1):.1f}/{sdk_median:.1f}/{quantile(sdk_us, 0.9):.1f} µs, bare "
        f"{quantile(bare_us, 0.1):.1f}/{bare_median:.1f}/{quantile(bare_us, 0.9):.1f} µs, "
        f"{len(sdk_us)} calls a side in {len(pairs)} pairs of blocks",
        file=sys.stderr,
    )
    sdk_cpu = statistics.median(timings.sdk_cpu) / 1000
    bare_cpu = statistics.median(timings.bare_cpu) / 1000
    print(
        f"{language} {client} {operation}: client CPU per call (median of the blocks): SDK "
        f"{sdk_cpu:.1f} µs, bare {bare_cpu:.1f} µs, ratio {sdk_cpu / bare_cpu:.3f}",
        file=sys.stderr,
    )
    kind = "get" if operation in ("getTransfer", "models.retrieve") else "post"
    print(
        f"row\t{language}\t{client}\t{operation}\t{kind}\t{sdk_median:.1f}\thttpx\t"
        f"{bare_median:.1f}\t{sdk_median / bare_median:.3f}\t"
        f"{quantile(pairs, 0.25):.3f}\t{quantile(pairs, 0.75):.3f}\t{role}\t"
        f"{sdk_cpu / bare_cpu:.3f}\t{quantile(pairs, 0.5):.3f}",
        flush=True,
    )


# -- blocking -----------------------------------------------------------------


def compare_sync(*sides: Callable[[], None]) -> list[tuple[list[int], list[float]]]:
    """Every side warmed up, then one block of each in turn until each has
    made CALLS timed calls, the order reversed every other round (no side is
    always first); per side, its calls' wall times and its blocks' CPU time
    per call."""
    for _ in range(WARMUP):
        for side in sides:
            side()
    clock = time.perf_counter_ns
    timed: list[tuple[list[int], list[float]]] = [([], []) for _ in sides]
    turns = list(zip(sides, timed))
    while len(timed[0][0]) < CALLS:
        n = min(BLOCK, CALLS - len(timed[0][0]))
        for side, (ns, cpus) in turns:
            cpu = time.thread_time_ns()
            for _ in range(n):
                started = clock()
                side()
                ns.append(clock() - started)
            cpus.append((time.thread_time_ns() - cpu) / n)
        turns.reverse()
    return timed


def timings(
    a: tuple[list[int], list[float]], b: tuple[list[int], list[float]]
) -> Timings:
    return Timings(a[0], b[0], a[1], b[1])


def report_all(
    language: str,
    operation: str,
    peer_call: str,
    peer_name: str,
    timed: list[tuple[list[int], list[float]]],
) -> None:
    """The rows of one round of sides: sdkgen against httpx and, when the
    peer took part, the peer against its httpx."""
    report(language, operation, timings(timed[0], timed[1]))
    if len(timed) == 4:
        report(language, peer_call, timings(timed[2], timed[3]), peer_name, "peer")


class SyncPeer:
    """The OpenAI SDK's blocking client and its own bare httpx client."""

    def __init__(self) -> None:
        self.client = openai.OpenAI(api_key=TOKEN, base_url=OPENAI_BASE_URL)
        self.http = httpx.Client(headers=openai_bare_headers(self.client))
        self.name = f"openai {openai.__version__}"
        self.model_url = f"{OPENAI_BASE_URL}/models/{MODEL_ID}"
        self.chat_url = f"{OPENAI_BASE_URL}/chat/completions"

    def get(self) -> None:
        check(self.client.models.retrieve(MODEL_ID).id, MODEL_ID)

    def bare_get(self) -> None:
        response = self.http.get(self.model_url)
        check_status(response, 200, "models.retrieve")
        check(response.json()["id"], MODEL_ID)

    def post(self) -> None:
        check(self.client.chat.completions.create(**CHAT_ARGS).id, CHAT_ID)

    def bare_post(self) -> None:
        response = self.http.post(self.chat_url, json=CHAT_ARGS)
        check_status(response, 200, "chat.completions.create")
        check(response.json()["id"], CHAT_ID)

    def close(self) -> None:
        self.client.close()
        self.http.close()


def run_sync() -> None:
    client = payments.Payments(bearer_token=TOKEN, base_url=BASE_URL)
    http = httpx.Client(headers=BARE_HEADERS)
    peer = SyncPeer() if PEERS else None
    get_url = f"{BASE_URL}/transfers/{TRANSFER_ID}"
    create_url = f"{BASE_URL}/transfers"

    # One bare call first (the connection, httpx's first-use work), so the
    # check below is about the happy path, not a cold start on a busy machine.
    check_status(http.get(f"{BASE_URL}/transfers/{TRANSFER_ID}"), 200, "getTransfer")
    first = client.transfers.with_raw_response.get_transfer(transfer_id=TRANSFER_ID)
    if first.attempts != 1:
        raise SystemExit(
            f"overhead.py: SDK getTransfer made {first.attempts} attempts, not 1"
        )

    def sdk_get() -> None:
        check_id(client.transfers.get_transfer(transfer_id=TRANSFER_ID).id)

    def bare_get() -> None:
        response = http.get(get_url)
        check_status(response, 200, "getTransfer")
        check_id(response.json()["id"])

    def sdk_create() -> None:
        check_id(client.transfers.create_transfer(**CREATE_ARGS).id)

    def bare_create() -> None:
        response = http.post(
            create_url, json=CREATE_ARGS, headers={"Idempotency-Key": str(uuid.uuid4())}
        )
        check_status(response, 201, "createTransfer")
        check_id(response.json()["id"])

    try:
        get_sides = [sdk_get, bare_get]
        create_sides = [sdk_create, bare_create]
        name = ""
        if peer is not None:
            get_sides += [peer.get, peer.bare_get]
            create_sides += [peer.post, peer.bare_post]
            name = peer.name
        timed = compare_sync(*get_sides)
        report_all("python", "getTransfer", "models.retrieve", name, timed)
        timed = compare_sync(*create_sides)
        report_all("python", "createTransfer", "chat.completions.create", name, timed)
    finally:
        client.close()
        http.close()
        if peer is not None:
            peer.close()


# -- asyncio ------------------------------------------------------------------


async def compare_async(
    *sides: Callable[[], Awaitable[None]],
) -> list[tuple[list[int], list[float]]]:
    """compare_sync's turns, each call awaited before the next."""
    for _ in range(WARMUP):
        for side in sides:
            await side()
    clock = time.perf_counter_ns
    timed: list[tuple[list[int], list[float]]] = [([], []) for _ in sides]
    turns = list(zip(sides, timed))
    while len(timed[0][0]) < CALLS:
        n = min(BLOCK, CALLS - len(timed[0][0]))
        for side, (ns, cpus) in turns:
            cpu = time.thread_time_ns()
            for _ in range(n):
                started = clock()
                await side()
                ns.append(clock() - started)
            cpus.append((time.thread_time_ns() - cpu) / n)
        turns.reverse()
    return timed


class AsyncPeer:
    """The OpenAI SDK's asyncio client and its own bare httpx client."""

    def __init__(self) -> None:
        self.client = openai.AsyncOpenAI(api_key=TOKEN, base_url=OPENAI_BASE_URL)
        self.http = httpx.AsyncClient(headers=openai_bare_headers(self.client))
        self.name = f"openai {openai.__version__}"
        self.model_url = f"{OPENAI_BASE_URL}/models/{MODEL_ID}"
        self.chat_url = f"{OPENAI_BASE_URL}/chat/completions"

    async def get(self) -> None:
        check((await self.client.models.retrieve(MODEL_ID)).id, MODEL_ID)

    async def bare_get(self) -> None:
        response = await self.http.get(self.model_url)
        check_status(response, 200, "models.retrieve")
        check(response.json()["id"], MODEL_ID)

    async def post(self) -> None:
        check((await self.client.chat.completions.create(**CHAT_ARGS)).id, CHAT_ID)

    async def bare_post(self) -> None:
        response = await self.http.post(self.chat_url, json=CHAT_ARGS)
        check_status(response, 200, "chat.completions.create")
        check(response.json()["id"], CHAT_ID)

    async def close(self) -> None:
        await self.client.close()
        await self.http.aclose()


async def run_async() -> None:
    get_url = f"{BASE_URL}/transfers/{TRANSFER_ID}"
    create_url = f"{BASE_URL}/transfers"
    peer = AsyncPeer() if PEERS else None
    async with (
        payments.AsyncPayments(bearer_token=TOKEN, base_url=BASE_URL) as client,
        httpx.AsyncClient(headers=BARE_HEADERS) as http,
    ):

        async def sdk_get() -> None:
            check_id((await client.transfers.get_transfer(transfer_id=TRANSFER_ID)).id)

        async def bare_get() -> None:
            response = await http.get(get_url)
            check_status(response, 200, "getTransfer")
            check_id(response.json()["id"])

        async def sdk_create() -> None:
            check_id((await client.transfers.create_transfer(**CREATE_ARGS)).id)

        async def bare_create() -> None:
            response = await http.post(
                create_url,
                json=CREATE_ARGS,
                headers={"Idempotency-Key": str(uuid.uuid4())},
            )
            check_status(response, 201, "createTransfer")
            check_id(response.json()["id"])

        try:
            get_sides = [sdk_get, bare_get]
            create_sides = [sdk_create, bare_create]
            name = ""
            if peer is not None:
                get_sides += [peer.get, peer.bare_get]
                create_sides += [peer.post, peer.bare_post]
                name = peer.name
            timed = await compare_async(*get_sides)
            report_all("python-async", "getTransfer", "models.retrieve", name, timed)
            timed = await compare_async(*create_sides)
            report_all(
                "python-async", "createTransfer", "chat.completions.create", name, timed
            )
        finally:
            if peer is not None:
                await peer.close()


def main() -> None:
    run_sync()
    if os.environ.get("OVERHEAD_PYTHON_ASYNC", "1") != "0":
        asyncio.run(run_async())


if __name__ == "__main__":
    main()
