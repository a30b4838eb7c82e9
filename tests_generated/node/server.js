// A scripted HTTP server on 127.0.0.1 for the tests of the generated SDKs:
// each request gets the next scripted answer, and is recorded.
import { createServer } from "node:http";

/**
 * @typedef {{ status: number, json?: unknown, body?: Uint8Array | string,
 *   headers?: Record<string, string> }} Answer
 * @typedef {{ method: string, url: string, path: string,
 *   query: URLSearchParams, headers: import("node:http").IncomingHttpHeaders,
 *   rawHeaders: string[], body: Buffer }} Recorded
 */

/**
 * Starts a server answering with `answers` in order (the last one repeats).
 * @param {Answer[]} answers
 */
export async function scripted(answers) {
  /** @type {Recorded[]} */
  const requests = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      requests.push({
        method: req.method ?? "",
        url: req.url ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks),
      });
      const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
      const headers = { connection: "close", ...answer.headers };
      let body = answer.body;
      if (answer.json !== undefined) {
        body = JSON.stringify(answer.json);
        headers["content-type"] = "application/json";
      }
      res.writeHead(answer.status, headers);
      res.end(body);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") {
    throw new Error("no port");
  }
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Client options that keep retry sleeps to a few milliseconds. */
export const fast = { baseMs: 1, capMs: 5 };
