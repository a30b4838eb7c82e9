"""What the generated modules of this package share: the models' base class,
reading and writing JSON values, raw responses and request encoding.

Transport and retry policy are not here: they live in ``_runtime``, which
every client and resource calls.
"""

from __future__ import annotations

import base64
import dataclasses
import datetime
import os
import re
import threading
import uuid
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Callable, Generic, NoReturn, TypeVar, cast

from . import _runtime
from ._runtime import pagination as _pagination

__all__ = [
    "BOOL",
    "BOOL_DICT",
    "BOOL_LIST",
    "INT",
    "INT32",
    "NOT_GIVEN",
    "NUMBER",
    "STR",
    "FileInput",
    "JsonObject",
    "Model",
    "NotGiven",
    "RawResponse",
    "ResponseValidationError",
    "ShapeError",
    "UnknownVariant",
    "base_url",
    "check",
    "check_optional",
    "client_config",
    "dict_parser",
    "env",
    "extra_fields",
    "form_content",
    "header_map",
    "is_json",
    "is_text",
    "list_parser",
    "merged_headers",
    "model",
    "multipart_boundary",
    "multipart_request",
    "optional_parser",
    "parse_any",
    "parse_base64",
    "parse_bool",
    "parse_date",
    "parse_datetime",
    "parse_dict",
    "parse_float",
    "parse_given",
    "parse_int",
    "parse_int32",
    "parse_list",
    "parse_optional",
    "parse_response",
    "parse_str",
    "parse_union",
    "read",
    "read_given",
    "read_optional",
    "require_fields",
    "shape_failure",
    "to_json",
    "to_parts",
    "wrong",
]

T = TypeVar("T")


class NotGiven:
    """The type of ``NOT_GIVEN``: an argument that was left out.

    Only arguments that may also be ``None`` use it, because for them leaving
    the field out of the request and sending ``null`` mean different things.
    """

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN = NotGiven()
"""Leaves an argument out of the request (``None`` sends ``null``)."""

JsonObject = dict[str, object]
"""A JSON object as the request builders write one. An alias, so that a
builder's parameters may be named ``dict``, ``str`` or ``object`` (the API's
names) without hiding what its body's annotation means."""

FileContent = _runtime.FileContent
FileInput = _runtime.FileInput
"""A file to upload: ``bytes``, a ``pathlib.Path`` (opened for each attempt
and read while it is sent), a binary file object (rewound for a retry when
it can seek) or an iterator of ``bytes`` chunks (sent once), optionally as
``(filename, content)`` or ``(filename, content, content_type)``."""


_M = TypeVar("_M", bound=type)

# A big API has thousands of models, and making a dataclass takes about a
# millisecond: ``model`` defers that work to the first use of each class, so
# importing ``models`` stays fast. Type checkers see ``dataclasses.dataclass``.
#
# What finishes a deferred class: its first instance (``Model.__init__`` runs
# only until the class has its own), a look at its dataclass attributes
# (``dataclasses.fields``, ``is_dataclass``, ``match``, ``inspect.signature``:
# ``_Deferred`` below) and unpickling (``Model.__setstate__``). Subclasses
# finish the deferred classes they inherit from, bases first. The lock is
# reentrant because making a dataclass reads its bases' dataclass attributes.
_pending: dict[type, bool] = {}
_pending_lock = threading.RLock()


def _finish(cls: type) -> None:
    """Makes every deferred class that ``cls`` is or inherits from a dataclass.

    Another thread finishing the same class is waited for, so a class is
    never seen half made by a caller that went through here.
    """
    with _pending_lock:
        for klass in reversed(cls.__mro__):
            frozen = _pending.pop(klass, None)
            if frozen is not None:
                dataclasses.dataclass(frozen=frozen)(klass)


if TYPE_CHECKING:
    from dataclasses import dataclass as model
else:

    def model(*, frozen: bool = False) -> Callable[[_M], _M]:
        """``dataclasses.dataclass(frozen=...)``, done on the class's first use."""

        def defer(cls: _M) -> _M:
            with _pending_lock:
                _pending[cls] = frozen
            return cls

        return defer


