import { SDKError } from "./errors.js";

/** An event whose data is exactly this ends the stream and is not delivered. */
export declare const DONE_DATA: "[DONE]";

/** One server-sent event. */
export declare class ServerSentEvent {
  constructor(init: {
    event: string;
    data: string;
    id: string;
    retry?: number | undefined;
  });
  /** The event's name: `message` unless the server named it. */
  readonly event: string;
  /** Its data lines, joined with "\n". */
  readonly data: string;
  /** The last event id the stream has set ("" before any). */
  readonly id: string;
  /** Its `retry` field in ms, where its block had one. */
  readonly retry: number | undefined;
  /** The data decoded as JSON; throws a SyntaxError when it is not JSON. */
  json<T = unknown>(): T;
}

/** The WHATWG event-stream parser, fed a body's bytes as they come. */
export declare class EventParser {
  /** The last event id the stream set. */
  lastId: string;
  /** Characters held for an event not complete yet. */
  readonly pending: number;
  /** The events the bytes completed; what is pending at the body's end is dropped. */
  feed(chunk: Uint8Array): ServerSentEvent[];
}

export type StreamErrorReason =
  "connection_lost" | "idle_timeout" | "too_large";

/**
 * A body that broke after its headers arrived (an event stream or a
 * download); never retried.
 */
export declare class StreamError extends SDKError {
  readonly kind: "stream";
  readonly reason: StreamErrorReason;
  /** Events the caller had been given before it ended (0 for a download). */
  readonly eventsDelivered: number;
  /** Bytes of a download delivered before it ended (0 for an event stream). */
  readonly bytesDelivered: number;
  readonly status: number;
  readonly headers: Headers;
  /** The server's id of the request (`x-request-id`, else `request-id`). */
  readonly requestId: string | undefined;
}

/**
 * A response whose body is read as it arrives, once its call opened it:
 * what event streams and downloads share.
 */
export declare class OpenBody {
  protected constructor();
  readonly status: number;
  readonly headers: Headers;
  /** Attempts the call took to open it. */
  readonly attempts: number;
  /** The server's id of the request (`x-request-id`, else `request-id`). */
  readonly requestId: string | undefined;
  readonly closed: boolean;
  /** Closes the connection; nothing more is read. */
  close(): void;
}

/**
 * The events of one stream call: `for await (const event of stream)`. Read
 * it once; leaving the loop early, `close()` or the call's signal closes
 * the connection.
 */
export declare class EventStream<T = ServerSentEvent>
  extends OpenBody
  implements AsyncIterable<T>
{
  private constructor();
  /** Events delivered so far. */
  readonly eventsDelivered: number;
  /** The last event id the server set ("" before any). */
  readonly lastEventId: string;
  [Symbol.asyncIterator](): AsyncGenerator<T, void, undefined>;
}
