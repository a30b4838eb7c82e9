"use strict";
// Reading a success body into the SDK's models, checking its shape on the way
// (CONTRACT.md section 6): one pass over the JSON value that renames each
// property to its SDK name, converts the values that convert, and stops at
// the first value that is not of its declared type or the first object
// without a required property. Properties the spec does not name are copied
// as they came, enum values it does not list pass, and so does a
// discriminated union's tag it does not list.
//
// Types are written in the generated `wire.js` as:
//   "str" "int" "int32" "num" "bool" "datetime" "date" "any"
//                      a scalar; a trailing "?" also accepts null
//   a function         a model's reader (`transferFromWire`), or one made here
//                      (`listOf`, `recordOf`, `orNull`)
// A model's table has one row per property, `[wire name, type, required,
// SDK name, toWire]`; the last two are left out when the SDK name is the
// wire's and the value does not convert.
//
// A wrong value throws a `ShapeError` (not an Error: failing variants of a
// union throw it too, and making a stack trace for each would cost more than
// the check), which records where it happened as it goes up; `shapeFailure`
// turns it into the `ResponseParseError` the caller sees.

const { ResponseParseError, requestIdOf } = require("./errors.js");
const { isJsonMediaType } = require("./encoding.js");

const FN = 0;
const STR = 1;
const INT = 2;
const INT32 = 3;
const NUM = 4;
const BOOL = 5;
const DATETIME = 6;
const DATE = 7;
const ANY = 8;

const CODES = new Map([
  ["str", STR],
  ["int", INT],
  ["int32", INT32],
  ["num", NUM],
  ["bool", BOOL],
  ["datetime", DATETIME],
  ["date", DATE],
  ["any", ANY],
]);

const EXPECTED = [
  "a value other than null",
  "a string",
  "an integer",
  "a 32-bit integer",
  "a number",
  "a boolean",
  "an RFC 3339 date-time string",
  "an RFC 3339 full-date string (YYYY-MM-DD)",
  "any value",
];

/** A body that does not have its documented shape, and where. */
class ShapeError {
  /**
   * @param {string} expected what the schema asks for there
   * @param {string} [found] what the body has instead
   */
  constructor(expected, found) {
    this.expected = expected;
    this.found = found;
    /** Path segments, innermost first: property names and item indexes. */
    this.segments = [];
  }

  /** Where, as `data[3].amount` (`` for the body itself). */
  get location() {
    let out = "";
    for (let i = this.segments.length - 1; i >= 0; i -= 1) {
      const s = this.segments[i];
      if (typeof s === "number") out += `[${s}]`;
      else if (/^[A-Za-z_$][\w$]*$/.test(s)) {
        out += out === "" ? shorten(s) : `.${shorten(s)}`;
      } else out += `[${JSON.stringify(shorten(s))}]`;
    }
    return out;
  }

  get message() {
    const where = this.location;
    const found = this.found === undefined ? "" : `, ${this.found}`;
    return `${where === "" ? "the body" : where}: ${this.expected}${found}`;
  }
}

// Property names may come from the body (maps, extra properties): a long one
// is shown by its start.
function shorten(name) {
  return name.length > 40 ? `${name.slice(0, 37)}...` : name;
}

function kindOf(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (ArrayBuffer.isView(value)) return "bytes that are not JSON";
  if (value === undefined) return "no body";
  switch (typeof value) {
    case "string":
      return "a string";
    case "number":
      return Number.isInteger(value) ? "an integer" : "a number";
    case "boolean":
      return "a boolean";
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}

function wrong(expected, value) {
  return new ShapeError(`expected ${expected}`, `got ${kindOf(value)}`);
}

/** Adds a path segment to a ShapeError on its way up; other errors pass. */
function at(err, segment) {
  if (err instanceof ShapeError) err.segments.push(segment);
  return err;
}

// A JSON object: not an array, nor the bytes of a body that is not JSON.
function isRecord(value) {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !ArrayBuffer.isView(value)
  );
}

