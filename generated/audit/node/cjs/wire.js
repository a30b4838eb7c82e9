"use strict";
// Converts between this SDK's camelCase models and the API's names on the
// wire, and reads success bodies, checking their shape (CONTRACT.md section
// 6). Internal: the resources call these; models.d.ts has the shapes.
//
// A model's table has one row per field, [wire name, type, required, SDK
// name, toWire]; the last two are left out when the field keeps its name and
// its value does not convert. A type is a scalar's code ("str", "int",
// "datetime", ... with "?" where null is allowed) or a reader; the runtime's
// shape.js reads them (a model only written has 0 for both, and no reader).
// The table of a model read from responses, or written
// as JSON in requests, lists every field, in the order of its schema: that
// is the order its JSON takes, whatever order the caller's object holds them
// in; other tables list only the fields that change on the way. Properties
// not in a table (newer fields of the API, or extra properties) are copied as
// they are, after the table's.

const {
  jsonOnly,
  listOf,
  orNull,
  readObject,
  readTagged,
  readUnion,
  reader,
  recordOf,
} = require("./runtime/index.js");

function isRecord(value) {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Uint8Array) &&
    !(value instanceof Blob)
  );
}

// Defines an own property: a key such as "__proto__" stays plain data.
function define(target, key, value) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

// Sets an own property: a plain store, but for "__proto__", whose store would
// set the prototype instead.
function put(target, key, value) {
  if (key === "__proto__") define(target, key, value);
  else target[key] = value;
}

// A table read for writing: the SDK names (also as a map), the wire names
// and the changes, made once per table.
const plans = new WeakMap();

function planOf(fields) {
  let plan = plans.get(fields);
  if (plan === undefined) {
    plan = {
      sources: fields.map((row) => (row.length > 3 ? row[3] : row[0])),
      targets: fields.map((row) => row[0]),
      changes: fields.map((row) => row[4]),
    };
    plan.index = new Map(plan.sources.map((name, i) => [name, i]));
    plans.set(fields, plan);
  }
  return plan;
}

// Converts a record to the wire by a table: the properties in the order the
// value holds them, or (inOrder) the table's fields first, in its order, then
// the rest.
function convert(value, fields, extra, inOrder = false) {
  if (!isRecord(value)) return value;
  const { sources, targets, changes, index } = planOf(fields);
  const out = {};
  if (inOrder) {
    for (let i = 0; i < sources.length; i += 1) {
      if (Object.hasOwn(value, sources[i])) {
        const item = value[sources[i]];
        const change = changes[i];
        put(out, targets[i], change && item != null ? change(item) : item);
      }
    }
  }
  for (const key of Object.keys(value)) {
    const i = index.get(key);
    const item = value[key];
    if (i === undefined) {
      if (!Object.hasOwn(out, key)) {
        put(out, key, extra && item != null ? extra(item) : item);
      }
    } else if (!inOrder) {
      const change = changes[i];
      put(out, targets[i], change && item != null ? change(item) : item);
    }
  }
  return out;
}

// A type written as JSON in requests: its fields in the order of its schema.
function convertInOrder(value, fields, extra) {
  return convert(value, fields, extra, true);
}

// Converts a discriminated union's value to the wire by its variant's row.
function byTag(value, key, variants) {
  if (!isRecord(value)) return value;
  const row = variants.find(([tag]) => tag === value[key]);
  return row && row[2] ? row[2](value) : value;
}

/** Converts every item of an array with `convert`. */
function arrayOf(convert) {
  return (value) =>
    Array.isArray(value)
      ? value.map((item) => (item == null ? item : convert(item)))
      : value;
}

/**
 * Converts a success body with the converter of its status (`"2XX"` stands
 * for any success), when an operation's 2xx answers have different shapes.
 */
function byStatus(rows) {
  return (value, status) => {
    const row =
      rows.find(([code]) => code === status) ??
      rows.find(([code]) => code === "2XX");
    return row ? row[1](value) : value;
  };
}

/** Converts every value of a map with `convert`; keys are data and stay. */
function mapOf(convert) {
  return (value) => {
    if (!isRecord(value)) return value;
    const out = {};
    for (const key of Object.keys(value)) {
      const item = value[key];
      put(out, key, item == null ? item : convert(item));
    }
    return out;
  };
}

