{% for m in v.enum_models() -%}
{% if !loop.first %}
{% endif -%}
/** The values of `{{ m.name }}` the SDK knows of; others may come. */
{{ m.frozen() }}
{% else -%}
export {};
{% endfor -%}
