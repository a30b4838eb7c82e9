export type LogLevel = "debug" | "info" | "warn" | "error" | "off";

/** Fields passed with every log line: never headers, URLs or bodies. */
export type LogFields = Record<string, string | number | boolean | undefined>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export interface LoggerOptions {
  /** Where lines go; stderr when omitted. */
  logger?: Partial<Logger>;
  /** Fixed level; overrides the env var. */
  logLevel?: LogLevel | "silent" | "none";
  /** Env var read for the level; SDKGEN_LOG by default. */
  logEnvVar?: string;
  /** Prefix of the default stderr logger's lines. */
  logName?: string;
}

export declare const DEFAULT_LOG_ENV_VAR: string;
export declare function parseLogLevel(value: unknown): LogLevel | undefined;
export declare function makeLogger(
  opts?: LoggerOptions,
): Logger & { readonly level: LogLevel };
/** The environment variable `name` where the platform lets the code read it, else undefined. */
export declare function readEnv(name: string): string | undefined;
