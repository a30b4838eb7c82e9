"use strict";
// How a request's parameters and form bodies are written: runtime/WIRE.md,
// sections 1 to 4, to the letter. runtime/wire-vectors.json states the same
// rules as cases, and test/wire.test.js runs every one of them.
//
// The generator decides per operation which rule applies (each parameter's
// location, style, explode, allowReserved or content; each form property's
// encoding) and the generated code passes that here; nothing below guesses.
//
// Path parameters are encoded strictly (RFC 3986 unreserved characters only
// stay as they are), so a value such as `../admin` or `a/b` can never change
// which path is requested: `/` becomes %2F. An expansion that is empty, `.`
// or `..` is refused: URL parsers treat those segments (even
// percent-encoded) as "this directory", "parent directory" or an empty
// segment, which would change the path.
const { InvalidArgumentError } = require("./errors.js");

const SUB_DELIMS = /[!'()*]/;
const SUB_DELIMS_ALL = /[!'()*]/g;

/**
 * encodeURIComponent, plus the sub-delimiters it leaves alone (! ' ( ) *):
 * only RFC 3986's unreserved characters stay, everything else is UTF-8
 * percent-encoded with upper-case hex digits.
 * @param {string} s
 * @param {string} [what] what is being encoded, for the error on a lone surrogate
 */
function strictEncode(s, what = "value") {
  let encoded;
  try {
    encoded = encodeURIComponent(s);
  } catch (err) {
    throw new InvalidArgumentError(
      `${what}: not well-formed Unicode text (a lone surrogate)`,
      { cause: err },
    );
  }
  // Most values have none of these characters: no replace (and no callback) for them.
  return SUB_DELIMS.test(encoded)
    ? encoded.replace(
        SUB_DELIMS_ALL,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      )
    : encoded;
}

// allowReserved: RFC 3986's reserved characters that may stand in a query
// value as they are. `#`, `[`, `]`, `&`, `=` and `+` are not among them.
const KEPT_RESERVED = new Set([
  ":",
  "/",
  "?",
  "@",
  "!",
  "$",
  "'",
  "(",
  ")",
  "*",
  ",",
  ";",
]);
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const HEX = /^[0-9A-Fa-f]{2}$/;

/**
 * Percent-encoding for `allowReserved: true`: the reserved characters a query
 * allows and well-formed `%XX` triples stay; everything else as strictEncode.
 * @param {string} s
 * @param {string} [what]
 */
function reservedEncode(s, what = "value") {
  let out = "";
  let run = "";
  for (let i = 0; i < s.length; i += 1) {
    const c = s[i];
    if (UNRESERVED.test(c) || KEPT_RESERVED.has(c)) {
      out += strictEncode(run, what) + c;
      run = "";
    } else if (c === "%" && HEX.test(s.slice(i + 1, i + 3))) {
      out += strictEncode(run, what) + s.slice(i, i + 3);
      run = "";
      i += 2;
    } else {
      run += c;
    }
  }
  return out + strictEncode(run, what);
}

/**
 * A scalar as text (WIRE.md section 1): a string is itself; booleans
 * `true`/`false`; numbers as JavaScript writes them (String(n): `2`, `0.1`,
 * `1e+21`, `-0` is `0`), bigints in decimal; a Date in RFC 3339, UTC, with
 * `Z`. Infinity and NaN are refused.
 * @param {unknown} value
 * @param {string} [what] what is being written, for error messages
 * @returns {string}
 */
function textOf(value, what = "value") {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
      if (!Number.isFinite(value))
        throw new InvalidArgumentError(
          `${what}: ${value} is not a finite number`,
        );
      return String(value);
    case "bigint":
    case "boolean":
      return String(value);
    default:
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime()))
          throw new InvalidArgumentError(`${what}: invalid Date`);
        return value.toISOString();
      }
      throw new InvalidArgumentError(
        `${what}: cannot write a value of type ${value === null ? "null" : typeof value} as text`,
      );
  }
}

/**
 * Compact JSON text (WIRE.md section 5): no spaces, non-ASCII kept, numbers as
 * JavaScript writes them; bigints as their decimal digits.
 * @param {unknown} value
 * @param {string} [what]
 * @returns {string}
 */
