// The SDK of generator/tests/fixtures/streams.yaml against a scripted server
// on 127.0.0.1: a stream method beside the plain one for an operation whose
// success response offers server-sent events (CONTRACT.md section 12).
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

import { fast, scripted } from "./server.js";

const fixtures = process.env.SDKGEN_NODE_FIXTURES;
const skip = fixtures ? false : "SDKGEN_NODE_FIXTURES is not set";

async function client(server) {
  const url = pathToFileURL(join(fixtures ?? "", "streams/node/index.js"));
  const { Streams } = await import(url.href);
  return new Streams({ baseUrl: `${server.url}/v1`, ...fast });
}

const events = (...data) => data.map((d) => `data: ${d}\n\n`).join("");
const chunk = (id, delta) => JSON.stringify({ id, delta });
const stream = (body) => ({
  status: 200,
  headers: { "content-type": "text/event-stream" },
  body,
});

async function all(iterable) {
  const out = [];
  for await (const item of iterable) out.push(item);
  return out;
}

test(
  "the stream method asks for the stream and decodes each event",
  { skip },
  async () => {
    const server = await scripted([
      stream(events(chunk("c1", "Hel"), chunk("c2", "lo"), "[DONE]")),
    ]);
    try {
      const c = await client(server);
      const s = await c.chat.createCompletionStream({
        model: "m",
        prompt: "hi",
      });
      assert.equal(s.status, 200);
      assert.deepEqual(await all(s), [
        { id: "c1", delta: "Hel" },
        { id: "c2", delta: "lo" },
      ]);
      const [sent] = server.requests;
      assert.deepEqual(JSON.parse(sent.body.toString()), {
        model: "m",
        prompt: "hi",
        stream: true,
      });
      assert.equal(sent.headers.accept, "text/event-stream");
    } finally {
      await server.close();
    }
  },
);

test("the plain method reads the JSON answer", { skip }, async () => {
  const server = await scripted([
    { status: 200, json: { id: "c1", text: "Hello" } },
  ]);
  try {
    const c = await client(server);
    const done = await c.chat.createCompletion({ model: "m", prompt: "hi" });
    assert.deepEqual(done, { id: "c1", text: "Hello" });
  } finally {
    await server.close();
  }
});

test(
  "a text feed is retried until its headers, then hands out each line",
  { skip },
  async () => {
    const server = await scripted([
      { status: 503, json: { message: "busy" } },
      stream(events("one", "two")),
    ]);
    try {
      const c = await client(server);
      const s = await c.feed.watchFeedStream({ topic: "news" });
      assert.deepEqual(await all(s), ["one", "two"]);
      assert.equal(s.attempts, 2);
      assert.deepEqual(
        server.requests.map((r) => r.url),
        ["/v1/feed?topic=news", "/v1/feed?topic=news"],
      );
    } finally {
      await server.close();
    }
  },
);
