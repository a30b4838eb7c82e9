// The SDK generated from tests_generated/node/fixtures/wire.yaml (by
// scripts/test-generated-node, which sets SDKGEN_NODE_FIXTURES): what its
// calls put on the wire, byte for byte, by runtime/WIRE.md.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

import { fast, scripted } from "./server.js";

const fixtures = process.env.SDKGEN_NODE_FIXTURES;
const skip = fixtures ? false : "SDKGEN_NODE_FIXTURES is not set";

async function client(server) {
  const url = pathToFileURL(join(fixtures ?? "", "wire/node/index.js"));
  const { Wire } = await import(url.href);
  return new Wire({ baseUrl: server.url, sessionKey: "k 1;2", ...fast });
}

/** Runs `calls` against a server answering `answers`; returns the requests. */
async function sent(answers, calls) {
  const server = await scripted(answers);
  try {
    const c = await client(server);
    const results = [];
    for (const call of calls) results.push(await call(c));
    return { requests: server.requests, results };
  } finally {
    await server.close();
  }
}

const ok = { status: 200, json: { object: "balance", livemode: false } };

test(
  "a GET whose spec offers an empty optional form body sends no body (Stripe's GETs)",
  { skip },
  async () => {
    const { requests, results } = await sent(
      [ok],
      [
        (c) => c.stripe.getBalance(),
        (c) =>
          c.stripe.getBalance({
            expand: ["customer", "invoice.subscription"],
            created: 1700000000,
          }),
        (c) => c.stripe.getBalance({ created: { gt: 1, lte: 2 } }),
      ],
    );
    assert.deepEqual(results[0], { object: "balance", livemode: false });
    for (const r of requests) {
      assert.equal(r.method, "GET");
      assert.equal(r.body.length, 0);
      assert.equal(r.headers["content-type"], undefined);
      assert.equal(r.headers["content-length"], undefined);
    }
    assert.equal(requests[0].url, "/v1/balance");
    assert.equal(
      requests[1].url,
      "/v1/balance?expand%5B%5D=customer&expand%5B%5D=invoice.subscription&created=1700000000",
    );
    assert.equal(
      requests[2].url,
      "/v1/balance?created%5Bgt%5D=1&created%5Blte%5D=2",
    );
  },
);

test(
  "form properties by their encodings: deepObject, form without explode, spread objects; none set is no body",
  { skip },
  async () => {
    const { requests } = await sent(
      [ok],
      [
        (c) =>
          c.stripe.createCustomer({
            address: { city: "Köln", line1: "a&b" },
            taxIds: ["t 1", "t,2"],
            expand: ["customer"],
            items: [{ price: "price_1", quantity: 1 }, { price: "price_2" }],
            metadata: { plan: "gold", tier: null },
            description: "x + y",
          }),
        (c) => c.stripe.createCustomer(),
        (c) => c.stripe.createCustomer({}),
      ],
    );
    const [full, none, empty] = requests;
    assert.equal(
      full.body.toString(),
      "description=x%20%2B%20y&metadata%5Bplan%5D=gold" +
        "&items%5B0%5D%5Bprice%5D=price_1&items%5B0%5D%5Bquantity%5D=1" +
        "&items%5B1%5D%5Bprice%5D=price_2&expand%5B%5D=customer" +
        "&tax_ids=t%201,t%2C2&city=K%C3%B6ln&line1=a%26b",
    );
    assert.equal(
      full.headers["content-type"],
      "application/x-www-form-urlencoded",
    );
    for (const r of [none, empty]) {
      assert.equal(r.body.length, 0);
      assert.equal(r.headers["content-type"], undefined);
    }
  },
);

test(
  "multipart: one part per property in schema order, untyped scalars, JSON objects, named files",
  { skip },
  async () => {
    const { requests } = await sent(
      [{ status: 204 }],
      [
        (c) =>
          c.files.upload({
            ids: [1, 2],
            tags: ["a", "b"],
            meta: { a: 1 },
            pageCount: 2,
            picture: new Uint8Array([0x89, 0x50]),
            title: 'Q3 "final"',
          }),
      ],
    );
    const r = requests[0];
    const match = /^multipart\/form-data; boundary=(\S+)$/.exec(
      r.headers["content-type"],
    );
    assert.ok(match, r.headers["content-type"]);
    const body = r.body.toString("latin1").split(match[1]).join("B");
    const part = (headers, value) =>
      `--B\r\n${headers.join("\r\n")}\r\n\r\n${value}\r\n`;
    const named = (name) => `Content-Disposition: form-data; name="${name}"`;
    assert.equal(
      body,
      part([named("title")], 'Q3 "final"') +
        part(
          [
            `${named("picture")}; filename="picture"`,
            "Content-Type: image/png",
          ],
          "\x89\x50",
        ) +
        part([named("page_count")], "2") +
        part([named("meta"), "Content-Type: application/json"], '{"a":1}') +
        part([named("tags")], "a") +
        part([named("tags")], "b") +
        part([named("ids"), "Content-Type: application/json"], "[1,2]") +
        "--B--\r\n",
    );
  },
);

