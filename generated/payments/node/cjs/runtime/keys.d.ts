export declare const DEFAULT_KEY_HEADER: string;
export declare const DEFAULT_KEY_MAX_LENGTH: number;

/**
 * Throws InvalidIdempotencyKeyError unless `key` is a string of 1..maxLength
 * visible ASCII characters (0x21-0x7E). Returns the key.
 */
export declare function validateIdempotencyKey(
  key: unknown,
  maxLength?: number,
): string;

/** A fresh lower-case UUID v4. */
export declare function newIdempotencyKey(): string;
