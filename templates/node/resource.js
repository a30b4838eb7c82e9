{% if !r.js_imports.is_empty() -%}
{{ r.js_imports }}
{% endif -%}
{% for m in r.methods -%}
{{ m.descriptor }}

{% endfor -%}
{{ r.doc|jsdoc(0) }}export class {{ r.class }} {
  #core;

  /** @param {import("../core.js").Core} core */
  constructor(core) {
    this.#core = core;
  }
{% for m in r.methods %}
{{ m.js_doc|jsdoc(2) }}  {{ m.js_head }}
    {{ m.js_body }}
  }
{% endfor -%}
}