function jsonText(value, what = "value") {
  let text;
  try {
    text = JSON.stringify(value);
  } catch (err) {
    if (err instanceof TypeError && /BigInt/i.test(err.message))
      return bigJson(value, what);
    throw new InvalidArgumentError(
      `${what}: cannot be written as JSON: ${err instanceof Error ? err.message : err}`,
      {
        cause: err,
      },
    );
  }
  if (text === undefined)
    throw new InvalidArgumentError(`${what}: cannot be written as JSON`);
  return text;
}

// JSON.stringify with bigints written as numbers: only when a bigint is there.
function bigJson(value, what, seen = new Set()) {
  if (typeof value === "bigint") return String(value);
  if (
    value !== null &&
    typeof value === "object" &&
    typeof value.toJSON === "function"
  ) {
    return bigJson(value.toJSON(), what, seen);
  }
  if (value === null || typeof value !== "object") {
    const text = JSON.stringify(value);
    return text === undefined ? "null" : text;
  }
  if (seen.has(value))
    throw new InvalidArgumentError(
      `${what}: cannot be written as JSON: a cycle`,
    );
  seen.add(value);
  let text;
  if (Array.isArray(value)) {
    text = `[${value.map((v) => (isSkippedInJson(v) ? "null" : bigJson(v, what, seen))).join(",")}]`;
  } else {
    const members = [];
    for (const key of Object.keys(value)) {
      const v = value[key];
      if (!isSkippedInJson(v))
        members.push(`${JSON.stringify(key)}:${bigJson(v, what, seen)}`);
    }
    text = `{${members.join(",")}}`;
  }
  seen.delete(value);
  return text;
}

function isSkippedInJson(v) {
  return v === undefined || typeof v === "function" || typeof v === "symbol";
}

/** Whether a value is a JSON media type: `application/json` or `*+json`. */
function isJsonMediaType(mediaType) {
  if (typeof mediaType !== "string") return false;
  const essence = mediaType.split(";", 1)[0].trim().toLowerCase();
  return (
    essence === "application/json" ||
    (essence.endsWith("+json") && essence.includes("/"))
  );
}

function isObject(v) {
  return (
    v !== null &&
    typeof v === "object" &&
    !Array.isArray(v) &&
    !(v instanceof Date) &&
    !isBinary(v)
  );
}

function isBinary(v) {
  return v instanceof Blob || v instanceof ArrayBuffer || ArrayBuffer.isView(v);
}

/** An object's members, null and undefined members left out. */
function members(value) {
  const out = [];
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (v !== undefined && v !== null) out.push([key, v]);
  }
  return out;
}

/** An array's items, null and undefined items left out. */
function items(value) {
  return value.filter((v) => v !== undefined && v !== null);
}

/**
 * Whether a value is "undefined" in RFC 6570's sense (WIRE.md section 1): null,
 * an empty array, an empty object, or one whose members are all null.
 * @param {unknown} value
 */
function isUndefinedValue(value) {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return items(value).length === 0;
  if (isObject(value)) return members(value).length === 0;
  return false;
}

/**
 * The pieces of a value for styles other than deepObject: the kind and its
 * texts, each nested object or array written as its compact JSON.
 */
function shape(value, what) {
  const text = (v) =>
    Array.isArray(v) || isObject(v) ? jsonText(v, what) : textOf(v, what);
  if (Array.isArray(value))
    return { kind: "array", items: items(value).map(text) };
  if (isObject(value))
    return {
      kind: "object",
      members: members(value).map(([k, v]) => [k, text(v)]),
    };
  return { kind: "scalar", text: textOf(value, what) };
}

function styleOf(how, fallback) {
  return how?.style ?? fallback;
}

function explodeOf(how, style) {
  return how?.explode ?? style === "form";
}

/**
 * One path parameter's expansion (WIRE.md section 3, Path): `simple` (the
 * default), `label` or `matrix`, with or without explode. An undefined value,
 * or an expansion that is empty, `.` or `..`, is refused.
 * @param {string} name
 * @param {unknown} value
 * @param {{style?: 'simple' | 'label' | 'matrix', explode?: boolean}} [how]
 * @returns {string}
 */
