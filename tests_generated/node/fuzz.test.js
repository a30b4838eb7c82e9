// The generated Payments SDK against a loopback server whose answers are
// malformed, truncated, huge or slow: bad status lines, lying
// Content-Length, invalid JSON and UTF-8, chunked garbage, 100,000-deep
// JSON. Every call must end, within its deadline, in an SDKError (or a
// value), never in a raw RangeError, TypeError or other language error.
// Seeded and bounded: the same answers on every run.
import assert from "node:assert/strict";
import net from "node:net";
import { once } from "node:events";
import { test } from "node:test";

import { Payments, SDKError } from "../../generated/payments/node/index.js";

const SEED = 20240514;
const ROUNDS = 60;
const LIMIT = 1024 * 1024;
const DEADLINE_MS = 400;
const SLOW = "slow";

/** A small seeded generator (mulberry32): draws in [0, 1). */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const head = (status, ...headers) =>
  Buffer.from(
    [`HTTP/1.1 ${status}`, ...headers, "Connection: close"].join("\r\n") +
      "\r\n\r\n",
  );
const json = (body, status = "200 OK") => {
  const bytes = Buffer.from(body, "latin1");
  return Buffer.concat([
    head(
      status,
      "Content-Type: application/json",
      `Content-Length: ${bytes.length}`,
    ),
    bytes,
  ]);
};
const deep = "[".repeat(100_000) + "]".repeat(100_000);

const ANSWERS = {
  "bad status line": () => Buffer.from("HTTP/1.1 two hundred\r\n\r\n"),
  "not HTTP": (r) =>
    Buffer.from(
      Array.from({ length: 1 + Math.floor(r() * 200) }, () =>
        Math.floor(r() * 256),
      ),
    ),
  "headers cut short": () => Buffer.from("HTTP/1.1 200 OK\r\nContent-Ty"),
  "lying Content-Length": () =>
    Buffer.concat([
      head("200 OK", "Content-Type: application/json", "Content-Length: 5000"),
      Buffer.from('{"id": "tr_1"'),
    ]),
  "negative Content-Length": () =>
    Buffer.concat([head("200 OK", "Content-Length: -4"), Buffer.from("{}")]),
  "invalid JSON": () => json('{"id": "tr_1", "amount": 12,,}'),
  "invalid UTF-8": () => json('{"id": "\xff\xfe\xc3\x28", "amount": 1}'),
  "invalid UTF-8 in an error": () => json('{"code": "\xff\xfe"}', "500 Oops"),
  "chunked garbage": () =>
    Buffer.concat([
      head(
        "200 OK",
        "Content-Type: application/json",
        "Transfer-Encoding: chunked",
      ),
      Buffer.from("zz\r\nnot a chunk\r\n"),
    ]),
  "deep JSON": () => json(deep),
  "deep JSON object": () =>
    json('{"a":'.repeat(100_000) + "1" + "}".repeat(100_000)),
  "deep JSON error": () => json(deep, "400 Bad"),
  "huge body": () => json(`"${"x".repeat(LIMIT * 2)}"`),
  "random JSON-ish": (r) => {
    const alphabet = '{}[]",:0123456789.eE-tfnul \\';
    let s = "";
    for (let i = 0; i < 300; i += 1)
      s += alphabet[Math.floor(r() * alphabet.length)];
    return json(s);
  },
  "wrong types": () =>
    json('{"id": 1, "amount": "x", "status": [], "created": {}}'),
};

async function hostileServer() {
  const answers = [];
  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
    socket.once("data", async () => {
      const answer = answers.shift() ?? Buffer.alloc(0);
      if (answer === SLOW) {
        // One byte a tenth of a second: past any deadline here.
        socket.write("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n");
        for (let i = 0; i < 50 && !socket.destroyed; i += 1) {
          socket.write(" ");
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        socket.destroy();
      } else {
        socket.end(answer);
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    answers,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

test("every hostile answer is an SDK error or a value", async () => {
  const random = seeded(SEED);
  const names = [...Object.keys(ANSWERS), SLOW];
  const seen = {};
  const server = await hostileServer();
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      // Every answer once, then a seeded draw.
      const name =
        round < names.length
          ? names[round]
          : names[Math.floor(random() * names.length)];
      server.answers.length = 0;
      server.answers.push(name === SLOW ? SLOW : ANSWERS[name](random));
      const client = new Payments({
        baseUrl: server.url,
        bearerToken: "sk_test_1",
        retries: false,
        timeout: DEADLINE_MS,
        maxResponseBytes: LIMIT,
      });
      try {
        await client.transfers.getTransfer("tr_1");
        seen[name] = "value";
      } catch (err) {
        // The failure this test exists to find: a raw language error.
        assert.ok(
          err instanceof SDKError,
          `${name}: a raw ${err?.constructor?.name} reached the caller: ${String(err).slice(0, 300)}`,
        );
        seen[name] = err.constructor.name;
      }
    }
  } finally {
    server.close();
  }
  assert.deepEqual(Object.keys(seen).sort(), [...names].sort());
  for (const name of ["huge body", SLOW]) {
    assert.notEqual(seen[name], "value", `${name}: ${seen[name]}`);
  }
});