class _Deferred:
    """A dataclass attribute (``__dataclass_fields__``, ...) read on a model
    class before it became a dataclass: finishes the class, then reads the
    attribute the dataclass put on it (or one of its bases)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: object, owner: type) -> Any:
        _finish(owner)
        for klass in owner.__mro__:
            value = klass.__dict__.get(self.name, self)
            if value is self:
                break
            if self.name in klass.__dict__:
                return value
        raise AttributeError(self.name)


class Model:
    """Base class of the models: frozen dataclasses with a JSON form."""

    __slots__ = ()

    if not TYPE_CHECKING:
        __dataclass_fields__ = _Deferred()
        __dataclass_params__ = _Deferred()
        __match_args__ = _Deferred()
        __signature__ = _Deferred()

        def __init__(instance, /, *args: Any, **kwargs: Any) -> None:
            # Runs only for a class that is not a dataclass yet: its
            # dataclass ``__init__`` takes over once it is made. The
            # instance is positional-only, so a field may be called ``self``
            # (GitHub's links are) and still be passed by keyword.
            cls = type(instance)
            _finish(cls)
            init = cls.__init__
            if init is Model.__init__:
                object.__init__(instance, *args, **kwargs)
            else:
                init(instance, *args, **kwargs)

        def __setstate__(self, state: Any) -> None:
            # Unpickling makes an instance without ``__init__``.
            _finish(type(self))
            slots = None
            if isinstance(state, tuple):
                state, slots = state
            if state:
                self.__dict__.update(state)
            for name, value in (slots or {}).items():
                object.__setattr__(self, name, value)

    if TYPE_CHECKING:
        # Every generated model defines its own (templates/python/
        # models_class.py.jinja); declared here for the type checker only.
        def to_dict(self) -> dict[str, Any]:
            """The model's JSON form."""
            ...


class ResponseValidationError(_runtime.SDKError):
    """A successful response whose body does not have the documented shape.

    ``response`` is the raw response: its status, headers, content and the
    number of attempts the call made; ``status``, ``content`` and
    ``request_id`` (the header the spec declares, else ``x-request-id``,
    else ``request-id``) are its parts a report needs. Never retried.
    """

    def __init__(self, message: str, response: _runtime.Response) -> None:
        request_id = response.request_id
        if request_id:
            message = f"{message} (request id {request_id})"
        super().__init__(message, attempts=response.attempts, stop_reason=_runtime.StopReason.NONE)
        self.response = response
        self.status = response.status
        self.content = response.content
        self.request_id = request_id
        self.location: str | None = None
        """Where in the body its shape broke, as ``data[3].amount`` (``""``
        for the body itself), when the SDK knows."""


class RawResponse(Generic[T]):
    """A successful response as it was received, before it is read as a model.

    Every method of a resource has a twin under ``with_raw_response`` that
    returns this: the status, the headers and the number of attempts the
    call took, and ``parse()`` for the value the plain method returns.
    """

    def __init__(
        self,
        operation: _runtime.Operation,
        response: _runtime.Response,
        parse: Callable[[_runtime.Response], T],
    ) -> None:
        self._operation = operation
        self._response = response
        self._parse = parse

    @property
    def status(self) -> int:
        """The HTTP status code."""
        return self._response.status

    @property
    def headers(self) -> Mapping[str, str]:
        """The response headers (case-insensitive)."""
        return self._response.headers

    @property
    def content(self) -> bytes:
        """The raw body."""
        return self._response.content

    @property
    def request_id(self) -> str | None:
        """The server's id of the request (``x-request-id``, else ``request-id``),
        where the response gave one: what a support desk asks for first."""
        return self._response.request_id

    @property
    def attempts(self) -> int:
        """How many attempts the call made, this successful one included."""
        return self._response.attempts

    def json(self) -> Any:
        """The body decoded as JSON, without reading it as a model."""
        return self._response.json()

    def parse(self) -> T:
        """The body read as the operation's result.

        Raises ``ResponseValidationError`` when it does not have the
        documented shape.
        """
        return parse_response(self._operation, self._response, self._parse)

    def __repr__(self) -> str:
        return f"RawResponse(status={self.status}, attempts={self.attempts})"


def is_json(response: _runtime.Response) -> bool:
    """Whether the response says it is JSON (``application/json``, ``*+json``)."""
    return _runtime.is_json_media_type(response.media_type)


def is_text(response: _runtime.Response) -> bool:
    """Whether the response says it is text (``text/*``)."""
    media = response.media_type
    return media is not None and media.startswith("text/")