function pathParam(name, value, how) {
  // The common case, a scalar in the default style: no shape to build.
  if (
    how === undefined &&
    (typeof value === "string" || typeof value === "number")
  ) {
    const out = strictEncode(
      textOf(value, `path parameter ${name}`),
      `path parameter ${name}`,
    );
    if (out !== "" && out !== "." && out !== "..") return out;
  }
  const what = `path parameter ${name}`;
  const style = styleOf(how, "simple");
  const explode = how?.explode ?? false;
  if (isUndefinedValue(value))
    throw new InvalidArgumentError(`${what} is required`);
  const enc = (s) => strictEncode(s, what);
  const s = shape(value, what);
  let out;
  if (style === "simple" || style === "label") {
    const prefix = style === "label" ? "." : "";
    const sep = style === "label" && explode ? "." : ",";
    if (s.kind === "scalar") out = prefix + enc(s.text);
    else if (s.kind === "array") out = prefix + s.items.map(enc).join(sep);
    else if (explode)
      out = prefix + s.members.map(([k, v]) => `${enc(k)}=${enc(v)}`).join(sep);
    else
      out = prefix + s.members.map(([k, v]) => `${enc(k)},${enc(v)}`).join(",");
  } else if (style === "matrix") {
    const n = enc(name);
    const pair = (k, v) => (v === "" ? `;${k}` : `;${k}=${enc(v)}`);
    if (s.kind === "scalar") out = pair(n, s.text);
    else if (s.kind === "array") {
      out = explode
        ? s.items.map((v) => pair(n, v)).join("")
        : `;${n}=${s.items.map(enc).join(",")}`;
    } else if (explode)
      out = s.members.map(([k, v]) => pair(enc(k), v)).join("");
    else
      out = `;${n}=${s.members.map(([k, v]) => `${enc(k)},${enc(v)}`).join(",")}`;
  } else {
    throw new InvalidArgumentError(
      `${what}: style ${style} is not a path style`,
    );
  }
  if (out === "" || out === "." || out === "..") {
    throw new InvalidArgumentError(
      `${what} must not be empty, "." or ".." (got ${JSON.stringify(out)})`,
    );
  }
  return out;
}

/**
 * One query parameter's pieces, joined with `&` ("" when nothing is sent):
 * WIRE.md section 3, Query. `style` is `form` (the default), `spaceDelimited`,
 * `pipeDelimited` or `deepObject`; `explode` defaults to true for `form` only;
 * `allowReserved` keeps the reserved characters a query allows; `contentType`
 * (a parameter described by `content`) writes the value as that media type,
 * one scalar.
 * @param {string} name
 * @param {unknown} value
 * @param {{style?: string, explode?: boolean, allowReserved?: boolean, contentType?: string}} [how]
 * @returns {string}
 */
function queryParam(name, value, how) {
  // The common case, a scalar in the default style: no shape to build.
  if (
    how === undefined &&
    (typeof value === "string" ||
      typeof value === "number" ||
      typeof value === "boolean")
  ) {
    const what = `query parameter ${name}`;
    return `${strictEncode(name, what)}=${strictEncode(textOf(value, what), what)}`;
  }
  const what = `query parameter ${name}`;
  if (isUndefinedValue(value)) return "";
  const n = strictEncode(name, what);
  const enc = how?.allowReserved
    ? (s) => reservedEncode(s, what)
    : (s) => strictEncode(s, what);
  const contentType = how?.contentType;
  if (contentType !== undefined && contentType !== null) {
    const text = isJsonMediaType(contentType)
      ? jsonText(value, what)
      : textOf(value, what);
    return `${n}=${enc(text)}`;
  }
  const style = styleOf(how, "form");
  if (style === "deepObject") return deepPieces(n, value, enc, what).join("&");
  let explode = explodeOf(how, style);
  let sep;
  if (style === "form") sep = ",";
  else if (style === "spaceDelimited") sep = "%20";
  else if (style === "pipeDelimited") sep = "%7C";
  else
    throw new InvalidArgumentError(
      `${what}: style ${style} is not a query style`,
    );
  if (explode) sep = ",";
  const s = shape(value, what);
  if (s.kind === "scalar") return `${n}=${enc(s.text)}`;
  if (s.kind === "array") {
    if (explode) return s.items.map((v) => `${n}=${enc(v)}`).join("&");
    return `${n}=${s.items.map(enc).join(sep)}`;
  }
  if (explode)
    return s.members
      .map(([k, v]) => `${strictEncode(k, what)}=${enc(v)}`)
      .join("&");
  return `${n}=${s.members.map(([k, v]) => `${strictEncode(k, what)}${sep}${enc(v)}`).join(sep)}`;
}

