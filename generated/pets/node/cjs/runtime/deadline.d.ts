export declare const DEFAULT_REQUEST_TIMEOUT_HEADER: string;

export type IncomingHeaders =
  | Headers
  | Map<string, string | string[]>
  | Record<string, string | string[] | undefined>;

/**
 * Turns an incoming `Request-Timeout-Ms: <ms>` header into an absolute deadline
 * (epoch ms) to pass as the `deadline` call option; undefined when absent or invalid.
 */
export declare function deadlineFromHeaders(
  headers: IncomingHeaders,
  name?: string,
  nowMs?: number,
): number | undefined;
