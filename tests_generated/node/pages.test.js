// The SDK generated from generator/tests/fixtures/pages.yaml (by
// scripts/test-generated-node, which sets SDKGEN_NODE_FIXTURES): one list
// operation per pagination style the generator recognises there, each walked
// over several pages against the scripted server, with the exact requests
// each page sends and the items as the SDK names them (`owner_id` becomes
// `ownerId` through the model's converter).
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

import { fast, scripted } from "./server.js";

const fixtures = process.env.SDKGEN_NODE_FIXTURES;
const skip = fixtures ? false : "SDKGEN_NODE_FIXTURES is not set";

async function load() {
  const url = pathToFileURL(join(fixtures ?? "", "pages/node/index.js"));
  return import(url.href);
}

/** A client on the server's `/api`, as the spec's server has it. */
async function client(server) {
  const { Pages } = await load();
  return new Pages({ baseUrl: `${server.url}/api`, ...fast });
}

/** A thing as the server sends it. */
const wireThing = (id) => ({ id, name: `thing ${id}`, owner_id: `o-${id}` });
/** The same thing as the SDK gives it. */
const sdkThing = (id) => ({ id, name: `thing ${id}`, ownerId: `o-${id}` });

/** Each request's path and query, as the server received them. */
const sent = (server) => server.requests.map((r) => r.url);

/** Every item of a pager, in order. */
async function walk(pager) {
  const items = [];
  for await (const item of pager) items.push(item);
  return items;
}

test(
  "cursor: the next cursor from the body, until there is none",
  { skip },
  async () => {
    const server = await scripted([
      {
        status: 200,
        json: {
          items: [wireThing("a"), wireThing("b")],
          meta: { next_cursor: "c2" },
        },
      },
      {
        status: 200,
        json: {
          items: [wireThing("c"), wireThing("d")],
          meta: { next_cursor: "c 3" },
        },
      },
      {
        status: 200,
        json: { items: [wireThing("e")], meta: { next_cursor: null } },
      },
    ]);
    try {
      const c = await client(server);
      const items = await walk(
        c.cursored.listCursored(
          { limit: 2 },
          { headers: { "x-trace": "t-1" } },
        ),
      );
      assert.deepEqual(items, ["a", "b", "c", "d", "e"].map(sdkThing));
      assert.deepEqual(sent(server), [
        "/api/cursored?limit=2",
        "/api/cursored?limit=2&cursor=c2",
        "/api/cursored?limit=2&cursor=c%203",
      ]);
      // Every page goes through the client's core with the call's options.
      for (const r of server.requests)
        assert.equal(r.headers["x-trace"], "t-1");
    } finally {
      await server.close();
    }
  },
);

test(
  "cursor with has_more: the last id, until has_more is false",
  { skip },
  async () => {
    const server = await scripted([
      {
        status: 200,
        json: {
          data: [wireThing("a"), wireThing("b")],
          last_id: "b",
          has_more: true,
        },
      },
      {
        status: 200,
        json: { data: [wireThing("c")], last_id: "c", has_more: false },
      },
    ]);
    try {
      const c = await client(server);
      const items = await walk(c.after.listAfter({ after: "0", limit: 2 }));
      assert.deepEqual(items, ["a", "b", "c"].map(sdkThing));
      assert.deepEqual(sent(server), [
        "/api/after?after=0&limit=2",
        "/api/after?after=b&limit=2",
      ]);
    } finally {
      await server.close();
    }
  },
);

test(
  "offset: the offset grows by the items of each page, until an empty page",
  { skip },
  async () => {
    const server = await scripted([
      { status: 200, json: [wireThing("a"), wireThing("b")] },
      { status: 200, json: [wireThing("c"), wireThing("d")] },
      { status: 200, json: [wireThing("e")] },
      { status: 200, json: [] },
    ]);
    try {
      const c = await client(server);
      const items = await walk(c.offsets.listOffsets({ limit: 2 }));
      assert.deepEqual(items, ["a", "b", "c", "d", "e"].map(sdkThing));
      assert.deepEqual(sent(server), [
        "/api/offsets?limit=2",
        "/api/offsets?limit=2&offset=2",
        "/api/offsets?limit=2&offset=4",
        "/api/offsets?limit=2&offset=5",
      ]);
    } finally {
      await server.close();
    }
  },
);

test(
  "next_url: the body's next link, root-relative or relative, until there is none",
  { skip },
  async () => {
    const server = await scripted([
      {
        status: 200,
        json: {
          things: [wireThing("a"), wireThing("b")],
          links: { next: "/api/numbered?page=2&per_page=2" },
        },
      },
      {
        status: 200,
        json: {
          things: [wireThing("c"), wireThing("d")],
          links: { next: "numbered?page=3&per_page=2" },
        },
      },
      { status: 200, json: { things: [wireThing("e")], links: {} } },
    ]);
    try {
      const c = await client(server);
      const items = await walk(c.numbered.listNumbered({ perPage: 2 }));
      assert.deepEqual(items, ["a", "b", "c", "d", "e"].map(sdkThing));
      assert.deepEqual(sent(server), [
        "/api/numbered?per_page=2",
        "/api/numbered?page=2&per_page=2",
        "/api/numbered?page=3&per_page=2",
      ]);
    } finally {
      await server.close();
    }
  },
);

