"use strict";
// Pagination: a list operation's pages, walked one logical call at a time.
//
// The generator decides how an operation pages (its plan's `pagination`) and
// passes it here; this module holds the one implementation of every style.
// Each page is its own call under the retry contract (its own attempts and
// deadline, the client's shared retry budget), made only when the caller asks
// for more items than the pages fetched so far hold. Next-page URLs (a body's
// next URL, a `Link: rel="next"` header) are followed only on the origin of
// the base URL: the request carries the client's credentials.

const { SDKError } = require("./errors.js");
const { queryParam } = require("./encoding.js");
const { ShapeError, shapeFailure } = require("./shape.js");

const STYLES = new Set([
  "cursor",
  "item_id",
  "offset",
  "page",
  "next_url",
  "link_header",
]);
const MISSING = Symbol("missing");

/** A page the SDK cannot go on from. */
class PaginationError extends SDKError {
  constructor(message, init = {}) {
    super(message, { ...init, kind: "pagination" });
  }
}

/**
 * A pagination plan, checked: what its style needs is there.
 * @param {import('./pagination.js').Pagination} plan
 */
function checkPagination(plan) {
  if (!STYLES.has(plan.style))
    throw new TypeError(
      `unknown pagination style ${JSON.stringify(plan.style)}`,
    );
  if (
    ["cursor", "item_id", "offset", "page"].includes(plan.style) &&
    !plan.param
  )
    throw new TypeError(
      `pagination style ${plan.style} needs its query parameter`,
    );
  if (["cursor", "next_url"].includes(plan.style) && !plan.next?.length)
    throw new TypeError(
      `pagination style ${plan.style} needs the path to the next page`,
    );
  if (plan.style === "item_id" && !plan.itemField)
    throw new TypeError("pagination style item_id needs the item's id field");
  return plan;
}

function dig(body, path) {
  let value = body;
  for (const name of path ?? []) {
    if (
      value === null ||
      typeof value !== "object" ||
      Array.isArray(value) ||
      !Object.hasOwn(value, name)
    )
      return MISSING;
    value = value[name];
  }
  return value;
}

