{% if v.uses_wire() -%}
{% if v.has_converters() -%}
{{ v.wire_type_imports() }}
{% endif -%}
export { jsonOnly, listOf, orNull, reader, recordOf } from "./runtime/index.js";

/** @internal Converts every item of an array. */
export declare function arrayOf<T>(
  convert: (value: unknown) => T,
): (value: unknown) => T[];
/** @internal Picks a converter by the response's status. */
export declare function byStatus(
  rows: [number | "2XX", (value: unknown) => unknown][],
): (value: unknown, status: number) => unknown;
/** @internal Converts every value of a map. */
export declare function mapOf<T>(
  convert: (value: unknown) => T,
): (value: unknown) => Record<string, T>;
{% for c in v.converters -%}
{% if let Some(r) = c.reader -%}
export declare function {{ r.name }}{{ r.params }}: {{ c.ts_type }};
{% endif -%}
{% if let Some(w) = c.writer -%}
export declare function {{ w.name }}{{ w.params }}: unknown;
{% endif -%}
{% endfor -%}
{% else -%}
export {};
{% endif -%}