/**
 * deepObject, sdkgen's convention (WIRE.md section 3): nested objects nest
 * brackets, an array of scalars is `k[]=v` per item, an array holding any
 * object or array indexes its items from 0, a scalar is `name=v`.
 */
function deepPieces(n, value, enc, what) {
  const pieces = [];
  const walk = (key, v) => {
    if (Array.isArray(v)) {
      const kept = items(v);
      if (kept.some((item) => Array.isArray(item) || isObject(item))) {
        kept.forEach((item, i) => walk(`${key}%5B${i}%5D`, item));
      } else {
        for (const item of kept)
          pieces.push(`${key}%5B%5D=${enc(textOf(item, what))}`);
      }
    } else if (isObject(v)) {
      for (const [k, m] of members(v))
        walk(`${key}%5B${strictEncode(k, what)}%5D`, m);
    } else {
      pieces.push(`${key}=${enc(textOf(v, what))}`);
    }
  };
  walk(n, value);
  return pieces;
}

// A header value may hold visible ASCII, spaces and tabs, nothing else.
const HEADER_TEXT = /^[\t\x20-\x7e]*$/;

/**
 * One header parameter (WIRE.md section 3, Header): `simple` style without
 * percent-encoding, objects as `k=v,k=v` with explode and `k,v,k,v` without.
 * Returns `[name, value]`, or undefined when nothing is sent; a value with
 * anything but visible ASCII, spaces and tabs is refused.
 * @param {string} name
 * @param {unknown} value
 * @param {{explode?: boolean, contentType?: string}} [how]
 * @returns {[string, string] | undefined}
 */
function headerParam(name, value, how) {
  const what = `header ${name}`;
  if (isUndefinedValue(value)) return undefined;
  let text;
  const contentType = how?.contentType;
  if (contentType !== undefined && contentType !== null) {
    text = isJsonMediaType(contentType)
      ? jsonText(value, what)
      : textOf(value, what);
  } else {
    const s = shape(value, what);
    if (s.kind === "scalar") text = s.text;
    else if (s.kind === "array") text = s.items.join(",");
    else if (how?.explode)
      text = s.members.map(([k, v]) => `${k}=${v}`).join(",");
    else text = s.members.map(([k, v]) => `${k},${v}`).join(",");
  }
  if (!HEADER_TEXT.test(text)) {
    throw new InvalidArgumentError(
      `${what}: a header value may hold only visible ASCII, spaces and tabs (no line breaks, control characters or non-ASCII text)`,
    );
  }
  return [name, text];
}

/**
 * One cookie parameter's `name=value` pairs, joined with `; ` ("" when
 * nothing is sent): WIRE.md section 3, Cookie. `form` style, explode true
 * unless declared; values percent-encoded, so `;`, `,`, `=` and spaces
 * cannot split a cookie.
 * @param {string} name
 * @param {unknown} value
 * @param {{explode?: boolean, contentType?: string}} [how]
 * @returns {string}
 */
function cookieParam(name, value, how) {
  const what = `cookie ${name}`;
  if (isUndefinedValue(value)) return "";
  const enc = (s) => strictEncode(s, what);
  const n = enc(name);
  const contentType = how?.contentType;
  if (contentType !== undefined && contentType !== null) {
    return `${n}=${enc(isJsonMediaType(contentType) ? jsonText(value, what) : textOf(value, what))}`;
  }
  const explode = how?.explode ?? true;
  const s = shape(value, what);
  if (s.kind === "scalar") return `${n}=${enc(s.text)}`;
  if (s.kind === "array") {
    return explode
      ? s.items.map((v) => `${n}=${enc(v)}`).join("; ")
      : `${n}=${s.items.map(enc).join(",")}`;
  }
  if (explode)
    return s.members.map(([k, v]) => `${enc(k)}=${enc(v)}`).join("; ");
  return `${n}=${s.members.map(([k, v]) => `${enc(k)},${enc(v)}`).join(",")}`;
}