const LINK = /<([^>]*)>\s*((?:;\s*[^;,]*)*)/g;
const REL = /(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/gi;

/**
 * The target of the `rel="next"` link of a `Link` header (RFC 8288), or
 * undefined. A `rel` may list several relation types.
 * @param {string} value
 * @returns {string | undefined}
 */
function nextLink(value) {
  for (const link of value.matchAll(LINK)) {
    for (const rel of link[2].matchAll(REL)) {
      const names = (rel[1] ?? rel[2]).split(/\s+/);
      if (names.some((n) => n.toLowerCase() === "next")) return link[1].trim();
    }
  }
  return undefined;
}

function splitQuery(query) {
  return query === "" ? [] : query.split("&").filter((p) => p !== "");
}

function nameOf(pair) {
  const eq = pair.indexOf("=");
  return eq < 0 ? pair : pair.slice(0, eq);
}

/** `query` with `name` set to `value`: where the parameter stood, else last. */
function withParam(query, name, value) {
  const pieces = queryParam(name, value);
  const key = nameOf(pieces.split("&")[0]);
  const out = [];
  let placed = false;
  for (const pair of splitQuery(query)) {
    if (nameOf(pair) === key) {
      if (!placed) out.push(pieces);
      placed = true;
    } else out.push(pair);
  }
  if (!placed) out.push(pieces);
  return out.join("&");
}

function paramValue(query, name) {
  const key = nameOf(queryParam(name, "x"));
  for (const pair of splitQuery(query)) {
    if (nameOf(pair) === key) return pair.slice(key.length + 1);
  }
  return undefined;
}

function count(text, fallback) {
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : fallback;
}

/** What one page says of the next: its request, or undefined at the end. */
function nextRequest(name, plan, base, request, response, items) {
  const body = response.body;
  if (plan.hasMore?.length && dig(body, plan.hasMore) === false)
    return undefined;
  const query = request.query ?? "";
  switch (plan.style) {
    case "link_header": {
      const link = response.headers.get("link");
      return follow(name, base, request, link ? nextLink(link) : undefined);
    }
    case "next_url": {
      const url = dig(body, plan.next);
      return follow(
        name,
        base,
        request,
        typeof url === "string" ? url : undefined,
      );
    }
    case "cursor": {
      const cursor = dig(body, plan.next);
      if (cursor === MISSING || cursor === null || cursor === "")
        return undefined;
      if (
        paramValue(query, plan.param) ===
        paramValue(queryParam(plan.param, cursor), plan.param)
      )
        throw new PaginationError(
          `${name}: the server gave the same cursor again (${plan.param})`,
        );
      return { ...request, query: withParam(query, plan.param, cursor) };
    }
  }
  if (items.length === 0) return undefined;
  if (plan.style === "item_id") {
    const last = items[items.length - 1];
    const field = plan.itemField;
    const value =
      last !== null && typeof last === "object" ? last[field] : undefined;
    if (value === undefined || value === null || value === "")
      throw new PaginationError(
        `${name}: the last item of the page has no ${field} to go on from`,
      );
    return { ...request, query: withParam(query, plan.param, value) };
  }
  const current = paramValue(query, plan.param);
  const next =
    plan.style === "offset"
      ? count(current, 0) + items.length
      : count(current, 1) + 1;
  return { ...request, query: withParam(query, plan.param, next) };
}

function follow(name, base, request, target) {
  if (!target) return undefined;
  const query = request.query ?? "";
  const here = `${base}${request.path}${query === "" ? "" : `?${query}`}`;
  let url;
  let root;
  try {
    url = new URL(target, here);
    root = new URL(base);
  } catch (err) {
    throw new PaginationError(`${name}: the next page's URL is invalid`, {
      cause: err,
    });
  }
  if (url.origin !== root.origin)
    throw new PaginationError(
      `${name}: the next page is on another origin than the API's (${url.origin}); the SDK does not send its credentials there`,
    );
  const prefix = root.pathname.replace(/\/+$/, "");
  const path = url.pathname;
  if (prefix !== "" && path !== prefix && !path.startsWith(`${prefix}/`))
    throw new PaginationError(
      `${name}: the next page (${path}) is outside the API's base path ${prefix}`,
    );
  const next = {
    ...request,
    path: path.slice(prefix.length) || "/",
    query: url.search.replace(/^\?/, ""),
  };
  if (next.path === request.path && next.query === query)
    throw new PaginationError(
      `${name}: the next page's URL is the page itself`,
    );
  return next;
}

/** One page of a list: its items, its response, and the way on. */
class Page {
  #pager;
  #next;

  constructor(pager, items, response, next) {
    this.#pager = pager;
    /** The page's items, parsed. */
    this.items = items;
    /** The page's response (status, headers, attempts, the body as JSON). */
    this.response = response;
    this.#next = next;
  }

  /**
   * Whether the server says another page follows. A page whose next page
   * cannot be reached says true; `nextPage()` throws the PaginationError.
   */
  hasNextPage() {
    return this.#next !== undefined;
  }

  /** Fetches the next page (one call), or undefined after the last. */
  async nextPage() {
    if (this.#next instanceof PaginationError) throw this.#next;
    return this.#next === undefined ? undefined : this.#pager.fetch(this.#next);
  }

  [Symbol.iterator]() {
    return this.items[Symbol.iterator]();
  }
}

/**
 * The items of every page of a list, fetched as iteration needs them:
 * `for await (const item of pager)`; `for await (const page of
 * pager.pages())`; `await pager` gives the first page.
 */
class Pager {
  #send;
  #plan;
  #parseItem;
  #first;
  #firstRequest;

  /**
   * @param {{name: string, baseUrl: string, send: (request: object) => Promise<import('./runtime.js').RuntimeResponse>, request: object, plan: import('./pagination.js').Pagination, parseItem?: (raw: unknown) => unknown}} init
   */
  constructor(init) {
    this.name = init.name;
    this.baseUrl = init.baseUrl;
    this.#send = init.send;
    this.#plan = checkPagination(init.plan);
    this.#parseItem = init.parseItem ?? ((raw) => raw);
    this.#firstRequest = init.request;
  }

  /** Fetches the page of `request` (one logical call). */
  async fetch(request) {
    const response = await this.#send({ ...request });
    const raw = dig(response.body, this.#plan.items);
    if (!Array.isArray(raw)) {
      const where = this.#plan.items?.length
        ? this.#plan.items.join(".")
        : "the body";
      throw new PaginationError(
        `${this.name}: the page has no list of items at ${where}`,
        { attempts: response.attempts },
      );
    }
    let next;
    try {
      next = nextRequest(
        this.name,
        this.#plan,
        this.baseUrl,
        request,
        response,
        raw,
      );
    } catch (err) {
      if (!(err instanceof PaginationError)) throw err;
      next = err;
    }
    return new Page(this, this.#items(raw, response), response, next);
  }

  /** The page's items, each read by `parseItem` (a failure: ResponseParseError). */
  #items(raw, response) {
    const parse = this.#parseItem;
    const items = new Array(raw.length);
    let i = 0;
    try {
      for (; i < raw.length; i += 1) items[i] = parse(raw[i]);
    } catch (err) {
      if (err instanceof ShapeError) {
        err.segments.push(i);
        const path = this.#plan.items ?? [];
        for (let k = path.length - 1; k >= 0; k -= 1)
          err.segments.push(path[k]);
      }
      throw shapeFailure(this.name, response, err);
    }
    return items;
  }

  /** The first page, fetched once, on first use. */
  firstPage() {
    this.#first ??= this.fetch(this.#firstRequest);
    return this.#first;
  }

  then(onFulfilled, onRejected) {
    return this.firstPage().then(onFulfilled, onRejected);
  }

  /** Every page, the first one included, fetched one at a time. */
  async *pages() {
    let page = await this.firstPage();
    while (page !== undefined) {
      yield page;
      page = await page.nextPage();
    }
  }

  async *[Symbol.asyncIterator]() {
    for await (const page of this.pages()) yield* page.items;
  }
}

module.exports = {
  PaginationError,
  checkPagination,
  nextLink,
  Page,
  Pager,
};
