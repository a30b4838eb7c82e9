export type Scalar = string | number | bigint | boolean | Date;

/** encodeURIComponent plus ! ' ( ) *: only RFC 3986 unreserved characters stay. */
export declare function strictEncode(s: string, what?: string): string;

/** For `allowReserved: true`: keeps `: / ? @ ! $ ' ( ) * , ;` and `%XX` triples, encodes the rest. */
export declare function reservedEncode(s: string, what?: string): string;

/** A scalar as text (WIRE.md section 1): String(n) for numbers, RFC 3339 UTC for a Date. */
export declare function textOf(value: unknown, what?: string): string;

/** Compact JSON text, bigints written as numbers. */
export declare function jsonText(value: unknown, what?: string): string;

/** `application/json` or `*+json`. */
export declare function isJsonMediaType(mediaType: unknown): boolean;

/** null, undefined, an empty array or object, or an object whose members are all null. */
export declare function isUndefinedValue(value: unknown): boolean;

export type PathStyle = "simple" | "label" | "matrix";
export type QueryStyle =
  "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";

/** How a parameter is written: its style, explode, allowReserved, or the media type of its `content`. */
export interface ParamEncoding<S extends string = string> {
  style?: S;
  explode?: boolean;
  allowReserved?: boolean;
  contentType?: string;
}

/** One path parameter's expansion; refuses undefined values and '', '.', '..'. */
export declare function pathParam(
  name: string,
  value: unknown,
  how?: ParamEncoding<PathStyle>,
): string;

/** One query parameter's pieces joined with '&' ('' when nothing is sent). */
export declare function queryParam(
  name: string,
  value: unknown,
  how?: ParamEncoding<QueryStyle>,
): string;

/** One header parameter as [name, value], or undefined when nothing is sent. */
export declare function headerParam(
  name: string,
  value: unknown,
  how?: ParamEncoding<"simple">,
): [string, string] | undefined;

/** One cookie parameter's `name=value` pairs joined with '; ' ('' when nothing is sent). */
export declare function cookieParam(
  name: string,
  value: unknown,
  how?: ParamEncoding<"form">,
): string;

/** The Cookie header from cookieParam pieces, or undefined when there are none. */
export declare function cookieHeader(
  ...pieces: (string | undefined | null)[]
): string | undefined;

/** A form field's encoding: [name, style = 'form', explode = style === 'form', allowReserved = false]. */
export type FormField = readonly [
  name: string,
  style?: QueryStyle,
  explode?: boolean,
  allowReserved?: boolean,
];

/** An application/x-www-form-urlencoded body: `fields` in order, then the value's other properties; undefined without a value. */
export declare function formBody<V extends object | null | undefined>(
  value: V,
  fields?: readonly FormField[],
): V extends object ? string : string | undefined;

/** One path parameter in `simple` style, strictly encoded. */
export declare function encodePathSegment(
  value: unknown,
  name?: string,
): string;

/** Fills `{name}` placeholders with pathParam(name, params[name]) in `simple` style. */
export declare function buildPath(
  template: string,
  params?: Record<string, unknown>,
): string;

/** Joins encoded pieces into a query string (no leading '?'), leaving out empty ones. */
export declare function queryString(...parts: (string | string[])[]): string;

export type QueryInput =
  string | URLSearchParams | Record<string, unknown> | null | undefined;

/** Encodes a request's `query`: a pre-encoded string, URLSearchParams, or an object (form, explode). */
export declare function encodeQuery(query: QueryInput): string;