def event_decoder(parse: Callable[[Any], T]) -> Callable[[_runtime.ServerSentEvent], T]:
    """The decoder of a stream method: each event's data read as JSON, then
    by ``parse`` (a model's ``from_dict``)."""

    def decode(event: _runtime.ServerSentEvent) -> T:
        return parse(event.json())

    return decode


def event_json(event: _runtime.ServerSentEvent) -> Any:
    """The decoder of a stream whose events the spec gives no checked type:
    each event's data read as JSON."""
    return event.json()


def event_text(event: _runtime.ServerSentEvent) -> str:
    """The decoder of a stream whose events the spec gives no schema: each
    event's data as sent."""
    return event.data


def parse_response(
    operation: _runtime.Operation,
    response: _runtime.Response,
    parse: Callable[[_runtime.Response], T],
) -> T:
    """``parse(response)``; a body without the documented shape raises
    ``ResponseValidationError`` (what the plain methods and
    ``RawResponse.parse()`` return)."""
    try:
        return parse(response)
    except ShapeError as exc:
        error = ResponseValidationError(
            f"{operation.name}: the response body does not have the documented shape: {exc}",
            response,
        )
        error.location = exc.location
        raise error from exc
    except (AttributeError, KeyError, TypeError, ValueError, IndexError, RecursionError) as exc:
        raise ResponseValidationError(
            f"{operation.name}: the response body does not have the documented "
            f"shape: {type(exc).__name__}: {exc}",
            response,
        ) from exc


def _page_item_failure(
    operation: _runtime.Operation,
    response: _runtime.Response,
    path: Sequence[str],
    items: list[object],
    read_item: Callable[[Any], Any],
    exc: Exception,
) -> BaseException | None:
    """The ``ResponseValidationError`` of a page one of whose items
    ``read_item`` refused, saying where (``data[3].amount``)."""
    if not isinstance(exc, (AttributeError, KeyError, TypeError, ValueError, IndexError)):
        return None
    shape: ShapeError | None = None
    # Which item: read again one by one (only on this failure path).
    for index, item in enumerate(items):
        try:
            read_item(item)
        except ShapeError as again:
            shape = again
            shape.segments.append(index)
            break
        except Exception:
            break
    if shape is None:
        return ResponseValidationError(
            f"{operation.name}: the response body does not have the documented "
            f"shape: {type(exc).__name__}: {exc}",
            response,
        )
    shape.segments.extend(reversed(path))
    error = ResponseValidationError(
        f"{operation.name}: the response body does not have the documented shape: {shape}",
        response,
    )
    error.location = shape.location
    return error


_pagination.set_item_failure(_page_item_failure)


def client_config(
    config: _runtime.RetryConfig | None,
    *,
    default: _runtime.RetryConfig,
    timeout: float | None,
    max_attempts: int | None,
    retries: bool | None,
) -> _runtime.RetryConfig:
    """The client's retry settings: ``config`` (else ``default``, the spec's),
    with the client's own ``timeout``, ``max_attempts`` and ``retries`` over it."""
    base = config if config is not None else default
    return dataclasses.replace(
        base,
        deadline_ms=base.deadline_ms if timeout is None else round(timeout * 1000),
        max_attempts=base.max_attempts if max_attempts is None else max_attempts,
        retries=base.retries if retries is None else retries,
    )


# -- JSON values --------------------------------------------------------------


_SCALARS = frozenset({str, int, float, bool, type(None)})
"""Types ``to_json`` keeps as they are (exactly these: not their subclasses,
such as the enums, which take the checks below)."""


def env(value: str | None, name: str) -> str | None:
    """A client setting: ``value`` when given, else the environment
    variable ``name`` when it is set and not empty (CONTRACT.md section 10)."""
    if value is not None:
        return value
    return os.environ.get(name) or None


def base_url(value: str | None, name: str, default: str | None) -> str:
    """The client's base URL: ``value``, else the environment variable
    ``name``, else the spec's ``default``; ``TypeError`` when there is none."""
    url = env(value, name) or default
    if url is None:
        raise TypeError(f"the client needs a base URL: pass base_url= or set {name}")
    return url


def merged_headers(constant: Mapping[str, str], given: Mapping[str, str] | None) -> dict[str, str]:
    """The client's default headers: the provider's ``constant`` ones, each
    replaced by a header of ``given`` with the same name in any case."""
    if not given:
        return dict(constant)
    names = {name.lower() for name in given}
    out = {name: value for name, value in constant.items() if name.lower() not in names}
    out.update(given)
    return out


