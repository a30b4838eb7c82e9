{% if v.has_converters() -%}
{{ v.wire_type_imports() }}

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
export declare function {{ c.from_wire }}{{ c.from_params }}: {{ c.ts_type }};
export declare function {{ c.to_wire }}{{ c.to_params }}: unknown;
{% endfor -%}
{% else -%}
export {};
{% endif -%}
