// Sending a large or streamed request body on Node through node:http.
//
// Node's fetch (undici) reads a request body stream, and a Blob, into
// memory faster than the socket takes it, so a 200 MB upload holds about
// 200 MB (nodejs/undici issue 4058, open as of undici 6 and 7). node:http
// writes as the socket drains. The runtime sends a body that must stream
// (a stream, a Blob of a file) through `nodeSend` when it uses the
// platform's own fetch on Node, and everything else through fetch. No
// module is imported: node:http is reached through
// `process.getBuiltinModule` (Node 20.16, 22.3), so the runtime still loads
// where there is none, and there `nodeSend` is undefined.

const builtin = globalThis.process?.getBuiltinModule;

// Node itself: Bun and Deno define `process` too, and their fetch streams.
const onNode =
  typeof builtin === "function" &&
  typeof globalThis.process?.versions?.node === "string" &&
  globalThis.process.versions.bun === undefined &&
  globalThis.Deno === undefined;

// Statuses whose response has no body (a Response refuses one for them).
const NO_BODY = new Set([204, 205, 304]);

/**
 * Sends one request whose body is a web ReadableStream or a Blob through
 * node:http (node:https for an https URL), reading the body only as the
 * socket takes it, and gives the answer as a web Response, its body
 * unread, once its headers arrive. A failure before the answer rejects with
 * a TypeError whose cause is the system error (ECONNREFUSED, ...), as
 * fetch's does. `length`: the body's size, sent as Content-Length (else it
 * goes chunked).
 * @param {string | URL} url
 * @param {{method: string, headers: Headers, body: ReadableStream<Uint8Array> | Blob,
 *   signal?: AbortSignal}} init
 * @param {number | undefined} length
 * @returns {Promise<Response>}
 */
function send(url, init, length) {
  const target = new URL(url);
  const http = builtin(
    target.protocol === "https:" ? "node:https" : "node:http",
  );
  const { Readable } = builtin("node:stream");
  return new Promise((resolve, reject) => {
    const headers = {};
    for (const [name, value] of init.headers) headers[name] = value;
    if (length !== undefined) headers["content-length"] = String(length);
    let answered = false;
    const fail = (err) => {
      if (answered) return;
      answered = true;
      reject(new TypeError("fetch failed", { cause: err }));
    };
    let req;
    try {
      req = http.request(target, {
        method: init.method,
        headers,
        signal: init.signal,
      });
    } catch (err) {
      fail(err);
      return;
    }
    // Errors after the answer (the server closing while the body still
    // goes) reach the response's body, or no one; they are not thrown.
    req.on("error", fail);
    req.on("response", (res) => {
      answered = true;
      const answer = new Headers();
      const raw = res.rawHeaders;
      for (let i = 0; i + 1 < raw.length; i += 2)
        answer.append(raw[i], raw[i + 1]);
      const status = res.statusCode ?? 0;
      let body = null;
      if (NO_BODY.has(status) || init.method === "HEAD") res.resume();
      else body = Readable.toWeb(res);
      resolve(
        new Response(body, {
          status,
          statusText: res.statusMessage ?? "",
          headers: answer,
        }),
      );
    });
    const stream = init.body instanceof Blob ? init.body.stream() : init.body;
    const source = Readable.fromWeb(stream, { highWaterMark: 1 });
    source.on("error", (err) => req.destroy(err));
    source.pipe(req);
  });
}

/** `send` on Node, else undefined (fetch sends every body). */
export const nodeSend = onNode ? send : undefined;

/** Bodies from this size up go through `nodeSend`: 1 MiB. */
export const STREAM_THRESHOLD = 1 << 20;
