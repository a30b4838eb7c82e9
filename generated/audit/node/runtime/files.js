// Files both ways. Uploads: the values a file part or a binary body takes
// (bytes, a Blob or File, a stream or async iterable read once, and what
// toFile names), and UploadBody, a body streamed anew for each attempt.
// Downloads: BinaryResponse, the unread body of an operation that answers in
// binary, read whole, in chunks or into a file, once.
//
// No `node:` module is imported here: writeToFile imports `node:fs` when it
// is called, so the runtime still loads where there is no file system.
import { InvalidArgumentError, SDKError } from "./errors.js";
import { OpenBody } from "./streaming.js";

/** Bytes as they are: an ArrayBuffer or a view of one (Uint8Array, Buffer). */
export function isBytes(v) {
  return v instanceof ArrayBuffer || ArrayBuffer.isView(v);
}

/** A value read once: a ReadableStream or an async iterable (not a string). */
export function isOneShot(v) {
  if (typeof ReadableStream !== "undefined" && v instanceof ReadableStream)
    return true;
  return (
    v !== null &&
    typeof v === "object" &&
    typeof v[Symbol.asyncIterator] === "function"
  );
}

/** Any value a file part or a binary body takes. */
export function isFileValue(v) {
  return isBytes(v) || v instanceof Blob || isOneShot(v);
}

/** A view of the bytes of an ArrayBuffer or a view, without copying. */
export function bytesView(v) {
  if (v instanceof Uint8Array) return v;
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
}

/**
 * A stream or async iterable of bytes with the file name and media type to
 * send it with: what toFile makes of a one-shot value. Read once.
 */
export class NamedStream {
  constructor(source, name = "", type = "") {
    this.source = source;
    this.name = name;
    this.type = type;
  }

  async *[Symbol.asyncIterator]() {
    const source = new OneShot(this.source);
    for (;;) {
      const piece = await source.read();
      if (piece.done) return;
      yield piece.value;
    }
  }
}

/**
 * A file value with a name and a media type: a File for bytes and Blobs
 * (unread: a Blob from `fs.openAsBlob` stays on disk), a NamedStream for a
 * stream or an async iterable. Without a name, a File keeps its own and
 * anything else is sent under its property's name; without a type, a Blob
 * keeps its own.
 * @param {unknown} content
 * @param {string} [name]
 * @param {{ type?: string }} [options]
 */
export function toFile(content, name, options = {}) {
  if (name !== undefined && typeof name !== "string")
    throw new InvalidArgumentError("toFile: the name must be a string");
  const type = options?.type;
  if (type !== undefined && typeof type !== "string")
    throw new InvalidArgumentError("toFile: the type must be a string");
  if (content instanceof NamedStream) {
    return new NamedStream(
      content.source,
      name ?? content.name,
      type ?? content.type,
    );
  }
  if (content instanceof Blob || isBytes(content)) {
    const own = content instanceof File ? content.name : "";
    return new File([content], name ?? own, {
      type: type ?? (content instanceof Blob ? content.type : ""),
    });
  }
  if (isOneShot(content)) return new NamedStream(content, name, type);
  throw new InvalidArgumentError(
    "toFile takes a Uint8Array, an ArrayBuffer, a Blob, a ReadableStream or an async iterable of Uint8Array",
  );
}

/**
 * What an attempt may hold of a one-shot source, in bytes, to send it again
 * when the attempt provably never reached the server: fetch reads a body's
 * first piece before it connects.
 */
export const ONE_SHOT_HOLD_BYTES = 1024 * 1024;

/**
 * A one-shot source read piece by piece. It keeps what the current attempt
 * read of it (up to ONE_SHOT_HOLD_BYTES), so that an attempt that never
 * reached the server can hand it to the next; once an attempt that may have
 * sent some of it fails, it is `spent`: the body cannot be sent again.
 */
class OneShot {
  #source;
  #next;
  #cancel;
  /** Pieces read by an attempt that never reached the server, to send first. */
  #queue = [];
  /** Pieces the current attempt read. */
  #held = [];
  #heldBytes = 0;
  /** The current attempt read more than it may hold. */
  #overflow = false;
  spent = false;

  constructor(source) {
    this.#source = source instanceof NamedStream ? source.source : source;
  }

  /** A new attempt starts reading. */
  begin() {
    this.#held = [];
    this.#heldBytes = 0;
    this.#overflow = false;
  }

  /** @returns {Promise<{done: true} | {done: false, value: Uint8Array}>} */
  async read() {
    let value = this.#queue.shift();
    if (value === undefined) {
      const piece = await this.#pull();
      if (piece.done) return piece;
      value = piece.value;
    }
    if (!this.#overflow) {
      this.#heldBytes += value.byteLength;
      if (this.#heldBytes > ONE_SHOT_HOLD_BYTES) {
        this.#overflow = true;
        this.#held = [];
      } else this.#held.push(value);
    }
    return { done: false, value };
  }

