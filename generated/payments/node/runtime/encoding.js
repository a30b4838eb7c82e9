// URL helpers generated code uses to build paths and query strings.
//
// Path parameters are encoded strictly (RFC 3986 unreserved characters only stay as
// they are), so a value such as `../admin` or `a/b` can never change which path is
// requested: `/` becomes %2F. A value that is exactly `.`, `..` or empty is refused:
// URL parsers treat those segments (even percent-encoded) as "this directory",
// "parent directory" or an empty segment, which would change the path.
import { InvalidArgumentError } from './errors.js';

const SUB_DELIMS = /[!'()*]/;
const SUB_DELIMS_ALL = /[!'()*]/g;

/**
 * encodeURIComponent, plus the sub-delimiters it leaves alone (! ' ( ) *).
 * @param {string} s
 */
export function strictEncode(s) {
  const encoded = encodeURIComponent(s);
  // Most values have none of these characters: no replace (and no callback) for them.
  return SUB_DELIMS.test(encoded)
    ? encoded.replace(SUB_DELIMS_ALL, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    : encoded;
}


function scalarToString(value, what) {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new InvalidArgumentError(`${what}: invalid Date`);
    return value.toISOString();
  }
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new InvalidArgumentError(`${what}: ${value} is not a finite number`);
      return String(value);
    case 'bigint':
    case 'boolean':
      return String(value);
    default:
      throw new InvalidArgumentError(`${what}: cannot encode a value of type ${value === null ? 'null' : typeof value}`);
  }
}

/**
 * Encodes one path parameter (OpenAPI style `simple`): a scalar, or an array whose
 * items are joined with commas. Refuses null/undefined, objects, and values that
 * encode to an empty, `.` or `..` segment.
 * @param {unknown} value
 * @param {string} [name] parameter name, for error messages
 * @returns {string}
 */
export function encodePathSegment(value, name = 'path parameter') {
  if (value === undefined || value === null) {
    throw new InvalidArgumentError(`${name} is required`);
  }
  const encoded = Array.isArray(value)
    ? value.map((v) => strictEncode(scalarToString(v, name))).join(',')
    : strictEncode(scalarToString(value, name));
  if (encoded === '' || encoded === '.' || encoded === '..') {
    throw new InvalidArgumentError(`${name} must not be empty, "." or ".." (got ${JSON.stringify(encoded)})`);
  }
  return encoded;
}

/**
 * Fills a path template: `buildPath('/orders/{id}', { id: 'a/b' })` gives `/orders/a%2Fb`.
 * @param {string} template
 * @param {Record<string, unknown>} params
 * @returns {string}
 */
export function buildPath(template, params = {}) {
  return template.replace(/\{([^{}]+)\}/g, (_, name) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) {
      throw new InvalidArgumentError(`path parameter ${name} is required`);
    }
    return encodePathSegment(params[name], `path parameter ${name}`);
  });
}

function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);
}

/**
 * Query parameter in OpenAPI style `form` (the default style). Returns encoded
 * `name=value` parts to pass to queryString(). null/undefined give no part.
 *   explode (default): arrays repeat the name (`id=1&id=2`), objects spread their
 *   properties (`a=1&b=2`); without explode: `id=1,2` and `name=a,1,b,2`.
 * @param {string} name
 * @param {unknown} value
 * @param {{explode?: boolean}} [opts]
 * @returns {string[]}
 */
export function formQuery(name, value, opts = {}) {
  const explode = opts.explode ?? true;
  if (value === undefined || value === null) return [];
  const n = strictEncode(name);
  const enc = (v) => strictEncode(scalarToString(v, `query parameter ${name}`));
  if (Array.isArray(value)) {
    const items = value.filter((v) => v !== undefined && v !== null);
    if (explode) return items.map((v) => `${n}=${enc(v)}`);
    return [`${n}=${items.map(enc).join(',')}`];
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
    if (explode) return entries.map(([k, v]) => `${strictEncode(k)}=${enc(v)}`);
    return [`${n}=${entries.map(([k, v]) => `${strictEncode(k)},${enc(v)}`).join(',')}`];
  }
  return [`${n}=${enc(value)}`];
}

/**
 * Query parameter in OpenAPI style `spaceDelimited` or `pipeDelimited` (arrays,
 * explode false): `id=1%202` or `id=1|2`.
 * @param {string} name
 * @param {unknown[] | null | undefined} value
 * @param {'space' | 'pipe'} delimiter
 * @returns {string[]}
 */
export function delimitedQuery(name, value, delimiter) {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw new InvalidArgumentError(`query parameter ${name}: ${delimiter}Delimited needs an array`);
  }
  const sep = delimiter === 'pipe' ? '|' : '%20';
  const items = value
    .filter((v) => v !== undefined && v !== null)
    .map((v) => strictEncode(scalarToString(v, `query parameter ${name}`)));
  return [`${strictEncode(name)}=${items.join(sep)}`];
}

/**
 * Query parameter in OpenAPI style `deepObject`: `filter[status]=open&filter[min]=3`.
 * Nested objects nest the brackets; arrays repeat the bracketed name.
 * @param {string} name
 * @param {Record<string, unknown> | null | undefined} value
 * @returns {string[]}
 */
export function deepObjectQuery(name, value) {
  if (value === undefined || value === null) return [];
  if (!isPlainObject(value)) {
    throw new InvalidArgumentError(`query parameter ${name}: deepObject needs an object`);
  }
  const parts = [];
  const walk = (prefix, obj) => {
    for (const [k, v] of Object.entries(obj)) {
      if (v === undefined || v === null) continue;
      const key = `${prefix}[${strictEncode(k)}]`;
      if (isPlainObject(v)) walk(key, v);
      else if (Array.isArray(v)) {
        for (const item of v) {
          if (item === undefined || item === null) continue;
          parts.push(`${key}=${strictEncode(scalarToString(item, `query parameter ${name}`))}`);
        }
      } else parts.push(`${key}=${strictEncode(scalarToString(v, `query parameter ${name}`))}`);
    }
  };
  walk(strictEncode(name), value);
  return parts;
}

/**
 * Joins encoded parts (from formQuery, delimitedQuery, deepObjectQuery) into a
 * query string without the leading `?`. Accepts parts and arrays of parts.
 * @param {...(string | string[])} parts
 * @returns {string}
 */
export function queryString(...parts) {
  return parts.flat().filter((p) => p !== '').join('&');
}

/**
 * Encodes the `query` of a request: a pre-encoded string (leading `?` allowed),
 * URLSearchParams, or a plain object whose entries are encoded as form/explode.
 * @param {string | URLSearchParams | Record<string, unknown> | undefined | null} query
 * @returns {string}
 */
export function encodeQuery(query) {
  if (query === undefined || query === null) return '';
  if (typeof query === 'string') return query.startsWith('?') ? query.slice(1) : query;
  if (query instanceof URLSearchParams) return query.toString();
  if (isPlainObject(query)) {
    return queryString(...Object.entries(query).map(([k, v]) => formQuery(k, v)));
  }
  throw new InvalidArgumentError('query must be a string, URLSearchParams or a plain object');
}
