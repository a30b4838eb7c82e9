"""CI guard for scenarios.json: format, arithmetic and coverage.

Runs check_scenarios.py's validation in-process, so a slip in the file (a
wrong floor, a token count, an unknown field) fails the build.
"""

import copy
import importlib.util
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCENARIOS = HERE / "scenarios.json"
MIN_SCENARIOS = 48


def _load_checker():
    spec = importlib.util.spec_from_file_location("check_scenarios", HERE / "check_scenarios.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


checker = _load_checker()


def _data():
    return json.loads(SCENARIOS.read_text(encoding="utf-8"))


def test_scenarios_file_is_valid():
    problems = checker.validate(_data())
    assert not problems, "scenarios.json has problems:\n" + "\n".join(problems)


def test_at_least_48_scenarios():
    assert len(_data()["scenarios"]) >= MIN_SCENARIOS


def test_command_line_exit_status():
    assert checker.main(["check_scenarios.py", str(SCENARIOS)]) == 0


def test_every_stop_reason_and_kind_is_exercised():
    kinds, reasons = set(), set()
    for sc in _data()["scenarios"]:
        for call in sc["calls"]:
            err = call["expect"]["outcome"].get("error")
            if err:
                kinds.add(err["kind"])
                reasons.add(err["stop_reason"])
    assert kinds == checker.KINDS
    assert reasons == checker.STOP_REASONS


def _mutated(name, change):
    data = _data()
    scenario = next(s for s in data["scenarios"] if s["name"] == name)
    change(scenario)
    return checker.validate(data)


def test_checker_catches_a_wrong_sleep():
    def change(s):
        s["calls"][0]["expect"]["sleeps_ms"][0] += 1

    assert _mutated("retry_503_then_success_idempotent", change)


def test_checker_catches_a_wrong_token_count():
    def change(s):
        s["calls"][0]["expect"]["tokens_left"] -= 1

    assert _mutated("refund_last_retry_ordinary", change)


def test_checker_catches_an_unknown_field():
    def change(s):
        s["calls"][0]["expect"]["attempt"] = 1

    assert _mutated("retry_503_then_success_idempotent", change)


def test_checker_catches_a_duplicate_name():
    data = _data()
    data["scenarios"].append(copy.deepcopy(data["scenarios"][0]))
    assert any("duplicate name" in p for p in checker.validate(data))
