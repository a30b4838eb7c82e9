"""CI guard for streaming.json: shape, and expectations that follow from the
event-stream rules and the retry policy (check_streaming.py)."""

import copy
import importlib.util
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
STREAMING = HERE / "streaming.json"


def _load_checker():
    spec = importlib.util.spec_from_file_location(
        "check_streaming", HERE / "check_streaming.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


checker = _load_checker()


def _data():
    return json.loads(STREAMING.read_text(encoding="utf-8"))


def _mutated(name, change):
    data = _data()
    change(next(s for s in data["scenarios"] if s["name"] == name))
    return checker.validate(data)


def test_streaming_file_is_valid():
    problems = checker.validate(_data())
    assert not problems, "streaming.json has problems:\n" + "\n".join(problems)


def test_command_line_exit_status():
    assert checker.main(["check_streaming.py", str(STREAMING)]) == 0


def test_every_ending_is_exercised():
    kinds = {(s["expect"]["error"] or {}).get("kind") for s in _data()["scenarios"]}
    assert kinds == checker.KINDS | {None}


def test_reference_parser():
    assert checker.parse(
        b"data: a\r\ndata: b\r\rid: 3\nevent: e\ndata: c\n\ndata: [DONE]\n\n"
    ) == [
        {"event": "message", "data": "a\nb", "id": ""},
        {"event": "e", "data": "c", "id": "3"},
    ]
    assert checker.parse(b"\xef\xbb\xbfdata: x\n\ndata: partial") == [
        {"event": "message", "data": "x", "id": ""}
    ]


def test_catches_a_wrong_event():
    def change(s):
        s["expect"]["events"][0]["data"] = "first\nsecond"

    assert _mutated("multi_line_data", change)


def test_catches_a_wrong_delivered_count():
    def change(s):
        s["expect"]["error"]["delivered"] = 1

    assert _mutated("drop_after_first_event_not_retried", change)


def test_catches_a_retry_after_the_headers():
    def change(s):
        s["expect"]["attempts"] = 2

    assert _mutated("drop_after_first_event_not_retried", change)


def test_catches_a_retry_the_policy_would_not_make():
    def change(s):
        s["server"][0]["status"] = 400

    assert _mutated("retry_503_then_stream", change)


def test_catches_an_unknown_field_and_a_duplicate_name():
    def change(s):
        s["server"][0]["chunks"][0]["delay"] = 5

    assert any("unknown field" in p for p in _mutated("one_event", change))
    data = _data()
    data["scenarios"].append(copy.deepcopy(data["scenarios"][0]))
    assert any("duplicate name" in p for p in checker.validate(data))


def test_catches_an_idle_timeout_too_close_to_a_wait():
    def change(s):
        s["client"]["idle_timeout_ms"] = 250

    assert _mutated("keep_alive_comments_reset_idle", change)
