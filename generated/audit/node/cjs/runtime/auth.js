"use strict";
// Authentication applied to every attempt of a call.
const { InvalidArgumentError } = require("./errors.js");
const { strictEncode } = require("./encoding.js");

/**
 * The base64 of `text`'s UTF-8 bytes, with the web's `btoa` (every runtime
 * with fetch has it; Node's `Buffer` is not everywhere).
 * @param {string} text
 */
function base64Utf8(text) {
  let binary = "";
  for (const byte of new TextEncoder().encode(text))
    binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function resolveSecret(value, what) {
  const v = typeof value === "function" ? await value() : value;
  if (typeof v !== "string" || v === "") {
    throw new InvalidArgumentError(
      `${what} must be a non-empty string (or a function returning one)`,
    );
  }
  return v;
}

/**
 * Resolves the configured auth schemes into headers, query parts and cookies
 * (`name=value`, percent-encoded as WIRE.md says). Secrets given
 * as functions are called once per logical call (before the first attempt), so a
 * token provider can refresh between calls.
 * @param {import('./auth.js').Auth | import('./auth.js').Auth[] | undefined | null} auth
 * @returns {Promise<{headers: [string, string][], query: string[], cookies: string[]}>}
 */
async function resolveAuth(auth) {
  const out = { headers: [], query: [], cookies: [] };
  if (auth == null) return out;
  for (const scheme of Array.isArray(auth) ? auth : [auth]) {
    switch (scheme?.type) {
      case "bearer": {
        const token = await resolveSecret(scheme.token, "bearer token");
        out.headers.push(["Authorization", `Bearer ${token}`]);
        break;
      }
      case "basic": {
        const user = await resolveSecret(
          scheme.username,
          "basic auth username",
        );
        const password =
          scheme.password == null || scheme.password === ""
            ? ""
            : await resolveSecret(scheme.password, "basic auth password");
        const encoded = base64Utf8(`${user}:${password}`);
        out.headers.push(["Authorization", `Basic ${encoded}`]);
        break;
      }
      case "apiKey": {
        if (typeof scheme.name !== "string" || scheme.name === "") {
          throw new InvalidArgumentError("apiKey auth needs a parameter name");
        }
        const value = await resolveSecret(
          scheme.value,
          `API key ${scheme.name}`,
        );
        const where = scheme.in ?? "header";
        if (where === "header") out.headers.push([scheme.name, value]);
        else if (where === "query")
          out.query.push(`${strictEncode(scheme.name)}=${strictEncode(value)}`);
        else if (where === "cookie")
          out.cookies.push(
            `${strictEncode(scheme.name)}=${strictEncode(value)}`,
          );
        else
          throw new InvalidArgumentError(
            `apiKey auth: "in" must be "header", "query" or "cookie", got ${where}`,
          );
        break;
      }
      default:
        throw new InvalidArgumentError(
          `unknown auth type ${JSON.stringify(scheme?.type)}`,
        );
    }
  }
  return out;
}

/** A value form-encoded (`application/x-www-form-urlencoded`): spaces as `+`. */
function formEncode(value) {
  return strictEncode(value).replace(/%20/g, "+");
}

/**
 * OAuth2's client-credentials flow (CONTRACT.md section 10): the client's id
 * and secret, and the token fetched with them, kept until shortly before it
 * expires. The SDK's core fetches tokens (`tokenRequest`, `accept`) through
 * `token`, which makes concurrent callers share one request.
 */
class ClientCredentials {
  type = "clientCredentials";
  #clientId;
  #clientSecret;
  #token;
  #expiresAt;
  #pending;

  /**
   * @param {string} tokenUrl the flow's token URL, maybe relative to the base URL
   * @param {import('./auth.js').Secret} clientId
   * @param {import('./auth.js').Secret} clientSecret
   */
  constructor(tokenUrl, clientId, clientSecret) {
    this.tokenUrl = tokenUrl;
    this.#clientId = clientId;
    this.#clientSecret = clientSecret;
  }

  /** The kept token when it is still good at `now` (ms), else undefined. */
  current(now) {
    const token = this.#token;
    if (token === undefined) return undefined;
    if (this.#expiresAt !== undefined && now >= this.#expiresAt)
      return undefined;
    return token;
  }

  /**
   * The token: the kept one while it is good at `now`, else the one `fetch`
   * gets; calls made while it runs wait for the same fetch.
   * @param {number} now
   * @param {() => Promise<string>} fetch
   * @returns {string | Promise<string>}
   */
  token(now, fetch) {
    const kept = this.current(now);
    if (kept !== undefined) return kept;
    if (this.#pending === undefined) {
      this.#pending = fetch().finally(() => {
        this.#pending = undefined;
      });
    }
    return this.#pending;
  }

  /**
   * The token request's body and headers: the grant as a form, the client's
   * id and secret, each form-encoded, by HTTP Basic (RFC 6749, section 2.3.1).
   * @returns {Promise<{body: string, contentType: string, headers: [string, string][]}>}
   */
  async tokenRequest() {
    const id = await resolveSecret(this.#clientId, "OAuth2 client id");
    const secret = await resolveSecret(
      this.#clientSecret,
      "OAuth2 client secret",
    );
    const basic = base64Utf8(`${formEncode(id)}:${formEncode(secret)}`);
    return {
      body: "grant_type=client_credentials",
      contentType: "application/x-www-form-urlencoded",
      headers: [
        ["Authorization", `Basic ${basic}`],
        ["Accept", "application/json"],
      ],
    };
  }

  /**
   * Keeps the token of a token response's JSON `body` received at `now`
   * (ms); throws an Error saying what is wrong when it is not a token.
   * @returns {string}
   */
  accept(body, now) {
    if (body === null || typeof body !== "object" || Array.isArray(body))
      throw new Error("the token response is not a JSON object");
    const token = body.access_token;
    if (typeof token !== "string" || token === "")
      throw new Error("the token response has no access_token");
    const kind = body.token_type;
    if (
      kind !== undefined &&
      kind !== null &&
      (typeof kind !== "string" || kind.toLowerCase() !== "bearer")
    )
      throw new Error("the token response's token_type is not Bearer");
    const lifetime = body.expires_in;
    let expiresAt;
    if (lifetime !== undefined && lifetime !== null) {
      if (typeof lifetime !== "number" || !Number.isFinite(lifetime))
        throw new Error("the token response's expires_in is not a number");
      // Renewed 30 s before it expires; half its lifetime when short.
      const margin = lifetime >= 60 ? 30 : lifetime / 2;
      expiresAt = now + (lifetime - margin) * 1000;
    }
    this.#token = token;
    this.#expiresAt = expiresAt;
    return token;
  }

  /** Forgets `token` after the server refused it, unless a newer one replaced it. */
  drop(token) {
    if (this.#token === token) {
      this.#token = undefined;
      this.#expiresAt = undefined;
    }
  }
}

module.exports = {
  resolveAuth,
  ClientCredentials,
};
