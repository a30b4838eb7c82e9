"""How a request's parameters and bodies become bytes: ``runtime/WIRE.md``.

Every helper here follows that page to the letter (and
``tests/test_wire.py`` runs every case of ``runtime/wire-vectors.json``
through them). Values are JSON-like: ``str``, ``bool``, ``int``, ``float``,
``None``, lists and mappings of them, and dates and date-times; generated
code converts models to mappings before it calls these.

Every helper returns text that is already percent-encoded, so the runtime
puts it on the wire as it is.
"""

from __future__ import annotations

import datetime
import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Union
from urllib.parse import quote, unquote

from .files import UploadBody, _Bytes, _Source, as_file, is_file, is_file_tuple

__all__ = [
    "FormField",
    "MultipartField",
    "cookie_pairs",
    "deep_object_query",
    "encode_form",
    "encode_multipart",
    "encode_path",
    "encode_path_segment",
    "encode_query",
    "expand_path",
    "form_query",
    "format_value",
    "header_param",
    "is_json_media_type",
    "is_undefined",
    "json_text",
    "path_param",
    "query_param",
]

_PLACEHOLDER = re.compile(r"\{([^{}]+)\}")


# -- 1. Values as text --------------------------------------------------------


def _number_text(value: float) -> str:
    """A double as JavaScript's ``Number.prototype.toString`` writes it.

    ``repr`` gives the shortest digits that read back as the same double;
    they are laid out again by ECMA-262's rule (Number::toString): plain
    digits for exponents from -6 to 20, else ``d.ddde+N``.
    """
    if math.isnan(value) or math.isinf(value):
        raise ValueError(f"{value!r} cannot be sent: infinity and NaN have no JSON or text form")
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    text = repr(abs(value))
    mantissa, _, exponent = text.partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = whole + fraction
    # value = 0.<digits> x 10^point
    point = len(whole) + (int(exponent) if exponent else 0)
    stripped = digits.lstrip("0")
    point -= len(digits) - len(stripped)
    digits = stripped.rstrip("0")
    k = len(digits)
    if k <= point <= 21:
        out = digits + "0" * (point - k)
    elif 0 < point <= 21:
        out = digits[:point] + "." + digits[point:]
    elif -6 < point <= 0:
        out = "0." + "0" * (-point) + digits
    else:
        e = point - 1
        exp = f"e{'+' if e >= 0 else '-'}{abs(e)}"
        out = digits + exp if k == 1 else digits[0] + "." + digits[1:] + exp
    return sign + out


def _datetime_text(value: datetime.datetime) -> str:
    if value.tzinfo is not None and value.utcoffset() is not None:
        utc = value.astimezone(datetime.timezone.utc).replace(tzinfo=None)
        return utc.isoformat() + "Z"
    return value.isoformat()


