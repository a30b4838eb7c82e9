"""score.py's arithmetic on a tiny case worked out by hand, and the shape of labels.json."""

from __future__ import annotations

import json
import unittest
from pathlib import Path

import score

HERE = Path(__file__).resolve().parent


def label(method: str, path: str, cls: str, **extra: str) -> dict[str, str]:
    return {
        "spec": "toy",
        "method": method,
        "path": path,
        "operationId": f"{method.lower()}{path.replace('/', '_')}",
        "label": cls,
        "reason": "test",
        **extra,
    }


# A `check --format json` report of a toy spec: what sdkgen says.
REPORT = {
    "state_changing": [
        {"method": "POST", "path": "/charges", "class": "unsafe"},
        {"method": "POST", "path": "/charges/{id}", "class": "unsafe"},
        {"method": "POST", "path": "/keyed", "class": "keyed"},
        {"method": "PUT", "path": "/notes", "class": "unsafe"},
        {"method": "PUT", "path": "/things/{id}", "class": "idempotent"},
        {"method": "DELETE", "path": "/things/{id}", "class": "idempotent"},
        {"method": "PUT", "path": "/counter", "class": "idempotent"},
    ],
    "findings": [
        {"rule": "unsafe-undocumented", "method": "POST", "path": "/charges"},
        {"rule": "unsafe-undocumented", "method": "POST", "path": "/charges/{id}"},
        {"rule": "idempotency-claim", "method": "PUT", "path": "/notes"},
        {"rule": "no-latency-hint", "target": ""},
    ],
}

LABELS = [
    label("POST", "/charges", "unsafe"),  # TP
    label("POST", "/charges/{id}", "idempotent"),  # FP: an update sdkgen distrusts
    label("POST", "/keyed", "keyed"),  # TP by class; no finding, so FN by findings
    label("PUT", "/notes", "unsafe"),  # TP
    label("PUT", "/things/{id}", "idempotent"),  # TN
    label("DELETE", "/things/{id}", "idempotent"),  # TN
    label("PUT", "/counter", "unsafe", ambiguous="a counter"),  # FN
    label("GET", "/things", "safe"),  # TN, not listed by check: safe
]


class ScoreArithmetic(unittest.TestCase):
    def setUp(self) -> None:
        self.s = score.score(LABELS, score.observed_from_report("toy", REPORT))

    def test_counts_by_class(self) -> None:
        c = self.s.by_class
        self.assertEqual((c.tp, c.fp, c.fn, c.tn), (3, 1, 1, 3))
        self.assertAlmostEqual(c.precision, 3 / 4)
        self.assertAlmostEqual(c.recall, 3 / 4)

    def test_counts_by_finding(self) -> None:
        c = self.s.by_finding
        # /keyed has no finding: flagged are /charges, /charges/{id}, /notes.
        self.assertEqual((c.tp, c.fp, c.fn, c.tn), (2, 1, 2, 3))
        self.assertAlmostEqual(c.precision, 2 / 3)
        self.assertAlmostEqual(c.recall, 2 / 4)

    def test_unambiguous_labels_alone(self) -> None:
        # /counter, the one false negative, is marked ambiguous.
        c = self.s.by_class_clear
        self.assertEqual((c.tp, c.fp, c.fn, c.tn), (3, 1, 0, 3))
        self.assertAlmostEqual(c.recall, 1.0)

    def test_confusion_table(self) -> None:
        conf = self.s.confusion
        self.assertEqual(conf["unsafe"]["unsafe"], 2)
        self.assertEqual(conf["unsafe"]["idempotent"], 1)
        self.assertEqual(conf["idempotent"]["unsafe"], 1)
        self.assertEqual(conf["idempotent"]["idempotent"], 2)
        self.assertEqual(conf["keyed"]["keyed"], 1)
        self.assertEqual(conf["safe"]["safe"], 1)
        self.assertEqual(sum(sum(row.values()) for row in conf.values()), len(LABELS))
        self.assertEqual((self.s.total, self.s.ambiguous), (8, 1))

    def test_disagreements_name_each_miss(self) -> None:
        got = {(d.label["path"], d.kind) for d in self.s.disagreements}
        self.assertEqual(got, {("/charges/{id}", "false positive"), ("/counter", "false negative")})
        text = score.render(self.s)
        self.assertIn("false negative: toy PUT /counter", text)
        self.assertIn("ambiguous: a counter", text)

    def test_no_positive_gives_no_ratio(self) -> None:
        s = score.score([label("GET", "/things", "safe")], {})
        self.assertIsNone(s.by_class.precision)
        self.assertIsNone(s.by_class.recall)
        self.assertIn("n/a", score.render(s))

    def test_an_unlisted_write_is_an_error(self) -> None:
        with self.assertRaises(KeyError):
            score.score([label("POST", "/missing", "unsafe")], {})

    def test_a_bad_label_is_an_error(self) -> None:
        with self.assertRaises(ValueError):
            score.score([label("POST", "/charges", "maybe")], {})


class LabelsFile(unittest.TestCase):
    def test_every_label_is_complete_and_unique(self) -> None:
        labels = json.loads((HERE / "labels.json").read_text())
        self.assertGreaterEqual(len(labels), 300)
        keys = set()
        for entry in labels:
            score.check_label(entry)
            self.assertIn(entry["spec"], score.SPEC_FILES)
            k = score.key(entry["spec"], entry["method"], entry["path"])
            self.assertNotIn(k, keys)
            keys.add(k)


if __name__ == "__main__":
    unittest.main()
