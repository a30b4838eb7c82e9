// Event streams (CONTRACT.md section 12): every scenario of
// runtime/conformance/streaming.json played against a server on 127.0.0.1,
// the parser on its own, and a loop left early closing the connection.

import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { readFileSync } from "node:fs";
import { STATUS_CODES } from "node:http";

import {
  Runtime,
  APIError,
  EventParser,
  ServerSentEvent,
  StreamError,
  RequestAbortedError,
  DEFAULTS,
} from "../src/index.js";

const { scenarios } = JSON.parse(
  readFileSync(
    new URL("../../conformance/streaming.json", import.meta.url),
    "utf8",
  ),
);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const HANG_LIMIT_MS = 10000;

function chunkBytes(chunk) {
  return "hex" in chunk
    ? Buffer.from(chunk.hex, "hex")
    : Buffer.from(chunk.text, "utf8");
}

/**
 * Step i of the script answers the i-th connection: a stream as chunked
 * HTTP/1.1, each chunk sent after its delay; `end` completes the body,
 * drops the connection without the last chunk, or hangs until the client
 * closes (which `closedByClient` records).
 */
async function streamServer(script) {
  const requests = [];
  const sockets = new Set();
  let markClosed;
  const closedByClient = new Promise((resolve) => {
    markClosed = resolve;
  });
  // A stream goes out without Connection: close, as a server that streams
  // usually sends it: Node's fetch takes the end of a connection that said
  // close as the end of the body, even in the middle of a chunked one.
  const head = (status, headers, extra, close = true) =>
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      ...(close ? ["Connection: close"] : []),
      ...extra,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      "",
      "",
    ].join("\r\n");

  async function answer(socket, step) {
    if (step === undefined) {
      socket.end(head(500, {}, ["Content-Length: 0"]));
      return;
    }
    if (step.reset) {
      socket.resetAndDestroy();
      return;
    }
    if (!("chunks" in step)) {
      const body = Buffer.from(String(step.body ?? ""), "utf8");
      const headers = { "Content-Type": "text/plain", ...step.headers };
      socket.write(
        head(step.status, headers, [`Content-Length: ${body.length}`]),
      );
      socket.end(body);
      return;
    }
    const headers = { "Content-Type": "text/event-stream", ...step.headers };
    socket.write(
      head(step.status, headers, ["Transfer-Encoding: chunked"], false),
    );
    for (const chunk of step.chunks) {
      if (chunk.delay_ms) await sleep(chunk.delay_ms);
      const data = chunkBytes(chunk);
      if (data.length === 0) continue;
      socket.write(`${data.length.toString(16)}\r\n`);
      socket.write(data);
      socket.write("\r\n");
    }
    const end = step.end ?? "complete";
    if (end === "complete") socket.end("0\r\n\r\n");
    else if (end === "drop") socket.destroy();
    else {
      socket.once("close", () => markClosed(true));
      setTimeout(() => socket.destroy(), HANG_LIMIT_MS).unref();
    }
  }

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
    const index = requests.length;
    requests.push(undefined);
    let data = Buffer.alloc(0);
    let answered = false;
    socket.on("data", (piece) => {
      if (answered) return;
      data = Buffer.concat([data, piece]);
      const at = data.indexOf("\r\n\r\n");
      if (at === -1) return;
      const lines = data.subarray(0, at).toString("latin1").split("\r\n");
      const headers = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line
          .slice(colon + 1)
          .trim();
      }
      const length = Number(headers["content-length"] ?? 0);
      if (data.length - at - 4 < length) return;
      answered = true;
      requests[index] = headers;
      answer(socket, script[index]).catch(() => {});
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    requests,
    closedByClient,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function operationOf(scenario) {
  const op = scenario.operation ?? {};
  return {
    name: "streamEvents",
    method: op.method ?? "GET",
    path: "/events",
    retryClass: op.class ?? "safe",
  };
}

function clientOf(scenario, base) {
  const client = scenario.client ?? {};
  return new Runtime({
    baseUrl: base,
    random: () => 0,
    ...(client.deadline_ms === undefined
      ? {}
      : { timeout: client.deadline_ms }),
    ...(client.idle_timeout_ms === undefined
      ? {}
      : { streamIdleTimeout: client.idle_timeout_ms }),
  });
}

function errorOf(err, delivered) {
  if (err instanceof StreamError) {
    assert.equal(err.eventsDelivered, delivered);
    const kinds = {
      connection_lost: "stream_lost",
      idle_timeout: "stream_idle",
    };
    return {
      kind: kinds[err.reason] ?? err.reason,
      delivered: err.eventsDelivered,
    };
  }
  if (err instanceof APIError) {
    return { kind: "api_error", status: err.status, delivered };
  }
  throw err;
}

for (const scenario of scenarios) {
  test(`streaming scenario: ${scenario.name}`, async () => {
    const server = await streamServer(scenario.server);
    const runtime = clientOf(scenario, server.base);
    const events = [];
    let error = null;
    let attempts = 0;
    try {
      const method = scenario.operation?.method ?? "GET";
      const stream = await runtime.stream(
        operationOf(scenario),
        method === "POST" ? { json: { stream: true } } : {},
      );
      attempts = stream.attempts;
      assert.equal(stream.status, 200);
      for await (const event of stream) {
        assert.ok(event instanceof ServerSentEvent);
        events.push({ event: event.event, data: event.data, id: event.id });
      }
      assert.equal(stream.eventsDelivered, events.length);
      assert.ok(stream.closed);
    } catch (err) {
      attempts = err.attempts;
      error = errorOf(err, events.length);
    } finally {
      await server.close();
    }
    const expect = scenario.expect;
    assert.deepEqual(events, expect.events);
    assert.deepEqual(error, expect.error);
    assert.equal(attempts, expect.attempts);
    assert.equal(server.requests.length, expect.attempts, "requests received");
    if (scenario.operation?.class === "keyed") {
      const keys = new Set(server.requests.map((r) => r["idempotency-key"]));
      assert.equal(keys.size, 1);
      assert.ok(!keys.has(undefined));
    }
  });
}

test("the scenarios cover every way a stream ends", () => {
  const kinds = new Set(scenarios.map((s) => s.expect.error?.kind ?? null));
  for (const k of ["stream_lost", "stream_idle", "api_error", null])
    assert.ok(kinds.has(k), k);
});

// -- the parser on its own ------------------------------------------------

function parse(...chunks) {
  const parser = new EventParser();
  const out = [];
  for (const chunk of chunks)
    for (const e of parser.feed(chunk)) out.push([e.event, e.data, e.id]);
  return out;
}

const bytes = (text) => new TextEncoder().encode(text);

test("parser: every scenario's body fed one byte at a time", () => {
  for (const scenario of scenarios) {
    const step = scenario.server.find((s) => s.status === 200);
    if (step === undefined || scenario.expect.error !== null) continue;
    const body = Buffer.concat(step.chunks.map(chunkBytes));
    const pieces = [...body].map((b) => Uint8Array.of(b));
    const want = scenario.expect.events.map((e) => [e.event, e.data, e.id]);
    assert.deepEqual(
      parse(...pieces).slice(0, want.length),
      want,
      scenario.name,
    );
  }
});

test("parser: line ends, empty data, field names", () => {
  assert.deepEqual(parse(bytes("data: a\r\n\r\ndata: b\r\rdata: c\n\n")), [
    ["message", "a", ""],
    ["message", "b", ""],
    ["message", "c", ""],
  ]);
  assert.deepEqual(parse(bytes("data\n\n")), [["message", "", ""]]);
  assert.deepEqual(parse(bytes("data:\ndata:\n\n")), [["message", "\n", ""]]);
  assert.deepEqual(parse(bytes("event:\ndata: x\n\n")), [["message", "x", ""]]);
  assert.deepEqual(parse(bytes("DATA: x\n\n")), []);
  assert.deepEqual(parse(bytes("data: x\n")), []);
});

test("parser: one BOM, even split; a second one is text", () => {
  assert.deepEqual(
    parse(Uint8Array.of(0xef, 0xbb), bytes("\ufeffdata: a\n\n").subarray(2)),
    [["message", "a", ""]],
  );
  assert.deepEqual(parse(bytes("\ufeff\ufeffdata: a\n\n")), []);
});

test("parser: invalid UTF-8 is replaced; retry is read when all digits", () => {
  assert.deepEqual(parse(Uint8Array.of(...bytes("data: "), 0xff, 10, 10)), [
    ["message", "\ufffd", ""],
  ]);
  const parser = new EventParser();
  const events = parser.feed(
    bytes("retry: 2500\ndata: a\n\nretry: 1x\ndata: b\n\n"),
  );
  assert.deepEqual(
    events.map((e) => e.retry),
    [2500, undefined],
  );
  assert.deepEqual(
    new ServerSentEvent({ event: "m", data: '{"a":[1]}', id: "" }).json(),
    { a: [1] },
  );
  assert.throws(
    () => new ServerSentEvent({ event: "m", data: "nope", id: "" }).json(),
    SyntaxError,
  );
});

// -- the stream object ------------------------------------------------------

const GET = { name: "streamEvents", method: "GET", path: "/events" };

function hanging(n, headers = {}) {
  let text = "";
  for (let i = 0; i < n; i += 1) text += `data: ${i}\n\n`;
  return [{ status: 200, headers, chunks: [{ text }], end: "hang" }];
}

test("breaking out of the loop closes the connection", async () => {
  const server = await streamServer(hanging(3));
  try {
    const runtime = new Runtime({ baseUrl: server.base });
    const stream = await runtime.stream(GET);
    for await (const event of stream) {
      assert.equal(event.data, "0");
      break;
    }
    assert.ok(stream.closed);
    assert.equal(stream.eventsDelivered, 1);
    const seen = await Promise.race([server.closedByClient, sleep(5000)]);
    assert.equal(seen, true, "the server never saw the socket closed");
  } finally {
    await server.close();
  }
});

test("the call's signal closes the stream and throws RequestAbortedError", async () => {
  const server = await streamServer(hanging(1));
  try {
    const runtime = new Runtime({ baseUrl: server.base });
    const controller = new AbortController();
    const stream = await runtime.stream(GET, {}, { signal: controller.signal });
    const seen = [];
    setTimeout(() => controller.abort(), 200);
    await assert.rejects(async () => {
      for await (const event of stream) seen.push(event.data);
    }, RequestAbortedError);
    assert.deepEqual(seen, ["0"]);
    assert.ok(stream.closed);
    const closed = await Promise.race([server.closedByClient, sleep(5000)]);
    assert.equal(closed, true);
  } finally {
    await server.close();
  }
});

test("decodeEvent, the request id and a per-call idle timeout", async () => {
  const server = await streamServer([
    {
      status: 200,
      headers: { "x-request-id": "req_42" },
      chunks: [{ text: 'data: {"n": 1}\n\ndata: {"n": 2}\n\n' }],
      end: "hang",
    },
  ]);
  try {
    const runtime = new Runtime({ baseUrl: server.base });
    const stream = await runtime.stream(
      GET,
      { decodeEvent: (e) => e.json().n },
      { idleTimeout: 300 },
    );
    assert.equal(stream.requestId, "req_42");
    assert.equal(stream.headers.get("content-type"), "text/event-stream");
    const seen = [];
    const err = await (async () => {
      try {
        for await (const n of stream) seen.push(n);
      } catch (e) {
        return e;
      }
    })();
    assert.deepEqual(seen, [1, 2]);
    assert.ok(err instanceof StreamError);
    assert.equal(err.reason, "idle_timeout");
    assert.equal(err.eventsDelivered, 2);
    assert.equal(err.requestId, "req_42");
    assert.equal(err.stopReason, "not_retryable");
    assert.match(err.message, /2 events delivered/);
  } finally {
    await server.close();
  }
});

test("an event past maxResponseBytes is an error and closes the connection", async () => {
  const server = await streamServer([
    {
      status: 200,
      chunks: [{ text: `data: ${"x".repeat(2000)}` }],
      end: "hang",
    },
  ]);
  try {
    const runtime = new Runtime({
      baseUrl: server.base,
      maxResponseBytes: 1000,
    });
    const stream = await runtime.stream(GET);
    await assert.rejects(
      async () => {
        for await (const _ of stream);
      },
      (err) => err instanceof StreamError && err.reason === "too_large",
    );
    const closed = await Promise.race([server.closedByClient, sleep(5000)]);
    assert.equal(closed, true);
  } finally {
    await server.close();
  }
});

test("idle timeouts must be positive", async () => {
  assert.equal(DEFAULTS.streamIdleTimeout, 60000);
  assert.throws(
    () => new Runtime({ baseUrl: "http://127.0.0.1:9", streamIdleTimeout: 0 }),
  );
  const runtime = new Runtime({ baseUrl: "http://127.0.0.1:9" });
  await assert.rejects(runtime.stream(GET, {}, { idleTimeout: -1 }));
});