test(
  "JSON in schema order, only what the caller set, explicit nulls; names JavaScript owns",
  { skip },
  async () => {
    // As text: `__proto__` in an object literal would set the prototype.
    const stored =
      '{"record_id":"r_1","this":"t","constructor":"c","__proto__":"p","self":"s"}';
    const { requests, results } = await sent(
      [
        {
          status: 200,
          body: stored,
          headers: { "content-type": "application/json" },
        },
      ],
      [
        (c) =>
          c.records.putRecord({
            note: null,
            self: "s",
            proto: "p",
            constructor: "c",
            this: "t",
            recordId: "r_1",
          }),
        (c) => c.records.putRecord({ recordId: "r_2" }),
        (c) =>
          c.records.putRecord({
            recordId: "r_3",
            thisQuery: "a",
            constructor_: "b",
            protoQuery: "c",
            selfHeader: "d",
          }),
        (c) => c.records.getRecord("this one", "self/2"),
        (c) => c.records.getRecord("a", "b", { theme: "dark mode" }),
      ],
    );
    assert.equal(
      requests[0].body.toString(),
      '{"record_id":"r_1","this":"t","constructor":"c","__proto__":"p","self":"s","note":null}',
    );
    // The spec's default for `level` is documented, never sent; the query
    // parameters named like Object.prototype's members send nothing unset.
    assert.equal(requests[1].body.toString(), '{"record_id":"r_2"}');
    assert.equal(requests[1].url, "/records");
    const header = (r, name) =>
      r.rawHeaders.filter(
        (_, i) => i % 2 === 1 && r.rawHeaders[i - 1] === name,
      );
    assert.deepEqual(header(requests[1], "self"), []);
    assert.equal(requests[2].url, "/records?this=a&constructor=b&__proto__=c");
    assert.deepEqual(header(requests[2], "self"), ["d"]);
    assert.equal(requests[2].body.toString(), '{"record_id":"r_3"}');
    assert.equal(requests[3].url, "/records/this%20one/self%2F2");
    // The API key the spec sends as a cookie, after the operation's cookies.
    assert.equal(requests[3].headers.cookie, "sid=k%201%3B2");
    assert.equal(
      requests[4].headers.cookie,
      "theme=dark%20mode; sid=k%201%3B2",
    );
    assert.equal(requests[0].headers.cookie, undefined);
    const record = results[0];
    assert.equal(record.recordId, "r_1");
    assert.equal(record.this, "t");
    assert.equal(record.self, "s");
    assert.equal(record.proto, "p");
    assert.ok(Object.hasOwn(record, "constructor"));
    assert.equal(record.constructor, "c");
    assert.equal(Object.getPrototypeOf(record), Object.prototype);
  },
);

test(
  "a response is decoded by its Content-Type: a binary body is never read as JSON, and a body not of the declared JSON is a decode error",
  { skip },
  async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x7b]);
    const caught = (call) => (c) => call(c).then(assert.fail, (err) => err);
    const { results } = await sent(
      [
        {
          status: 200,
          body: pdf,
          headers: { "content-type": "application/pdf" },
        },
        {
          status: 200,
          body: "not json",
          headers: { "content-type": "text/csv" },
        },
        {
          status: 200,
          body: '{"object":"report"}',
          headers: { "content-type": "application/vnd.report+json" },
        },
      ],
      [
        caught((c) => c.records.getReport("a")),
        caught((c) => c.records.getReport("b")),
        (c) => c.records.getReport("c"),
      ],
    );
    // The spec declares JSON only: a PDF or CSV answer is not its shape
    // (CONTRACT.md section 6), and the error keeps the bytes as they came.
    assert.equal(results[0].kind, "decode");
    assert.equal(results[0].status, 200);
    assert.deepEqual([...results[0].body], [...pdf]);
    assert.match(
      results[0].message,
      /expected an object, got bytes that are not JSON/,
    );
    assert.equal(results[1].kind, "decode");
    assert.equal(new TextDecoder().decode(results[1].body), "not json");
    assert.match(results[1].message, /expected an object, got a string/);
    assert.deepEqual(results[2], { object: "report" });
  },
);
