import type {
  Clock,
  FetchLike,
  Jitter,
  LogLevel,
  Logger,
  RandomSource,
  Secret,
} from "./runtime/index.js";
{% for line in v.resource_type_imports() -%}
{{ line }}
{% endfor %}
export { APIPromise, PagePromise } from "./core.js";
export type {
  APIResponse,
  KeyedRequestOptions,
  RequestOptions,
} from "./core.js";
{{ v.runtime_exports() }}
{{ v.runtime_type_exports() }}
export * from "./models.js";
{% for line in v.resource_exports() -%}
{{ line }}
{% endfor -%}
{% for line in v.resource_type_exports() -%}
{{ line }}
{% endfor %}
/** Options of {@link {{ v.client }}}: credentials, where to send calls, and every retry knob. */
export interface ClientOptions {
{% for a in v.auth -%}
{% for o in a.options -%}
{{ o.doc|jsdoc(2) }}  {{ o.name }}?: Secret;
{% endfor -%}
{% endfor -%}
{% match v.base_url -%}
{% when Some with (url) -%}
{{ "  " }}/** The API's base URL; default: the `{{ v.base_url_env }}` environment variable, else {{ url|js_str }}. */
{% when None -%}
{{ "  " }}/** The API's base URL, such as `https://api.example.com/v1`; default: the `{{ v.base_url_env }}` environment variable (one of the two is needed). */
{% endmatch -%}
{{ "  " }}baseUrl?: string;
{% if !v.own_servers.is_empty() -%}
{{ "  " }}/**
   * Where to send the operations that have servers of their own: the spec's
   * server URL (see the README) to the URL to use instead.
   */
  serverUrls?: Readonly<Record<string, string>>;
{% endif -%}
{{ "  " }}/** Retries on (default `true`); `false` makes one attempt per call. */
  retries?: boolean;
  /** Attempts per call in total, the first included (default {{ v.facts.max_attempts }}). */
  maxAttempts?: number;
  /** Backoff between attempts: `"full"` jitter (default) or `"decorrelated"`. */
  jitter?: Jitter;
  /** Backoff base in ms (default {{ v.facts.base_ms }}). */
  baseMs?: number;
  /** Backoff cap in ms (default {{ v.facts.cap_ms }}). */
  capMs?: number;
  /** Deadline of a whole call, every attempt and every sleep, in ms (default {{ v.facts.deadline_ms }}). */
  timeout?: number;
  /**
   * Latency hint in ms: an attempt times out after {{ v.facts.p99_multiplier }} x p99Ms or when the
   * deadline comes, whichever is first. Default: {% match v.facts.p99_ms %}{% when Some with (p) %}{{ p }} (the spec's){% when None %}none{% endmatch %}; `null` for none.
   */
  p99Ms?: number | null;
  /** Header that tells the server the time left (default `{{ v.facts.request_timeout_header }}`); `null` for none. */
  requestTimeoutHeader?: string | null;
  /** Retry budget of this client, in tokens (default {{ v.facts.budget_capacity }}). */
  budgetCapacity?: number;
  /** The longest response body read, in bytes; past it a call fails with `ResponseTooLargeError`. */
  maxResponseBytes?: number;
  /** Headers sent with every call. */
  headers?: HeadersInit;
  /** Where retry logs go (silent unless `logLevel` or `{{ v.log_env_var }}` says otherwise). */
  logger?: Partial<Logger>;
  /** Log level; overrides the `{{ v.log_env_var }}` environment variable. */
  logLevel?: LogLevel;
  /** The fetch to use (default: the global fetch). */
  fetch?: FetchLike;
  /** Time source, for tests. */
  clock?: Clock;
  /** Random draws in [0, 1) for the jitter, for tests. */
  random?: RandomSource;
}

{{ v.client_doc|jsdoc(0) }}export declare class {{ v.client }} {
{{ "  " }}constructor(options?: ClientOptions);
{% for r in v.resources -%}
{{ r.doc|jsdoc(2) }}  readonly {{ r.property }}: {{ r.class }};
{% endfor -%}
}
