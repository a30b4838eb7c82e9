// Server-sent event streams (CONTRACT.md section 12). EventParser reads the
// bytes of a text/event-stream body by the WHATWG rules, piece by piece;
// Runtime.stream opens the response (retrying as any call until its headers
// arrive) and gives an EventStream, which the caller reads with for await.
// OpenBody is what an opened response's body is read through, with the idle
// timeout and the StreamError, for event streams and downloads alike.
import { RequestAbortedError, SDKError, requestIdOf } from "./errors.js";

/** An event whose data is exactly this ends the stream and is not delivered. */
export const DONE_DATA = "[DONE]";

/**
 * The WHATWG event-stream parser, fed the body's bytes as they come. Lines
 * end at CRLF, LF or CR (a CR ending one piece and an LF starting the next
 * are one line end); the text is UTF-8, a character split between pieces
 * included, and one byte order mark at the start is ignored. `feed` returns
 * the events its bytes completed; what is pending when the body ends is
 * dropped, never dispatched.
 */
export class EventParser {
  #decoder = new TextDecoder("utf-8", { ignoreBOM: false });
  #afterCr = false;
  #rest = "";
  /** @type {string[]} */
  #data = [];
  #event = "";
  /** @type {number | undefined} */
  #retry = undefined;
  /** The last event id the stream set (the WHATWG "last event ID"). */
  lastId = "";

  /** Characters held for an event not complete yet. */
  get pending() {
    let n = this.#rest.length;
    for (const d of this.#data) n += d.length;
    return n;
  }

  /**
   * @param {Uint8Array} chunk
   * @returns {import('./streaming.js').ServerSentEvent[]}
   */
  feed(chunk) {
    // TextDecoder drops one BOM at the start of the stream (ignoreBOM: false).
    let text = this.#decoder.decode(chunk, { stream: true });
    if (text === "") return [];
    if (this.#afterCr && text.charCodeAt(0) === 10) text = text.slice(1);
    this.#afterCr = false;
    if (text === "") return [];
    const buffer = this.#rest === "" ? text : this.#rest + text;
    const events = [];
    let at = 0;
    const n = buffer.length;
    for (let i = 0; i < n; i += 1) {
      const c = buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      this.#line(buffer.slice(at, i), events);
      if (c === 13) {
        if (i + 1 < n) {
          if (buffer.charCodeAt(i + 1) === 10) i += 1;
        } else {
          this.#afterCr = true;
        }
      }
      at = i + 1;
    }
    this.#rest = buffer.slice(at);
    return events;
  }

  #line(line, events) {
    if (line === "") {
      this.#dispatch(events);
      return;
    }
    if (line.charCodeAt(0) === 58) return; // ":" starts a comment
    const colon = line.indexOf(":");
    let field = line;
    let value = "";
    if (colon !== -1) {
      field = line.slice(0, colon);
      value = line.slice(
        line.charCodeAt(colon + 1) === 32 ? colon + 2 : colon + 1,
      );
    }
    if (field === "data") this.#data.push(value);
    else if (field === "event") this.#event = value;
    else if (field === "id") {
      if (!value.includes("\0")) this.lastId = value;
    } else if (field === "retry" && /^[0-9]+$/.test(value)) {
      this.#retry = Number(value);
    }
  }

  #dispatch(events) {
    const data = this.#data;
    const event = this.#event;
    const retry = this.#retry;
    this.#data = [];
    this.#event = "";
    this.#retry = undefined;
    if (data.length === 0) return;
    events.push(
      new ServerSentEvent({
        event: event === "" ? "message" : event,
        data: data.join("\n"),
        id: this.lastId,
        retry,
      }),
    );
  }
}

/**
 * One event: its name (`message` unless the server named it), its data
 * (lines joined with "\n"), the last event id the stream has set (empty
 * before any) and its `retry` field in ms where its block had one.
 */
export class ServerSentEvent {
  constructor({ event, data, id, retry }) {
    this.event = event;
    this.data = data;
    this.id = id;
    this.retry = retry;
  }

  /** The data decoded as JSON; a SyntaxError when it is not JSON. */
  json() {
    return JSON.parse(this.data);
  }
}

/**
 * A body that broke after its headers arrived (an event stream or a
 * download): the connection was lost (`reason` "connection_lost"), no bytes
 * came for the idle timeout ("idle_timeout"), or it grew past
 * maxResponseBytes ("too_large": one event, or a whole read of a download).
 * Never retried: what was delivered would be delivered again.
 */
export class StreamError extends SDKError {
  constructor(message, init = {}) {
    super(message, { ...init, kind: "stream" });
    this.reason = init.reason;
    this.eventsDelivered = init.eventsDelivered ?? 0;
    this.bytesDelivered = init.bytesDelivered ?? 0;
    this.status = init.status;
    this.headers = init.headers;
    this.requestId = requestIdOf(init.headers, init.requestIdHeader);
  }
}

const IDLE = Symbol("idle timeout");

/**
 * A response whose body is read as it arrives, after the call that opened
 * it (Runtime.stream, Runtime.download): the status, headers, request id and
 * attempts; each read bounded by the idle timeout; `close()` and the call's
 * signal closing the connection; a read that breaks a StreamError (or the
 * RequestAbortedError of the signal). EventStream and BinaryResponse read
 * their bodies through it.
 */