const accountInputFields = [
  ["email", 0, 0],
  ["name", 0, 0],
  ["plan", 0, 0],
  ["phone", 0, 0],
];

/** @param {import("./models.js").AccountInput} value */
function accountInputToWire(value) {
  return convertInOrder(value, accountInputFields);
}

const accountFields = [
  ["email", "str", 1],
  ["name", "str", 1],
  ["plan", "str", 0],
  ["phone", "str?", 0],
  ["id", "str", 1],
  ["credits", "int", 1],
  ["limits", limitsFromWire, 0],
  ["created_at", "datetime", 1, "createdAt"],
];

/** @returns {import("./models.js").Account} */
function accountFromWire(value) {
  return readObject(value, accountFields);
}

/** @param {import("./models.js").Account} value */
function accountToWire(value) {
  return convert(value, accountFields);
}

const activityEntryFields = [
  ["id", "int", 1],
  ["kind", "str", 1],
  ["text", "str", 1],
  ["author", "str", 0],
  ["created_at", "datetime", 1, "createdAt"],
];

/** @returns {import("./models.js").ActivityEntry} */
function activityEntryFromWire(value) {
  return readObject(value, activityEntryFields);
}

/** @param {import("./models.js").ActivityEntry} value */
function activityEntryToWire(value) {
  return convert(value, activityEntryFields);
}

const chargeFields = [
  ["id", "str", 1],
  ["amount", "int", 1],
  ["currency", "str", 1],
  ["status", "str", 1],
  ["created_at", "datetime", 1, "createdAt"],
];

/** @returns {import("./models.js").Charge} */
function chargeFromWire(value) {
  return readObject(value, chargeFields);
}

/** @param {import("./models.js").Charge} value */
function chargeToWire(value) {
  return convert(value, chargeFields);
}

const limitsFields = [
  ["daily", "int", 1],
  ["monthly", "int", 1],
];

/** @returns {import("./models.js").Limits} */
function limitsFromWire(value) {
  return readObject(value, limitsFields);
}

const listAccountsResponseFields = [
  ["accounts", listOf(accountFromWire), 1, "accounts", arrayOf(accountToWire)],
  ["total", "int", 1],
];

/** @returns {import("./models.js").ListAccountsResponse} */
function listAccountsResponseFromWire(value) {
  return readObject(value, listAccountsResponseFields);
}

/** @param {import("./models.js").ListAccountsResponse} value */
function listAccountsResponseToWire(value) {
  return convert(value, listAccountsResponseFields);
}

const addAccountNoteRequestFields = [
  ["text", 0, 0],
  ["author", 0, 0],
];

/** @param {import("./models.js").AddAccountNoteRequest} value */
function addAccountNoteRequestToWire(value) {
  return convertInOrder(value, addAccountNoteRequestFields);
}

const useCreditResponseFields = [["credits", "int", 1]];

/** @returns {import("./models.js").UseCreditResponse} */
function useCreditResponseFromWire(value) {
  return readObject(value, useCreditResponseFields);
}

const createChargeRequestFields = [
  ["amount", 0, 0],
  ["currency", 0, 0],
  ["statement_descriptor", 0, 0, "statementDescriptor"],
];

/** @param {import("./models.js").CreateChargeRequest} value */
function createChargeRequestToWire(value) {
  return convertInOrder(value, createChargeRequestFields);
}

const updateAccountLimitsRequestFields = [
  ["daily_delta", 0, 0, "dailyDelta"],
  ["monthly_delta", 0, 0, "monthlyDelta"],
];

/** @param {import("./models.js").UpdateAccountLimitsRequest} value */
function updateAccountLimitsRequestToWire(value) {
  return convertInOrder(value, updateAccountLimitsRequestFields);
}

module.exports = {
  jsonOnly,
  listOf,
  orNull,
  reader,
  recordOf,
  arrayOf,
  byStatus,
  mapOf,
  accountInputToWire,
  accountFromWire,
  accountToWire,
  activityEntryFromWire,
  activityEntryToWire,
  chargeFromWire,
  chargeToWire,
  limitsFromWire,
  listAccountsResponseFromWire,
  listAccountsResponseToWire,
  addAccountNoteRequestToWire,
  useCreditResponseFromWire,
  createChargeRequestToWire,
  updateAccountLimitsRequestToWire,
};
