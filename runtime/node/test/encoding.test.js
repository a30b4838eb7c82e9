// The encoders beyond the shared vectors (test/wire.test.js runs those):
// what the vectors do not reach, and the helpers built on the encoders.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  strictEncode,
  reservedEncode,
  encodePathSegment,
  buildPath,
  pathParam,
  queryParam,
  headerParam,
  cookieParam,
  cookieHeader,
  formBody,
  multipartBody,
  concreteMediaType,
  jsonText,
  textOf,
  isJsonMediaType,
  queryString,
  encodeQuery,
  InvalidArgumentError,
} from "../src/index.js";

test("path segments cannot change the path", () => {
  assert.equal(encodePathSegment("../admin"), "..%2Fadmin");
  assert.equal(encodePathSegment("a/b"), "a%2Fb");
  assert.equal(encodePathSegment("a?b#c"), "a%3Fb%23c");
  assert.equal(encodePathSegment("%2e%2e"), "%252e%252e");
  assert.equal(encodePathSegment("..."), "...");
  assert.equal(encodePathSegment("it's (*)!"), "it%27s%20%28%2A%29%21");
  assert.equal(encodePathSegment("ü"), "%C3%BC");
  for (const bad of ["", ".", "..", null, undefined, {}, [], { a: null }]) {
    assert.throws(
      () => encodePathSegment(bad),
      InvalidArgumentError,
      JSON.stringify(bad),
    );
  }
  // the URL parser would resolve these; the encoded forms stay put
  const url = new URL(
    `http://h/users/${encodePathSegment("../../etc/passwd")}/x`,
  );
  assert.equal(url.pathname, "/users/..%2F..%2Fetc%2Fpasswd/x");
});

test("path segments: scalars, bigints, dates and simple-style arrays and objects", () => {
  assert.equal(encodePathSegment(42), "42");
  assert.equal(encodePathSegment(10n), "10");
  assert.equal(pathParam("id", 12345678901234567890n), "12345678901234567890");
  assert.equal(encodePathSegment(true), "true");
  assert.equal(
    encodePathSegment(new Date(Date.UTC(2024, 0, 2))),
    "2024-01-02T00%3A00%3A00.000Z",
  );
  assert.equal(encodePathSegment(["a", "b/c"]), "a,b%2Fc");
  assert.equal(encodePathSegment({ a: "x/y" }), "a,x%2Fy");
  assert.throws(() => encodePathSegment(Number.NaN), InvalidArgumentError);
  assert.throws(
    () => pathParam("id", "x", { style: "form" }),
    InvalidArgumentError,
  );
  // matrix: an empty member or item is the bare name, as RFC 6570 writes it
  assert.equal(
    pathParam("id", ["", "a"], { style: "matrix", explode: true }),
    ";id;id=a",
  );
  assert.equal(
    pathParam("id", { x: "" }, { style: "matrix", explode: true }),
    ";x",
  );
});

test("buildPath fills every placeholder", () => {
  assert.equal(
    buildPath("/orders/{orderId}/items/{itemId}", {
      orderId: "o 1",
      itemId: 7,
    }),
    "/orders/o%201/items/7",
  );
  assert.throws(() => buildPath("/orders/{orderId}", {}), InvalidArgumentError);
  assert.throws(
    () => buildPath("/orders/{orderId}", { orderId: ".." }),
    InvalidArgumentError,
  );
});

test("text: numbers as JavaScript writes them, bigints, dates; no Infinity or NaN", () => {
  assert.equal(textOf(-0), "0");
  assert.equal(textOf(2 ** 53 + 2), "9007199254740994");
  assert.equal(textOf(2n ** 64n), "18446744073709551616");
  assert.equal(textOf(-5n), "-5");
  assert.equal(
    textOf(new Date("2024-05-01T12:00:00+02:00")),
    "2024-05-01T10:00:00.000Z",
  );
  for (const bad of [
    Infinity,
    -Infinity,
    NaN,
    new Date("nope"),
    Symbol("s"),
    () => 1,
  ]) {
    assert.throws(() => textOf(bad), InvalidArgumentError, String(bad));
  }
  assert.equal(queryParam("n", 10n), "n=10");
});

