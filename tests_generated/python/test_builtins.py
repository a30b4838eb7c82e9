"""The package generated from specs/builtins.yaml: builtins are the API's
names, kept, and the classes whose members hide them still typecheck
(scripts/test-generated-python runs mypy --strict on the package)."""

from __future__ import annotations

import dataclasses
import inspect

from builtins_sdk import Builtins, RetryConfig, models

from conftest import Reply, Server

TINY = RetryConfig(base_ms=1, cap_ms=2)

THING = {
    "id": "th_1",
    "object": "thing",
    "type": "round",
    "list": ["a"],
    "dict": {"n": 1},
    "str": "s",
    "float": 1.5,
    "anything": {"k": [1]},
    "colour": "red",
}


def test_fields_keep_builtin_names_and_read_their_json(server: Server) -> None:
    server.script(Reply(200, THING))
    c = Builtins(base_url=server.url, retry_config=TINY)
    thing = c.things.retrieve(id="th_1")
    assert (thing.id, thing.object, thing.type) == ("th_1", "thing", "round")
    assert (thing.list, thing.dict, thing.str, thing.float) == (["a"], {"n": 1}, "s", 1.5)
    assert thing.anything == {"k": [1]}
    assert thing.additional_properties == {"colour": "red"}
    assert thing.to_dict() == THING
    assert server.seen[0].path == "/things/th_1"
    assert {f.name for f in dataclasses.fields(models.Thing)} >= {"id", "object", "type", "list"}


def test_list_and_its_parameters_keep_their_names(server: Server) -> None:
    server.script(Reply(200, [THING]))
    c = Builtins(base_url=server.url, retry_config=TINY)
    things = c.things.list(type="round", filter=["a", "b"], format="short", input=3)
    assert [t.id for t in things] == ["th_1"]
    assert server.seen[0].path == "/things?type=round&filter=a,b&format=short&input=3"
    params = inspect.signature(c.things.list).parameters
    assert {"type", "filter", "format", "input"} <= set(params)


def test_body_fields_named_like_builtins_are_arguments_of_those_names(server: Server) -> None:
    server.script(Reply(200, THING))
    c = Builtins(base_url=server.url, retry_config=TINY)
    made = c.things.create(id="th_1", object="thing", list=["a"], dict={"n": 1}, str="s")
    assert made.id == "th_1"
    assert server.seen[0].json() == {
        "id": "th_1",
        "object": "thing",
        "list": ["a"],
        "dict": {"n": 1},
        "str": "s",
    }
