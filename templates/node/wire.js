// Converts between this SDK's camelCase models and the API's names on the
// wire. Internal: the resources call these; models.d.ts has the shapes.
//
// Each table row is [wire name, SDK name, fromWire, toWire], or [name] for a
// field that passes unchanged. A type written as JSON in requests lists every
// field, in the order of its schema: that is the order its JSON takes,
// whatever order the caller's object holds them in. Other tables list only
// the fields that change on the way. Properties not in a table (newer fields
// of the API, or extra properties) are copied as they are, after the table's.
{% if v.has_converters() %}
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

// The SDK's name of a table row's field: `[name]` keeps the wire's.
function sdkName(row) {
  return row.length > 1 ? row[1] : row[0];
}

// A table read for one direction: the source names (also as a set), the
// target names and the changes, made once per table and direction.
const plans = [new WeakMap(), new WeakMap()];

function planOf(fields, fromWire) {
  const cache = plans[fromWire ? 0 : 1];
  let plan = cache.get(fields);
  if (plan === undefined) {
    plan = {
      sources: fields.map((row) => (fromWire ? row[0] : sdkName(row))),
      targets: fields.map((row) => (fromWire ? sdkName(row) : row[0])),
      changes: fields.map((row) => (fromWire ? row[2] : row[3])),
    };
    plan.index = new Map(plan.sources.map((name, i) => [name, i]));
    cache.set(fields, plan);
  }
  return plan;
}

// Converts a record by a table: the properties in the order the value holds
// them, or (inOrder) the table's fields first, in its order, then the rest.
function convert(value, fields, fromWire, extra, inOrder = false) {
  if (!isRecord(value)) return value;
  const { sources, targets, changes, index } = planOf(fields, fromWire);
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
  return convert(value, fields, false, extra, true);
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
{% for c in v.converters %}
{{ c.table }}

/** @returns {import("./models.js").{{ c.ts_type }}} */
export function {{ c.from_wire }}(value) {
  return {{ c.from_call }};
}

/** @param {import("./models.js").{{ c.ts_type }}} value */
export function {{ c.to_wire }}(value) {
  return {{ c.to_call }};
}
{% endfor -%}
{% else %}
export {};
{% endif -%}