/**
 * The `Cookie` header from cookieParam pieces: joined with `; `, undefined
 * when there are none.
 * @param {...string} pieces
 * @returns {string | undefined}
 */
function cookieHeader(...pieces) {
  const kept = pieces.filter((p) => p !== "" && p !== undefined && p !== null);
  return kept.length === 0 ? undefined : kept.join("; ");
}

/**
 * An `application/x-www-form-urlencoded` body (WIRE.md section 4): each
 * property written as a query parameter of its name would be, with the
 * encoding of its row in `fields` (`[name, style?, explode?, allowReserved?]`;
 * form and explode when the row says no more, or when there is no row), in
 * the order of `fields`, then the value's other properties in its order.
 * Undefined when there is no value: an optional body not given is no body.
 * @param {Record<string, unknown> | null | undefined} value the body, with wire names
 * @param {readonly (readonly [string, string?, boolean?, boolean?])[]} [fields]
 * @returns {string | undefined}
 */
function formBody(value, fields = []) {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value))
    throw new InvalidArgumentError("a form body must be an object");
  const pieces = [];
  const seen = new Set();
  for (const [name, style, explode, allowReserved] of fields) {
    seen.add(name);
    if (!Object.hasOwn(value, name)) continue;
    const how = { style: style ?? "form", explode, allowReserved };
    pieces.push(queryParam(name, value[name], how));
  }
  for (const name of Object.keys(value)) {
    if (!seen.has(name)) pieces.push(queryParam(name, value[name]));
  }
  return queryString(...pieces);
}

/**
 * Joins encoded pieces (from queryParam and friends) into a query string
 * without the leading `?`, leaving out empty ones. Accepts pieces and arrays.
 * @param {...(string | string[])} parts
 * @returns {string}
 */
function queryString(...parts) {
  return parts
    .flat()
    .filter((p) => p !== "")
    .join("&");
}

// Path helpers in `simple` style, for code that fills a template by names.

/**
 * One path parameter in `simple` style.
 * @param {unknown} value
 * @param {string} [name] parameter name, for error messages
 * @returns {string}
 */
function encodePathSegment(value, name = "path parameter") {
  return pathParam(name.replace(/^path parameter /, ""), value);
}

/**
 * Fills a path template: `buildPath('/orders/{id}', { id: 'a/b' })` gives `/orders/a%2Fb`.
 * @param {string} template
 * @param {Record<string, unknown>} params
 * @returns {string}
 */
function buildPath(template, params = {}) {
  return template.replace(/\{([^{}]+)\}/g, (_, name) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) {
      throw new InvalidArgumentError(`path parameter ${name} is required`);
    }
    return pathParam(name, params[name]);
  });
}

/**
 * Encodes the `query` of a request: a pre-encoded string (leading `?` allowed),
 * URLSearchParams, or a plain object whose entries are encoded as form/explode.
 * @param {string | URLSearchParams | Record<string, unknown> | undefined | null} query
 * @returns {string}
 */
function encodeQuery(query) {
  if (query === undefined || query === null) return "";
  if (typeof query === "string")
    return query.startsWith("?") ? query.slice(1) : query;
  if (query instanceof URLSearchParams) return query.toString();
  if (isObject(query)) {
    return queryString(
      ...Object.keys(query).map((k) => queryParam(k, query[k])),
    );
  }
  throw new InvalidArgumentError(
    "query must be a string, URLSearchParams or a plain object",
  );
}

module.exports = {
  strictEncode,
  reservedEncode,
  textOf,
  jsonText,
  isJsonMediaType,
  isUndefinedValue,
  pathParam,
  queryParam,
  headerParam,
  cookieParam,
  cookieHeader,
  formBody,
  queryString,
  encodePathSegment,
  buildPath,
  encodeQuery,
};
