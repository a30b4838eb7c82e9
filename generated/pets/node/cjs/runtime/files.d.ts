import { OpenBody } from "./streaming.js";

/**
 * What a file part or a binary body takes: bytes, a Blob or File (a File's
 * name and a Blob's type are sent with it; `await fs.openAsBlob(path)` gives
 * one that streams from disk), or a stream or async iterable of Uint8Array
 * chunks, read once. `toFile` gives any of them a name and a type.
 */
export type FileInput =
  | Uint8Array
  | ArrayBuffer
  | Blob
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array>;

/** A stream or async iterable with the file name and type to send it with (read once). */
export declare class NamedStream implements AsyncIterable<Uint8Array> {
  constructor(
    source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
    name?: string,
    type?: string,
  );
  readonly source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;
  /** The file name ("" for none: the property's name is sent). */
  readonly name: string;
  /** The media type ("" for none). */
  readonly type: string;
  [Symbol.asyncIterator](): AsyncGenerator<Uint8Array, void, undefined>;
}

/**
 * A file value with a name and a media type: a File for bytes and Blobs
 * (a Blob is not read), a NamedStream for a stream or an async iterable.
 */
export declare function toFile(
  content: Uint8Array | ArrayBuffer | Blob,
  name?: string,
  options?: { type?: string },
): File;
export declare function toFile(
  content: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | NamedStream,
  name?: string,
  options?: { type?: string },
): NamedStream;
export declare function toFile(
  content: FileInput,
  name?: string,
  options?: { type?: string },
): File | NamedStream;

/** Whether a value is one a file part or a binary body takes. */
export declare function isFileValue(value: unknown): value is FileInput;

/**
 * A request body streamed anew for each attempt (a multipart body with a
 * file that is a stream, or a stream body): bytes and Blobs are sent again
 * by a retry, a stream only while none of it was read.
 */
export declare class UploadBody {
  constructor(pieces: readonly unknown[], type: string);
  /** The body's media type ("" for none). */
  readonly type: string;
  /** Whether an attempt read some of a one-shot piece. */
  readonly started: boolean;
  /** The body of one attempt. */
  open(): ReadableStream<Uint8Array>;
}

/**
 * The answer of an operation that answers in binary, its body unread. Read
 * it once: whole (`bytes()`, `arrayBuffer()`, `text()`, within
 * maxResponseBytes), in chunks (`for await (const chunk of response)`,
 * `body`) or into a file (`writeToFile(path)`); a second read throws an
 * SDKError. A body that breaks throws a StreamError with the bytes
 * delivered; `cancel()` or the call's signal closes the connection.
 */
export declare class BinaryResponse
  extends OpenBody
  implements AsyncIterable<Uint8Array>
{
  private constructor();
  /** The Content-Type the server sent, if any. */
  readonly contentType: string | undefined;
  /** The Content-Length the server sent, if any. */
  readonly contentLength: number | undefined;
  /** The idempotency key sent (keyed operations). */
  readonly idempotencyKey: string | undefined;
  /** Bytes of the body read so far. */
  readonly bytesDelivered: number;
  /** The whole body; past maxResponseBytes a StreamError (`too_large`). */
  bytes(): Promise<Uint8Array>;
  /** The whole body as an ArrayBuffer (as `bytes()`). */
  arrayBuffer(): Promise<ArrayBuffer>;
  /** The whole body decoded as UTF-8 (as `bytes()`). */
  text(): Promise<string>;
  /** The body's chunks as they arrive, one in memory at a time. */
  [Symbol.asyncIterator](): AsyncGenerator<Uint8Array, void, undefined>;
  /** The body as a web ReadableStream. */
  readonly body: ReadableStream<Uint8Array>;
  /**
   * Writes the body to a file as it arrives and gives the bytes written;
   * the partial file is removed if the body breaks. Needs `node:fs` (Node,
   * Deno, Bun).
   */
  writeToFile(path: string | URL): Promise<number>;
  /** Closes the connection; the body is read no further. */
  cancel(): Promise<void>;
}
