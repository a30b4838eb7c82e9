export { Runtime, DEFAULTS, defaultRetryClass } from "./runtime.js";
export type {
  RuntimeConfig,
  Operation,
  RetryOverrides,
  RequestSpec,
  CallOptions,
  StreamRequestSpec,
  StreamCallOptions,
  RuntimeResponse,
  ResolvedConfig,
  ParseAs,
  Jitter,
  FetchLike,
  RetryClass,
} from "./runtime.js";
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
export type {
  StopReason,
  ErrorKind,
  SDKErrorInit,
  APIErrorInit,
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
export type { HeaderSource } from "./backoff.js";
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
export type { IncomingHeaders } from "./deadline.js";
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
export type {
  Scalar,
  QueryInput,
  PathStyle,
  QueryStyle,
  ParamEncoding,
  FormField,
} from "./encoding.js";
export { multipartBody, concreteMediaType } from "./multipart.js";
export type { MultipartPart } from "./multipart.js";
export { systemClock, systemRandom, realSleep } from "./clock.js";
export type { Clock, RandomSource } from "./clock.js";
export {
  makeLogger,
  parseLogLevel,
  readEnv,
  DEFAULT_LOG_ENV_VAR,
} from "./log.js";
export type { Logger, LogLevel, LogFields, LoggerOptions } from "./log.js";
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
export type {
  Outcome,
  ResponseOutcome,
  FailureOutcome,
  ConnectionOutcome,
  TimeoutOutcome,
  AbortedOutcome,
  DecisionState,
  Decision,
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
export type { Reader, ShapeType, FieldRow } from "./shape.js";
export type {
  Auth,
  BearerAuth,
  BasicAuth,
  ApiKeyAuth,
  Secret,
} from "./auth.js";
export {
  Pager,
  Page,
  PaginationError,
  checkPagination,
  nextLink,
} from "./pagination.js";
export type { Pagination, PageStyle, PagerInit } from "./pagination.js";
export {
  BinaryResponse,
  NamedStream,
  UploadBody,
  toFile,
  isFileValue,
} from "./files.js";
export type { FileInput } from "./files.js";
export {
  OpenBody,
  EventStream,
  EventParser,
  ServerSentEvent,
  StreamError,
  DONE_DATA,
} from "./streaming.js";
export type { StreamErrorReason } from "./streaming.js";
