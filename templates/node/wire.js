// Converts between this SDK's camelCase models and the API's names on the
// wire. Internal: the resources call these; models.d.ts has the shapes.
//
// Each table row is [wire name, SDK name, fromWire, toWire]; only the fields
// that change on the way are listed. Properties not in a table (newer fields
// of the API, or extra properties) are copied as they are.
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

function convert(value, fields, fromWire, extra) {
  if (!isRecord(value)) return value;
  const out = {};
  const known = new Set();
  for (const [wireName, name, toSdk, toApi] of fields) {
    const [source, target] = fromWire ? [wireName, name] : [name, wireName];
    const change = fromWire ? toSdk : toApi;
    known.add(source);
    if (Object.hasOwn(value, source)) {
      const item = value[source];
      define(out, target, change && item != null ? change(item) : item);
    }
  }
  for (const [key, item] of Object.entries(value)) {
    if (!known.has(key) && !Object.hasOwn(out, key)) {
      define(out, key, extra && item != null ? extra(item) : item);
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
    for (const [key, item] of Object.entries(value)) {
      define(out, key, item == null ? item : convert(item));
    }
    return out;
  };
}
{% for c in v.converters %}
{{ c.table }}

/** @returns {import("./models.js").{{ c.ts_type }}} */
export function {{ c.from_wire }}(value) {
  {{ c.from_return }}
}

/** @param {import("./models.js").{{ c.ts_type }}} value */
export function {{ c.to_wire }}(value) {
  {{ c.to_return }}
}
{% endfor -%}
{% else %}
export {};
{% endif -%}