test("JSON text: compact, non-ASCII kept, bigints as numbers", () => {
  assert.equal(
    jsonText({ a: [1, "é"], b: null, c: undefined }),
    '{"a":[1,"é"],"b":null}',
  );
  assert.equal(
    jsonText({ n: 2n ** 64n, l: [1n, undefined], d: new Date(0) }),
    '{"n":18446744073709551616,"l":[1,null],"d":"1970-01-01T00:00:00.000Z"}',
  );
  const cycle = {};
  cycle.self = cycle;
  assert.throws(() => jsonText(cycle), InvalidArgumentError);
  assert.equal(
    queryParam("f", { n: 1n }, { contentType: "application/vnd.x+json" }),
    "f=%7B%22n%22%3A1%7D",
  );
});

test("JSON media types", () => {
  for (const yes of [
    "application/json",
    "Application/JSON; charset=utf-8",
    "application/merge-patch+json",
    "application/problem+json",
  ]) {
    assert.ok(isJsonMediaType(yes), yes);
  }
  for (const no of [
    "text/plain",
    "application/octet-stream",
    "application/jsonl",
    "",
    undefined,
    "json",
  ]) {
    assert.ok(!isJsonMediaType(no), String(no));
  }
});

test("allowReserved encoding, and a lone surrogate refused", () => {
  assert.equal(reservedEncode("a+b c%2F%G"), "a%2Bb%20c%2F%25G");
  assert.throws(() => strictEncode("\uD800"), InvalidArgumentError);
  assert.throws(() => queryParam("q", "a\uDC00"), InvalidArgumentError);
  assert.equal(strictEncode("!'()*"), "%21%27%28%29%2A");
});

test("query: styles that are not query styles are refused; explode defaults by style", () => {
  assert.throws(
    () => queryParam("id", "x", { style: "matrix" }),
    InvalidArgumentError,
  );
  assert.equal(
    queryParam("id", [1, 2], { style: "spaceDelimited" }),
    "id=1%202",
  );
  assert.equal(queryParam("id", [1, 2]), "id=1&id=2");
  // deepObject: a date, and a scalar array nested in an indexed array
  assert.equal(
    queryParam("f", { at: new Date(0) }, { style: "deepObject" }),
    "f%5Bat%5D=1970-01-01T00%3A00%3A00.000Z",
  );
});

test("headers: undefined values send nothing; objects without explode; a non-visible character is refused", () => {
  assert.equal(headerParam("X-A", undefined), undefined);
  assert.deepEqual(headerParam("X-A", { a: 1 }), ["X-A", "a,1"]);
  assert.deepEqual(
    headerParam("X-A", { a: "b" }, { contentType: "application/json" }),
    ["X-A", '{"a":"b"}'],
  );
  assert.throws(() => headerParam("X-A", "\u2028"), InvalidArgumentError);
  assert.throws(() => headerParam("X-A", ["ok", "x\ny"]), InvalidArgumentError);
});

test('cookies: pieces of several parameters joined with "; "', () => {
  assert.equal(
    cookieHeader(
      cookieParam("a", "x y"),
      cookieParam("b", null),
      cookieParam("c", [1, 2]),
    ),
    "a=x%20y; c=1; c=2",
  );
  assert.equal(cookieHeader(cookieParam("b", undefined)), undefined);
});

test("form bodies: schema order then the value order, nothing for an absent or null field", () => {
  const fields = [["b"], ["a", "deepObject", true], ["c", "form", false]];
  assert.equal(
    formBody(
      { z: 1, a: { k: "v" }, c: [1, 2], b: "x", n: null, u: undefined },
      fields,
    ),
    "b=x&a%5Bk%5D=v&c=1,2&z=1",
  );
  assert.equal(formBody(undefined, fields), undefined);
  assert.equal(multipartBody(null), undefined);
  assert.throws(() => formBody([1], fields), InvalidArgumentError);
  // an object property without an entry is spread into its members
  assert.equal(formBody({ labels: { size: "x l" } }), "size=x%20l");
});

/** A multipart body's text with its boundary replaced by B. */
async function multipartText(blob) {
  const match = /^multipart\/form-data; boundary=(\S+)$/.exec(blob.type);
  assert.ok(match, blob.type);
  const text = Buffer.from(await blob.arrayBuffer()).toString("latin1");
  return text.split(match[1]).join("B");
}