// Defines an own property: a key such as "__proto__" stays plain data.
function put(target, key, value) {
  if (key === "__proto__") {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else target[key] = value;
}

const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDay(year, month, day) {
  if (month < 1 || month > 12 || day < 1) return false;
  if (month === 2 && day === 29) {
    return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  }
  return day <= DAYS[month - 1];
}

// The number written by the `n` ASCII digits of `text` at `at`, or -1.
function digits(text, at, n) {
  let value = 0;
  for (let i = at; i < at + n; i += 1) {
    const d = text.charCodeAt(i) - 48;
    if (!(d >= 0 && d <= 9)) return -1;
    value = value * 10 + d;
  }
  return value;
}

/**
 * An RFC 3339 date-time: `T`, `t` or a space, any fraction, `Z` (`z`) or an
 * offset, with or without its colon. Read character by character: it is on
 * the path of every date-time of every body, where a pattern costs more.
 */
function isDateTime(text) {
  if (text.length < 20) return false;
  const sep = text[10];
  if (
    text[4] !== "-" ||
    text[7] !== "-" ||
    (sep !== "T" && sep !== "t" && sep !== " ") ||
    text[13] !== ":" ||
    text[16] !== ":"
  ) {
    return false;
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  if (year < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59) {
    return false;
  }
  if (second < 0 || second > 60 || !validDay(year, month, day)) return false;
  let i = 19;
  if (text[i] === ".") {
    i += 1;
    const start = i;
    while (digits(text, i, 1) >= 0) i += 1;
    if (i === start) return false;
  }
  const zone = text[i];
  if (zone === "Z" || zone === "z") return i + 1 === text.length;
  if (zone !== "+" && zone !== "-") return false;
  const offsetHour = digits(text, i + 1, 2);
  let j = i + 3;
  if (text[j] === ":") j += 1;
  const offsetMinute = digits(text, j, 2);
  return (
    j + 2 === text.length &&
    offsetHour >= 0 &&
    offsetHour < 24 &&
    offsetMinute >= 0 &&
    offsetMinute < 60
  );
}

/** An RFC 3339 full-date, `YYYY-MM-DD`. */
function isFullDate(text) {
  const m = FULL_DATE.exec(text);
  return m !== null && validDay(+m[1], +m[2], +m[3]);
}

/** Whether a non-null value is of a scalar code's type. */
function fits(code, value) {
  switch (code) {
    case STR:
      return typeof value === "string";
    case INT:
      return Number.isInteger(value);
    case INT32:
      return (
        Number.isInteger(value) && value >= -2147483648 && value <= 2147483647
      );
    case NUM:
      return typeof value === "number";
    case BOOL:
      return typeof value === "boolean";
    case DATETIME:
      return typeof value === "string" && isDateTime(value);
    case DATE:
      return typeof value === "string" && isFullDate(value);
    default:
      return true;
  }
}

/**
 * A type of a table read once: `code` (FN for a function), the function,
 * and whether null is accepted.
 */
function compile(type) {
  if (typeof type === "function")
    return { code: FN, fn: type, nullable: false };
  const nullable = type.endsWith("?");
  const code = CODES.get(nullable ? type.slice(0, -1) : type);
  if (code === undefined) throw new TypeError(`unknown shape type ${type}`);
  return { code, fn: undefined, nullable: nullable || code === ANY };
}

function readCompiled(t, value) {
  if (value === null) {
    if (t.nullable) return null;
    throw wrong(EXPECTED[t.code], null);
  }
  if (t.code === FN) return t.fn(value);
  if (fits(t.code, value)) return value;
  throw wrong(EXPECTED[t.code], value);
}

/** A reader of values of `type` (a scalar code or a reader). */
function reader(type) {
  const t = compile(type);
  if (t.code === FN && !t.nullable) return t.fn;
  return (value) => readCompiled(t, value);
}

/** A reader of arrays whose every item is of `type`. */
function listOf(type) {
  const t = compile(type);
  return (value) => {
    if (!Array.isArray(value)) throw wrong("an array", value);
    const out = new Array(value.length);
    let i = 0;
    try {
      for (; i < value.length; i += 1) out[i] = readCompiled(t, value[i]);
    } catch (err) {
      throw at(err, i);
    }
    return out;
  };
}

/** A reader of objects used as maps, whose every value is of `type`. */
function recordOf(type) {
  const t = compile(type);
  return (value) => {
    if (!isRecord(value)) throw wrong("an object", value);
    const out = {};
    let key;
    try {
      for (key of Object.keys(value))
        put(out, key, readCompiled(t, value[key]));
    } catch (err) {
      throw at(err, key);
    }
    return out;
  };
}

/** A reader that also accepts null. */
function orNull(type) {
  const t = { ...compile(type), nullable: true };
  return (value) => readCompiled(t, value);
}

// A model's table read once: its wire names, SDK names, types and which
// properties are required.
const plans = new WeakMap();

function planOf(fields) {
  let plan = plans.get(fields);
  if (plan === undefined) {
    const index = new Map();
    const required = [];
    fields.forEach((row, i) => {
      index.set(row[0], i);
      if (row[2]) required.push(row[0]);
    });
    plan = {
      index,
      targets: fields.map((row) => (row.length > 3 ? row[3] : row[0])),
      types: fields.map((row) => compile(row[1])),
      required: fields.map((row) => (row[2] ? 1 : 0)),
      requiredNames: required,
    };
    plans.set(fields, plan);
  }
  return plan;
}

// The types of additionalProperties, each read once.
const extras = new Map();

function compiledExtra(extra) {
  let t = extras.get(extra);
  if (t === undefined) {
    t = compile(extra);
    extras.set(extra, t);
  }
  return t;
}

/**
 * Reads an object by its model's table: each property named in the table
 * checked against its type and renamed, each one it does not name copied (or
 * read as `extra`, the type of additionalProperties). Optional properties
 * may be null.
 */
function readObject(value, fields, extra) {
  if (!isRecord(value)) throw wrong("an object", value);
  const { index, targets, types, required, requiredNames } = planOf(fields);
  const more = extra === undefined ? undefined : compiledExtra(extra);
  const out = {};
  let seen = 0;
  let key;
  try {
    for (key of Object.keys(value)) {
      const item = value[key];
      const i = index.get(key);
      if (i === undefined) {
        put(out, key, more === undefined ? item : readCompiled(more, item));
      } else {
        const t = types[i];
        seen += required[i];
        if (item === null && !t.nullable) {
          if (required[i] === 1) throw wrong(EXPECTED[t.code], null);
          put(out, targets[i], null);
        } else put(out, targets[i], readCompiled(t, item));
      }
    }
  } catch (err) {
    throw at(err, key);
  }
  if (seen < requiredNames.length) {
    const name = requiredNames.find((n) => !Object.hasOwn(value, n));
    throw new ShapeError(
      `missing the required property ${JSON.stringify(name)}`,
    );
  }
  return out;
}

/**
 * Reads a value of a union without a discriminator: the first variant,
 * in order, that reads it.
 */
function readUnion(value, variants) {
  const compiled = variantsOf(variants);
  for (const t of compiled) {
    if (value === null) {
      if (t.nullable) return null;
    } else if (t.code !== FN) {
      if (fits(t.code, value)) return value;
    } else {
      try {
        return t.fn(value);
      } catch (err) {
        if (!(err instanceof ShapeError)) throw err;
      }
    }
  }
  throw wrong(`a value of one of its ${compiled.length} variants`, value);
}

const unions = new WeakMap();

function variantsOf(variants) {
  let compiled = unions.get(variants);
  if (compiled === undefined) {
    compiled = variants.map(compile);
    unions.set(variants, compiled);
  }
  return compiled;
}

/**
 * Reads a value of a discriminated union: the variant its `key` property
 * names (rows `[tag, reader, writer]`). A tag the table does not list is a
 * variant this SDK does not know yet, passed on as it came; without a tag,
 * the first variant that reads it.
 */
function readTagged(value, key, rows) {
  if (!isRecord(value)) throw wrong("an object", value);
  const tag = value[key];
  for (const row of rows) {
    if (row[0] === tag) return row[1](value);
  }
  if (typeof tag === "string") return value;
  if (tag !== undefined) {
    throw at(wrong("a string", tag), key);
  }
  return readUnion(value, variantReaders(rows));
}

const tagged = new WeakMap();

function variantReaders(rows) {
  let readers = tagged.get(rows);
  if (readers === undefined) {
    readers = [...new Set(rows.map((row) => row[1]))];
    tagged.set(rows, readers);
  }
  return readers;
}

/**
 * The error a caller sees for a success body that `read` could not read:
 * a `ResponseParseError` with the response's status, headers, raw body and
 * attempts, and a message saying where and what (never the body itself).
 */
function shapeFailure(name, response, err) {
  const requestId = requestIdOf(response.headers, response.requestIdHeader);
  const what =
    err instanceof ShapeError
      ? err.message
      : `${err?.name ?? "Error"}: ${err?.message ?? String(err)}`;
  const error = new ResponseParseError(
    `${name}: the response body does not have the documented shape: ${what}${requestId ? ` (request id ${requestId})` : ""}`,
    {
      attempts: response.attempts,
      // Not retried, and no retry decision stopped it: the call succeeded.
      stopReason: "none",
      status: response.status,
      headers: response.headers,
      body: response.rawBody ?? response.body,
      cause: err instanceof ShapeError ? undefined : err,
      requestIdHeader: response.requestIdHeader,
    },
  );
  if (err instanceof ShapeError) error.location = err.location;
  return error;
}

/**
 * A reader of an operation whose success bodies come in several media types
 * (`parseAs: "auto"`): `read` for a body that says it is JSON, any other
 * (text, bytes) as it came.
 */
function jsonOnly(read) {
  return (body, status, headers) =>
    isJsonMediaType(headers?.get("content-type") ?? "")
      ? read(body, status)
      : body;
}

/** `read(response.body, response.status)`, a failure as `shapeFailure`. */
function readResponse(name, response, read) {
  try {
    return read(response.body, response.status, response.headers);
  } catch (err) {
    throw shapeFailure(name, response, err);
  }
}

module.exports = {
  ShapeError,
  isDateTime,
  isFullDate,
  reader,
  listOf,
  recordOf,
  orNull,
  readObject,
  readUnion,
  readTagged,
  shapeFailure,
  jsonOnly,
  readResponse,
};
