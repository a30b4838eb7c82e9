// Files both ways against HTTP servers on 127.0.0.1: downloads read whole,
// in chunks and into a file, a body that breaks or goes quiet, opening
// retried before the headers; uploads from disk sent again on a retry, a
// stream read once, and toFile's name and type on the wire.

import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { existsSync, mkdtempSync, openAsBlob, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import {
  Runtime,
  BinaryResponse,
  SDKError,
  StreamError,
  RequestAbortedError,
  multipartBody,
  toFile,
} from "../src/index.js";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const GET = { name: "getFile", method: "GET", path: "/file" };
const PUT = { name: "putFile", method: "PUT", path: "/file" };

/**
 * A server whose i-th request is answered by handlers[i](req, res, body),
 * after its body is read; what each request sent is kept.
 */
async function serve(handlers) {
  const requests = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const index = requests.length;
      requests.push({ headers: req.headers, body });
      const handler = handlers[index] ?? ((_, r) => r.writeHead(500).end());
      Promise.resolve(handler(req, res, body)).catch(() => res.destroy());
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function runtime(server, extra = {}) {
  return new Runtime({
    baseUrl: server.base,
    baseMs: 1,
    capMs: 5,
    random: () => 0.5,
    timeout: 10000,
    ...extra,
  });
}

/** Bytes 0..n-1 modulo 251, so an offset error shows. */
function pattern(n) {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 1) out[i] = i % 251;
  return out;
}

/** A handler sending `data` in pieces of `size`, chunked, then ending. */
const chunked =
  (data, size, headers = {}) =>
  async (_, res) => {
    res.writeHead(200, { "content-type": "application/pdf", ...headers });
    for (let at = 0; at < data.length; at += size) {
      res.write(data.subarray(at, at + size));
      await sleep(1);
    }
    res.end();
  };

const tempDir = () => mkdtempSync(join(tmpdir(), "sdkgen-files-"));

test("a download read whole: status, headers, type, length, request id", async () => {
  const data = pattern(5000);
  const server = await serve([
    (_, res) =>
      res
        .writeHead(200, {
          "content-type": "image/png",
          "content-length": String(data.length),
          "x-request-id": "req-9",
        })
        .end(data),
  ]);
  try {
    const r = await runtime(server).download(GET);
    assert.ok(r instanceof BinaryResponse);
    assert.equal(r.status, 200);
    assert.equal(r.contentType, "image/png");
    assert.equal(r.contentLength, 5000);
    assert.equal(r.requestId, "req-9");
    assert.equal(r.attempts, 1);
    assert.deepEqual(await r.bytes(), data);
    assert.equal(r.bytesDelivered, 5000);
    // A second read is an error, not a hang.
    await assert.rejects(r.text(), (err) => {
      assert.ok(err instanceof SDKError);
      assert.match(err.message, /already read \(by bytes\(\)\)/);
      return true;
    });
  } finally {
    await server.close();
  }
});

test("a download read in chunks, and as a web stream", async () => {
  const data = pattern(300000);
  const server = await serve([
    chunked(data, 65536),
    chunked(new TextEncoder().encode("héllo"), 2),
  ]);
  try {
    const rt = runtime(server);
    const r = await rt.download(GET);
    assert.equal(r.contentType, "application/pdf");
    assert.equal(r.contentLength, undefined);
    const pieces = [];
    for await (const chunk of r) {
      assert.ok(chunk instanceof Uint8Array);
      pieces.push(chunk);
    }
    assert.ok(pieces.length > 1);
    assert.deepEqual(new Uint8Array(Buffer.concat(pieces)), data);
    assert.equal(r.closed, true);
    assert.throws(() => r.body, SDKError);

    const s = await rt.download(GET);
    assert.equal(await new Response(s.body).text(), "héllo");
  } finally {
    await server.close();
  }
});

test("writeToFile writes the body as it arrives and gives its length", async () => {
  const data = pattern(200000);
  const server = await serve([chunked(data, 8192)]);
  const path = join(tempDir(), "out.pdf");
  try {
    const r = await runtime(server).download(GET);
    assert.equal(await r.writeToFile(path), data.length);
    assert.deepEqual(new Uint8Array(readFileSync(path)), data);
  } finally {
    await server.close();
  }
});

test("a body cut off: StreamError with the bytes delivered, the partial file removed", async () => {
  const cut = async (_, res) => {
    res.writeHead(200, { "content-type": "application/octet-stream" });
    res.write(pattern(1000));
    await sleep(20);
    res.socket.destroy();
  };
  const server = await serve([cut, cut]);
  const path = join(tempDir(), "partial.bin");
  try {
    const rt = runtime(server);
    const r = await rt.download(GET);
    const err = await r.writeToFile(path).catch((e) => e);
    assert.ok(err instanceof StreamError, String(err));
    assert.equal(err.kind, "stream");
    assert.equal(err.reason, "connection_lost");
    assert.equal(err.stopReason, "not_retryable");
    assert.equal(err.bytesDelivered, 1000);
    assert.equal(err.eventsDelivered, 0);
    assert.equal(err.status, 200);
    assert.match(
      err.message,
      /the download was cut off .*1000 bytes delivered/,
    );
    assert.equal(existsSync(path), false);
    // Never retried: the server saw one request for it.
    assert.equal(server.requests.length, 1);

    const again = await rt.download(GET);
    await assert.rejects(again.bytes(), (e) => e.reason === "connection_lost");
  } finally {
    await server.close();
  }
});

test("the idle timeout bounds each wait for the body's next bytes", async () => {
  const server = await serve([
    async (_, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.write(pattern(10));
      await sleep(3000);
      res.end();
    },
  ]);
  try {
    const started = performance.now();
    const r = await runtime(server).download(GET, {}, { idleTimeout: 100 });
    const err = await r.bytes().catch((e) => e);
    assert.ok(err instanceof StreamError, String(err));
    assert.equal(err.reason, "idle_timeout");
    assert.equal(err.bytesDelivered, 10);
    assert.ok(performance.now() - started < 2000);
  } finally {
    await server.close();
  }
});

test("opening is retried until the headers: 503 then 200", async () => {
  const server = await serve([
    (_, res) => res.writeHead(503, { "content-length": "0" }).end(),
    (_, res) => res.writeHead(200).end("ok"),
  ]);
  try {
    const r = await runtime(server).download(GET);
    assert.equal(r.attempts, 2);
    assert.equal(await r.text(), "ok");
    assert.equal(server.requests.length, 2);
  } finally {
    await server.close();
  }
});

test("a whole read past maxResponseBytes is too_large; chunks have no limit", async () => {
  const data = pattern(4096);
  const server = await serve([chunked(data, 512), chunked(data, 512)]);
  try {
    const rt = runtime(server, { maxResponseBytes: 1000 });
    const r = await rt.download(GET);
    const err = await r.bytes().catch((e) => e);
    assert.ok(err instanceof StreamError, String(err));
    assert.equal(err.reason, "too_large");
    assert.match(err.message, /in chunks .* or write it to a file/);
    let n = 0;
    for await (const chunk of await rt.download(GET)) n += chunk.byteLength;
    assert.equal(n, data.length);
  } finally {
    await server.close();
  }
});

test("cancel() and the call's signal close the connection", async () => {
  let closed;
  const hang = (_, res) => {
    closed = new Promise((resolve) => res.on("close", resolve));
    res.writeHead(200);
    res.write("x");
  };
  const server = await serve([hang, hang]);
  try {
    const rt = runtime(server);
    const r = await rt.download(GET);
    await r.cancel();
    await closed;
    const controller = new AbortController();
    const s = await rt.download(GET, {}, { signal: controller.signal });
    const reading = s.bytes().catch((e) => e);
    await sleep(20);
    controller.abort();
    assert.ok((await reading) instanceof RequestAbortedError);
    await closed;
  } finally {
    await server.close();
  }
});

/** The parts of a multipart body: name, headers and bytes of each. */
function parts(body, contentType) {
  const boundary = /boundary=(\S+)/.exec(contentType)[1];
  const text = body.toString("latin1");
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => {
      const at = p.indexOf("\r\n\r\n");
      return {
        head: p.slice(2, at),
        body: Buffer.from(p.slice(at + 4, -2), "latin1"),
      };
    });
}

