// What the Node drivers of the files benchmark share: their arguments, the
// generated SDK's entry point, and memory as /proc/self/status reports it.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

/**
 * The driver's `--base-url`, `--sdk-path`, one path option (`--out`,
 * `--file`) and the boolean flags it names.
 */
export function driverArgs(pathOption, flags = []) {
  const options = {
    "base-url": { type: "string" },
    "sdk-path": { type: "string", default: "." },
    [pathOption]: { type: "string" },
  };
  for (const flag of flags) options[flag] = { type: "boolean", default: false };
  const { values } = parseArgs({ options });
  for (const name of ["base-url", pathOption]) {
    if (values[name] === undefined) {
      console.error(`--${name} is required`);
      process.exit(2);
    }
  }
  return values;
}

/**
 * The files.yaml SDK's module: `sdkPath` is the package folder, or the
 * build's output folder whose `node/` holds it.
 */
export async function loadSdk(sdkPath) {
  let root = resolve(sdkPath);
  try {
    readFileSync(join(root, "index.js"));
  } catch {
    root = join(root, "node");
  }
  return import(pathToFileURL(join(root, "index.js")).href);
}

/** A `kB` field of /proc/self/status (`VmRSS`, `VmHWM`). */
export function statusKb(field) {
  const line = readFileSync("/proc/self/status", "ascii")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  if (line === undefined) throw new Error(`/proc/self/status has no ${field}`);
  return Number(line.split(/\s+/)[1]);
}

/**
 * Resets VmHWM to the current RSS where the kernel allows it (if not, the
 * peak counts from the start of the process, which only overstates it).
 */
export function resetPeak() {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    return true;
  } catch {
    return false;
  }
}

/** The one JSON line the harness reads. */
export function report(op, bytes, beforeKb, peakKb) {
  const extra = Math.round(((peakKb - beforeKb) / 1024) * 10) / 10;
  console.log(
    JSON.stringify({
      lang: "node",
      op,
      bytes,
      rss_before_kb: beforeKb,
      peak_kb: peakKb,
      extra_mb: extra,
    }),
  );
}

/**
 * One small call (a 1 KiB download, read whole) through `client` before the
 * measured one, so the client's first-call costs (loading fetch) are not
 * counted as the big call's memory.
 */
export async function warmUp(client) {
  await (await client.files.downloadFile("small")).bytes();
}
