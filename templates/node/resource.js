{% if let Some(names) = r.runtime_imports -%}
import {{ names }} from "../runtime/index.js";
{% endif -%}
{% if let Some(names) = r.core_imports -%}
import {{ names }} from "../core.js";
{% endif -%}
{% if r.wire_import -%}
import * as wire from "../wire.js";
{% endif -%}
{% if r.has_js_imports() %}
{% endif -%}
{% for m in r.methods -%}
{% if m.declares_descriptor -%}
{% if let Some(p) = m.pagination -%}
{{ p }}

{% endif -%}
{% if m.descriptor_head_fits -%}
const {{ m.descriptor }} = {
{% for p in m.descriptor_props -%}
{{ "  " }}{{ p }},
{% endfor -%}
};
{% else -%}
const {{ m.descriptor }} =
  {
{% for p in m.descriptor_props -%}
{{ "    " }}{{ p }},
{% endfor -%}
{{ "  " }}};
{% endif %}
{% endif -%}
{% endfor -%}
{{ r.doc|jsdoc(0) }}export class {{ r.class }} {
  #core;

  /** @param {import("../core.js").Core} core */
  constructor(core) {
    this.#core = core;
  }
{% for m in r.methods %}
{{ m.js_doc|jsdoc(2) }}  {{ m.name }}{{ m.js_params }} {
{% if m.call_hugged -%}
{{ "    " }}return this.#core.{{ m.core_method }}({{ m.descriptor }}, options, () => ({
{% for p in m.request -%}
{{ "      " }}{{ p }},
{% endfor -%}
{{ "    " }}}));
{% else -%}
{{ "    " }}return this.#core.{{ m.core_method }}(
      {{ m.descriptor }},
      options,
      () => ({
{% for p in m.request -%}
{{ "        " }}{{ p }},
{% endfor -%}
{{ "      " }}}),
    );
{% endif -%}
{{ "  " }}}
{% endfor -%}
}