def to_json(value: object) -> Any:
    """The JSON form of an argument: models, dates, bytes (base64) and
    containers of them are converted; everything else is kept."""
    if type(value) in _SCALARS:
        return value
    if isinstance(value, dict):
        # What the Mapping branch below does, without its slower check.
        return {str(key): to_json(item) for key, item in value.items()}
    if isinstance(value, (Model, UnknownVariant)):
        return value.to_dict()
    if isinstance(value, (datetime.datetime, datetime.date)):
        # RFC 3339; a date-time with a zone in UTC with ``Z`` (WIRE.md section 1).
        return _runtime.format_value(value)
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, (list, tuple)):
        return [to_json(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): to_json(item) for key, item in value.items()}
    return value


class ShapeError(ValueError, TypeError):
    """A value of a success body that is not of its declared type, or an
    object without a required property (CONTRACT.md section 6).

    ``segments`` is where, innermost first (property names and item
    indexes), added as the error goes up through the readers;
    ``parse_response`` turns it into the ``ResponseValidationError`` the
    caller sees. A ``ValueError`` and a ``TypeError``, as the readers raised
    before it, so that code catching either still catches it.
    """

    def __init__(
        self, expected: str, found: str | None = None, segments: list[str | int] | None = None
    ) -> None:
        super().__init__(expected)
        self.expected = expected
        self.found = found
        self.segments: list[str | int] = segments if segments is not None else []

    @property
    def location(self) -> str:
        """Where, as ``data[3].amount`` (``""`` for the body itself)."""
        out = ""
        for segment in reversed(self.segments):
            if isinstance(segment, int):
                out += f"[{segment}]"
                continue
            # Property names may come from the body (maps, extra
            # properties): a long one is shown by its start.
            name = segment if len(segment) <= 40 else segment[:37] + "..."
            if _NAME.fullmatch(name):
                out += name if out == "" else f".{name}"
            else:
                out += f"[{_runtime.json_text(name)}]"
        return out

    def __str__(self) -> str:
        where = self.location or "the body"
        found = "" if self.found is None else f", {self.found}"
        return f"{where}: {self.expected}{found}"


_NAME = re.compile(r"[A-Za-z_$][\w$]*")


def _kind(value: object) -> str:
    """What a JSON value is, for a message (never the value itself)."""
    if value is None:
        return "null"
    kind = type(value)
    if kind is str:
        return "a string"
    if kind is bool:
        return "a boolean"
    if kind is int:
        return "an integer"
    if kind is float:
        return "a number"
    if kind is list:
        return "an array"
    if isinstance(value, Mapping):
        return "an object"
    return f"a {kind.__name__}"


def _fail(expected: str, value: object) -> NoReturn:
    raise ShapeError(f"expected {expected}", f"got {_kind(value)}")


def wrong(key: str, expected: str, value: object) -> NoReturn:
    """Raises the ``ShapeError`` of property ``key``, whose ``value`` is not
    ``expected`` (the generated ``from_dict`` check scalars inline and call
    this only when one is wrong)."""
    raise ShapeError(f"expected {expected}", f"got {_kind(value)}", [key])


def shape_failure(data: object, exc: Exception) -> Exception:
    """What a generated ``from_dict`` raises for ``exc``, a ``KeyError`` or
    ``TypeError`` its own reading of ``data`` raised: ``data`` is not an
    object, or lacks a required property. Any other error is kept."""
    if not isinstance(data, Mapping):
        return ShapeError("expected an object", f"got {_kind(data)}")
    if isinstance(exc, KeyError) and exc.args and exc.args[0] not in data:
        return ShapeError(f"missing the required property {_runtime.json_text(exc.args[0])}")
    return exc


class _Int32:
    """The kind ``check`` takes for an ``int32``: no value is of this type."""


STR: type = str
INT: type = int
INT32: type = _Int32
NUMBER: type = float
BOOL: type = bool
"""The kinds of scalar ``check`` takes: names of their own, since a module
of models may name a type ``str`` or ``int``."""

_EXPECTED: dict[type, str] = {
    str: "a string",
    int: "an integer",
    _Int32: "a 32-bit integer",
    float: "a number",
    bool: "a boolean",
}


