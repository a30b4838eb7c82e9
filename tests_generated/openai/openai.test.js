// The OpenAI corpus spec's Node SDK (built by scripts/test-openai) against
// server.py, the loopback server speaking OpenAI's wire format that the
// Python test uses too: a chat completion streamed as server-sent events,
// and `files` walked page by page with `after`.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const sdk = process.env.SDKGEN_OPENAI_NODE;
const skip = sdk ? false : "SDKGEN_OPENAI_NODE is not set";
const here = fileURLToPath(new URL(".", import.meta.url));

/** server.py started on a free port; `seen` fills with its request lines. */
async function start() {
  const child = spawn("python3", [join(here, "server.py")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const seen = [];
  createInterface({ input: child.stderr }).on("line", (line) =>
    seen.push(JSON.parse(line)),
  );
  const [first] = await once(createInterface({ input: child.stdout }), "line");
  const url = first.replace("listening on ", "");
  return { url: `${url}/v1`, seen, stop: () => child.kill() };
}

/** Waits (up to 5 s) until server.py has reported `n` requests. */
async function reported(server, n) {
  for (let i = 0; i < 500 && server.seen.length < n; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function client(server) {
  const { OpenAi } = await import(
    pathToFileURL(join(sdk ?? "", "index.js")).href
  );
  return new OpenAi({ apiKey: "sk-test", baseUrl: server.url });
}

test("a chat completion streams chunk by chunk", { skip }, async () => {
  const server = await start();
  try {
    const c = await client(server);
    const stream = await c.chat.createChatCompletionStream({
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "Say hello" }],
    });
    assert.equal(stream.requestId, "req_openai_1");
    let text = "";
    let last;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      last = chunk;
    }
    assert.equal(text, "Hello");
    assert.equal(last.choices[0].finishReason, "stop");
    await reported(server, 1);
    const [sent] = server.seen;
    assert.equal(sent.path, "/v1/chat/completions");
    assert.equal(sent.accept, "text/event-stream");
    assert.equal(sent.body.stream, true);
    assert.deepEqual(sent.body.messages, [
      { role: "user", content: "Say hello" },
    ]);
  } finally {
    server.stop();
  }
});

test("files are walked page by page", { skip }, async () => {
  const server = await start();
  try {
    const c = await client(server);
    const ids = [];
    for await (const file of c.files.listFiles({ limit: 2 })) ids.push(file.id);
    assert.deepEqual(ids, ["file-a", "file-b", "file-c"]);
    await reported(server, 2);
    assert.deepEqual(
      server.seen.map((s) => s.path),
      ["/v1/files?limit=2", "/v1/files?limit=2&after=file-b"],
    );
  } finally {
    server.stop();
  }
});
