// What every resource of this SDK shares: credentials per operation (OAuth2
// tokens fetched and kept), settings from the environment, request
// helpers and the promise its methods return. Retries, deadlines, idempotency
// keys and the retry budget are the runtime's (./runtime/).
import {
  AuthenticationError,
  ClientCredentials,
  DEFAULT_KEY_HEADER,
  InvalidArgumentError,
  MissingCredentialError,
  Pager,
  ResponseParseError,
  cookieHeader,
  newIdempotencyKey,
  readEnv,
  readResponse,
  requestIdOf,
  resolveAuth,
} from "./runtime/index.js";

// The executor of every APIPromise: the promise itself is never awaited
// directly (then() is overridden), so it settles at once.
const resolveUndefined = (resolve) => resolve(undefined);

/**
 * What every method returns: a promise of the decoded body. `withResponse()`
 * gives the body with the status, headers, attempts, idempotency key and
 * request id.
 * @template T
 * @extends {Promise<T>}
 */
export class APIPromise extends Promise {
  #response;
  #decode;
  #name;
  #result;
  #data;
  /** The runtime's response, once #data has it. */
  #raw;

  static get [Symbol.species]() {
    return Promise;
  }

  /**
   * @param {Promise<import("./runtime/index.js").RuntimeResponse>} response
   * @param {((body: unknown, status: number) => T) | undefined} decode
   *   reads the body, checking its shape (throws a ShapeError)
   * @param {string} name the operation's, for the error's message
   */
  constructor(response, decode, name) {
    super(resolveUndefined);
    this.#response = response;
    this.#decode = decode;
    this.#name = name;
    this.#result = undefined;
  }

  /** @returns {Promise<import("./core.js").APIResponse<T>>} */
  withResponse() {
    if (this.#result === undefined) {
      // The body is decoded once: after then(), from what then() decoded.
      this.#result =
        this.#data === undefined
          ? this.#response.then((res) => withData(res, this.#decoded(res)))
          : this.#data.then((data) => withData(this.#raw, data));
    }
    return this.#result;
  }

  then(onFulfilled, onRejected) {
    if (this.#data === undefined) {
      this.#data =
        this.#result === undefined
          ? this.#response.then((res) => {
              this.#raw = res;
              return this.#decoded(res);
            })
          : this.#result.then((res) => res.data);
    }
    return this.#data.then(onFulfilled, onRejected);
  }

  #decoded(res) {
    const decode = this.#decode;
    return decode === undefined
      ? res.body
      : readResponse(this.#name, res, decode);
  }

  catch(onRejected) {
    return this.then(undefined, onRejected);
  }

  finally(onFinally) {
    return this.then().finally(onFinally);
  }
}

/**
 * What the method of a paginated operation returns: a runtime `Pager` of
 * its items (`for await`, `pages()`; `await` gives the first page) whose
 * every page is one call of the client's core, credentials and options
 * included. `withResponse()` gives the first page with its status, headers,
 * attempts and request id; `page.response.body` is the page's raw body.
 * @template T
 * @extends {Pager<T>}
 */
export class PagePromise extends Pager {
  /** @returns {Promise<import("./core.js").APIResponse<import("./runtime/index.js").Page<T>>>} */
  withResponse() {
    return this.firstPage().then((page) => withData(page.response, page));
  }
}

/** The decoded body with the runtime's response: what withResponse() gives. */
function withData(res, data) {
  return {
    data,
    status: res.status,
    headers: res.headers,
    attempts: res.attempts,
    idempotencyKey: res.idempotencyKey,
    requestId: requestIdOf(res.headers, res.requestIdHeader),
  };
}

/**
 * A client setting: `value` when given, else the environment variable `name`
 * when the platform lets the SDK read it and it is not empty (CONTRACT.md
 * section 10).
 */
export function setting(value, name) {
  if (value !== undefined && value !== null) return value;
  const fromEnv = readEnv(name);
  return fromEnv === "" ? undefined : fromEnv;
}

/**
 * The client's base URL: `value`, else the environment variable `name`,
 * else the spec's `fallback`; an InvalidArgumentError when there is none.
 */
export function baseUrlSetting(value, name, fallback) {
  const url = setting(value, name) ?? fallback;
  if (url === undefined) {
    throw new InvalidArgumentError(
      `the client needs a base URL: pass the baseUrl option or set ${name}`,
    );
  }
  return url;
}

/**
 * The client's default headers: the provider's `constant` ones (name and
 * value pairs), each replaced by a header of `given` (any HeadersInit) with
 * the same name in any case.
 * @param {[string, string][]} constant
 * @param {HeadersInit | undefined} given
 * @returns {Headers}
 */