test("multipart: one part per property in schema order, scalars untyped, objects JSON, files named", async () => {
  const body = multipartBody(
    {
      page_count: 2,
      file: new Uint8Array([0, 1, 0xff]),
      label: "scan",
      meta: { a: 1 },
      tags: ["x", null, "y"],
      skip: null,
      empty: [],
      extra: true,
    },
    [["label"], ["file"], ["page_count"], ["meta"], ["tags"]],
  );
  assert.equal(
    await multipartText(body),
    [
      '--B\r\nContent-Disposition: form-data; name="label"\r\n\r\nscan\r\n',
      '--B\r\nContent-Disposition: form-data; name="file"; filename="file"\r\nContent-Type: application/octet-stream\r\n\r\n\x00\x01\xff\r\n',
      '--B\r\nContent-Disposition: form-data; name="page_count"\r\n\r\n2\r\n',
      '--B\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n{"a":1}\r\n',
      '--B\r\nContent-Disposition: form-data; name="tags"\r\n\r\nx\r\n',
      '--B\r\nContent-Disposition: form-data; name="tags"\r\n\r\ny\r\n',
      '--B\r\nContent-Disposition: form-data; name="extra"\r\n\r\ntrue\r\n',
      "--B--\r\n",
    ].join(""),
  );
});

test("multipart: a File's name and type over the declared one, JSON arrays, escaped names", async () => {
  const file = new File([new Uint8Array([1])], 'my "scan"\n.png', {
    type: "image/gif",
  });
  const body = multipartBody(
    { pic: file, ids: [1, 2], n: 5, 'a"b': "v", blob: new Blob(["z"]) },
    [
      ["pic", "image/*, image/png"],
      ["ids", "application/json"],
      ["n", "text/x-number"],
      ['a"b'],
      ["blob", "image/*"],
    ],
  );
  assert.equal(
    await multipartText(body),
    [
      '--B\r\nContent-Disposition: form-data; name="pic"; filename="my %22scan%22%0A.png"\r\nContent-Type: image/gif\r\n\r\n\x01\r\n',
      '--B\r\nContent-Disposition: form-data; name="ids"\r\nContent-Type: application/json\r\n\r\n[1,2]\r\n',
      '--B\r\nContent-Disposition: form-data; name="n"\r\nContent-Type: text/x-number\r\n\r\n5\r\n',
      '--B\r\nContent-Disposition: form-data; name="a%22b"\r\n\r\nv\r\n',
      '--B\r\nContent-Disposition: form-data; name="blob"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\nz\r\n',
      "--B--\r\n",
    ].join(""),
  );
  assert.equal(concreteMediaType("*/*"), undefined);
  assert.throws(() => multipartBody("x"), InvalidArgumentError);
});

test("multipart: a declared style writes the fields a form would carry, one text part each", async () => {
  const body = multipartBody(
    {
      purpose: "x",
      file_link_data: { create: true, metadata: { k: "v w" } },
      expand: ["links"],
    },
    [
      ["purpose"],
      ["file_link_data", null, "deepObject", true],
      ["expand", null, "deepObject", true],
    ],
  );
  assert.equal(
    await multipartText(body),
    [
      '--B\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nx\r\n',
      '--B\r\nContent-Disposition: form-data; name="file_link_data[create]"\r\n\r\ntrue\r\n',
      '--B\r\nContent-Disposition: form-data; name="file_link_data[metadata][k]"\r\n\r\nv w\r\n',
      '--B\r\nContent-Disposition: form-data; name="expand[]"\r\n\r\nlinks\r\n',
      "--B--\r\n",
    ].join(""),
  );
});

test("queryString and encodeQuery", () => {
  assert.equal(
    queryString(
      queryParam("a", 1),
      "",
      [],
      queryParam("f", { x: "y" }, { style: "deepObject" }),
    ),
    "a=1&f%5Bx%5D=y",
  );
  assert.equal(queryString(), "");
  assert.equal(encodeQuery("?a=1"), "a=1");
  assert.equal(encodeQuery("a=1"), "a=1");
  assert.equal(encodeQuery(new URLSearchParams({ a: "b c" })), "a=b+c");
  assert.equal(
    encodeQuery({ a: [1, 2], b: "x/y", c: undefined }),
    "a=1&a=2&b=x%2Fy",
  );
  assert.equal(encodeQuery(undefined), "");
  assert.throws(() => encodeQuery(42), InvalidArgumentError);
});