  async #pull() {
    if (this.#next === undefined) {
      const source = this.#source;
      if (
        typeof ReadableStream !== "undefined" &&
        source instanceof ReadableStream
      ) {
        const reader = source.getReader();
        this.#next = () => reader.read();
        this.#cancel = (reason) => reader.cancel(reason);
      } else {
        const it = source[Symbol.asyncIterator]();
        this.#next = () => it.next();
        this.#cancel = () => it.return?.();
      }
    }
    const { done, value } = await this.#next();
    if (done) return { done: true };
    if (!isBytes(value)) {
      throw new InvalidArgumentError(
        `a file stream gave a ${Object.prototype.toString.call(value)}; it must give Uint8Array chunks`,
      );
    }
    return { done: false, value: bytesView(value) };
  }

  /**
   * After a failed attempt: whether the next may send the source again. It
   * may when the attempt read none of it, or when the attempt never reached
   * the server (`unsent`) and holds all it read, which the next sends first.
   */
  rewind(unsent) {
    if (this.spent) return false;
    const read = this.#overflow || this.#held.length > 0;
    if (!read) return true;
    if (unsent && !this.#overflow) {
      this.#queue = [...this.#held, ...this.#queue];
      this.begin();
      return true;
    }
    this.spent = true;
    return false;
  }

  /** Ends the source (the call is over, unfinished). */
  cancel(reason) {
    this.#queue = [];
    this.#held = [];
    Promise.resolve(this.#cancel?.(reason)).catch(() => {});
  }
}

/**
 * A request body made of pieces (bytes, Blobs, one-shot sources), sent as a
 * stream: `open()` makes the stream of one attempt. Bytes and Blobs are sent
 * again by each; a one-shot source only while no attempt that may have sent
 * some of it failed (`rewind`).
 */
export class UploadBody {
  #pieces;

  /**
   * @param {(Uint8Array | Blob | unknown)[]} pieces
   * @param {string} type the body's media type ("" for none)
   */
  constructor(pieces, type) {
    this.#pieces = pieces.map((p) =>
      p instanceof Uint8Array || p instanceof Blob ? p : new OneShot(p),
    );
    this.type = type;
  }

  /**
   * After a failed attempt: whether the body can be sent again. `unsent`:
   * the attempt provably never reached the server (a refused connection),
   * so what it read of a stream is sent again from memory.
   */
  rewind(unsent) {
    let ok = true;
    for (const p of this.#pieces) {
      if (p instanceof OneShot && !p.rewind(unsent)) ok = false;
    }
    return ok;
  }

  /** The body's size in bytes, where no piece is a stream; else undefined. */
  get size() {
    let n = 0;
    for (const p of this.#pieces) {
      if (p instanceof OneShot) return undefined;
      n += p instanceof Blob ? p.size : p.byteLength;
    }
    return n;
  }

  /** Ends the one-shot sources: the call is over without sending them whole. */
  cancel(reason) {
    for (const p of this.#pieces) if (p instanceof OneShot) p.cancel(reason);
  }

  /** The body of one attempt, as a stream read only as it is sent. */
  open() {
    const pieces = this.#pieces;
    for (const p of pieces) if (p instanceof OneShot) p.begin();
    let at = 0;
    let current;
    return new ReadableStream(
      {
        async pull(controller) {
          for (;;) {
            if (current === undefined) {
              if (at === pieces.length) {
                controller.close();
                return;
              }
              const piece = pieces[at];
              at += 1;
              if (piece instanceof Uint8Array) {
                if (piece.byteLength === 0) continue;
                controller.enqueue(piece);
                return;
              }
              current =
                piece instanceof Blob ? piece.stream().getReader() : piece;
            }
            const { done, value } = await current.read();
            if (done) {
              current = undefined;
              continue;
            }
            if (value.byteLength === 0) continue;
            controller.enqueue(value);
            return;
          }
        },
        cancel(reason) {
          // A Blob's reader; a one-shot source stays for the call to decide.
          if (!(current instanceof OneShot))
            current?.cancel(reason).catch(() => {});
        },
      },
      { highWaterMark: 0 },
    );
  }
}

const utf8 = new TextDecoder();

/**
 * The answer of an operation that answers in binary, its body unread: read
 * it once, whole (`bytes()`, `arrayBuffer()`, `text()`, within
 * maxResponseBytes), in chunks (`for await`, `body`) or into a file
 * (`writeToFile`). `cancel()` or the call's signal closes the connection.
 */
