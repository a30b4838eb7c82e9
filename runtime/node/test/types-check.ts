// Compile-only check that the hand-written .d.ts files are valid and describe the
// API generated code uses. Run: npm run typecheck (tsc --noEmit --strict).
import {
  Runtime,
  EventStream,
  ServerSentEvent,
  StreamError,
  SDKError,
  APIError,
  APIConnectionError,
  APITimeoutError,
  DeadlineExceededError,
  IdempotencyInFlightError,
  IdempotencyMismatchError,
  InvalidIdempotencyKeyError,
  RequestAbortedError,
  RateLimitError,
  ServerError,
  TokenBucket,
  buildPath,
  encodePathSegment,
  pathParam,
  queryParam,
  headerParam,
  cookieParam,
  cookieHeader,
  formBody,
  multipartBody,
  queryString,
  deadlineFromHeaders,
  parseRetryAfter,
  fullJitter,
  decorrelatedJitter,
  validateIdempotencyKey,
  newIdempotencyKey,
  decide,
  type Operation,
  type CallOptions,
  type RuntimeResponse,
  type StopReason,
  type Clock,
  type Logger,
  Pager,
  type Page,
  type Pagination,
} from "../src/index.js";

const logger: Logger = {
  debug: () => {},
  info: (message, fields) => void [message, fields?.operation],
  warn: () => {},
  error: () => {},
};

const clock: Clock = {
  now: () => 0,
  sleep: async (_ms: number, _signal?: AbortSignal) => {},
};

const rt = new Runtime({
  baseUrl: "https://api.example.com/v1",
  retries: true,
  maxAttempts: 3,
  jitter: "decorrelated",
  baseMs: 500,
  capMs: 20000,
  timeout: 60000,
  requestTimeoutHeader: null,
  p99Ms: 200,
  budgetCapacity: 500,
  auth: [
    { type: "bearer", token: async () => "tok" },
    { type: "apiKey", in: "query", name: "key", value: "k" },
  ],
  headers: { Accept: "application/json" },
  userAgent: "example-sdk/1.0.0",
  logger,
  logEnvVar: "EXAMPLE_SDK_LOG",
  random: () => 0.5,
  clock,
});
rt.budget.setLevel(10);
const level: number = rt.budget.level;

const createOrder: Operation = {
  name: "createOrder",
  method: "POST",
  retryClass: "keyed",
  keyHeader: "Idempotency-Key",
  keyMaxLength: 255,
  p99Ms: 300,
  retry: { maxAttempts: 5, baseMs: 100, capMs: 1000, timeout: 10000 },
  failures: "replay",
  inFlightCode: "concurrent_idempotent_requests",
  mismatchCode: "invalid_idempotent_request",
};

interface Order {
  id: string;
}

async function example(options: CallOptions = {}): Promise<Order> {
  const path = buildPath("/orders/{id}/items", {
    id: encodePathSegment("a/b") === "a%2Fb" ? "x" : "y",
  });
  const query = queryString(
    queryParam("tag", ["a", "b"]),
    queryParam(
      "filter",
      { status: "open" },
      { style: "deepObject", explode: true },
    ),
    queryParam("ids", [1, 2], {
      style: "pipeDelimited",
      explode: false,
      allowReserved: false,
    }),
  );
  const segment: string = pathParam(
    "cell",
    { x: 1 },
    { style: "matrix", explode: true },
  );
  const header: [string, string] | undefined = headerParam(
    "X-Window",
    { a: 1 },
    { explode: true },
  );
  const cookie: string | undefined = cookieHeader(
    cookieParam("session", "s"),
    cookieParam("theme", undefined),
  );
  const form: string = formBody({ a: 1 }, [
    ["a"],
    ["b", "deepObject", true],
    ["c", "form", false, true],
  ]);
  const parts: Blob | UploadBody = multipartBody({ f: new Uint8Array(1) }, [
    ["f", "image/png"],
    ["g"],
  ]);
  void [segment, header, cookie, form, parts];
  try {
    const res: RuntimeResponse<Order> = await rt.request<Order>(
      createOrder,
      {
        path,
        query,
        json: { amount: 1 },
        contentType: "application/json",
        headers: { "X-Trace": "1" },
        parseAs: "json",
      },
      {
        ...options,
        idempotencyKey: "order-1",
        deadline: new Date(Date.now() + 5000),
        signal: AbortSignal.timeout(1000),
      },
    );
    const attempts: number = res.attempts;
    const key: string | undefined = res.idempotencyKey;
    void [attempts, key];
    return res.body;
  } catch (err) {
    if (
      err instanceof IdempotencyInFlightError ||
      err instanceof IdempotencyMismatchError
    ) {
      const code: string | undefined = err.code;
      const status: number = err.status;
      void [code, status];
    } else if (err instanceof RateLimitError || err instanceof ServerError) {
      const h: Headers = err.headers;
      void h;
    } else if (err instanceof APIError) {
      const body: unknown = err.body;
      void body;
    } else if (err instanceof APIConnectionError) {
      const code: string | undefined = err.code;
      void code;
    } else if (
      err instanceof DeadlineExceededError ||
      err instanceof APITimeoutError
    ) {
      const k: "timeout" = err.kind;
      void k;
    } else if (
      err instanceof InvalidIdempotencyKeyError ||
      err instanceof RequestAbortedError
    ) {
      void err.kind;
    }
    if (err instanceof SDKError) {
      const reason: StopReason = err.stopReason;
      const attempts: number = err.attempts;
      void [reason, attempts];
    }
    throw err;
  }
}