test(
  'link_header: the rel="next" link, until the last page has none',
  { skip },
  async () => {
    const server = await scripted([
      {
        status: 200,
        headers: {
          link: '</api/linked?page=2&per_page=2>; rel="next", </api/linked?page=3&per_page=2>; rel="last"',
        },
        json: [wireThing("a"), wireThing("b")],
      },
      {
        status: 200,
        headers: { link: '</api/linked?page=3&per_page=2>; rel="next last"' },
        json: [wireThing("c"), wireThing("d")],
      },
      {
        status: 200,
        headers: { link: '</api/linked?page=1&per_page=2>; rel="first"' },
        json: [wireThing("e")],
      },
    ]);
    try {
      const c = await client(server);
      const items = await walk(c.linked.listLinked({ perPage: 2 }));
      assert.deepEqual(items, ["a", "b", "c", "d", "e"].map(sdkThing));
      assert.deepEqual(sent(server), [
        "/api/linked?per_page=2",
        "/api/linked?page=2&per_page=2",
        "/api/linked?page=3&per_page=2",
      ]);
    } finally {
      await server.close();
    }
  },
);

test(
  "await gives the first page; nextPage, pages() and withResponse()",
  { skip },
  async () => {
    const server = await scripted([
      {
        status: 200,
        headers: { "x-request-id": "req-1" },
        json: {
          items: [wireThing("a"), wireThing("b")],
          meta: { next_cursor: "n" },
        },
      },
      { status: 200, json: { items: [wireThing("c")], meta: {} } },
    ]);
    try {
      const c = await client(server);
      const pager = c.cursored.listCursored({ limit: 2 });
      const page = await pager;
      assert.deepEqual(page.items, [sdkThing("a"), sdkThing("b")]);
      assert.equal(page.hasNextPage(), true);
      assert.deepEqual(page.response.body.items[0], wireThing("a"));
      const { data, status, headers, requestId } = await pager.withResponse();
      assert.equal(data, page, "the first page is fetched once");
      assert.equal(status, 200);
      assert.equal(headers.get("x-request-id"), "req-1");
      assert.equal(requestId, "req-1");
      assert.equal(server.requests.length, 1);
      const second = await page.nextPage();
      assert.deepEqual(second?.items, [sdkThing("c")]);
      assert.equal(second?.hasNextPage(), false);
      assert.equal(await second?.nextPage(), undefined);
      const sizes = [];
      for await (const p of pager.pages()) sizes.push(p.items.length);
      assert.deepEqual(sizes, [2, 1]);
      assert.deepEqual(sent(server), [
        "/api/cursored?limit=2",
        "/api/cursored?limit=2&cursor=n",
        "/api/cursored?limit=2&cursor=n",
      ]);
    } finally {
      await server.close();
    }
  },
);

test(
  "a next link on another origin is refused, and errors are the SDK's",
  { skip },
  async () => {
    const { APIError, PaginationError } = await load();
    const server = await scripted([
      {
        status: 200,
        headers: {
          link: '<http://example.invalid/api/linked?page=2>; rel="next"',
        },
        json: [wireThing("a")],
      },
      { status: 404, json: { message: "gone" } },
    ]);
    try {
      const c = await client(server);
      const page = await c.linked.listLinked();
      assert.equal(page.hasNextPage(), true);
      await assert.rejects(page.nextPage(), PaginationError);
      await assert.rejects(walk(c.offsets.listOffsets()), APIError);
      assert.deepEqual(sent(server), ["/api/linked", "/api/offsets"]);
    } finally {
      await server.close();
    }
  },
);

test(
  "the request id comes from the header the spec declares, before x-request-id",
  { skip },
  async () => {
    const headers = {
      "x-pages-request-id": "pr_1",
      "x-request-id": "req_1",
    };
    const server = await scripted([
      { status: 200, json: wireThing("a"), headers },
      { status: 404, json: { message: "gone" }, headers },
    ]);
    try {
      const c = await client(server);
      const res = await c.cursored.getCursored("a").withResponse();
      assert.equal(res.requestId, "pr_1");
      const err = await c.cursored.getCursored("b").then(
        () => assert.fail("a 404 rejects"),
        (e) => e,
      );
      assert.equal(err.status, 404);
      assert.equal(err.requestId, "pr_1");
    } finally {
      await server.close();
    }
  },
);
