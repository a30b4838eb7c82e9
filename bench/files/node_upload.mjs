// The Node driver of the files benchmark, uploading: calls
// `files.uploadFile({ file: await openAsBlob(FILE), purpose: "bench" })` of
// the SDK generated from generator/tests/fixtures/files.yaml against the
// harness's server (the Blob is read from disk while it is sent, never
// whole), and prints one JSON line: the file's size, VmRSS before the call,
// VmHWM after it (reset before the call where the kernel allows) and their
// difference in MB.
//
//     node node_upload.mjs --base-url URL --file PATH --sdk-path DIR
import { openAsBlob } from "node:fs";

import {
  driverArgs,
  loadSdk,
  report,
  resetPeak,
  statusKb,
  warmUp,
} from "./nodemem.mjs";

const args = driverArgs("file");
const { Files } = await loadSdk(args["sdk-path"]);
const client = new Files({ baseUrl: args["base-url"] });
await warmUp(client);
resetPeak();
const before = statusKb("VmRSS");
const file = await openAsBlob(args.file);
const stored = await client.files.uploadFile({ file, purpose: "bench" });
if (stored.bytes < file.size) {
  throw new Error(`the server got ${stored.bytes} of ${file.size} bytes`);
}
report("upload", file.size, before, statusKb("VmHWM"));
