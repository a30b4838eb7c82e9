import type { ResponseParseError } from "./errors.js";
import type { RuntimeResponse } from "./runtime.js";

/** A reader: takes a JSON value, gives the SDK's, throws a `ShapeError`. */
export type Reader<T = unknown> = (value: unknown) => T;

/**
 * A type in a generated table: a scalar code (`"str"`, `"int"`, `"int32"`,
 * `"num"`, `"bool"`, `"datetime"`, `"date"`, `"any"`, each with a trailing
 * `"?"` to accept null) or a reader.
 */
export type ShapeType = string | Reader;

/** A row of a model's table: `[wire name, type, required, SDK name?, toWire?]`. */
export type FieldRow =
  | readonly [string, ShapeType, 0 | 1]
  | readonly [string, ShapeType, 0 | 1, string]
  | readonly [string, ShapeType, 0 | 1, string, (value: unknown) => unknown];

/** A body that does not have its documented shape, and where. */
export declare class ShapeError {
  constructor(expected: string, found?: string);
  readonly expected: string;
  readonly found: string | undefined;
  /** Property names and item indexes, innermost first. */
  readonly segments: (string | number)[];
  /** Where, as `data[3].amount` (`""` for the body itself). */
  readonly location: string;
  readonly message: string;
}

export declare function reader(type: ShapeType): Reader;
export declare function listOf(type: ShapeType): Reader<unknown[]>;
export declare function recordOf(
  type: ShapeType,
): Reader<Record<string, unknown>>;
export declare function orNull(type: ShapeType): Reader;
export declare function readObject(
  value: unknown,
  fields: readonly FieldRow[],
  extra?: ShapeType,
): Record<string, unknown>;
export declare function readUnion(
  value: unknown,
  variants: readonly ShapeType[],
): unknown;
export declare function readTagged(
  value: unknown,
  key: string,
  rows: readonly (readonly [string, Reader, ...unknown[]])[],
): unknown;
/** An RFC 3339 date-time: `T`, `t` or a space, any fraction, `Z` or an offset. */
export declare function isDateTime(text: string): boolean;
/** An RFC 3339 full-date, `YYYY-MM-DD`. */
export declare function isFullDate(text: string): boolean;
/** The `ResponseParseError` of a success body `read` could not read. */
export declare function shapeFailure(
  name: string,
  response: RuntimeResponse,
  err: unknown,
): ResponseParseError;
/** `read` for a body that says it is JSON; any other as it came. */
export declare function jsonOnly<T>(
  read: (body: unknown, status: number) => T,
): (body: unknown, status: number, headers?: Headers) => T | unknown;
/** `read(response.body, response.status, response.headers)`, a failure as `shapeFailure`. */
export declare function readResponse<T>(
  name: string,
  response: RuntimeResponse,
  read: (body: unknown, status: number, headers: Headers) => T,
): T;
