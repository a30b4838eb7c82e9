{% if v.file_input -%}
import type { FileInput } from "./runtime/index.js";

{% endif -%}
{% for m in v.models -%}
{% if !loop.first %}
{% endif -%}
{{ m.doc|jsdoc(0) }}
{%- match m.props -%}
{% when Some with (props) -%}
export interface {{ m.name }} {
{% for p in props -%}
{{ p.doc|jsdoc(2) }}  {{ p.line }}
{% endfor -%}
{% if m.index_signature -%}
{{ "  " }}[key: string]: unknown;
{% endif -%}
}
{% when None -%}
{{ m.alias }}
{% if !m.members.is_empty() -%}
/** The values of `{{ m.name }}` the SDK knows of; others may come. */
export declare const {{ m.name }}: {
{% for e in m.members -%}
{{ "  " }}readonly {{ e.name }}: {{ e.value }};
{% endfor -%}
};
{% endif -%}
{% endmatch -%}
{% endfor -%}
{% if v.models.is_empty() -%}
export {};
{% endif -%}
