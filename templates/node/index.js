import { Runtime } from "./runtime/index.js";
{{ v.index_imports() }}
{% for line in v.resource_imports() -%}
{{ line }}
{% endfor %}
export { APIPromise } from "./core.js";
{{ v.runtime_exports() }}
export * from "./models.js";
{% for line in v.resource_exports() -%}
{{ line }}
{% endfor %}
{{ v.client_doc|jsdoc(0) }}export class {{ v.client }} {
  /** @param {import("./index.js").ClientOptions} [options] */
  constructor(options = {}) {
    const runtime = new Runtime({
{% for line in v.runtime_config -%}
{{ "      " }}{{ line }}
{% endfor -%}
{{ "    " }}});
{% if v.has_auth() -%}
{{ "    " }}const credentials = new Map();
{% for a in v.auth -%}
{{ "    " }}{{ a.set_statement }}
{% endfor -%}
{% endif -%}
{{ "    " }}{{ v.core_statement }}
{% for r in v.resources -%}
{{ r.doc|jsdoc(4) }}    this.{{ r.property }} = new {{ r.class }}(core);
{% endfor -%}
{{ "  " }}}
}
