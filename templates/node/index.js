import { Runtime } from "./runtime/index.js";
{{ v.index_imports() }}
{% for line in v.resource_imports() -%}
{{ line }}
{% endfor %}
export { APIPromise, PagePromise } from "./core.js";
{{ v.runtime_exports() }}
export * from "./models.js";
{% for line in v.resource_exports() -%}
{{ line }}
{% endfor %}
{% if let Some(help) = v.credential_help -%}
/** How a caller provides each scheme's credentials, for MissingCredentialError. */
const CREDENTIAL_HELP = new Map({{ help }});

{% endif -%}
{% if let Some(headers) = v.constant_headers -%}
/** Headers every request carries; the `headers` option replaces them by name. */
const HEADERS = {{ headers }};

{% endif -%}
{{ v.client_doc|jsdoc(0) }}export class {{ v.client }} {
  /** @param {import("./index.js").ClientOptions} [options] */
  constructor(options = {}) {
    const runtime = new Runtime({
{% let c = v.runtime_config -%}
{{ "      " }}{{ c.base_url }},
{% if c.server_urls -%}
{{ "      " }}serverUrls: options.serverUrls,
{% endif -%}
{{ "      " }}{{ c.user_agent }},
      {{ c.log_env_var }},
      {{ c.log_name }},
      retries: options.retries,
      maxAttempts: options.maxAttempts{% if let Some(n) = c.max_attempts %} ?? {{ n }}{% endif %},
      jitter: options.jitter,
      baseMs: options.baseMs{% if let Some(n) = c.base_ms %} ?? {{ n }}{% endif %},
      capMs: options.capMs{% if let Some(n) = c.cap_ms %} ?? {{ n }}{% endif %},
      timeout: options.timeout{% if let Some(n) = c.timeout %} ?? {{ n }}{% endif %},
      p99Ms: {% if let Some(p) = c.p99_ms %}options.p99Ms === undefined ? {{ p }} : {% endif %}options.p99Ms,
      requestTimeoutHeader: options.requestTimeoutHeader,
{% if let Some(line) = c.request_id_header -%}
{{ "      " }}{{ line }},
{% endif -%}
{{ "      " }}budgetCapacity: options.budgetCapacity,
      maxResponseBytes: options.maxResponseBytes,
      headers: {% if v.constant_headers.is_some() %}withHeaders(HEADERS, options.headers){% else %}options.headers{% endif %},
      logger: options.logger,
      logLevel: options.logLevel,
      fetch: options.fetch,
      clock: options.clock,
      random: options.random,
    });
{% if v.has_auth() -%}
{{ "    " }}const credentials = new Map();
{% for a in v.auth -%}
{{ "    " }}credentials.set{{ a.set_args }};
{% endfor -%}
{% endif -%}
{{ "    " }}const core = new Core{{ v.core_args }};
{% for r in v.resources -%}
{{ r.doc|jsdoc(4) }}    {{ r.construction() }}
{% endfor -%}
{{ "  " }}}
}
