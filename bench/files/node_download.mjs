// The Node driver of the files benchmark, downloading: calls
// `files.downloadFile("big")` of the SDK generated from
// generator/tests/fixtures/files.yaml against the harness's server, writes
// the body with `writeToFile`, and prints one JSON line: the bytes written,
// VmRSS before the call, VmHWM after it (reset before the call where the
// kernel allows) and their difference in MB. With `--fetch`, the control:
// the same download by bare `fetch` given an AbortSignal, as a runtime
// that times out attempts does, its chunks written as they come (op
// "fetch"), which shows what Node's fetch itself holds.
//
//     node node_download.mjs --base-url URL --out PATH --sdk-path DIR [--fetch]
import {
  driverArgs,
  loadSdk,
  report,
  resetPeak,
  statusKb,
  warmUp,
} from "./nodemem.mjs";

const args = driverArgs("out", ["fetch"]);
const { Files } = await loadSdk(args["sdk-path"]);
const client = new Files({ baseUrl: args["base-url"] });
await warmUp(client);
resetPeak();
const before = statusKb("VmRSS");
if (args.fetch) {
  const { open } = await import("node:fs/promises");
  const url = `${args["base-url"]}/files/big/content`;
  const response = await fetch(url, { signal: new AbortController().signal });
  const handle = await open(args.out, "w");
  let written = 0;
  for await (const chunk of response.body) {
    await handle.write(chunk);
    written += chunk.byteLength;
  }
  await handle.close();
  report("fetch", written, before, statusKb("VmHWM"));
} else {
  const response = await client.files.downloadFile("big");
  const written = await response.writeToFile(args.out);
  report("download", written, before, statusKb("VmHWM"));
}