export class OpenBody {
  #body;
  #reader;
  #controller;
  #signal;
  #onAbort;
  #idleMs;
  #closed = false;

  /** @internal Made by the runtime from what its open call returns. */
  constructor(open, init) {
    this.#body = open.body;
    this.#controller = open.controller;
    this.#signal = open.signal;
    this.status = init.status;
    this.headers = init.headers;
    this.attempts = init.attempts;
    this.requestIdHeader = init.requestIdHeader ?? null;
    this.requestId = requestIdOf(init.headers, this.requestIdHeader);
    this.#idleMs = init.idleMs;
    this.operation = init.operation;
    if (this.#signal) {
      this.#onAbort = () => this.close();
      if (this.#signal.aborted) this.close();
      else
        this.#signal.addEventListener("abort", this.#onAbort, { once: true });
    }
  }

  get closed() {
    return this.#closed;
  }

  /** Closes the connection; nothing more is read. */
  close() {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#onAbort) this.#signal.removeEventListener("abort", this.#onAbort);
    (this.#reader ?? this.#body)?.cancel().catch(() => {});
    this.#controller.abort(new Error("the response was closed"));
  }

  /**
   * The StreamError of this body: `what` names it ("event stream",
   * "download") and `delivered` says what the caller got before it broke.
   * @internal
   */
  streamError(reason, detail, { what, delivered, counts }, cause) {
    const id =
      this.requestId === undefined ? "" : `; request id: ${this.requestId}`;
    return new StreamError(
      `${this.operation}: the ${what} ${detail} (${delivered}; ${this.attempts} attempt${this.attempts === 1 ? "" : "s"}; stopped: not_retryable${id})`,
      {
        reason,
        ...counts,
        status: this.status,
        headers: this.headers,
        attempts: this.attempts,
        stopReason: "not_retryable",
        cause,
        requestIdHeader: this.requestIdHeader,
      },
    );
  }

  #aborted() {
    return new RequestAbortedError(`${this.operation}: aborted by the caller`, {
      attempts: this.attempts,
      stopReason: "not_retryable",
      cause: this.#signal.reason,
    });
  }

  /** The next piece of the body, or IDLE when none came in time. */
  async #race(reader) {
    let timer;
    const idle = new Promise((resolve) => {
      timer = setTimeout(() => resolve(IDLE), this.#idleMs);
    });
    try {
      return await Promise.race([reader.read(), idle]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The next bytes of the body, or undefined at its end (or once closed).
   * Throws the call's RequestAbortedError when its signal ended the read,
   * else the StreamError `describe()` makes (connection_lost, idle_timeout).
   * @internal
   * @param {() => {what: string, delivered: string, counts: object}} describe
   * @returns {Promise<Uint8Array | undefined>}
   */
  async readPiece(describe) {
    if (this.#closed || this.#body === null) {
      this.close();
      return undefined;
    }
    this.#reader ??= this.#body.getReader();
    let piece;
    try {
      piece = await this.#race(this.#reader);
    } catch (err) {
      if (this.#signal?.aborted) throw this.#aborted();
      if (this.#closed) return undefined;
      throw this.streamError(
        "connection_lost",
        `was cut off (${err instanceof Error ? err.message : String(err)})`,
        describe(),
        err,
      );
    }
    if (piece === IDLE) {
      throw this.streamError(
        "idle_timeout",
        "sent nothing for the idle timeout",
        describe(),
      );
    }
    if (piece.done) {
      // A read cut short by the call's signal ends as done: say why.
      if (this.#signal?.aborted) throw this.#aborted();
      return undefined;
    }
    return piece.value;
  }
}

/**
 * The events of one stream call: `for await (const event of stream)`. Read
 * it once; leaving the loop early, `close()` or the call's signal closes
 * the connection.
 */
export class EventStream extends OpenBody {
  #decode;
  #limit;
  #parser = new EventParser();
  #describe = () => {
    const n = this.eventsDelivered;
    return {
      what: "event stream",
      delivered: `${n} event${n === 1 ? "" : "s"} delivered`,
      counts: { eventsDelivered: n },
    };
  };

  /** @internal Made by Runtime.stream. */
  constructor(open, init) {
    super(open, init);
    this.eventsDelivered = 0;
    this.#decode = init.decode;
    this.#limit = init.maxEventBytes;
  }

  /** The last event id the server set (empty before any). */
  get lastEventId() {
    return this.#parser.lastId;
  }

  async *[Symbol.asyncIterator]() {
    try {
      for (;;) {
        const piece = await this.readPiece(this.#describe);
        if (piece === undefined) return;
        const events = this.#parser.feed(piece);
        if (this.#parser.pending > this.#limit) {
          throw this.streamError(
            "too_large",
            `grew an event past the limit of ${this.#limit} bytes (maxResponseBytes)`,
            this.#describe(),
          );
        }
        for (const event of events) {
          if (event.data === DONE_DATA) return;
          if (this.closed) return;
          this.eventsDelivered += 1;
          yield this.#decode === undefined ? event : this.#decode(event);
        }
      }
    } finally {
      this.close();
    }
  }
}