test("an upload from disk (fs.openAsBlob) is sent again, the same bytes, after a 503", async () => {
  const data = pattern(100000);
  const path = join(tempDir(), "report.pdf");
  await writeFile(path, data);
  const ok = (_, res) => res.writeHead(200).end();
  const server = await serve([
    (_, res) => res.writeHead(503, { "content-length": "0" }).end(),
    ok,
  ]);
  try {
    const file = await openAsBlob(path, { type: "application/pdf" });
    const res = await runtime(server).request(PUT, {
      body: multipartBody({ file, purpose: "x" }, [["file"], ["purpose"]]),
    });
    assert.equal(res.attempts, 2);
    const [first, second] = server.requests;
    assert.deepEqual(first.body, second.body);
    // A Blob body has a known size.
    assert.equal(first.headers["content-length"], String(first.body.length));
    const [filePart] = parts(second.body, second.headers["content-type"]);
    assert.match(filePart.head, /name="file"; filename="file"/);
    assert.match(filePart.head, /Content-Type: application\/pdf/);
    assert.deepEqual(new Uint8Array(filePart.body), data);
  } finally {
    await server.close();
  }
});

const streamOf = (...pieces) =>
  new ReadableStream({
    start(controller) {
      for (const p of pieces) controller.enqueue(new TextEncoder().encode(p));
      controller.close();
    },
  });

