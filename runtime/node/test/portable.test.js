// The runtime runs wherever fetch does (Node 20+, Deno, Bun, edge workers):
// it imports nothing but its own modules. tests_generated/node-elsewhere runs
// a generated SDK under Deno and Bun for real; this test keeps the source
// honest between those runs.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";

const SRC = new URL("../src/", import.meta.url);

// The one exception: BinaryResponse.writeToFile imports node:fs when it is
// called (never when the module loads), and says so where it cannot.
const LAZY = new Map([["files.js", ["node:fs"]]]);

test("the runtime imports only its own modules", () => {
  for (const name of readdirSync(SRC).filter((n) => n.endsWith(".js"))) {
    const text = readFileSync(new URL(name, SRC), "utf8");
    const specifiers = [
      ...text.matchAll(/^\s*(?:import|export)[^;]*?from\s+"([^"]+)"/gms),
      ...text.matchAll(/\brequire\(\s*"([^"]+)"\s*\)/g),
    ].map((m) => m[1]);
    for (const spec of specifiers)
      assert.ok(spec.startsWith("./"), `${name} imports ${spec}`);
    for (const [line, spec] of text.matchAll(
      /^.*\bimport\(\s*"([^"]+)"\s*\).*$/gm,
    )) {
      assert.ok(
        (LAZY.get(name) ?? []).includes(spec),
        `${name} imports ${spec}`,
      );
      // Inside a function: indented, never at the module's top level.
      assert.match(line, /^\s{4,}/, `${name}: ${line}`);
    }
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
