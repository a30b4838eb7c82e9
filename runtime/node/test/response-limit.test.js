// A server whose body never ends: the runtime reads it no further than the
// client's maxResponseBytes, closes the connection and fails the call with
// ResponseTooLargeError, without retrying.
import { test } from "node:test";
import assert from "node:assert/strict";
import net from "node:net";
import { once } from "node:events";

import { Runtime, ResponseTooLargeError, SDKError } from "../src/index.js";

const LIMIT = 256 * 1024;
const PIECE = Buffer.from("0,".repeat(8192));

/**
 * Answers every connection with an endless 200 body (framed by `framing`),
 * written until the client closes the connection. `ended` resolves with the
 * bytes each connection wrote.
 */
async function endless(framing) {
  const sent = [];
  let connections = 0; // that sent a request
  let resolveEnded;
  const ended = new Promise((resolve) => (resolveEnded = resolve));
  const chunked = framing.includes("chunked");
  const piece = chunked
    ? Buffer.concat([
        Buffer.from(`${PIECE.length.toString(16)}\r\n`),
        PIECE,
        Buffer.from("\r\n"),
      ])
    : PIECE;
  const server = net.createServer((socket) => {
    let written = 0;
    // Requests are counted, not connections: undici may open a spare one.
    socket.once("data", async () => {
      connections += 1;
      socket.write(
        `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`,
      );
      // Bounded so a client that never stops reading fails the test
      // instead of hanging it: 1 GiB.
      while (!socket.destroyed && written < 2 ** 30) {
        if (!socket.write(piece)) {
          await new Promise((resolve) => {
            socket.once("drain", resolve);
            socket.once("close", resolve);
          });
        }
        written += piece.length;
      }
      sent.push(written);
      resolveEnded(sent);
    });
    socket.on("error", () => {});
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    ended,
    connections: () => connections,
    close: () => server.close(),
  };
}

for (const framing of [
  "Transfer-Encoding: chunked",
  `Content-Length: ${LIMIT + 1}`,
  "Content-Length: 10000000000000",
]) {
  test(`an endless body stops at the limit (${framing})`, async () => {
    const server = await endless(framing);
    try {
      const runtime = new Runtime({
        baseUrl: server.url,
        maxResponseBytes: LIMIT,
      });
      const err = await runtime
        .request({ name: "listCards", method: "GET", path: "/cards" })
        .then(
          () => assert.fail("an endless body was read"),
          (e) => e,
        );
      assert.ok(err instanceof ResponseTooLargeError, String(err));
      assert.ok(err instanceof SDKError);
      assert.equal(err.kind, "response_too_large");
      assert.equal(err.limit, LIMIT);
      assert.equal(err.status, 200);
      assert.equal(err.attempts, 1, "a safe GET, yet not retried");
      assert.equal(err.stopReason, "not_retryable");
      assert.match(err.message, new RegExp(`${LIMIT} bytes`));
      // The client closed the connection: the server's writes stopped well
      // short of its 1 GiB.
      const [sent] = await server.ended;
      assert.ok(sent < 64 * 1024 * 1024, `${sent} bytes sent`);
      assert.equal(server.connections(), 1);
    } finally {
      server.close();
    }
  });
}

test("a body of exactly the limit is read whole", async () => {
  const body = Buffer.from(`"${"x".repeat(1022)}"`);
  const server = net.createServer((socket) => {
    socket.once("data", () => {
      socket.end(
        Buffer.concat([
          Buffer.from(
            `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
          ),
          body,
        ]),
      );
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const runtime = new Runtime({
      baseUrl: `http://127.0.0.1:${server.address().port}`,
      maxResponseBytes: 1024,
    });
    const res = await runtime.request({ method: "GET", path: "/cards" });
    assert.equal(res.body, "x".repeat(1022));
  } finally {
    server.close();
  }
});

test("the limit is checked", () => {
  assert.throws(
    () => new Runtime({ baseUrl: "http://127.0.0.1:9", maxResponseBytes: -1 }),
    /maxResponseBytes/,
  );
});
