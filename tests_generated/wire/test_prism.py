"""Tests of the wire suite's Prism machinery in run.py: reading Prism's
reasons from its log, and typing the bare nullables Prism cannot compile.

    python3 -m unittest test_prism
"""

from __future__ import annotations

import unittest

import run


def log(where: str, mark: str, level: str, text: str) -> str:
    """One line as Prism 5.16.0 prints it when its output is piped."""
    return f"[11:28:22 PM] \u203a {where} {mark}  {level:<10}{text}\n"


SERVER = "[HTTP SERVER] post /audio/transcriptions"
VALIDATOR = "    [VALIDATOR]"
ERROR = ("\u2716", "error")
# A request that broke the spec twice, one to a route the spec does not
# have, and one that passed.
REFUSED = [
    log(SERVER, "\u2139", "info", "Request received"),
    log("    [NEGOTIATOR]", "\u2139", "info", "Request contains an accept header: */*"),
    log(VALIDATOR, "\u26a0", "warning", "Request did not pass the validation rules"),
    log(VALIDATOR, *ERROR, "Request path parameter row must be <= 3"),
    log(VALIDATOR, *ERROR, "Request body property timestamp_granularities must be array"),
    log(VALIDATOR, *ERROR, "Violation: request.path.row Request path parameter row must be <= 3"),
    log(SERVER, *ERROR, "Request terminated with error: https://stoplight.io/prism/errors"),
]
NO_ROUTE = [
    log("[HTTP SERVER] get /nowhere", "\u2139", "info", "Request received"),
    log("[HTTP SERVER] get /nowhere", *ERROR, "Request terminated with error: no path matched"),
]
PASSED = [
    log("[HTTP SERVER] get /board", "\u2139", "info", "Request received"),
    log(VALIDATOR, "\u2714", "success", "The request passed the validation rules."),
]


class PrismViolations(unittest.TestCase):
    def test_located_form_kept_and_bare_twin_dropped(self) -> None:
        self.assertEqual(
            run.prism_violations(REFUSED),
            [
                "Violation: request.path.row Request path parameter row must be <= 3",
                "Request body property timestamp_granularities must be array",
            ],
        )

    def test_the_ending_line_when_no_rule_was_broken(self) -> None:
        self.assertEqual(
            run.prism_violations(NO_ROUTE),
            ["Request terminated with error: no path matched"],
        )

    def test_nothing_for_a_request_that_passed(self) -> None:
        self.assertEqual(run.prism_violations(PASSED), [])


class TypedNullable(unittest.TestCase):
    def test_bare_nullable_true_becomes_an_any_of_with_null(self) -> None:
        schema = {
            "description": "the model",
            "nullable": True,
            "anyOf": [{"type": "string"}, {"enum": ["a"]}],
            "example": "a",
        }
        self.assertEqual(
            run.typed_nullable(schema),
            {
                "description": "the model",
                "anyOf": [
                    {"anyOf": [{"type": "string"}, {"enum": ["a"]}], "example": "a"},
                    {"type": "null"},
                ],
            },
        )

    def test_bare_nullable_false_is_dropped(self) -> None:
        self.assertEqual(
            run.typed_nullable({"nullable": False, "allOf": [{"$ref": "#/x"}]}),
            {"allOf": [{"$ref": "#/x"}]},
        )

    def test_nullable_beside_a_type_and_a_property_named_nullable_stay(self) -> None:
        document = {
            "paths": {},
            "s": {"type": "string", "nullable": True},
            "o": {"type": "object", "properties": {"nullable": {"type": "boolean"}}},
            "deep": [{"items": {"nullable": False, "oneOf": [{"type": "integer"}]}}],
        }
        typed = run.typed_nullable(document)
        self.assertEqual(typed["s"], {"type": "string", "nullable": True})
        self.assertEqual(typed["o"], document["o"])
        self.assertEqual(typed["deep"], [{"items": {"oneOf": [{"type": "integer"}]}}])


if __name__ == "__main__":
    unittest.main()
