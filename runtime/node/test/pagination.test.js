// The pagination scenarios of runtime/conformance/pagination.json, played
// against a real server on 127.0.0.1: the requests each page sends, the
// items in order, and where the walk stops.

import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFileSync } from "node:fs";

import {
  Runtime,
  Pager,
  PaginationError,
  APIError,
  nextLink,
  checkPagination,
} from "../src/index.js";

const { scenarios } = JSON.parse(
  readFileSync(
    new URL("../../conformance/pagination.json", import.meta.url),
    "utf8",
  ),
);

/** Answers the scenario's exchanges by target and records each request's. */
async function pageServer(exchanges) {
  const targets = [];
  const used = new Set();
  let base = "";
  const fill = (text) => text.replaceAll("{base}", base);
  const server = createServer((req, res) => {
    targets.push(req.url);
    const matching = exchanges
      .map((ex, i) => [ex, i])
      .filter(([ex]) => ex.target === req.url);
    const fresh = matching.find(([, i]) => !used.has(i));
    const chosen = fresh ?? matching[matching.length - 1];
    if (chosen === undefined) {
      res.writeHead(500, { "Content-Length": "0" }).end();
      return;
    }
    used.add(chosen[1]);
    const ex = chosen[0];
    const body = fill(JSON.stringify(ex.body));
    const headers = {
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(body)),
    };
    for (const [k, v] of Object.entries(ex.headers ?? {})) headers[k] = fill(v);
    res.writeHead(ex.status, headers).end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  return {
    base,
    targets,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

const OP = { name: "listItems", method: "GET", retryClass: "safe" };

function planOf(raw) {
  return {
    style: raw.style,
    param: raw.param,
    sizeParam: raw.size_param,
    items: raw.items ?? [],
    next: raw.next ?? [],
    hasMore: raw.has_more ?? [],
    itemField: raw.item_field,
  };
}

function pagerFor(scenario, server) {
  const runtime = new Runtime({
    baseUrl: server.base + (scenario.base_path ?? ""),
    random: () => 0,
  });
  const query = scenario.request.query.map(([k, v]) => `${k}=${v}`).join("&");
  return new Pager({
    name: OP.name,
    baseUrl: runtime.baseUrlOf(OP),
    send: (request) => runtime.request(OP, request),
    request: { path: scenario.request.path, query },
    plan: planOf(scenario.plan),
    parseItem: (raw) => raw.id,
  });
}

function kindOf(err) {
  if (err instanceof PaginationError) return "pagination";
  if (err instanceof APIError) return `api_${err.status}`;
  return err?.constructor?.name ?? String(err);
}

for (const scenario of scenarios) {
  test(`pagination: ${scenario.name}`, async () => {
    const server = await pageServer(scenario.exchanges);
    try {
      const seen = [];
      let error = null;
      try {
        for await (const item of pagerFor(scenario, server)) seen.push(item);
      } catch (err) {
        error = kindOf(err);
      }
      assert.deepEqual(seen, scenario.expect.items);
      assert.equal(error, scenario.expect.error ?? null);
      assert.deepEqual(
        server.targets,
        scenario.exchanges.map((ex) => ex.target),
      );
    } finally {
      await server.close();
    }
  });
}

test("pagination: pages are fetched only when needed, and awaiting the pager gives the first", async () => {
  const scenario = scenarios.find((s) => s.name === "cursor_until_no_cursor");
  const server = await pageServer(scenario.exchanges);
  try {
    const pager = pagerFor(scenario, server);
    const page = await pager;
    assert.deepEqual(page.items, ["a", "b"]);
    assert.equal(page.hasNextPage(), true);
    assert.equal(server.targets.length, 1);
    assert.equal(
      await pager.firstPage(),
      page,
      "the first page is fetched once",
    );
    assert.equal(server.targets.length, 1);
    const second = await page.nextPage();
    assert.deepEqual(second.items, ["c"]);
    const sizes = [];
    for await (const p of pager.pages()) sizes.push(p.items.length);
    assert.deepEqual(sizes, [2, 1, 1]);
    assert.deepEqual([...page], ["a", "b"]);
  } finally {
    await server.close();
  }
});

test("pagination: nextLink reads rel=next from a Link header", () => {
  const cases = [
    ['<https://x/a?page=2>; rel="next"', "https://x/a?page=2"],
    [
      '<https://x/a?page=1>; rel="prev", <https://x/a?page=3>; rel="next"',
      "https://x/a?page=3",
    ],
    ['<https://x/a?page=3>; rel="next last"', "https://x/a?page=3"],
    ["<https://x/a?page=3>; REL=Next", "https://x/a?page=3"],
    ['<https://x/a?page=1>; rel="prev"', undefined],
    ['<https://x/a?page=1>; title="next"', undefined],
    ["", undefined],
  ];
  for (const [header, target] of cases)
    assert.equal(nextLink(header), target, header);
});

test("pagination: a plan without what its style needs is refused", () => {
  assert.throws(
    () => checkPagination({ style: "cursor", next: ["next"] }),
    /query parameter/,
  );
  assert.throws(() => checkPagination({ style: "next_url" }), /next page/);
  assert.throws(() => checkPagination({ style: "sideways" }), /unknown/);
});
