"""score.py's reading and arithmetic, on toy inputs worked out by hand."""

from __future__ import annotations

import tempfile
import unittest
from pathlib import Path

import score


class Score(unittest.TestCase):
    def test_names_compare_as_words_and_del_is_delete(self) -> None:
        ours = score.sdkgen_names(
            "GET\t/orgs/{org}/repos\trepos.list_for_org\tscoped-id\n"
            "DELETE\t/v1/customers/{c}\tcustomers.delete\trest-shape\n"
            "POST\t/v1/customers/{c}/funding\tcustomers.create_funding\trest-shape\n"
        )
        self.assertEqual(ours["GET /orgs/{org}/repos"], ("repos", "list_for_org"))
        known = [
            ("repos", "listForOrg", "GET /orgs/{org}/repos"),
            ("customers", "del", "DELETE /v1/customers/{c}"),
            ("customers", "createFundings", "POST /v1/customers/{c}/funding"),
            ("customers", "retrieve", "GET /v1/customers/{c}"),
        ]
        r = score.score(known, ours)
        # Three compared (the fourth route is not in the spec), two match.
        self.assertEqual((r["compared"], r["matched"]), (3, 2))
        self.assertAlmostEqual(r["share"], 2 / 3)
        self.assertEqual(
            r["misses"],
            [
                {
                    "theirs": "customers.createFundings",
                    "sdkgen": "customers.create_funding",
                    "route": "POST /v1/customers/{c}/funding",
                }
            ],
        )
        self.assertEqual(r["not_in_spec"], ["customers.retrieve (GET /v1/customers/{c})"])

    def test_a_wrong_group_is_a_miss(self) -> None:
        ours = score.sdkgen_names("GET\t/a\tb.list\trest-shape\n")
        r = score.score([("a", "list", "GET /a")], ours)
        self.assertEqual((r["compared"], r["matched"]), (1, 0))

    def test_octokit_aliases_and_query_templates(self) -> None:
        endpoints = {
            "actions": {
                "deleteCache": ["DELETE /repos/{owner}/{repo}/caches{?key,ref}"],
                "oldName": ["GET /x", {}, {"renamed": ["actions", "newName"]}],
                "newName": ["GET /x"],
            }
        }
        self.assertEqual(
            score.octokit_methods(endpoints),
            [
                ("actions", "deleteCache", "DELETE /repos/{owner}/{repo}/caches"),
                ("actions", "newName", "GET /x"),
            ],
        )

    def test_stripe_resource_files(self) -> None:
        with tempfile.TemporaryDirectory() as d:
            for name in score.STRIPE_CORE:
                Path(d, f"{name}.js").write_text("")
            Path(d, "PaymentIntents.js").write_text(
                "exports.PaymentIntents = StripeResource.extend({\n"
                "    create: stripeMethod({ method: 'POST', fullPath: '/v1/payment_intents' }),\n"
                "    list: stripeMethod({\n        method: 'GET',\n"
                "        fullPath: '/v1/payment_intents',\n        methodType: 'list',\n    }),\n"
                "});\n"
            )
            self.assertEqual(
                score.stripe_methods(Path(d)),
                [
                    ("paymentIntents", "create", "POST /v1/payment_intents"),
                    ("paymentIntents", "list", "GET /v1/payment_intents"),
                ],
            )


if __name__ == "__main__":
    unittest.main()
