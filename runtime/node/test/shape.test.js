// The runtime's reading of success bodies (shape.js): every value checked
// against its declared type while the model is converted, CONTRACT.md
// section 6.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  ShapeError,
  isDateTime,
  isFullDate,
  jsonOnly,
  listOf,
  orNull,
  readObject,
  readResponse,
  readTagged,
  readUnion,
  reader,
  recordOf,
} from "../src/shape.js";
import { ResponseParseError } from "../src/errors.js";

const itemFields = [
  ["amount", "int", 1],
  ["at", "datetime", 1],
  ["note", "str?", 0],
];
const itemFromWire = (value) => readObject(value, itemFields);
const pageFields = [
  ["data", listOf(itemFromWire), 1],
  ["has_more", "bool", 1, "hasMore"],
  // Required and nullable: its row says 0, as every generated table does.
  ["next", "str?", 0],
];

function shapeError(fn) {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ShapeError, String(err));
    return err;
  }
  assert.fail("no ShapeError");
}

test("a body of the documented shape is converted: renamed, unknown properties kept", () => {
  const out = readObject(
    {
      data: [{ amount: 5, at: "2024-05-14T09:30:00Z", extra: [1] }],
      has_more: false,
      added_later: { x: 1 },
    },
    pageFields,
  );
  assert.deepEqual(out, {
    data: [{ amount: 5, at: "2024-05-14T09:30:00Z", extra: [1] }],
    hasMore: false,
    added_later: { x: 1 },
  });
});

test("a nested value of the wrong type is named by its path", () => {
  const err = shapeError(() =>
    readObject(
      {
        data: [
          { amount: 1, at: "2024-05-14T09:30:00Z" },
          { amount: "12", at: "2024-05-14T09:30:00Z" },
        ],
        has_more: true,
      },
      pageFields,
    ),
  );
  assert.equal(err.location, "data[1].amount");
  assert.equal(
    err.message,
    "data[1].amount: expected an integer, got a string",
  );
});

test("a missing required property is an error; a required nullable one may be left out", () => {
  const err = shapeError(() =>
    readObject(
      { data: [{ at: "2024-05-14T09:30:00Z" }], has_more: true },
      pageFields,
    ),
  );
  assert.equal(err.location, "data[0]");
  assert.match(err.message, /missing the required property "amount"/);
  // `next` is required and nullable: absent reads as absent.
  assert.deepEqual(readObject({ data: [], has_more: true }, pageFields), {
    data: [],
    hasMore: true,
  });
});

test("null: only where the type allows it, or for an optional property", () => {
  assert.equal(
    shapeError(() => readObject({ data: null, has_more: true }, pageFields))
      .message,
    "data: expected a value other than null, got null",
  );
  assert.equal(
    shapeError(() => readObject({ data: [], has_more: null }, pageFields))
      .message,
    "has_more: expected a boolean, got null",
  );
  assert.equal(
    shapeError(() => readObject({ data: [null], has_more: true }, pageFields))
      .location,
    "data[0]",
  );
  // note is optional (and nullable), next required and nullable.
  const out = readObject({ data: [], has_more: true, next: null }, pageFields);
  assert.equal(out.next, null);
  assert.equal(
    readObject(
      { amount: 1, at: "2024-05-14T09:30:00Z", note: null },
      itemFields,
    ).note,
    null,
  );
  // An optional property that is not nullable may still be null.
  assert.equal(readObject({ a: null }, [["a", "int", 0]]).a, null);
});

test("scalars: each code accepts its type only", () => {
  const cases = [
    ["str", "x", [1, true, {}, []]],
    ["int", 3, [3.5, "3", true]],
    ["int32", 2147483647, [2147483648, -2147483649, 1.5]],
    ["num", 3.5, ["3.5", false]],
    ["bool", false, [0, "false"]],
    [
      "datetime",
      "2024-02-29T23:59:60.123+05:30",
      ["2023-02-29T00:00:00Z", "2024-05-14", "2024-05-14T09:30:00", 1],
    ],
    ["date", "2024-02-29", ["2023-02-29", "2024-5-1", "2024-05-14T00:00:00Z"]],
  ];
  for (const [code, good, bads] of cases) {
    const read = reader(code);
    assert.equal(read(good), good, code);
    for (const bad of bads) {
      assert.throws(
        () => read(bad),
        ShapeError,
        `${code} ${JSON.stringify(bad)}`,
      );
    }
    assert.throws(() => read(null), ShapeError, `${code} null`);
    assert.equal(reader(`${code}?`)(null), null);
  }
  const any = reader("any");
  for (const v of [null, 1, "x", [], {}]) assert.equal(any(v), v);
});

test("dates and times as RFC 3339 has them", () => {
  assert.ok(isDateTime("2024-05-14T09:30:00Z"));
  assert.ok(isDateTime("2024-05-14t09:30:00.5z"));
  assert.ok(isDateTime("2024-05-14 09:30:00-0700"));
  assert.ok(!isDateTime("2024-13-14T09:30:00Z"));
  assert.ok(!isDateTime("2024-05-14T24:00:00Z"));
  assert.ok(!isDateTime("2024-05-14T09:30:00+24:00"));
  assert.ok(!isDateTime(" 2024-05-14T09:30:00Z"));
  for (const bad of [
    "2024-05-14T09:30:00.Z",
    "2024-05-14T09:30:00Z ",
    "2024-05-14T09:30:00+02:0",
    "2024-05-14T09:30:00+0200x",
    "2024-05-14T09:30:0aZ",
    "2024-05-14X09:30:00Z",
    "2024-05-14T09:30:00",
    "2024-05-14T09:30:61Z",
    "2024-05-14T09:60:00Z",
    "2024-05-00T09:30:00Z",
    "２０２４-05-14T09:30:00Z",
  ]) {
    assert.ok(!isDateTime(bad), bad);
  }
  assert.ok(isDateTime("2024-05-14T09:30:00.123456789-00:00"));
  assert.ok(isDateTime("1985-04-12T23:20:50.52Z"));
  assert.ok(isFullDate("2000-02-29"));
  assert.ok(!isFullDate("1900-02-29"));
});