def format_value(value: object) -> str:
    """The text of a scalar (WIRE.md section 1).

    Strings are themselves, booleans ``true``/``false``, integers decimal,
    other numbers as JavaScript writes them (``2.0`` is ``2``, ``1e21`` is
    ``1e+21``); a ``datetime`` is RFC 3339 (UTC with ``Z`` when it has a
    zone), a ``date`` ``YYYY-MM-DD``. ``None`` gives ``""`` (callers leave
    undefined values out before they get here). Infinity and NaN raise
    ``ValueError``; lists, mappings and anything else raise ``TypeError``,
    so no Python ``repr`` ever reaches the wire.
    """
    if isinstance(value, str):
        # The text itself, also of a ``str`` enum (whose ``str()`` is its name).
        return str.__str__(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return _number_text(float(value))
    if isinstance(value, datetime.datetime):
        return _datetime_text(value)
    if isinstance(value, datetime.date):
        return value.isoformat()
    raise TypeError(f"a {type(value).__name__} is not a scalar: it has no text form")


def json_text(value: object) -> str:
    """Compact JSON (WIRE.md section 5): no spaces, non-ASCII kept, members
    in the order held; numbers as section 1 writes them (``2.0`` is ``2``),
    dates and date-times as their text. Infinity and NaN raise ``ValueError``."""
    out: list[str] = []
    _write_json(value, out)
    return "".join(out)


def _write_json(value: object, out: list[str]) -> None:
    if isinstance(value, str):
        out.append(json.dumps(value, ensure_ascii=False))
    elif value is None:
        out.append("null")
    elif isinstance(value, (bool, int, float, datetime.date)):
        text = format_value(value)
        out.append(json.dumps(text) if isinstance(value, datetime.date) else text)
    elif isinstance(value, Mapping):
        out.append("{")
        for i, (k, v) in enumerate(value.items()):
            if i:
                out.append(",")
            out.append(json.dumps(str(k), ensure_ascii=False))
            out.append(":")
            _write_json(v, out)
        out.append("}")
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for i, v in enumerate(value):
            if i:
                out.append(",")
            _write_json(v, out)
        out.append("]")
    else:
        raise TypeError(f"a {type(value).__name__} has no JSON form")


def is_undefined(value: object) -> bool:
    """RFC 6570's undefined: ``None``, an empty list, an empty mapping, or a
    mapping whose members are all ``None``. Such a value sends nothing."""
    if value is None:
        return True
    if isinstance(value, Mapping):
        return all(v is None for v in value.values())
    if isinstance(value, (list, tuple)):
        return len(value) == 0
    return False


def is_json_media_type(media_type: str | None) -> bool:
    """``application/json`` or any ``*/*+json`` type (parameters ignored)."""
    if not media_type:
        return False
    essence = media_type.split(";", 1)[0].strip().lower()
    return essence == "application/json" or essence.endswith("+json")


# -- 2. Percent-encoding ------------------------------------------------------

_RESERVED_KEPT = ":/?@!$'()*,;"
_TRIPLE = re.compile(r"(%[0-9A-Fa-f]{2})")


def _enc(text: str) -> str:
    """Everything but RFC 3986's unreserved characters, percent-encoded."""
    return quote(text, safe="")


def _enc_reserved(text: str) -> str:
    """``allowReserved``: reserved characters and ``%XX`` triples kept."""
    pieces = _TRIPLE.split(text)
    return "".join(
        piece if i % 2 else quote(piece, safe=_RESERVED_KEPT) for i, piece in enumerate(pieces)
    )


def _item_text(value: object) -> str:
    """An item of a list or a member of a mapping: nested containers are
    their compact JSON (sdkgen's choice), scalars their text."""
    if isinstance(value, (Mapping, list, tuple)):
        return json_text(value)
    return format_value(value)


def _items(value: Sequence[object]) -> list[object]:
    return [v for v in value if v is not None]


def _members(value: Mapping[object, object]) -> list[tuple[str, object]]:
    return [(str(k), v) for k, v in value.items() if v is not None]


# -- 3. Parameters: query -----------------------------------------------------

_DELIMITERS = {"spaceDelimited": "%20", "pipeDelimited": "%7C"}


def query_param(
    name: str,
    value: object,
    *,
    style: str = "form",
    explode: bool = True,
    allow_reserved: bool = False,
    content_type: str | None = None,
) -> list[tuple[str, str]]:
    """One query parameter (or form field) as encoded ``(name, value)`` pairs.

    ``style`` is OpenAPI's (``form``, ``spaceDelimited``, ``pipeDelimited``,
    ``deepObject``); ``content_type`` is the media type of a parameter
    described by ``content``. An undefined value gives no pairs.
    """
    if is_undefined(value):
        return []
    enc = _enc_reserved if allow_reserved else _enc
    key = _enc(name)
    if content_type is not None:
        text = json_text(value) if is_json_media_type(content_type) else _item_text(value)
        return [(key, enc(text))]
    if style == "deepObject":
        return _deep_object(key, value, enc)
    if isinstance(value, Mapping):
        members = _members(value)
        if explode:
            return [(_enc(k), enc(_item_text(v))) for k, v in members]
        delimiter = _DELIMITERS.get(style, ",")
        flat = [enc(part) for k, v in members for part in (k, _item_text(v))]
        return [(key, delimiter.join(flat))]
    if isinstance(value, (list, tuple)):
        items = [enc(_item_text(v)) for v in _items(value)]
        if not items:
            return []
        if explode:
            return [(key, item) for item in items]
        return [(key, _DELIMITERS.get(style, ",").join(items))]
    return [(key, enc(format_value(value)))]


def _deep_object(key: str, value: object, enc: Callable[[str], str]) -> list[tuple[str, str]]:
    """sdkgen's deepObject: nested brackets; ``[]`` for items of a list of
    scalars; ``[0]``, ``[1]``, ... when any item is a list or mapping."""
    pairs: list[tuple[str, str]] = []

    def walk(prefix: str, node: object) -> None:
        if isinstance(node, Mapping):
            for k, v in _members(node):
                walk(f"{prefix}%5B{_enc(k)}%5D", v)
        elif isinstance(node, (list, tuple)):
            items = [v for v in node if not is_undefined(v)]
            if any(isinstance(v, (Mapping, list, tuple)) for v in items):
                for i, v in enumerate(items):
                    walk(f"{prefix}%5B{i}%5D", v)
            else:
                for v in items:
                    pairs.append((f"{prefix}%5B%5D", enc(format_value(v))))
        elif node is not None:
            pairs.append((prefix, enc(format_value(node))))

    walk(key, value)
    return pairs


def form_query(name: str, value: object, *, explode: bool = True) -> list[tuple[str, str]]:
    """A ``style: form`` query parameter: ``query_param`` with that style."""
    return query_param(name, value, style="form", explode=explode)


def deep_object_query(name: str, value: object) -> list[tuple[str, str]]:
    """A ``style: deepObject`` query parameter: ``query_param`` with that style."""
    return query_param(name, value, style="deepObject", explode=True)


def encode_query(pairs: Sequence[tuple[str, str]]) -> str:
    """Join already-encoded pairs into a query string (without ``?``)."""
    return "&".join(f"{k}={v}" for k, v in pairs)


# -- 3. Parameters: path ------------------------------------------------------


def path_param(
    name: str,
    value: object,
    *,
    style: str = "simple",
    explode: bool = False,
    content_type: str | None = None,
) -> str:
    """A path parameter's expansion (``simple``, ``label`` or ``matrix``).

    Raises ``ValueError`` for an undefined value, or one whose expansion is
    empty, ``.`` or ``..``: such a segment would address another resource.
    """
    if is_undefined(value):
        raise ValueError(f"the path parameter {name!r} has no value")
    if content_type is not None:
        text = json_text(value) if is_json_media_type(content_type) else _item_text(value)
        value = text
    if style == "matrix":
        out = _matrix(name, value, explode)
    else:
        prefix = "." if style == "label" else ""
        joiner = "." if style == "label" and explode else ","
        if isinstance(value, Mapping):
            members = _members(value)
            if explode:
                out = joiner.join(f"{_enc(k)}={_enc(_item_text(v))}" for k, v in members)
            else:
                out = ",".join(_enc(p) for k, v in members for p in (k, _item_text(v)))
        elif isinstance(value, (list, tuple)):
            out = joiner.join(_enc(_item_text(v)) for v in _items(value))
        else:
            out = _enc(format_value(value))
        out = prefix + out
    if out in ("", ".", ".."):
        raise ValueError(
            f"the path parameter {name!r} would change the path: "
            f"its expansion is {out!r}, which must not be empty, '.' or '..'"
        )
    return out


def _matrix(name: str, value: object, explode: bool) -> str:
    key = _enc(name)

    def pair(k: str, text: str) -> str:
        return f";{k}" if text == "" else f";{k}={text}"

    if isinstance(value, Mapping):
        members = _members(value)
        if explode:
            return "".join(pair(_enc(k), _enc(_item_text(v))) for k, v in members)
        return pair(key, ",".join(_enc(p) for k, v in members for p in (k, _item_text(v))))
    if isinstance(value, (list, tuple)):
        items = [_enc(_item_text(v)) for v in _items(value)]
        if explode:
            return "".join(pair(key, item) for item in items)
        return pair(key, ",".join(items))
    return pair(key, _enc(format_value(value)))


def encode_path_segment(value: object) -> str:
    """One ``style: simple`` path parameter (see ``path_param``).

    ``/``, ``?``, ``#`` and ``%`` are escaped, so no value can change the
    path; ``""``, ``"."`` and ``".."`` raise ``ValueError``, as they do in
    the Rust and Node runtimes.
    """
    return path_param("", value)


_TEMPLATES: dict[str, list[str]] = {}
"""Path templates already split at their placeholders (generated code has a
fixed set of them; at most ``_MAX_TEMPLATES`` are kept)."""
_MAX_TEMPLATES = 4096


def _split(template: str) -> list[str]:
    parts = _TEMPLATES.get(template)
    if parts is None:
        # The text before each placeholder, its name, ..., the text after the last.
        parts = _PLACEHOLDER.split(template)
        if len(_TEMPLATES) < _MAX_TEMPLATES:
            _TEMPLATES[template] = parts
    return parts


def expand_path(template: str, expansions: Mapping[str, str]) -> str:
    """Fill ``{name}`` placeholders with expansions ``path_param`` made."""
    filled = _split(template).copy()
    for i in range(1, len(filled), 2):
        name = filled[i]
        if name not in expansions:
            raise KeyError(f"no value for path parameter {name!r}")
        filled[i] = expansions[name]
    return "".join(filled)


def encode_path(template: str, params: Mapping[str, object]) -> str:
    """Fill ``{name}`` placeholders with values in ``style: simple``."""
    filled = _split(template).copy()
    for i in range(1, len(filled), 2):
        name = filled[i]
        if name not in params:
            raise KeyError(f"no value for path parameter {name!r}")
        filled[i] = path_param(name, params[name])
    return "".join(filled)


# -- 3. Parameters: header and cookie -----------------------------------------

_HEADER_TEXT = re.compile(r"[\x20-\x7e\t]*")


def header_param(
    value: object,
    *,
    explode: bool = False,
    content_type: str | None = None,
    name: str = "header",
) -> str | None:
    """A header parameter's value (``style: simple``, not percent-encoded),
    or ``None`` when it is undefined and no header is sent.

    Raises ``ValueError`` for any character other than visible ASCII, space
    and tab: nothing is sent then.
    """
    if is_undefined(value):
        return None
    if content_type is not None:
        text = json_text(value) if is_json_media_type(content_type) else _item_text(value)
    elif isinstance(value, Mapping):
        members = _members(value)
        if explode:
            text = ",".join(f"{k}={_item_text(v)}" for k, v in members)
        else:
            text = ",".join(p for k, v in members for p in (k, _item_text(v)))
    elif isinstance(value, (list, tuple)):
        items = _items(value)
        if not items:
            return None
        text = ",".join(_item_text(v) for v in items)
    else:
        text = format_value(value)
    if not _HEADER_TEXT.fullmatch(text):
        raise ValueError(
            f"{name}: a header value may hold only visible ASCII characters, spaces and tabs"
        )
    return text


def cookie_pairs(
    name: str,
    value: object,
    *,
    explode: bool = True,
    content_type: str | None = None,
) -> list[str]:
    """A cookie parameter's ``name=value`` pairs (``style: form``), values
    percent-encoded; join every parameter's pairs with ``"; "``."""
    if is_undefined(value):
        return []
    key = _enc(name)
    if content_type is not None:
        text = json_text(value) if is_json_media_type(content_type) else _item_text(value)
        return [f"{key}={_enc(text)}"]
    if isinstance(value, Mapping):
        members = _members(value)
        if explode:
            return [f"{_enc(k)}={_enc(_item_text(v))}" for k, v in members]
        return [f"{key}=" + ",".join(_enc(p) for k, v in members for p in (k, _item_text(v)))]
    if isinstance(value, (list, tuple)):
        items = [_enc(_item_text(v)) for v in _items(value)]
        if not items:
            return []
        if explode:
            return [f"{key}={item}" for item in items]
        return [f"{key}=" + ",".join(items)]
    return [f"{key}={_enc(format_value(value))}"]


# -- 4. Request bodies ---------------------------------------------------------

FormField = Union[str, tuple[str, str, bool, bool]]
"""A form property's encoding: ``(name, style, explode, allow_reserved)``,
or its name alone for OpenAPI's default (``form``, exploded)."""


def encode_form(fields: Sequence[FormField], value: Mapping[str, object]) -> str:
    """An ``application/x-www-form-urlencoded`` body (WIRE.md section 4).

    Each property is written as a query parameter of its name would be,
    with the style, explode and allowReserved of its entry in ``fields``
    (``form``, exploded, for a name alone or a property without an entry); properties in the
    order of ``fields``, then the others in the order ``value`` holds them.
    """
    pairs: list[tuple[str, str]] = []
    known = set()
    for field in fields:
        name, style, explode, allow_reserved = (
            (field, "form", True, False) if isinstance(field, str) else field
        )
        known.add(name)
        if name in value:
            pairs += query_param(
                name, value[name], style=style, explode=explode, allow_reserved=allow_reserved
            )
    for name, item in value.items():
        if name not in known:
            pairs += query_param(name, item)
    return encode_query(pairs)


MultipartField = Union[tuple[str, Union[str, None]], tuple[str, Union[str, None], str, bool]]
"""A multipart property's encoding: ``(name, declared content type or None)``,
or ``(name, declared content type or None, style, explode)`` where the
encoding declares a style."""


def _disposition(text: str) -> str:
    return text.replace('"', "%22").replace("\n", "%0A").replace("\r", "%0D")


def _first_concrete(media: str | None) -> str | None:
    """The first concrete type of a declared list (``image/png, image/*``)."""
    if media is None:
        return None
    for piece in media.split(","):
        piece = piece.strip()
        if piece and "*" not in piece:
            return piece
    return None


def encode_multipart(
    fields: Sequence[MultipartField],
    value: Mapping[str, object],
    boundary: str,
) -> bytes | UploadBody:
    """A ``multipart/form-data`` body (WIRE.md section 4): one part per
    property, in the order of ``fields`` then the others as ``value`` holds
    them. Files are file parts (the declared type, else
    ``application/octet-stream``; the caller's file name, else the
    property's); scalars are their text, with no ``Content-Type`` unless one
    is declared; mappings are compact JSON (``application/json`` unless
    declared); a list is one part per item, unless its declared type is
    JSON, which makes it one JSON part. A property whose encoding declares
    a style is the fields a form body would carry for it, one text part
    each (``file_link_data[create]``). Undefined values have no part.

    Bytes when every file is bytes; an :class:`UploadBody`, read while it is
    sent, when a file is a path, a file object or a stream."""
    declared = {field[0]: field[1] for field in fields}
    styled = {field[0]: (field[2], field[3]) for field in fields if len(field) == 4}
    order = [field[0] for field in fields]
    order += [name for name in value if name not in declared]
    out: list[bytes | _Source] = []
    streamed = False

    def part(name: str, item: object, media: str | None) -> None:
        nonlocal streamed
        if is_undefined(item):
            return
        disposition = f'form-data; name="{_disposition(name)}"'
        content_type: str | None
        data: bytes | _Source
        file = as_file(item)
        if file is not None:
            file_name, source, given = file
            disposition += f'; filename="{_disposition(file_name or name)}"'
            content_type = given or _first_concrete(media) or "application/octet-stream"
            if isinstance(source, _Bytes):
                data = source.data
            else:
                data = source
                streamed = True
        elif isinstance(item, (Mapping, list, tuple)):
            data = json_text(item).encode("utf-8")
            content_type = _first_concrete(media) or "application/json"
        else:
            data = format_value(item).encode("utf-8")
            content_type = _first_concrete(media)
        head = f"--{boundary}\r\nContent-Disposition: {disposition}\r\n"
        if content_type is not None:
            head += f"Content-Type: {content_type}\r\n"
        if isinstance(data, bytes):
            out.append(head.encode("utf-8") + b"\r\n" + data + b"\r\n")
        else:
            out.extend((head.encode("utf-8") + b"\r\n", data, b"\r\n"))

    for name in order:
        if name not in value:
            continue
        item = value[name]
        media = declared.get(name)
        how = styled.get(name)
        if how is not None and not is_file(item):
            style, explode = how
            for key, text in query_param(name, item, style=style, explode=explode):
                part(unquote(key), unquote(text), None)
        elif isinstance(item, list) or (isinstance(item, tuple) and not is_file_tuple(item)):
            if is_json_media_type(_first_concrete(media)):
                part(name, list(item), media)
            else:
                for element in item:
                    part(name, element, media)
        else:
            part(name, item, media)
    out.append(f"--{boundary}--\r\n".encode("ascii"))
    if streamed:
        return UploadBody(out)
    return b"".join(out)  # type: ignore[arg-type]
