// The Node driver of the wire suite's Tic Tac Toe calls: every call of
// tictactoe.calls.json, made through the Node SDK generated from
// the corpus's tictactoe.yaml, one fresh client per call. The driver protocol is the
// equivalence test's (tests_generated/equivalence/README.md); this file
// repeats its argument parsing and outcome lines.
//
// Usage: node driver.mjs --sdk SDK_DIR --calls CALLS.json [--control URL]
//        [--base-url URL] [--token TOKEN] [--only NAME,NAME]
// SDK_DIR is the generated package's folder (the one with index.js).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    sdk: { type: "string" },
    calls: { type: "string" },
    control: { type: "string" },
    "base-url": { type: "string" },
    token: { type: "string", default: "eqv-token" },
    only: { type: "string" },
  },
});
if (!args.sdk || !args.calls) {
  console.error("driver.mjs: --sdk SDK_DIR and --calls CALLS.json are required");
  process.exit(2);
}

const sdk = await import(pathToFileURL(join(resolve(args.sdk), "index.js")).href);
const { TicTacToe: Client } = sdk;

async function announce(call) {
  const url = `${args.control.replace(/\/$/, "")}/__recorder/begin?language=node&call=${call}`;
  const answer = await fetch(url, { method: "POST" });
  const text = await answer.text();
  if (answer.status !== 200) {
    console.error(`driver.mjs: the recorder refused call ${call}: ${text}`);
    process.exit(2);
  }
}

function failed(error) {
  const kind = error instanceof sdk.SDKError ? error.kind : `unexpected:${error?.name}`;
  return {
    result: "error",
    kind,
    status: error?.status ?? null,
    code: error?.code ?? null,
    attempts: error?.attempts ?? 0,
    // "none": no attempt was made (Rust and Python: no stop reason).
    stop_reason: error?.stopReason && error.stopReason !== "none" ? error.stopReason : null,
    detail: `${error?.name}: ${error?.message}`,
  };
}

const calls = {
  getBoard: (c) => c.gameplay.getBoard(),
  getSquare: (c) => c.gameplay.getSquare(2, 3),
  putSquare: (c) => c.gameplay.putSquare(1, 1, { body: "X" }),
  putSquareWithProgress: (c) =>
    c.gameplay.putSquare(3, 2, {
      body: ".",
      progressUrl: "http://127.0.0.1:9/progress?game=7",
    }),
};

const table = JSON.parse(readFileSync(args.calls, "utf8"));
const only = args.only ? new Set(args.only.split(",")) : null;
let status = 0;
for (const { call } of table.calls) {
  if (only && !only.has(call)) continue;
  if (args.control) await announce(call);
  const make = calls[call];
  let line;
  if (!make) {
    status = 1;
    line = { result: "not_implemented" };
  } else {
    try {
      const options = { defaultApiKey: args.token, bearerToken: args.token };
      if (args["base-url"]) options.baseUrl = args["base-url"];
      const client = new Client(options);
      const response = await make(client).withResponse();
      line = { result: "ok", status: response.status, attempts: response.attempts };
    } catch (error) {
      line = failed(error);
    }
  }
  console.log(JSON.stringify({ ...line, call }));
}
process.exitCode = status;
