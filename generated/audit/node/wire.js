// Converts between this SDK's camelCase models and the API's names on the
// wire. Internal: the resources call these; models.d.ts has the shapes.
//
// Each table row is [wire name, SDK name, fromWire, toWire]; only the fields
// that change on the way are listed. Properties not in a table (newer fields
// of the API, or extra properties) are copied as they are.

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

// A table read for one direction: the source names (also as a set), the
// target names and the changes, made once per table and direction.
const plans = [new WeakMap(), new WeakMap()];

function planOf(fields, fromWire) {
  const cache = plans[fromWire ? 0 : 1];
  let plan = cache.get(fields);
  if (plan === undefined) {
    plan = {
      sources: fields.map((row) => (fromWire ? row[0] : row[1])),
      targets: fields.map((row) => (fromWire ? row[1] : row[0])),
      changes: fields.map((row) => (fromWire ? row[2] : row[3])),
    };
    plan.known = new Set(plan.sources);
    cache.set(fields, plan);
  }
  return plan;
}

function convert(value, fields, fromWire, extra) {
  if (!isRecord(value)) return value;
  const { sources, targets, changes, known } = planOf(fields, fromWire);
  const out = {};
  for (let i = 0; i < sources.length; i += 1) {
    if (Object.hasOwn(value, sources[i])) {
      const item = value[sources[i]];
      const change = changes[i];
      put(out, targets[i], change && item != null ? change(item) : item);
    }
  }
  for (const key of Object.keys(value)) {
    if (!known.has(key) && !Object.hasOwn(out, key)) {
      const item = value[key];
      put(out, key, extra && item != null ? extra(item) : item);
    }
  }
  return out;
}

function byTag(value, key, variants, column) {
  if (!isRecord(value)) return value;
  const row = variants.find(([tag]) => tag === value[key]);
  return row ? row[column](value) : value;
}

/** Converts every item of an array with `convert`. */
export function arrayOf(convert) {
  return (value) =>
    Array.isArray(value)
      ? value.map((item) => (item == null ? item : convert(item)))
      : value;
}

/**
 * Converts a success body with the converter of its status (`"2XX"` stands
 * for any success), when an operation's 2xx answers have different shapes.
 */
export function byStatus(rows) {
  return (value, status) => {
    const row =
      rows.find(([code]) => code === status) ??
      rows.find(([code]) => code === "2XX");
    return row ? row[1](value) : value;
  };
}

/** Converts every value of a map with `convert`; keys are data and stay. */
export function mapOf(convert) {
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

const accountFields = [["created_at", "createdAt"]];

/** @returns {import("./models.js").Account} */
export function accountFromWire(value) {
  return convert(value, accountFields, true);
}

/** @param {import("./models.js").Account} value */
export function accountToWire(value) {
  return convert(value, accountFields, false);
}

const activityEntryFields = [["created_at", "createdAt"]];

/** @returns {import("./models.js").ActivityEntry} */
export function activityEntryFromWire(value) {
  return convert(value, activityEntryFields, true);
}

/** @param {import("./models.js").ActivityEntry} value */
export function activityEntryToWire(value) {
  return convert(value, activityEntryFields, false);
}

const chargeFields = [["created_at", "createdAt"]];

/** @returns {import("./models.js").Charge} */
export function chargeFromWire(value) {
  return convert(value, chargeFields, true);
}

/** @param {import("./models.js").Charge} value */
export function chargeToWire(value) {
  return convert(value, chargeFields, false);
}

const listAccountsResponseFields = [
  ["accounts", "accounts", arrayOf(accountFromWire), arrayOf(accountToWire)],
];

/** @returns {import("./models.js").ListAccountsResponse} */
export function listAccountsResponseFromWire(value) {
  return convert(value, listAccountsResponseFields, true);
}

/** @param {import("./models.js").ListAccountsResponse} value */
export function listAccountsResponseToWire(value) {
  return convert(value, listAccountsResponseFields, false);
}

const createChargeRequestFields = [
  ["statement_descriptor", "statementDescriptor"],
];

/** @returns {import("./models.js").CreateChargeRequest} */
export function createChargeRequestFromWire(value) {
  return convert(value, createChargeRequestFields, true);
}

/** @param {import("./models.js").CreateChargeRequest} value */
export function createChargeRequestToWire(value) {
  return convert(value, createChargeRequestFields, false);
}

const updateAccountLimitsRequestFields = [
  ["daily_delta", "dailyDelta"],
  ["monthly_delta", "monthlyDelta"],
];

/** @returns {import("./models.js").UpdateAccountLimitsRequest} */
export function updateAccountLimitsRequestFromWire(value) {
  return convert(value, updateAccountLimitsRequestFields, true);
}

/** @param {import("./models.js").UpdateAccountLimitsRequest} value */
export function updateAccountLimitsRequestToWire(value) {
  return convert(value, updateAccountLimitsRequestFields, false);
}
