"use strict";
{{ m.head }}{% for line in m.requires %}{{ line }}
{% endfor %}{% if !m.requires.is_empty() && !m.body.is_empty() %}
{% endif %}{{ m.body }}{% if !m.exports.is_empty() %}
module.exports = {
{% for entry in m.exports %}  {{ entry }},
{% endfor %}};
{% endif %}
