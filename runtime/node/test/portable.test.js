// The runtime runs wherever fetch does (Node 20+, Deno, Bun, edge workers):
// it imports nothing but its own modules. tests_generated/node-elsewhere runs
// a generated SDK under Deno and Bun for real; this test keeps the source
// honest between those runs.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";

const SRC = new URL("../src/", import.meta.url);

test("the runtime imports only its own modules", () => {
  for (const name of readdirSync(SRC).filter((n) => n.endsWith(".js"))) {
    const text = readFileSync(new URL(name, SRC), "utf8");
    const specifiers = [
      ...text.matchAll(/^\s*(?:import|export)[^;]*?from\s+"([^"]+)"/gms),
      ...text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
      ...text.matchAll(/\brequire\(\s*"([^"]+)"\s*\)/g),
    ].map((m) => m[1]);
    for (const spec of specifiers)
      assert.ok(spec.startsWith("./"), `${name} imports ${spec}`);
  }
});

test("platform objects are reached through globalThis, never as bare globals", () => {
  for (const name of readdirSync(SRC).filter((n) => n.endsWith(".js"))) {
    const text = readFileSync(new URL(name, SRC), "utf8")
      .split("\n")
      .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
      .join("\n");
    assert.doesNotMatch(
      text,
      /(?<![.\w])(process|Buffer|Deno|Bun)\s*[.[]/,
      name,
    );
  }
});