def check(value: Any, key: str, kind: type) -> Any:
    """``value``, property ``key`` of an object, when it is of ``kind`` (one
    of ``STR``, ``INT``, ``INT32``, ``NUMBER``, ``BOOL``), else a
    ``ShapeError``: ``int`` is not ``bool``, nor a float, even ``1.0`` (as
    in Rust); a number is an ``int`` or a ``float``, not a ``bool``."""
    if type(value) is kind:
        return value
    return _check_more(value, key, kind)


def check_optional(value: Any, key: str, kind: type) -> Any:
    """``check``, but ``None`` (``null``, or a property left out) and
    ``NOT_GIVEN`` pass too."""
    if type(value) is kind or value is None or value is NOT_GIVEN:
        return value
    return _check_more(value, key, kind)


def _check_more(value: Any, key: str, kind: type) -> Any:
    if type(value) is int and (
        kind is float or (kind is _Int32 and -2147483648 <= value <= 2147483647)
    ):
        return value
    wrong(key, _EXPECTED[kind], value)


def read(data: Mapping[str, Any], key: str, parse: Callable[[Any], T]) -> T:
    """Required property ``key`` of ``data``, read by ``parse`` (a missing
    one raises ``KeyError``, which ``from_dict`` turns into a ``ShapeError``)."""
    value = data[key]
    try:
        return parse(value)
    except ShapeError as exc:
        exc.segments.append(key)
        raise


def read_optional(data: Mapping[str, Any], key: str, parse: Callable[[Any], T]) -> T | None:
    """Property ``key`` of ``data`` read by ``parse``; ``None`` when it is
    missing or ``null``."""
    value = data.get(key)
    if value is None:
        return None
    try:
        return parse(value)
    except ShapeError as exc:
        exc.segments.append(key)
        raise


def read_given(data: Mapping[str, Any], key: str, parse: Callable[[Any], T]) -> T | NotGiven:
    """An optional nullable property: ``NOT_GIVEN`` when it is missing,
    ``None`` for ``null``, else the value read by ``parse``. (``None`` is
    not in the annotation, as in ``parse_given``.)"""
    value = data.get(key, NOT_GIVEN)
    if value is None or value is NOT_GIVEN:
        return cast("T | NotGiven", value)
    try:
        return parse(value)
    except ShapeError as exc:
        exc.segments.append(key)
        raise


_DATETIME = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?"
    r"(?:([Zz])|([+-])(\d{2}):?(\d{2}))"
)


def parse_datetime(value: Any) -> datetime.datetime:
    """An RFC 3339 date-time (any number of fractional digits, ``Z`` or an
    offset: the zone is required)."""
    if type(value) is not str:
        _fail("an RFC 3339 date-time string", value)
    if (
        ((len(value) == 20 and value[19] == "Z") or (len(value) == 25 and value[22] == ":"))
        and value[10] == "T"
        and value[4] == value[7] == "-"
        and value[13] == value[16] == ":"
        and value.isascii()
    ):
        # The usual shapes, 2024-05-14T09:30:00Z and 2024-05-14T09:30:00+02:00, go
        # through the C parser: the pattern below accepts all they can be, and
        # fromisoformat checks that every other character is a digit.
        try:
            return datetime.datetime.fromisoformat(value)
        except ValueError:
            pass  # a leap second, or not a date-time: the pattern decides
    match = _DATETIME.fullmatch(value)
    if match is None:
        _fail("an RFC 3339 date-time string", value)
    year, month, day, hour, minute, second, fraction, zulu, sign, off_h, off_m = match.groups()
    if zulu is not None:
        tz = datetime.timezone.utc
    else:
        if int(off_h) > 23 or int(off_m) > 59:
            _fail("an RFC 3339 date-time string", value)
        offset = datetime.timedelta(hours=int(off_h), minutes=int(off_m))
        tz = datetime.timezone(-offset if sign == "-" else offset)
    micros = int((fraction or "0")[:6].ljust(6, "0"))
    if int(second) > 60:
        _fail("an RFC 3339 date-time string", value)
    try:
        return datetime.datetime(
            int(year),
            int(month),
            int(day),
            int(hour),
            int(minute),
            min(int(second), 59),
            micros,
            tzinfo=tz,
        )
    except ValueError:
        _fail("an RFC 3339 date-time string", value)


def parse_date(value: Any) -> datetime.date:
    """A full date, ``YYYY-MM-DD``."""
    if type(value) is not str or len(value) != 10 or not value.isascii():
        _fail("an RFC 3339 full-date string (YYYY-MM-DD)", value)
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        _fail("an RFC 3339 full-date string (YYYY-MM-DD)", value)