export function withHeaders(constant, given) {
  const headers = new Headers(constant);
  if (given !== undefined && given !== null) {
    new Headers(given).forEach((value, name) => headers.set(name, value));
  }
  return headers;
}

/** Credentials for a bearer scheme, or undefined without a token. */
export function bearerAuth(token) {
  return token == null ? undefined : { type: "bearer", token };
}

/** Credentials for an HTTP basic scheme, or undefined without a username. */
export function basicAuth(username, password) {
  return username == null ? undefined : { type: "basic", username, password };
}

/** Credentials for an API key scheme, or undefined without a key. */
export function apiKeyAuth(name, where, value) {
  return value == null ? undefined : { type: "apiKey", name, in: where, value };
}

/**
 * Credentials for an OAuth2 scheme: the access token given, else the client
 * credentials flow at `tokenUrl` with the client's id and secret; undefined
 * without either.
 */
export function oauth2Auth(tokenUrl, clientId, clientSecret, accessToken) {
  if (accessToken != null) return bearerAuth(accessToken);
  if (tokenUrl === undefined || clientId == null || clientSecret == null)
    return undefined;
  return new ClientCredentials(tokenUrl, clientId, clientSecret);
}

/**
 * The client's connection to its runtime: picks each operation's credentials
 * (fetching OAuth2 tokens) and sends the call.
 */
export class Core {
  #runtime;
  #credentials;
  #security;
  #help;
  /** Resolved credentials by security list, for those without token functions. */
  #resolved = new WeakMap();
  /** The token request's operation, by client-credentials scheme. */
  #tokenOperations = new Map();

  /**
   * @param {import("./runtime/index.js").Runtime} runtime
   * @param {Map<string, import("./runtime/index.js").Auth | ClientCredentials | undefined>} credentials by scheme name
   * @param {string[][]} security the API's default security: alternatives of scheme names
   * @param {Map<string, string>} [help] by scheme name, how a caller provides it
   */
  constructor(runtime, credentials, security, help = new Map()) {
    this.#runtime = runtime;
    this.#credentials = credentials;
    this.#security = security;
    this.#help = help;
  }

  /**
   * One method call. `build` makes the request (path, query, headers, body);
   * it runs inside the returned promise, so bad arguments reject it.
   */
  call(operation, options, build) {
    let response;
    try {
      response = this.#send(operation, options, build);
    } catch (err) {
      response = Promise.reject(err);
    }
    return new APIPromise(response, operation.decode, operation.name);
  }

  /**
   * The pages of a paginated operation: the descriptor's `pagination` plan
   * and `parseItem` converter, the first page's request from `build`. Each
   * page is sent as `call` sends its request; bad arguments reject the first
   * page.
   */
  paginate(operation, options, build) {
    let first;
    let send;
    try {
      first = build();
      send = async (request) => this.#send(operation, options, () => request);
    } catch (err) {
      first = { path: "" };
      send = () => Promise.reject(err);
    }
    return new PagePromise({
      name: operation.name,
      baseUrl: this.#runtime.baseUrlOf(operation),
      send,
      request: first,
      plan: operation.pagination,
      parseItem: operation.parseItem,
    });
  }