export class BinaryResponse extends OpenBody {
  #limit;
  #how;
  #stream;
  #describe = () => {
    const n = this.bytesDelivered;
    return {
      what: "download",
      delivered: `${n} byte${n === 1 ? "" : "s"} delivered`,
      counts: { bytesDelivered: n },
    };
  };

  /** @internal Made by Runtime.download. */
  constructor(open, init) {
    super(open, init);
    this.#limit = init.maxResponseBytes;
    this.bytesDelivered = 0;
    this.idempotencyKey = init.idempotencyKey;
    this.contentType = init.headers.get("content-type") ?? undefined;
    const length = init.headers.get("content-length");
    this.contentLength =
      length !== null && /^\s*\d+\s*$/.test(length)
        ? Number(length)
        : undefined;
  }

  /** Marks the body read by `how`; a second read is an error. */
  #claim(how) {
    if (this.#how !== undefined) {
      throw new SDKError(
        `${this.operation}: the download's body was already read (by ${this.#how}); a binary response is read once`,
      );
    }
    this.#how = how;
  }

  async #next() {
    const piece = await this.readPiece(this.#describe);
    if (piece !== undefined) this.bytesDelivered += piece.byteLength;
    return piece;
  }

  async *#chunks() {
    try {
      for (;;) {
        const piece = await this.#next();
        if (piece === undefined) return;
        yield piece;
      }
    } finally {
      this.close();
    }
  }

  #tooLarge() {
    return this.streamError(
      "too_large",
      `is longer than the limit of ${this.#limit} bytes (maxResponseBytes) for a whole read; read it in chunks (for await) or write it to a file (writeToFile) instead`,
      this.#describe(),
    );
  }

  /** The whole body, no longer than maxResponseBytes. */
  async bytes() {
    this.#claim("bytes()");
    try {
      if (this.contentLength !== undefined && this.contentLength > this.#limit)
        throw this.#tooLarge();
      const chunks = [];
      for (;;) {
        const piece = await this.#next();
        if (piece === undefined) break;
        if (this.bytesDelivered > this.#limit) throw this.#tooLarge();
        chunks.push(piece);
      }
      if (chunks.length === 1) return chunks[0];
      const bytes = new Uint8Array(this.bytesDelivered);
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.byteLength;
      }
      return bytes;
    } finally {
      this.close();
    }
  }

  /** The whole body as an ArrayBuffer, no longer than maxResponseBytes. */
  async arrayBuffer() {
    const bytes = await this.bytes();
    return bytes.byteOffset === 0 &&
      bytes.byteLength === bytes.buffer.byteLength
      ? bytes.buffer
      : bytes.buffer.slice(
          bytes.byteOffset,
          bytes.byteOffset + bytes.byteLength,
        );
  }

  /** The whole body decoded as UTF-8, no longer than maxResponseBytes. */
  async text() {
    return utf8.decode(await this.bytes());
  }

  /** The body's chunks as they arrive: `for await (const chunk of response)`. */
  [Symbol.asyncIterator]() {
    this.#claim("for await");
    return this.#chunks();
  }

  /** The body as a web ReadableStream of its chunks. */
  get body() {
    if (this.#stream === undefined) {
      this.#claim("body");
      const chunks = this.#chunks();
      this.#stream = new ReadableStream(
        {
          async pull(controller) {
            try {
              const { done, value } = await chunks.next();
              if (done) controller.close();
              else controller.enqueue(value);
            } catch (err) {
              controller.error(err);
            }
          },
          cancel: async () => {
            this.close();
            await chunks.return(undefined);
          },
        },
        { highWaterMark: 0 },
      );
    }
    return this.#stream;
  }

  /**
   * Writes the body to the file at `path` as it arrives (replacing one
   * there) and gives the number of bytes written; if the body breaks, the
   * partial file is removed and the error thrown.
   * @param {string | URL} path
   * @returns {Promise<number>}
   */
  async writeToFile(path) {
    this.#claim("writeToFile()");
    let fs;
    try {
      fs = await import("node:fs");
    } catch (err) {
      this.close();
      throw new SDKError(
        `${this.operation}: writeToFile needs node:fs, which this platform does not have; read the body with for await or bytes() instead`,
        { cause: err },
      );
    }
    let handle;
    try {
      handle = await fs.promises.open(path, "w");
    } catch (err) {
      this.close();
      throw new SDKError(
        `${this.operation}: could not open ${String(path)} to write the download to (${err instanceof Error ? err.message : String(err)})`,
        { cause: err },
      );
    }
    let written = 0;
    try {
      for (;;) {
        const piece = await this.#next();
        if (piece === undefined) break;
        let at = 0;
        while (at < piece.byteLength) {
          const { bytesWritten } = await handle.write(
            piece,
            at,
            piece.byteLength - at,
          );
          at += bytesWritten;
        }
        written += piece.byteLength;
      }
      await handle.close();
      return written;
    } catch (err) {
      await handle.close().catch(() => {});
      await fs.promises.rm(path, { force: true }).catch(() => {});
      throw err;
    } finally {
      this.close();
    }
  }

  /** Closes the connection; the body is read no further. */
  async cancel() {
    this.close();
  }
}
