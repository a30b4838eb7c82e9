// Public surface of the sdkgen Node runtime. Generated SDKs import from here.
export { Runtime, DEFAULTS, defaultRetryClass } from "./runtime.js";
export {
  SDKError,
  InvalidArgumentError,
  InvalidIdempotencyKeyError,
  MissingCredentialError,
  RequestAbortedError,
  ResponseParseError,
  ResponseTooLargeError,
  APIConnectionError,
  APITimeoutError,
  DeadlineExceededError,
  APIError,
  ClientError,
  ServerError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  IdempotencyInFlightError,
  IdempotencyMismatchError,
  STOP_REASONS,
  apiErrorClassFor,
  REQUEST_ID_HEADERS,
  requestIdOf,
} from "./errors.js";
export {
  TokenBucket,
  DEFAULT_BUDGET_CAPACITY,
  THROTTLING_RETRY_COST,
  RETRY_COST,
  NO_RETRY_REFUND,
} from "./budget.js";
export {
  fullJitter,
  decorrelatedJitter,
  parseRetryAfter,
  parseHttpDate,
  MAX_RETRY_AFTER_MS,
} from "./backoff.js";
export {
  validateIdempotencyKey,
  newIdempotencyKey,
  DEFAULT_KEY_HEADER,
  DEFAULT_KEY_MAX_LENGTH,
} from "./keys.js";
export {
  deadlineFromHeaders,
  DEFAULT_REQUEST_TIMEOUT_HEADER,
} from "./deadline.js";
export {
  strictEncode,
  reservedEncode,
  textOf,
  jsonText,
  isJsonMediaType,
  isUndefinedValue,
  pathParam,
  queryParam,
  headerParam,
  cookieParam,
  cookieHeader,
  formBody,
  encodePathSegment,
  buildPath,
  queryString,
  encodeQuery,
} from "./encoding.js";
export { multipartBody, concreteMediaType } from "./multipart.js";
export { systemClock, systemRandom, realSleep } from "./clock.js";
export {
  makeLogger,
  parseLogLevel,
  readEnv,
  DEFAULT_LOG_ENV_VAR,
} from "./log.js";
export {
  decide,
  classifyFailure,
  errorDetails,
  findErrorCode,
  isTlsHandshakeCode,
  describeOutcome,
  CLEAN_CONNECTION_CODES,
  AMBIGUOUS_CONNECTION_CODES,
  DEFAULT_IN_FLIGHT_CODE,
  DEFAULT_MISMATCH_CODE,
} from "./policy.js";
export { resolveAuth, ClientCredentials } from "./auth.js";
export {
  ShapeError,
  reader,
  listOf,
  recordOf,
  orNull,
  readObject,
  readUnion,
  readTagged,
  readResponse,
  jsonOnly,
  shapeFailure,
  isDateTime,
  isFullDate,
} from "./shape.js";
export {
  Pager,
  Page,
  PaginationError,
  checkPagination,
  nextLink,
} from "./pagination.js";
export {
  BinaryResponse,
  NamedStream,
  UploadBody,
  toFile,
  isFileValue,
} from "./files.js";
export {
  OpenBody,
  EventStream,
  EventParser,
  ServerSentEvent,
  StreamError,
  DONE_DATA,
} from "./streaming.js";