  /**
   * The event stream of an operation that answers with server-sent events
   * (CONTRACT.md section 12): its request from `build`, sent as `call` sends
   * it, with the descriptor's `streamSwitch` body property set to true; the
   * promise of the runtime's `EventStream`, each event's data read by the
   * descriptor's `parseEvent` (as text when `eventData` is "text", else as
   * JSON).
   */
  stream(operation, options, build) {
    const parse = operation.parseEvent;
    const decodeEvent =
      operation.eventData === "text"
        ? (event) => event.data
        : parse === undefined
          ? (event) => event.json()
          : (event) => parse(event.json());
    try {
      return this.#send(operation, options, () => {
        const request = build();
        if (operation.streamSwitch !== undefined) {
          request.json = { ...request.json, [operation.streamSwitch]: true };
        }
        request.decodeEvent = decodeEvent;
        return request;
      });
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /**
   * The download of an operation that answers in binary: its request from
   * `build`, sent as `call` sends it, until the response's headers; the
   * promise of the runtime's `BinaryResponse`, its body unread.
   * `withResponse()` gives it with the status, headers and attempts.
   */
  download(operation, options, build) {
    let response;
    try {
      response = this.#send(operation, options, () => {
        const request = build();
        request.download = true;
        return request;
      }).then((binary) => ({
        status: binary.status,
        headers: binary.headers,
        body: binary,
        attempts: binary.attempts,
        idempotencyKey: binary.idempotencyKey,
        requestIdHeader: binary.requestIdHeader,
      }));
    } catch (err) {
      response = Promise.reject(err);
    }
    return new APIPromise(response, undefined, operation.name);
  }

  /**
   * Builds the request and hands it to the runtime: at once when the
   * credentials are kept, else once they are resolved (a token fetched).
   */
  #send(operation, options, build) {
    const request = build();
    const security = operation.security ?? this.#security;
    const kept = this.#resolved.get(security);
    if (kept !== undefined) {
      return this.#request(operation, options, request, kept);
    }
    const picked = this.#pick(operation, security);
    const scheme = picked.find((a) => a instanceof ClientCredentials);
    if (scheme !== undefined) {
      return this.#withToken(operation, options, request, picked, scheme);
    }
    return this.#auth(security, picked).then((auth) =>
      this.#request(operation, options, request, auth),
    );
  }

  #request(operation, options, request, auth) {
    const query =
      auth.query.length === 0
        ? (request.query ?? "")
        : [request.query ?? "", ...auth.query]
            .filter((part) => part !== "")
            .join("&");
    // The request object is this call's own (build makes it): completed in
    // place rather than copied. The runtime sends the credentials' headers
    // under the request's own.
    request.authHeaders = auth.headers;
    request.authCookies = auth.cookies;
    request.query = query;
    request.parseAs = operation.parseAs;
    if (request.decodeEvent !== undefined) {
      return this.#runtime.stream(operation, request, options);
    }
    if (request.download === true) {
      return this.#runtime.download(operation, request, options);
    }
    return this.#runtime.request(operation, request, options);
  }

  /**
   * The credentials picked for a security list, resolved, their headers
   * checked. Credentials that are plain values resolve the same every time
   * and are kept; a token function is called once per call.
   */
  #auth(security, picked) {
    const resolved = resolveAuth(picked).then(checkHeaders);
    if (picked.every(isPlainCredential)) {
      return resolved.then((auth) => {
        const frozen = Object.freeze({
          headers: Object.freeze(auth.headers),
          query: Object.freeze(auth.query),
          cookies: Object.freeze(auth.cookies),
        });
        this.#resolved.set(security, frozen);
        return frozen;
      });
    }
    return resolved;
  }

  /**
   * The credentials of the first non-empty alternative whose schemes all
   * have them; none when the operation has no security or only an empty
   * alternative fits. A MissingCredentialError (nothing sent) when none fits.
   */
  #pick(operation, security) {
    let empty = security.length === 0;
    for (const names of security) {
      if (names.length === 0) {
        empty = true;
        continue;
      }
      const auth = names.map((name) => this.#credentials.get(name));
      if (auth.every((a) => a !== undefined)) return auth;
    }
    if (empty) return [];
    const first = security[0];
    const wanted = first
      .map((name) => {
        const help = this.#help.get(name);
        return help === undefined ? name : `${name} (${help})`;
      })
      .join("; ");
    throw new MissingCredentialError(
      `${operation.name}: the client has no credentials for it; it needs ${wanted}`,
      { schemes: [...first] },
    );
  }

  /**
   * A call sent with a fetched OAuth2 token. A 401 drops the token; the call
   * is sent once more, as a new logical call, with a new token and the same
   * idempotency key (CONTRACT.md section 10).
   */
  async #withToken(operation, options, request, picked, scheme) {
    // #request completes the request in place: the resend starts again from a copy.
    const again = { ...request };
    let sent = options;
    if (
      operation.retryClass === "keyed" &&
      !hasKey(operation, options, request)
    ) {
      sent = { ...options, idempotencyKey: newIdempotencyKey() };
    }
    let token = await this.#token(scheme);
    try {
      const auth = await withBearer(picked, scheme, token);
      return await this.#request(operation, sent, request, auth);
    } catch (err) {
      if (!(err instanceof AuthenticationError)) throw err;
    }
    scheme.drop(token);
    token = await this.#token(scheme);
    const auth = await withBearer(picked, scheme, token);
    return this.#request(operation, sent, again, auth);
  }

  /** The scheme's token: the kept one while good, else one fetched. */
  #token(scheme) {
    return scheme.token(this.#runtime.now(), () => this.#fetchToken(scheme));
  }

  /**
   * A token from the scheme's token URL: a logical call of its own, retried
   * as an idempotent one, with the client's deadline and retry budget.
   */
  async #fetchToken(scheme) {
    const operation = this.#tokenOperation(scheme);
    const request = await scheme.tokenRequest();
    request.parseAs = "json";
    const res = await this.#runtime.request(operation, request);
    try {
      return scheme.accept(res.body, this.#runtime.now());
    } catch (err) {
      throw new ResponseParseError(`${operation.name}: ${err.message}`, {
        attempts: res.attempts,
        status: res.status,
        headers: res.headers,
        body: res.rawBody,
        cause: err,
      });
    }
  }

  /** The token request's operation: the token URL, resolved against the base URL. */
  #tokenOperation(scheme) {
    let operation = this.#tokenOperations.get(scheme);
    if (operation === undefined) {
      let url;
      try {
        url = new URL(scheme.tokenUrl, `${this.#runtime.config.baseUrl}/`);
      } catch (err) {
        throw new InvalidArgumentError(
          `the OAuth2 token URL ${JSON.stringify(scheme.tokenUrl)} is not a URL`,
          { cause: err },
        );
      }
      operation = {
        name: "oauth2 token",
        method: "POST",
        retryClass: "idempotent",
        baseUrl: url.origin,
        path: `${url.pathname}${url.search}`,
      };
      this.#tokenOperations.set(scheme, operation);
    }
    return operation;
  }
}

