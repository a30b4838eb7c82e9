/**
 * Sends one request whose body is a stream or a Blob through node:http
 * (node:https for https), reading the body only as the socket takes it;
 * the answer is a web Response once its headers arrive. Undefined where the
 * platform is not Node (Bun, Deno, browsers, workers), whose fetch sends
 * every body.
 */
export declare const nodeSend:
  | ((
      url: string | URL,
      init: {
        method: string;
        headers: Headers;
        body: ReadableStream<Uint8Array> | Blob;
        signal?: AbortSignal;
      },
      length: number | undefined,
    ) => Promise<Response>)
  | undefined;

/** Bodies from this size up go through `nodeSend` (1 MiB). */
export declare const STREAM_THRESHOLD: number;
