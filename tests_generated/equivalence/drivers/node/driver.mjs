// The Node driver of the equivalence test: every call of calls.json, made
// through the generated Node SDK as an integrator would write it, one fresh
// client per call. Prints one JSON line per call with what the call
// returned (see ../../README.md for the driver protocol).
//
// Usage: node driver.mjs --sdk SDK_DIR --calls CALLS.json [--control URL]
//        [--base-url URL] [--token TOKEN] [--only NAME,NAME]
// SDK_DIR is the generated package's folder (the one with index.js).
import { mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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
const { Equivalence } = sdk;

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

const bytes = new Uint8Array([0x00, 0x01, 0x50, 0x44, 0x46, 0xff, 0x0d, 0x0a]);

const calls = {
  createNote: (c) =>
    c.notes.createNote({ title: "Groceries & more", pinned: true, tags: ["a b", "c/d"] }),
  replaceNote: (c) => c.notes.replaceNote("n 1/2", { title: "Plans", tags: ["x"] }),
  submitForm: (c) =>
    c.notes.submitForm({
      name: "Zoë & co=1+1",
      count: 3,
      ratio: 2.0,
      agree: false,
      colors: ["red", "dark green"],
      comment: null,
      labels: { size: "x l" },
    }),
  uploadAttachment: (c) =>
    c.files.uploadAttachment({ label: "scan", file: bytes, pageCount: 2 }),
  uploadAttachmentNamed: (c) =>
    c.files.uploadAttachment({
      label: "scan",
      file: sdk.toFile(bytes, 'scan "2".pdf', { type: "application/pdf" }),
    }),
  getStatus: (c) => c.files.getStatus(),
  searchItems: (c) =>
    c.search.items({
      tag: ["a b", "c&d"],
      ids: [1, 2, 3],
      words: ["hello", "big world"],
      codes: ["x|y", "z"],
      filter: { price: { gte: 10, lte: 20 }, color: "red", inStock: true },
      point: { x: 1, y: 2 },
      bbox: { x: 3, y: 4 },
      q: "café & crème/50%+",
      exact: true,
      minScore: 2.0,
    }),
  searchItemsEmpty: (c) =>
    c.search.items({
      tag: [],
      ids: [],
      words: [],
      filter: {},
      exact: false,
      minScore: 0,
    }),
  // DateSent<, DateSent> and DateSent: the signs are words of the names.
  listMessages: (c) =>
    c.search.listMessages({
      dateSentBefore: "2024-01-31",
      dateSentAfter: "2024-01-01",
      dateSent: "2024-01-15",
      type: "sms",
      class: "bulk",
      self: "me",
      from: "+15551234567",
      pageSize: 50,
    }),
  getCell: (c) => c.search.getCell([1, 2, 3], ["a", "b c"], { x: 1, y: 2 }, "cell 1/2"),
  getSpot: (c) => c.search.getSpot({ x: 5, y: 6 }, { x: 7, y: 8 }),
  getSession: (c) =>
    c.items.getSession({
      xTraceId: "trace-1",
      sessionId: "s=1; x",
      xTags: ["a", "b"],
      xWindow: { startAt: 1, endAt: 2 },
      theme: "dark",
    }),
  createPayment: (c) => c.payments.createPayment({ amount: 1200, currency: "eur", memo: null }),
  createPaymentExtras: (c) =>
    c.payments.createPayment(
      { amount: 1200, currency: "eur", memo: null },
      {
        headers: { "X-Beta": "on" },
        extraQuery: { beta: "true", tag: ["a b", "c"] },
        extraBody: { added_later: { x: [1, 2] }, amount: 1300 },
      },
    ),
  createPaymentCallerKey: (c) =>
    c.payments.createPayment(
      {
        amount: 1200,
        currency: "eur",
        memo: "rent",
        reference: "ref-1",
        dueOn: "2024-02-29",
        tip: null,
        metadata: { order: "8812" },
      },
      { idempotencyKey: "order-8812" },
    ),
  createPaymentInFlight: (c) =>
    c.payments.createPayment({ amount: 5, currency: "usd", memo: "tip jar" }),
  createPaymentMismatch: (c) => c.payments.createPayment({ amount: 6, currency: "usd", memo: null }),
  createPaymentBadKey: (c) =>
    c.payments.createPayment(
      { amount: 7, currency: "usd", memo: null },
      { idempotencyKey: "k".repeat(65) },
    ),
  putItemInFlightCode: (c) => c.items.putItem("i_1", { name: "lamp", size: 3 }),
  putItemMismatchCode: (c) => c.items.putItem("i_1", { name: "lamp" }),
  getItemNotFound: (c) => c.items.getItem("missing"),
  getItemServerErrors: (c) => c.items.getItem("i_2"),
  getItemThrottled: (c) => c.items.getItem("i_3"),
  patchItemNulls: (c) => c.items.patchItem("i_4", { name: null, note: "n" }),
  putBlob: (c) =>
    c.files.putBlob("ré:sumé.pdf", { body: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]) }),
  // A Blob read from a file on disk as it is sent, and again for the retry.
  putBlobFromFile: (c) => ({
    withResponse: async () => {
      const folder = mkdtempSync(join(tmpdir(), "sdkgen-eqv-"));
      try {
        const path = join(folder, "report.pdf");
        writeFileSync(path, new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]));
        const body = await openAsBlob(path);
        return await c.files.putBlob("report.pdf", { body }).withResponse();
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  }),
  mergeNote: (c) => c.notes.mergeNote("n_1", { title: null, pinned: false }),
  getSlow: (c) => c.items.getSlow(),
  getSlowRoot: (c) => c.items.getSlowRoot(),
  // Success bodies read against their schema (CONTRACT.md section 6).
  getRecordNewerFields: (c) => c.items.getRecord("r_1"),
  getRecordMissingProperty: (c) => c.items.getRecord("r_2"),
  getRecordItemWrongType: (c) => c.items.getRecord("r_3"),
  getRecordNull: (c) => c.items.getRecord("r_4"),
  getRecordWrongVariant: (c) => c.items.getRecord("r_5"),
  getRecordNotAnObject: (c) => c.items.getRecord("r_6"),
  getRecordWrongScalar: (c) => c.items.getRecord("r_7"),
  getRecordIntegerAsString: (c) => c.items.getRecord("r_8"),
  getRecordBooleanAsInteger: (c) => c.items.getRecord("r_9"),
  getRecordNullString: (c) => c.items.getRecord("r_10"),
  getRecordNoZone: (c) => c.items.getRecord("r_12"),
  getRecordUnknownTag: (c) => c.items.getRecord("r_13"),
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
      const options = { bearerToken: args.token };
      if (args["base-url"]) options.baseUrl = args["base-url"];
      const client = new Equivalence(options);
      const response = await make(client).withResponse();
      line = { result: "ok", status: response.status, attempts: response.attempts };
    } catch (error) {
      line = failed(error);
    }
  }
  console.log(JSON.stringify({ ...line, call }));
}
process.exitCode = status;
