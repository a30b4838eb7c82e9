import type {{ r.core_types }} from "../core.js";
{% if let Some(names) = r.runtime_types -%}
import type {{ names }} from "../runtime/index.js";
{% endif -%}
{% if let Some(names) = r.model_types -%}
import type {{ names }} from "../models.js";
{% endif %}
{% for m in r.methods -%}
{% if let Some(p) = m.params_type -%}
{{ p.doc|jsdoc(0) }}
{%- if let Some(line) = p.alias_line() -%}
{{ line }}
{% else -%}
export interface {{ p.name }}{% if let Some(model) = p.extends %} extends {{ model }}{% endif %} {
{% for prop in p.props -%}
{{ prop.doc|jsdoc(2) }}  {{ prop.line }}
{% endfor -%}
}
{% endif %}
{% endif -%}
{% endfor -%}
{{ r.doc|jsdoc(0) }}export declare class {{ r.class }} {
  private constructor();
{% for m in r.methods %}
{{ m.dts_doc|jsdoc(2) }}  {{ m.name }}{{ m.dts_params }}: {{ m.returns }};
{% endfor -%}
}