def parse_base64(value: Any) -> bytes:
    """Bytes sent as base64 text."""
    if type(value) is not str:
        _fail("base64 text", value)
    try:
        return base64.b64decode(value, validate=True)
    except ValueError:
        _fail("base64 text", value)


def parse_str(value: Any) -> str:
    if type(value) is not str:
        _fail("a string", value)
    return value


def parse_int(value: Any) -> int:
    """A whole number: a JSON number without a fraction (``1.0`` is not one,
    as in Rust), never a boolean."""
    if type(value) is not int:
        _fail("an integer", value)
    return value


def parse_int32(value: Any) -> int:
    if type(value) is not int or not -2147483648 <= value <= 2147483647:
        _fail("a 32-bit integer", value)
    return value


def parse_float(value: Any) -> float:
    if type(value) is float:
        return value
    if type(value) is not int:
        _fail("a number", value)
    return float(value)


def parse_bool(value: Any) -> bool:
    if type(value) is not bool:
        _fail("a boolean", value)
    return value


def parse_any(value: Any) -> object:
    return value


def parse_list(value: Any, item: Callable[[Any], T]) -> list[T]:
    """A JSON array, each element read by ``item``."""
    if type(value) is not list:
        _fail("an array", value)
    try:
        return [item(element) for element in value]
    except ShapeError:
        # Which item: read again one by one (only on this failure path).
        for index, element in enumerate(value):
            try:
                item(element)
            except ShapeError as exc:
                exc.segments.append(index)
                raise exc from None
        raise


def parse_dict(value: Any, item: Callable[[Any], T]) -> dict[str, T]:
    """A JSON object used as a map, each value read by ``item``."""
    if not isinstance(value, dict):
        _fail("an object", value)
    key = ""
    try:
        out: dict[str, T] = {}
        for key, element in value.items():
            out[str(key)] = item(element)
        return out
    except ShapeError as exc:
        exc.segments.append(key)
        raise


def parse_optional(value: Any, item: Callable[[Any], T]) -> T | None:
    """``None`` for ``null`` (or a missing field), else the value read by ``item``."""
    return None if value is None else item(value)


def parse_given(value: Any, item: Callable[[Any], T]) -> T | NotGiven:
    """An optional nullable field: ``NOT_GIVEN`` when it was left out,
    ``None`` for ``null``, else the value read by ``item``.

    (``None`` is not in the annotation: type checkers then solve ``T`` from
    ``item`` alone, also when ``item`` itself may give ``None``; every field
    this fills allows ``None``.)"""
    if value is None or isinstance(value, NotGiven):
        return cast("T | NotGiven", value)
    return item(value)


def _scalar_list(kind: type, item: Callable[[Any], Any]) -> Callable[[Any], list[Any]]:
    def parse(value: Any) -> list[Any]:
        # The usual case, every item of its kind, checked without a call
        # per item; the array is then kept as it came.
        if type(value) is list:
            for element in value:
                if type(element) is not kind:
                    break
            else:
                return value
        return parse_list(value, item)

    return parse


def _scalar_dict(kind: type, item: Callable[[Any], Any]) -> Callable[[Any], dict[str, Any]]:
    def parse(value: Any) -> dict[str, Any]:
        if type(value) is dict:
            for element in value.values():
                if type(element) is not kind:
                    break
            else:
                return value
        return parse_dict(value, item)

    return parse


STR_LIST = _scalar_list(str, parse_str)
INT_LIST = _scalar_list(int, parse_int)
INT32_LIST = _scalar_list(_Int32, parse_int32)
NUMBER_LIST = _scalar_list(float, parse_float)
BOOL_LIST = _scalar_list(bool, parse_bool)
STR_DICT = _scalar_dict(str, parse_str)
INT_DICT = _scalar_dict(int, parse_int)
INT32_DICT = _scalar_dict(_Int32, parse_int32)
NUMBER_DICT = _scalar_dict(float, parse_float)
BOOL_DICT = _scalar_dict(bool, parse_bool)
"""Readers of arrays and maps of a scalar kind (``STR_LIST`` is
``list_parser(parse_str)``, faster)."""


def list_parser(item: Callable[[Any], T]) -> Callable[[Any], list[T]]:
    return lambda value: parse_list(value, item)


