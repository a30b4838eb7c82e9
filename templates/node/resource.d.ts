{{ r.dts_imports }}
{% for m in r.methods -%}
{% match m.params_type -%}
{% when Some with (p) -%}
{{ p.doc|jsdoc(0) }}
{%- match p.alias -%}
{% when Some with (a) -%}
{{ a }}
{% when None -%}
{{ p.head }}
{% for prop in p.props -%}
{{ prop.doc|jsdoc(2) }}  {{ prop.line }}
{% endfor -%}
}
{% endmatch %}
{% when None -%}
{% endmatch -%}
{% endfor -%}
{{ r.doc|jsdoc(0) }}export declare class {{ r.class }} {
  private constructor();
{% for m in r.methods %}
{{ m.dts_doc|jsdoc(2) }}  {{ m.dts_signature }}
{% endfor -%}
}
