// Every case of runtime/wire-vectors.json, each as its own test: the
// serialisation rules of runtime/WIRE.md as the Node runtime applies them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import {
  InvalidArgumentError,
  cookieHeader,
  cookieParam,
  formBody,
  headerParam,
  pathParam,
  queryParam,
  textOf,
} from "../src/index.js";

const vectors = JSON.parse(
  readFileSync(new URL("../../wire-vectors.json", import.meta.url), "utf8"),
);

const SECTIONS = ["text", "query", "path", "header", "cookie", "form"];

test("the vectors file has every section this suite runs, and nothing else", () => {
  assert.deepEqual(
    Object.keys(vectors)
      .filter((k) => k !== "about")
      .sort(),
    [...SECTIONS].sort(),
  );
});

/** What one case's function gives: the expected `out`, `null` when nothing is sent. */
const run = {
  text: (c) => textOf(c.value),
  query: (c) =>
    queryParam(c.name, c.value, {
      style: c.style,
      explode: c.explode,
      allowReserved: c.allow_reserved ?? false,
      contentType: c.content,
    }),
  path: (c) =>
    pathParam(c.name, c.value, { style: c.style, explode: c.explode }),
  header: (c) => {
    const pair = headerParam("X-Case", c.value, { explode: c.explode });
    return pair === undefined ? null : pair[1];
  },
  cookie: (c) =>
    cookieHeader(cookieParam(c.name, c.value, { explode: c.explode })) ?? null,
  form: (c) =>
    formBody(
      c.value,
      c.fields.map((f) => [f.name, f.style, f.explode, f.allow_reserved]),
    ),
};

for (const section of SECTIONS) {
  vectors[section].forEach((c, i) => {
    const title = `${section} #${i}: ${JSON.stringify(c.value)}${c.name ? ` as ${c.name}` : ""}${
      c.style ? ` ${c.style}` : ""
    }${c.explode === undefined ? "" : ` explode=${c.explode}`}${c.allow_reserved ? " allowReserved" : ""}${
      c.content ? ` as ${c.content}` : ""
    }`;
    test(title, () => {
      if (c.error) {
        assert.throws(() => run[section](c), InvalidArgumentError);
      } else {
        assert.ok("out" in c, "a case without error has an out");
        assert.equal(run[section](c), c.out);
      }
    });
  });
}