def dict_parser(item: Callable[[Any], T]) -> Callable[[Any], dict[str, T]]:
    return lambda value: parse_dict(value, item)


def optional_parser(item: Callable[[Any], T]) -> Callable[[Any], T | None]:
    return lambda value: parse_optional(value, item)


def extra_fields(
    data: Mapping[str, Any], known: Sequence[str], item: Callable[[Any], T]
) -> dict[str, T]:
    """The properties of ``data`` its schema does not name, each read by ``item``."""
    key = ""
    try:
        out: dict[str, T] = {}
        for key, value in data.items():
            if key not in known:
                out[key] = item(value)
        return out
    except ShapeError as exc:
        exc.segments.append(key)
        raise


@dataclasses.dataclass(frozen=True, slots=True)
class UnknownVariant:
    """A variant of a discriminated union that this version of the SDK does
    not know: the API added it after the SDK was generated.

    ``tag`` is the value of the union's discriminator field as the server sent
    it, ``data`` the object as it came. Passed on rather than refused, as a
    new enum value is (CONTRACT.md section 6); sent back as it came.
    """

    tag: str
    data: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """The object as it came."""
        return self.data


def parse_union(value: Any, parsers: Sequence[Callable[[Any], T]], name: str) -> T:
    """The first variant that reads ``value`` without an error."""
    for parse in parsers:
        try:
            return parse(value)
        except (AttributeError, KeyError, TypeError, ValueError):
            continue
    raise ShapeError(
        f"expected a value of one of the {len(parsers)} variants of {name}", f"got {_kind(value)}"
    )


# -- Request encoding ---------------------------------------------------------
#
# The serialisers themselves are the runtime's (``_runtime.query_param``,
# ``encode_form``, ``encode_multipart``, ...: runtime/WIRE.md); what is here
# only gets the generated code's values to them.


def header_map(*pairs: tuple[str, str | None]) -> dict[str, str]:
    """The headers of a call: ``(name, text)`` pairs, those without a text
    (an undefined value, ``_runtime.header_param`` gives ``None``) left out."""
    return {name: text for name, text in pairs if text is not None}


def require_fields(body: Mapping[str, object], required: Sequence[str], operation: str) -> None:
    """The required fields of an optional body: the body is left out when
    no field is given, and must have all of them when any is.

    Raises ``TypeError`` (nothing is sent) when some are missing.
    """
    if not body:
        return
    missing = [name for name in required if name not in body]
    if missing:
        raise TypeError(
            f"{operation}: the request body needs {', '.join(repr(m) for m in missing)} "
            "when any of its fields is given"
        )


def to_parts(value: object) -> Any:
    """The value of a multipart field: models and containers converted as
    ``to_json`` converts them, files (bytes, paths, file objects, iterators
    of chunks, ``(name, content[, type])``) kept as they are for the runtime
    to send as files."""
    if _runtime.is_file(value):
        return value
    if isinstance(value, list):
        return [to_parts(item) for item in value]
    return to_json(value)


def form_content(
    fields: Sequence[_runtime.FormField], value: Any, *, optional: bool = False
) -> bytes | None:
    """An ``application/x-www-form-urlencoded`` body: ``value``'s properties
    by ``fields`` (``_runtime.encode_form``). An optional body the caller did
    not give (``None``, or no field set) is no body: ``None``."""
    if optional and not value:
        return None
    return _runtime.encode_form(fields, value).encode("ascii")


def multipart_request(
    method: str,
    path: str,
    *,
    fields: Sequence[_runtime.MultipartField],
    value: Any,
    media_type: str,
    query: Sequence[tuple[str, str]] = (),
    headers: Mapping[str, str] | None = None,
    optional: bool = False,
) -> _runtime.Request:
    """A request with a ``multipart/form-data`` body (``_runtime.encode_multipart``)
    under a boundary of its own. An optional body the caller did not give
    (``None``, or no field set) is no body."""
    content: bytes | _runtime.UploadBody | None = None
    content_type: str | None = None
    if not (optional and not value):
        boundary = multipart_boundary()
        content = _runtime.encode_multipart(fields, value, boundary)
        content_type = f"{media_type}; boundary={boundary}"
    return _runtime.Request(
        method,
        path,
        query=query,
        headers=headers or {},
        content=content,
        content_type=content_type,
    )


def multipart_boundary() -> str:
    """A boundary that no part can contain by chance."""
    return f"sdkgen-{uuid.uuid4().hex}"
