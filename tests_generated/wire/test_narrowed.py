"""Tests of run.py's check that the narrowed Rust SDK (the stripe spec cut
to the operations the calls use) is the whole SDK's code: items equal once
the Cargo feature gates, which differ with the groups a spec has, are taken
out, and any other difference still fails. scripts/test-wire runs them
first."""

from __future__ import annotations

import tempfile
import unittest
from pathlib import Path

import run

WHOLE = """pub mod charges;
#[cfg(feature = "customers")]
pub mod customers;

/// A customer.
#[cfg(any(
    feature = "charges",
    feature = "customers",
    feature = "invoices"
))]
#[derive(Clone, Debug)]
pub struct Customer {
    pub id: String,
}

impl Client {
    #[cfg_attr(not(feature = "full"), allow(dead_code))]
    fn helper() {}
}
"""

NARROWED = """#[cfg(feature = "customers")]
pub mod customers;

/// A customer.
#[cfg(any(feature = "charges", feature = "customers"))]
#[derive(Clone, Debug)]
pub struct Customer {
    pub id: String,
}

impl Client {
    fn helper() {}
}
"""


class Narrowed(unittest.TestCase):
    def check(self, narrowed: str, whole: str) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            for name, text in (("narrowed", narrowed), ("whole", whole)):
                (Path(tmp) / name).mkdir()
                (Path(tmp) / name / "lib.rs").write_text(text, encoding="utf-8")
            run.check_narrowed(Path(tmp) / "narrowed", Path(tmp) / "whole")

    def test_feature_gates_aside_the_items_are_the_whole_sdks(self) -> None:
        self.check(NARROWED, WHOLE)

    def test_any_other_difference_fails(self) -> None:
        changed = NARROWED.replace("pub id: String", "pub id: Option<String>")
        with self.assertRaises(run.harness.HarnessError):
            self.check(changed, WHOLE)

    def test_the_gates_alone_are_taken_out(self) -> None:
        text = run.without_feature_gates(WHOLE)
        self.assertNotIn("feature", text)
        self.assertIn("#[derive(Clone, Debug)]\npub struct Customer {", text)


if __name__ == "__main__":
    unittest.main()
