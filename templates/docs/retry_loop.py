import json
import logging
import math
import random
import re
import threading
import time
import urllib.error
import urllib.request
import uuid
from datetime import timezone
from email.utils import parsedate_to_datetime
from http.client import HTTPException
{% if let Some(url) = v.base_url %}
BASE_URL = {{ url|py }}
{%- else %}
BASE_URL = None  # the spec names no absolute server URL: pass base_url=
{%- endif %}
MAX_ATTEMPTS = {{ v.max_attempts }}  # in all: the first attempt and {{ v.retries }} retries
BASE_DELAY_S = {{ v.base_s }}  # full jitter: uniform(0, min(CAP_DELAY_S, BASE_DELAY_S * 2**n))
CAP_DELAY_S = {{ v.cap_s }}
DEADLINE_S = {{ v.deadline_s }}  # one deadline for the whole call: every attempt and every sleep
MAX_RETRY_AFTER_S = {{ v.max_retry_after_s }}  # a longer Retry-After stops the retries
INTERNAL_ERROR_RETRIES = {{ v.internal_error_retries }}  # how many 500s one call may retry
BUDGET_CAPACITY = {{ v.budget }}  # the retry budget of one client, in tokens
THROTTLE_RETRY_COST = {{ v.throttle_cost }}  # a retry after a 429 or the in-flight 409
RETRY_COST = {{ v.retry_cost }}  # any other retry
SUCCESS_REFUND = {{ v.refund }}  # what a call that needed no retry adds back
KEY_HEADER = {{ v.key_header|py }}
KEY_MAX_LENGTH = {{ v.key_max_length }}
IN_FLIGHT_CODE = {{ v.in_flight_code|py }}
STORED_FAILURES_REPLAYED = {% if v.failures_replay %}True{% else %}False{% endif %}  # a keyed 500 comes back for the same key
TIMEOUT_HEADER = {{ v.timeout_header|py }}

TRANSIENT = (429, 502, 503, 504)
DIGITS = re.compile(r"[0-9]+")

log = logging.getLogger("api.retries")


class RetryError(Exception):
    """A call that failed; ``reason`` says why retrying stopped.

    ``reason`` is one of not_retryable, unsafe_to_retry, attempts_exhausted,
    deadline_exceeded, budget_exhausted. ``status`` and ``body`` are the last
    answer's, when there was one; ``cause`` the last connection error.
    """

    def __init__(self, reason, attempts, status=None, body=b"", cause=None):
        detail = f"HTTP {status}" if status is not None else repr(cause)
        super().__init__(f"{reason} after {attempts} attempt(s): {detail}")
        self.reason = reason
        self.attempts = attempts
        self.status = status
        self.body = body
        self.cause = cause


class RetryBudget:
    """The retry budget of one client: a token bucket, shared by its threads."""

    def __init__(self, capacity=BUDGET_CAPACITY):
        self.capacity = capacity
        self.tokens = capacity
        self._lock = threading.Lock()

    def take(self, cost):
        with self._lock:
            if self.tokens < cost:
                return False
            self.tokens -= cost
            return True

    def refund(self, amount):
        with self._lock:
            self.tokens = min(self.capacity, self.tokens + amount)


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None  # a 3xx is an answer for the caller, not followed


def error_code(body):
    """The machine-readable code of an error body: ``code``, else ``error.code``."""
    try:
        data = json.loads(body)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    code = data.get("code")
    nested = data.get("error")
    if code is None and isinstance(nested, dict):
        code = nested.get("code")
    return code if isinstance(code, str) else None


def retry_after_s(headers):
    """The server's wait hint in seconds (retry-after-ms, then Retry-After), or None."""
    millis = headers.get("retry-after-ms")
    if millis is not None and DIGITS.fullmatch(millis.strip()):
        return int(millis.strip()) / 1000
    value = headers.get("retry-after")
    if value is None:
        return None
    value = value.strip()
    if DIGITS.fullmatch(value):
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, when.timestamp() - time.time())


def check_key(key):
    if not 1 <= len(key) <= KEY_MAX_LENGTH or not all("!" <= c <= "~" for c in key):
        raise ValueError(f"an idempotency key is 1 to {KEY_MAX_LENGTH} visible ASCII characters")


