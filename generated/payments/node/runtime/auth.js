// Authentication applied to every attempt of a call.
import { InvalidArgumentError } from "./errors.js";
import { strictEncode } from "./encoding.js";

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
export async function resolveAuth(auth) {
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
