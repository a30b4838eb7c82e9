{% for m in v.enum_models() -%}
{% if !loop.first %}
{% endif -%}
/** The values of `{{ m.name }}` the SDK knows of; others may come. */
export const {{ m.name }} = Object.freeze({
{% for e in m.members -%}
{{ "  " }}{{ e.name }}: {{ e.value }},
{% endfor -%}
});
{% else -%}
export {};
{% endfor -%}