class Client:
    """Make one and share it: it holds the retry budget of all its calls."""

    def __init__(self, base_url=BASE_URL, headers=None, *, budget=None, opener=None,
                 sleep=time.sleep, clock=time.monotonic, rand=random.random):
        if base_url is None:
            raise ValueError("pass the API's base_url")
        self.base_url = base_url.rstrip("/")
        self.headers = dict(headers or {})
        self.budget = budget if budget is not None else RetryBudget()
        self._opener = opener or urllib.request.build_opener(_NoRedirects)
        self._sleep = sleep
        self._clock = clock
        self._rand = rand

    def call(self, operation, method, path, body=None, *, retry_class,
             attempt_timeout_s=None, max_attempts=MAX_ATTEMPTS, deadline_s=DEADLINE_S,
             base_delay_s=BASE_DELAY_S, cap_delay_s=CAP_DELAY_S,
             idempotency_key=None, headers=None):
        """One logical call. Returns (status, headers, body) of its 2xx answer.

        ``retry_class`` and the numbers are the operation's, from the table of
        operations: "safe", "idempotent", "keyed" or "unsafe". Raises
        RetryError when the call fails.
        """
        deadline = self._clock() + deadline_s
        send = {**self.headers, **(headers or {})}
        if retry_class == "keyed":
            # One key per logical call, made before the first attempt and
            # sent unchanged by every retry: a new key per attempt would make
            # each retry a new request.
            key = idempotency_key if idempotency_key is not None else str(uuid.uuid4())
            check_key(key)
            send[KEY_HEADER] = key
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            send.setdefault("Content-Type", "application/json")
        attempts = 0
        retries = 0
        errors_500 = 0
        last_cost = None
        while True:
            left = deadline - self._clock()
            if left <= 0:
                raise RetryError("deadline_exceeded", attempts)
            attempts += 1
            timeout = left
            if attempt_timeout_s is not None and attempt_timeout_s < left:
                timeout = attempt_timeout_s
            send[TIMEOUT_HEADER] = str(math.floor(left * 1000))
            request = urllib.request.Request(
                self.base_url + path, data=data, headers=send, method=method
            )
            status, answer, content, failure, clean = None, {}, b"", None, False
            try:
                # urllib applies the timeout to the connect and to each read.
                with self._opener.open(request, timeout=timeout) as response:
                    status, answer, content = response.status, response.headers, response.read()
            except urllib.error.HTTPError as e:
                status, answer, content = e.code, e.headers, e.read()
            except urllib.error.URLError as e:
                if not isinstance(e.reason, OSError):
                    raise RetryError("not_retryable", attempts, cause=e) from e
                # Refused, DNS, TLS handshake, connect timeout: never sent.
                failure, clean = e.reason, True
            except (OSError, HTTPException) as e:
                # Reset, or no complete answer in time: it may have been processed.
                failure = e

            def stop(reason):
                return RetryError(reason, attempts, status, content, failure)

            if failure is None and 200 <= status < 300:
                self.budget.refund(SUCCESS_REFUND if last_cost is None else last_cost)
                return status, answer, content
            hint = None
            throttle = False
            if failure is not None:
                reason = type(failure).__name__
                if isinstance(failure, TimeoutError) and timeout == left:
                    raise stop("deadline_exceeded") from failure
                if not clean and retry_class == "unsafe":
                    raise stop("unsafe_to_retry") from failure
            else:
                reason = f"HTTP {status}"
                verdict = (answer.get("x-should-retry") or "").strip().lower()
                in_flight = (status == 409 and retry_class == "keyed"
                             and error_code(content) == IN_FLIGHT_CODE)
                if verdict == "false":
                    raise stop("not_retryable")
                if verdict != "true":
                    if status == 500:
                        if retry_class == "unsafe":
                            raise stop("unsafe_to_retry")
                        if errors_500 >= INTERNAL_ERROR_RETRIES or (
                            retry_class == "keyed" and STORED_FAILURES_REPLAYED
                        ):
                            raise stop("not_retryable")
                    elif status not in TRANSIENT and not in_flight:
                        raise stop("not_retryable")
                if status >= 500 and retry_class == "unsafe":
                    raise stop("unsafe_to_retry")
                throttle = status == 429 or in_flight
                if status in (429, 503):
                    hint = retry_after_s(answer)
            if attempts >= max_attempts:
                raise stop("attempts_exhausted")
            if hint is not None:
                if hint > MAX_RETRY_AFTER_S:
                    raise stop("not_retryable")
                pause = hint
            else:
                pause = self._rand() * min(cap_delay_s, base_delay_s * 2**retries)
            if self._clock() + pause >= deadline:
                raise stop("deadline_exceeded")
            cost = THROTTLE_RETRY_COST if throttle else RETRY_COST
            if not self.budget.take(cost):
                raise stop("budget_exhausted")
            last_cost = cost
            if status == 500:
                errors_500 += 1
            retries += 1
            log.warning(
                "%s: attempt %d of %d failed (%s); retrying in %.3f s; %d retry tokens left",
                operation, attempts, max_attempts, reason, pause, self.budget.tokens,
            )
            self._sleep(pause)
