export type Scalar = string | number | bigint | boolean | Date;

/** encodeURIComponent plus ! ' ( ) *: only RFC 3986 unreserved characters stay. */
export declare function strictEncode(s: string): string;

/** One path parameter, strictly encoded; refuses null, objects, and '', '.', '..'. */
export declare function encodePathSegment(value: Scalar | readonly Scalar[], name?: string): string;

/** Fills `{name}` placeholders with encodePathSegment(params[name]). */
export declare function buildPath(template: string, params?: Record<string, unknown>): string;

/** OpenAPI `form` style (explode true by default); returns encoded `k=v` parts. */
export declare function formQuery(
  name: string,
  value: Scalar | readonly (Scalar | null | undefined)[] | Record<string, unknown> | null | undefined,
  opts?: { explode?: boolean },
): string[];

/** OpenAPI `spaceDelimited` / `pipeDelimited` (arrays, explode false). */
export declare function delimitedQuery(
  name: string,
  value: readonly (Scalar | null | undefined)[] | null | undefined,
  delimiter: 'space' | 'pipe',
): string[];

/** OpenAPI `deepObject`: `name[key]=value`, nested brackets for nested objects. */
export declare function deepObjectQuery(name: string, value: Record<string, unknown> | null | undefined): string[];

/** Joins encoded parts into a query string (no leading '?'). */
export declare function queryString(...parts: (string | string[])[]): string;

export type QueryInput = string | URLSearchParams | Record<string, unknown> | null | undefined;

/** Encodes a request's `query`: a pre-encoded string, URLSearchParams, or an object (form, explode). */
export declare function encodeQuery(query: QueryInput): string;