test("a one-shot stream is not sent again after a 503 that read it", async () => {
  const server = await serve([
    (_, res) => res.writeHead(503, { "content-length": "0" }).end(),
    (_, res) => res.writeHead(200).end(),
  ]);
  try {
    const err = await runtime(server)
      .request(PUT, {
        body: multipartBody({ file: streamOf("ab", "cd") }),
      })
      .catch((e) => e);
    assert.ok(err instanceof SDKError, String(err));
    assert.equal(err.status, 503);
    assert.equal(err.stopReason, "not_retryable");
    assert.match(err.message, /could not be sent again/);
    assert.equal(server.requests.length, 1);
    const [sent] = server.requests;
    assert.equal(sent.headers["transfer-encoding"], "chunked");
    const [part] = parts(sent.body, sent.headers["content-type"]);
    assert.equal(part.body.toString(), "abcd");
  } finally {
    await server.close();
  }
});

test("a one-shot stream is sent on the retry after a refused connection", async () => {
  const server = await serve([(_, res) => res.writeHead(200).end()]);
  // A port nothing listens on: the first attempt is refused, unread.
  const closed = createServer();
  await new Promise((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const refused = `http://127.0.0.1:${closed.address().port}`;
  await new Promise((resolve) => closed.close(resolve));
  let calls = 0;
  const fetch = (url, init) => {
    calls += 1;
    return globalThis.fetch(
      calls === 1 ? url.replace(server.base, refused) : url,
      init,
    );
  };
  try {
    const res = await runtime(server, { fetch }).request(PUT, {
      body: streamOf("raw ", "bytes"),
      contentType: "application/octet-stream",
    });
    assert.equal(res.attempts, 2);
    assert.equal(server.requests.length, 1);
    assert.equal(server.requests[0].body.toString(), "raw bytes");
    assert.equal(
      server.requests[0].headers["content-type"],
      "application/octet-stream",
    );
  } finally {
    await server.close();
  }
});

test("toFile's name and type go on the wire; without them, the property's name", async () => {
  const server = await serve([(_, res) => res.writeHead(200).end()]);
  async function* generate() {
    yield new TextEncoder().encode("it");
    yield new TextEncoder().encode("er");
  }
  try {
    await runtime(server).request(PUT, {
      body: multipartBody(
        {
          a: toFile(new Uint8Array([1, 2]), "a.txt", { type: "text/plain" }),
          b: new Uint8Array([3]),
          c: toFile(generate(), "c.bin"),
          d: toFile(new Blob(["d"], { type: "image/gif" }), "d.gif"),
        },
        [["a"], ["b", "image/png"], ["c"], ["d", "image/png"]],
      ),
    });
    const [sent] = server.requests;
    const got = parts(sent.body, sent.headers["content-type"]);
    assert.deepEqual(
      got.map((p) => p.head),
      [
        'Content-Disposition: form-data; name="a"; filename="a.txt"\r\nContent-Type: text/plain',
        'Content-Disposition: form-data; name="b"; filename="b"\r\nContent-Type: image/png',
        'Content-Disposition: form-data; name="c"; filename="c.bin"\r\nContent-Type: application/octet-stream',
        'Content-Disposition: form-data; name="d"; filename="d.gif"\r\nContent-Type: image/gif',
      ],
    );
    assert.deepEqual(
      got.map((p) => p.body.toString("latin1")),
      ["\x01\x02", "\x03", "iter", "d"],
    );
  } finally {
    await server.close();
  }
});

// Node's fetch reads a request body into memory whole before the socket
// takes it (nodejs/undici issue 4058): on Node, a body that must stream goes
// through node:http (src/nodehttp.js). Its requests carry no
// `sec-fetch-mode`, which fetch adds to each of its own.
test("a large Blob goes through node:http: its length, the same bytes again after a 503", async () => {
  const data = pattern(3 * 1024 * 1024 + 7);
  const path = join(tempDir(), "big.bin");
  await writeFile(path, data);
  const server = await serve([
    (_, res) => res.writeHead(503, { "content-length": "0" }).end(),
    (_, res) => res.writeHead(204).end(),
    (_, res) => res.writeHead(204).end(),
  ]);
  try {
    const rt = runtime(server);
    const file = await openAsBlob(path);
    const res = await rt.request(PUT, {
      body: file,
      contentType: "application/octet-stream",
    });
    assert.equal(res.status, 204);
    assert.equal(res.attempts, 2);
    for (const sent of server.requests.slice(0, 2)) {
      assert.equal(sent.headers["sec-fetch-mode"], undefined);
      assert.equal(sent.headers["content-length"], String(data.length));
      assert.equal(sent.headers["content-type"], "application/octet-stream");
      assert.deepEqual(new Uint8Array(sent.body), data);
    }
    // A small body still goes by fetch.
    await rt.request(PUT, { body: new Blob(["small"]) });
    assert.equal(server.requests[2].headers["sec-fetch-mode"], "cors");
  } finally {
    await server.close();
  }
});

test("through node:http, a refused connection is clean: an unsafe POST is retried", async () => {
  const closed = createServer();
  await new Promise((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${closed.address().port}`;
  await new Promise((resolve) => closed.close(resolve));
  const POST = { name: "createFile", method: "POST", path: "/file" };
  const err = await runtime({ base })
    .request(POST, { body: multipartBody({ file: streamOf("x") }) })
    .catch((e) => e);
  assert.ok(err instanceof SDKError, String(err));
  assert.equal(err.code, "ECONNREFUSED");
  // A stream refused unread is sent again from memory on each retry.
  assert.equal(err.attempts, 3);
});

test("through node:http, the caller's signal stops an upload under way", async () => {
  const server = await serve([]);
  const controller = new AbortController();
  async function* slow() {
    yield new Uint8Array(10);
    controller.abort(new Error("the user left"));
    await sleep(50);
    yield new Uint8Array(10);
  }
  try {
    const err = await runtime(server)
      .request(PUT, { body: slow() }, { signal: controller.signal })
      .catch((e) => e);
    assert.ok(err instanceof RequestAbortedError, String(err));
  } finally {
    await server.close();
  }
});
