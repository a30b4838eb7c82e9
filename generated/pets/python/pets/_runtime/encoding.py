"""Encoding helpers for generated code: path segments and query parameters.

Every helper returns text that is already percent-encoded, so the runtime
puts it on the wire as is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from urllib.parse import quote

__all__ = [
    "deep_object_query",
    "encode_path",
    "encode_path_segment",
    "encode_query",
    "form_query",
    "format_value",
]

_PLACEHOLDER = re.compile(r"\{([^{}]+)\}")


def format_value(value: object) -> str:
    """Text of a scalar parameter: booleans as ``true``/``false``, ``None`` as empty."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def encode_path_segment(value: object) -> str:
    """Percent-encode one path parameter so it stays one segment.

    ``/``, ``?``, ``#`` and ``%`` are escaped, so no value can change the
    path. The values ``"."`` and ``".."`` raise ``ValueError``, as they do
    in the Rust and Node runtimes: URL parsers and servers remove or merge
    such segments, even percent-encoded (``%2E%2E``), which would send the
    request to another resource.
    """
    text = format_value(value)
    if text in (".", ".."):
        raise ValueError(
            f"the path parameter {text!r} would change the path: it must not be '.' or '..'"
        )
    return quote(text, safe="")


_TEMPLATES: dict[str, list[str]] = {}
"""Path templates already split at their placeholders (generated code has a
fixed set of them; at most ``_MAX_TEMPLATES`` are kept)."""
_MAX_TEMPLATES = 4096


def encode_path(template: str, params: Mapping[str, object]) -> str:
    """Fill ``{name}`` placeholders of a path template with encoded values."""
    parts = _TEMPLATES.get(template)
    if parts is None:
        # The text before each placeholder, its name, ..., the text after the last.
        parts = _PLACEHOLDER.split(template)
        if len(_TEMPLATES) < _MAX_TEMPLATES:
            _TEMPLATES[template] = parts
    filled = parts.copy()
    for i in range(1, len(filled), 2):
        name = filled[i]
        if name not in params:
            raise KeyError(f"no value for path parameter {name!r}")
        filled[i] = encode_path_segment(params[name])
    return "".join(filled)


def _component(text: str) -> str:
    return quote(text, safe="")


def form_query(name: str, value: object, *, explode: bool = True) -> list[tuple[str, str]]:
    """Encode a ``style: form`` query parameter (the OpenAPI default).

    A list gives ``name=a&name=b`` when exploded, ``name=a,b`` otherwise; a
    mapping gives ``k1=v1&k2=v2`` when exploded, ``name=k1,v1,k2,v2`` otherwise;
    ``None`` gives nothing.
    """
    if value is None:
        return []
    key = _component(name)
    if isinstance(value, Mapping):
        items = [(str(k), v) for k, v in value.items() if v is not None]
        if explode:
            return [(_component(k), _component(format_value(v))) for k, v in items]
        flat = [part for k, v in items for part in (k, format_value(v))]
        return [(key, ",".join(_component(part) for part in flat))] if flat else []
    if isinstance(value, (list, tuple)):
        values = [format_value(v) for v in value if v is not None]
        if explode:
            return [(key, _component(v)) for v in values]
        return [(key, ",".join(_component(v) for v in values))] if values else []
    return [(key, _component(format_value(value)))]


def deep_object_query(name: str, value: Mapping[str, object]) -> list[tuple[str, str]]:
    """Encode a ``style: deepObject`` parameter: ``name[k]=v`` for each entry.

    Nested mappings go deeper (``name[a][b]=v``) and lists repeat the key.
    """
    pairs: list[tuple[str, str]] = []

    def walk(prefix: str, node: object) -> None:
        if node is None:
            return
        if isinstance(node, Mapping):
            for k, v in node.items():
                walk(f"{prefix}[{k}]", v)
        elif isinstance(node, (list, tuple)):
            for item in node:
                walk(prefix, item)
        else:
            pairs.append((_component(prefix), _component(format_value(node))))

    walk(name, value)
    return pairs


def encode_query(pairs: Sequence[tuple[str, str]]) -> str:
    """Join already-encoded pairs into a query string (without ``?``)."""
    return "&".join(f"{k}={v}" for k, v in pairs)