const deadline: number | undefined = deadlineFromHeaders({
  "request-timeout-ms": "1500",
});
const hint: number | undefined = parseRetryAfter(
  new Headers({ "retry-after": "2" }),
);
const sleeps: number[] = [
  fullJitter(0.5, 0, 500, 20000),
  decorrelatedJitter(0.5, 500, 500, 20000),
];
const bucket = new TokenBucket(500);
const decision = decide(
  { type: "timeout", cause: undefined },
  {
    retryClass: "safe",
    failures: "reattempt",
    prior500s: 0,
    attempts: 1,
    maxAttempts: 3,
    retries: true,
    retriesSoFar: 0,
    now: 0,
    deadline: 1000,
    wallNow: Date.now(),
    jitter: "full",
    baseMs: 500,
    capMs: 20000,
    prevSleepMs: 500,
    random: () => 0.5,
    bucket,
  },
);
if (decision.retry) {
  const ms: number = decision.sleepMs;
  void ms;
} else {
  const r: StopReason = decision.stopReason;
  void r;
}
void [
  level,
  example,
  deadline,
  hint,
  sleeps,
  validateIdempotencyKey("k"),
  newIdempotencyKey(),
];

// Pagination: a pager is awaited for its first page and iterated for items.
interface Widget {
  id: string;
}
const pagerRuntime = new Runtime({ baseUrl: "https://api.example.com" });
const listWidgets = {
  name: "listWidgets",
  method: "GET",
  retryClass: "safe",
} as const;
const plan: Pagination = {
  style: "cursor",
  param: "cursor",
  items: ["data"],
  next: ["next_cursor"],
};
const pager = new Pager<Widget>({
  name: listWidgets.name,
  baseUrl: pagerRuntime.baseUrlOf(listWidgets),
  send: (request) => pagerRuntime.request(listWidgets, request),
  request: { path: "/widgets" },
  plan,
  parseItem: (raw) => raw as Widget,
});
async function walkWidgets(): Promise<string[]> {
  const first: Page<Widget> = await pager;
  const ids: string[] = first.items.map((w) => w.id);
  for await (const widget of pager) ids.push(widget.id);
  for await (const page of pager.pages()) {
    if (page.hasNextPage()) ids.push(String(page.items.length));
  }
  return ids;
}
void walkWidgets;

// Event streams: the events, or what decodeEvent makes of them.
const streamEvents = { name: "streamEvents", method: "GET" } as const;
async function readStream(): Promise<number> {
  const stream: EventStream = await pagerRuntime.stream(streamEvents, {
    path: "/events",
  });
  const rid: string | undefined = stream.requestId;
  void rid;
  let n = 0;
  for await (const event of stream) {
    const e: ServerSentEvent = event;
    n += e.data.length + e.id.length + e.event.length;
  }
  const typed: EventStream<Widget> = await pagerRuntime.stream(
    streamEvents,
    { decodeEvent: (e) => e.json<Widget>() },
    { idleTimeout: 30000 },
  );
  for await (const widget of typed) n += widget.id.length;
  try {
    typed.close();
  } catch (err) {
    if (err instanceof StreamError) n += err.eventsDelivered;
  }
  return n;
}
void readStream;

// Files: toFile's values, a download's reads.
import {
  toFile,
  BinaryResponse,
  NamedStream,
  UploadBody,
  type FileInput,
} from "../src/index.js";
export async function filesCheck(rt: Runtime, op: Operation): Promise<number> {
  const named: File = toFile(new Uint8Array([1]), "a.bin", { type: "x/y" });
  const streamed: NamedStream = toFile(new ReadableStream<Uint8Array>(), "s");
  const inputs: FileInput[] = [named, streamed, new ArrayBuffer(1)];
  void inputs;
  const download: BinaryResponse = await rt.download(
    op,
    {},
    { idleTimeout: 5 },
  );
  const n: number | undefined = download.contentLength;
  for await (const chunk of download) {
    const c: Uint8Array = chunk;
    void c;
  }
  const body: ReadableStream<Uint8Array> = download.body;
  void body;
  return (await download.writeToFile("x")) + (n ?? 0) + download.bytesDelivered;
}
