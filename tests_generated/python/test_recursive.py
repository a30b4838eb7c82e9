"""The package generated from specs/recursive.yaml: an array alias of itself."""

from __future__ import annotations

from conftest import Reply, Server
from recursive import Recursive, RetryConfig

TINY = RetryConfig(base_ms=1, cap_ms=2)


def test_a_recursive_alias_decodes_any_depth(server: Server) -> None:
    server.script(Reply(200, [[[]], []]))
    c = Recursive(base_url=server.url, retry_config=TINY)
    assert c.models.get_tree() == [[[]], []]
    assert server.seen[0].path == "/tree"
