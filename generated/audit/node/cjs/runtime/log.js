"use strict";
// Logging: an injectable logger with debug/info/warn/error methods, silent by
// default. The level comes from the Runtime's `logLevel` option, else the env var
// named by `logEnvVar` (SDKGEN_LOG by default; a generated SDK passes its own),
// else "info" when a logger was injected, else "off".
// Values: debug | info | warn | error | off (also: silent, none).
// Messages never contain headers, URLs with query strings, or bodies.

const DEFAULT_LOG_ENV_VAR = "SDKGEN_LOG";

const RANK = { debug: 10, info: 20, warn: 30, error: 40, off: 100 };
const ALIASES = { silent: "off", none: "off", warning: "warn", trace: "debug" };

/**
 * @param {unknown} value
 * @returns {'debug' | 'info' | 'warn' | 'error' | 'off' | undefined}
 */
function parseLogLevel(value) {
  if (typeof value !== "string") return undefined;
  const v = value.trim().toLowerCase();
  const level = ALIASES[v] ?? v;
  return Object.prototype.hasOwnProperty.call(RANK, level) ? level : undefined;
}

/**
 * The environment variable `name`, where the platform has an environment the
 * code may read: Node's and Bun's `process.env`; Deno's when run with
 * `--allow-env` (without it, reading throws, and the variable counts as
 * unset); none on edge workers.
 * @param {string} name
 * @returns {string | undefined}
 */
function readEnv(name) {
  try {
    const value = globalThis.process?.env?.[name];
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A line to standard error: Node's stream where there is one, else the console. */
function writeErr(line) {
  const stderr = globalThis.process?.stderr;
  if (typeof stderr?.write === "function") stderr.write(`${line}\n`);
  else console.error(line);
}

function stderrLogger(prefix) {
  const write = (level) => (message, fields) => {
    const extra =
      fields && Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : "";
    writeErr(`${prefix} ${level.toUpperCase()} ${message}${extra}`);
  };
  return {
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
  };
}

/**
 * Builds the logger a Runtime uses: methods below the level are no-ops.
 * @param {{logger?: {debug?: Function, info?: Function, warn?: Function, error?: Function},
 *          logLevel?: string, logEnvVar?: string, logName?: string}} [opts]
 */
function makeLogger(opts = {}) {
  const envVar = opts.logEnvVar ?? DEFAULT_LOG_ENV_VAR;
  const fromEnv = parseLogLevel(readEnv(envVar));
  const level =
    parseLogLevel(opts.logLevel) ?? fromEnv ?? (opts.logger ? "info" : "off");
  const sink = opts.logger ?? stderrLogger(`[${opts.logName ?? "sdkgen"}]`);
  const noop = () => {};
  const out = { level };
  for (const name of ["debug", "info", "warn", "error"]) {
    const fn = sink[name];
    out[name] =
      RANK[name] >= RANK[level] && typeof fn === "function"
        ? fn.bind(sink)
        : noop;
  }
  return out;
}

module.exports = {
  DEFAULT_LOG_ENV_VAR,
  parseLogLevel,
  readEnv,
  makeLogger,
};
