// The SDK of generator/tests/fixtures/files.yaml against a scripted server
// on 127.0.0.1: files sent as bytes, Blobs from disk and streams, and
// downloads read whole, in chunks or into a file (CONTRACT.md section 13).
import assert from "node:assert/strict";
import { openAsBlob } from "node:fs";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

import { fast, scripted } from "./server.js";

const fixtures = process.env.SDKGEN_NODE_FIXTURES;
const skip = fixtures ? false : "SDKGEN_NODE_FIXTURES is not set";

async function sdk() {
  return import(
    pathToFileURL(join(fixtures ?? "", "files/node/index.js")).href
  );
}

async function client(server) {
  const { Files } = await sdk();
  return new Files({ baseUrl: `${server.url}/v1`, ...fast });
}

const stored = { id: "f1", filename: "a.pdf", bytes: 3 };

async function form(r) {
  return new Response(r.body, {
    headers: { "content-type": r.headers["content-type"] ?? "" },
  }).formData();
}

async function scratch(run) {
  const dir = await mkdtemp(join(tmpdir(), "sdkgen-files-"));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test(
  "a file part goes with the caller's name and type, the purpose beside it",
  { skip },
  async () => {
    const { toFile } = await sdk();
    const server = await scripted([{ status: 200, json: stored }]);
    try {
      const file = await (
        await client(server)
      ).files.uploadFile({
        file: toFile(new Uint8Array([37, 80, 68]), 'scan "2".pdf', {
          type: "application/pdf",
        }),
        purpose: "assistants",
      });
      assert.deepEqual(file, { id: "f1", filename: "a.pdf", bytes: 3 });
      const r = server.requests[0];
      assert.equal(r.method, "POST");
      const parts = await form(r);
      const part = parts.get("file");
      assert.ok(part instanceof File);
      assert.equal(part.name, 'scan "2".pdf');
      assert.equal(part.type, "application/pdf");
      assert.deepEqual(
        new Uint8Array(await part.arrayBuffer()),
        new Uint8Array([37, 80, 68]),
      );
      assert.equal(parts.get("purpose"), "assistants");
    } finally {
      await server.close();
    }
  },
);

test(
  "a part with a declared type list is sent as its first concrete type",
  { skip },
  async () => {
    const server = await scripted([{ status: 200, json: stored }]);
    try {
      await (
        await client(server)
      ).files.uploadImage({
        image: new Uint8Array([137, 80, 78, 71]),
      });
      const part = (await form(server.requests[0])).get("image");
      assert.ok(part instanceof File);
      assert.equal(part.type, "image/png");
      assert.equal(part.name, "image");
    } finally {
      await server.close();
    }
  },
);

test(
  "a raw body from a file on disk is sent whole, again after a 503",
  { skip },
  async () =>
    scratch(async (dir) => {
      const path = join(dir, "blob.bin");
      const content = new Uint8Array(300_000).map((_, i) => i % 251);
      await writeFile(path, content);
      const server = await scripted([
        { status: 503, json: { message: "busy" } },
        { status: 201, json: { ...stored, bytes: content.length } },
      ]);
      try {
        const blobs = (await client(server)).blobs;
        const out = await blobs.putBlob("b1", { body: await openAsBlob(path) });
        assert.equal(out.bytes, content.length);
        assert.equal(server.requests.length, 2);
        for (const r of server.requests) {
          assert.equal(r.method, "PUT");
          assert.equal(r.path, "/v1/blobs/b1");
          assert.equal(r.headers["content-type"], "application/octet-stream");
          assert.equal(r.headers["content-length"], String(content.length));
          assert.deepEqual(new Uint8Array(r.body), content);
        }
      } finally {
        await server.close();
      }
    }),
);

test(
  "a stream body is sent once: a 503 after it was read is not retried",
  { skip },
  async () => {
    const { APIError } = await sdk();
    const server = await scripted([
      { status: 503, json: { message: "busy" } },
      { status: 201, json: stored },
    ]);
    async function* chunks() {
      yield new TextEncoder().encode("one,");
      yield new TextEncoder().encode("two");
    }
    try {
      const blobs = (await client(server)).blobs;
      await assert.rejects(blobs.putBlob("b2", { body: chunks() }), (err) => {
        assert.ok(err instanceof APIError);
        assert.equal(err.status, 503);
        return true;
      });
      assert.equal(server.requests.length, 1);
      assert.equal(server.requests[0].body.toString(), "one,two");
    } finally {
      await server.close();
    }
  },
);

test(
  "a download resolves at its headers and is read in chunks, once",
  { skip },
  async () => {
    const { BinaryResponse, SDKError } = await sdk();
    const body = new Uint8Array(100_000).map((_, i) => i % 7);
    const server = await scripted([
      { status: 500, json: { message: "flaky" } },
      {
        status: 200,
        body,
        headers: {
          "content-type": "application/octet-stream",
          "content-length": String(body.length),
        },
      },
    ]);
    try {
      const files = (await client(server)).files;
      const { data, attempts, status } = await files
        .downloadFile("f 1")
        .withResponse();
      assert.ok(data instanceof BinaryResponse);
      assert.equal(status, 200);
      assert.equal(attempts, 2);
      assert.equal(data.contentType, "application/octet-stream");
      assert.equal(data.contentLength, body.length);
      let read = 0;
      for await (const chunk of data) {
        assert.deepEqual(chunk, body.subarray(read, read + chunk.length));
        read += chunk.length;
      }
      assert.equal(read, body.length);
      assert.equal(data.bytesDelivered, body.length);
      await assert.rejects(data.bytes(), SDKError);
      assert.equal(server.requests[1].path, "/v1/files/f%201/content");
    } finally {
      await server.close();
    }
  },
);

test("a download is written to a file, or read whole", { skip }, async () =>
  scratch(async (dir) => {
    const body = new TextEncoder().encode("ID3 not really an mp3");
    const server = await scripted([
      { status: 200, body, headers: { "content-type": "audio/mpeg" } },
    ]);
    try {
      const c = await client(server);
      const path = join(dir, "speech.mp3");
      const spoken = await c.speech.readAloud({ text: "hello there" });
      assert.equal(spoken.contentType, "audio/mpeg");
      assert.equal(await spoken.writeToFile(path), body.length);
      assert.deepEqual(new Uint8Array(await readFile(path)), body);
      assert.equal(server.requests[0].query.get("text"), "hello there");
      const again = await c.speech.readAloud({ text: "again" });
      assert.deepEqual(await again.bytes(), body);
    } finally {
      await server.close();
    }
  }),
);

test(
  "a download cut short throws a StreamError and leaves no partial file",
  { skip },
  async () =>
    scratch(async (dir) => {
      const { StreamError } = await sdk();
      const server = await scripted([
        {
          status: 200,
          // Says 1000 bytes, sends 10 and closes the connection.
          body: new Uint8Array(10),
          headers: {
            "content-type": "application/octet-stream",
            "content-length": "1000",
          },
        },
      ]);
      try {
        const download = await (await client(server)).files.downloadFile("f1");
        const path = join(dir, "cut.bin");
        await assert.rejects(download.writeToFile(path), (err) => {
          assert.ok(err instanceof StreamError, String(err));
          return true;
        });
        await assert.rejects(stat(path), { code: "ENOENT" });
        assert.equal(server.requests.length, 1);
      } finally {
        await server.close();
      }
    }),
);