/** The picked credentials resolved, the fetched token as a bearer token. */
function withBearer(picked, scheme, token) {
  const auth = picked.map((a) =>
    a === scheme ? { type: "bearer", token } : a,
  );
  return resolveAuth(auth).then(checkHeaders);
}

/** Whether the caller gave the call's idempotency key (option or header). */
function hasKey(operation, options, request) {
  if (options?.idempotencyKey != null) return true;
  const name = operation.keyHeader ?? DEFAULT_KEY_HEADER;
  for (const headers of [options?.headers, request.headers]) {
    if (headers == null) continue;
    try {
      if (new Headers(headers).has(name)) return true;
    } catch {
      // Bad headers: the runtime refuses them before sending.
      return true;
    }
  }
  return false;
}

/**
 * Resolved credentials whose headers fetch accepts (a TypeError from Headers
 * otherwise, as for any header fetch refuses).
 */
function checkHeaders(auth) {
  new Headers(auth.headers);
  return auth;
}

/** Whether no secret of these credentials is a function. */
function isPlainCredential(auth) {
  return [auth.token, auth.username, auth.password, auth.value].every(
    (secret) => typeof secret !== "function",
  );
}

/**
 * Fills the `{name}` placeholders of a path template, in order, with the
 * parameters' expansions, which the runtime's `pathParam` has written and
 * percent-encoded (`/`, `..` and friends cannot change the path).
 */
export function fillPath(template, ...segments) {
  const parts = pathParts(template);
  let path = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    path += segments[(i - 1) / 2];
    path += parts[i + 1];
  }
  return path;
}

// Path templates split once: text, name, text, name, ..., text.
const pathTemplates = new Map();

function pathParts(template) {
  let parts = pathTemplates.get(template);
  if (parts === undefined) {
    parts = template.split(/\{([^{}]+)\}/);
    pathTemplates.set(template, parts);
  }
  return parts;
}

/** A shallow copy of `object` without `keys` (undefined stays undefined). */
export function withoutKeys(object, ...keys) {
  if (object === undefined || object === null) return object;
  const out = {};
  for (const [key, value] of Object.entries(object)) {
    if (!keys.includes(key)) {
      Object.defineProperty(out, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return out;
}

/**
 * An optional body whose fields are the params object's: the params without
 * `keys` (the parameters), or undefined when the caller set none of the
 * body's fields, so that no body at all is sent. A field set to null counts
 * as set: it is sent as null.
 */
export function bodyOf(object, ...keys) {
  const body = withoutKeys(object, ...keys);
  if (body === undefined || body === null) return undefined;
  for (const key of Object.keys(body)) {
    if (body[key] !== undefined) return body;
  }
  return undefined;
}

/**
 * Headers from `[name, value]` entries (what the runtime's `headerParam`
 * gives, already checked); undefined entries and values are left out.
 */
export function headerValues(...entries) {
  const headers = new Headers();
  for (const entry of entries) {
    if (entry === undefined || entry[1] === undefined) continue;
    headers.set(entry[0], entry[1]);
  }
  return headers;
}

/**
 * The `Cookie` header entry for `headerValues` from the runtime's
 * `cookieParam` pieces, joined with `; `; undefined when there are none.
 */
export function cookies(...pieces) {
  const value = cookieHeader(...pieces);
  return value === undefined ? undefined : ["Cookie", value];
}
