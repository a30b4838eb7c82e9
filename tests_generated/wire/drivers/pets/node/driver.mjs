// The Node driver of the wire suite's Pets calls: every call of
// pets.calls.json, made through the Node SDK generated from specs/pets.yaml,
// one fresh client per call. The driver protocol is the
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
const { Pets: Client } = sdk;

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

// A PNG of one transparent pixel: the photo the upload sends.
const png = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489" +
    "0000000b49444154789c6360000200000500017a5eab3f0000000049454e44ae426082",
  "hex",
);

const calls = {
  listPets: (c) => c.pets.listPets({ limit: 10, tags: ["dog", "small"], status: "available" }),
  createPet: (c) => c.pets.createPet({ name: "Rex", tags: ["dog"], status: "available" }),
  getPet: (c) => c.pets.getPet(42),
  updatePet: (c) => c.pets.updatePet(42, { name: "Rex", tags: ["dog", "old"], status: "sold" }),
  deletePet: (c) => c.pets.deletePet(42),
  uploadPetPhoto: (c) =>
    c.photos.uploadPetPhoto(42, {
      file: new File([png], "rex.png", { type: "image/png" }),
      caption: "Rex in the garden",
    }),
  downloadPetPhoto: (c) => c.photos.downloadPetPhoto(42),
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
      const options = { apiKey: args.token };
      if (args["base-url"]) options.baseUrl = args["base-url"];
      const client = new Client(options);
      const response = await make(client).withResponse();
      // A download's body is read, as the other languages' drivers read it.
      if (response.data instanceof sdk.BinaryResponse) await response.data.bytes();
      line = { result: "ok", status: response.status, attempts: response.attempts };
    } catch (error) {
      line = failed(error);
    }
  }
  console.log(JSON.stringify({ ...line, call }));
}
process.exitCode = status;