test("maps, nullable readers and extra properties", () => {
  assert.deepEqual(recordOf("int")({ a: 1, __proto__x: 2 }), {
    a: 1,
    __proto__x: 2,
  });
  const err = shapeError(() => recordOf(listOf("int"))({ "a b": [1, "2"] }));
  assert.equal(err.location, '["a b"][1]');
  assert.equal(orNull(itemFromWire)(null), null);
  // additionalProperties: the values the table does not name have its type.
  const fields = [["id", "str", 1]];
  assert.deepEqual(readObject({ id: "x", n: 1 }, fields, "int"), {
    id: "x",
    n: 1,
  });
  assert.equal(
    shapeError(() => readObject({ id: "x", n: "1" }, fields, "int")).location,
    "n",
  );
  // A key named __proto__ stays plain data.
  const out = readObject(
    JSON.parse('{"id":"x","__proto__":{"polluted":1}}'),
    fields,
  );
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.deepEqual(Object.keys(out), ["id", "__proto__"]);
});

test("a long property name from the body is shortened in the location", () => {
  const key = "k".repeat(500);
  const err = shapeError(() => recordOf("int")({ [key]: "x" }));
  assert.ok(err.location.length < 60, err.location);
});

test("unions: the first variant that reads the value", () => {
  const variants = ["str", itemFromWire];
  assert.equal(readUnion("cus_1", variants), "cus_1");
  assert.deepEqual(
    readUnion({ amount: 1, at: "2024-05-14T09:30:00Z" }, variants),
    {
      amount: 1,
      at: "2024-05-14T09:30:00Z",
    },
  );
  assert.match(
    shapeError(() => readUnion({ amount: "1" }, variants)).message,
    /expected a value of one of its 2 variants, got an object/,
  );
  assert.throws(() => readUnion(null, variants), ShapeError);
  assert.equal(readUnion(null, ["str?"]), null);
});

test("discriminated unions: the tag's variant, an unlisted tag passed on", () => {
  const card = (v) =>
    readObject(v, [
      ["type", "str", 1],
      ["last4", "str", 1],
    ]);
  const bank = (v) =>
    readObject(v, [
      ["type", "str", 1],
      ["bank_name", "str", 1, "bankName"],
    ]);
  const rows = [
    ["card", card],
    ["bank_account", bank],
  ];
  assert.deepEqual(
    readTagged({ type: "bank_account", bank_name: "B" }, "type", rows),
    {
      type: "bank_account",
      bankName: "B",
    },
  );
  // The tag's variant, however well another would read it.
  const err = shapeError(() =>
    readTagged({ type: "card", bank_name: "B" }, "type", rows),
  );
  assert.match(err.message, /missing the required property "last4"/);
  // A variant the SDK does not know yet: as it came.
  const wallet = { type: "wallet", provider: 1 };
  assert.equal(readTagged(wallet, "type", rows), wallet);
  // No tag: the first variant that reads it; none: an error.
  const loose = [["card", (v) => readObject(v, [["last4", "str", 1]])]];
  assert.deepEqual(readTagged({ last4: "4242" }, "type", loose), {
    last4: "4242",
  });
  assert.throws(() => readTagged({ nothing: 1 }, "type", rows), ShapeError);
  assert.equal(
    shapeError(() => readTagged({ type: 7 }, "type", rows)).location,
    "type",
  );
  assert.throws(() => readTagged([], "type", rows), ShapeError);
});

test("readResponse: a ShapeError becomes a ResponseParseError with the response's parts", () => {
  const headers = new Headers({ "x-request-id": "req_9" });
  const rawBody = new TextEncoder().encode('{"data":"x"}');
  const response = {
    status: 200,
    headers,
    body: { data: "x" },
    attempts: 2,
    rawBody,
  };
  const read = (v) => readObject(v, pageFields);
  let err;
  try {
    readResponse("listItems", response, read);
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof ResponseParseError);
  assert.equal(err.kind, "decode");
  assert.equal(err.status, 200);
  assert.equal(err.requestId, "req_9");
  assert.equal(err.attempts, 2);
  assert.equal(err.stopReason, "none");
  assert.equal(err.body, rawBody);
  assert.equal(err.location, "data");
  assert.equal(
    err.message,
    "listItems: the response body does not have the documented shape: data: expected an array, got a string (request id req_9)",
  );
  // A big body is never in the message.
  const big = { ...response, body: { data: "x".repeat(100000) } };
  try {
    readResponse("listItems", big, read);
  } catch (e) {
    assert.ok(e.message.length < 200);
  }
});

test("jsonOnly: only a body that says it is JSON is read", () => {
  const read = jsonOnly((v) => readObject(v, itemFields));
  const csv = new Headers({ "content-type": "text/csv" });
  assert.equal(read("a,b", 200, csv), "a,b");
  const json = new Headers({ "content-type": "application/json" });
  assert.throws(() => read("a,b", 200, json), ShapeError);
});
