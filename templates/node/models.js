{% for m in v.enum_models() -%}
{% if !loop.first %}
{% endif -%}
/** The values of `{{ m.name }}` the SDK knows of; others may come. */
{% if commonjs %}{{ m.frozen_for_commonjs() }}{% else %}{{ m.frozen() }}{% endif %}
{% else -%}
export {};
{% endfor -%}
