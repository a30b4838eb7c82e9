"""The Python driver of the wire suite's Stripe calls: every call of
stripe.calls.json, made through the Python SDK generated from the corpus's
stripe.yaml (the blocking client), one fresh client per call. The driver
protocol is the equivalence test's (tests_generated/equivalence/README.md);
this file repeats its argument parsing and outcome lines.

The generated package is imported as ``stripe``: put the folder that holds
it on PYTHONPATH.

Usage: driver.py --calls CALLS.json [--control URL] [--base-url URL]
                 [--token TOKEN] [--only NAME,NAME]
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

import stripe as sdk
from stripe import models

Client = sdk.Stripe


def announce(control: str, call: str) -> None:
    """Tells the recording server which call the next requests belong to."""
    url = f"{control.rstrip('/')}/__recorder/begin?language=python&call={call}"
    request = urllib.request.Request(url, data=b"", method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            answer.read()
    except urllib.error.HTTPError as e:
        raise SystemExit(f"driver.py: the recorder refused call {call}: {e.read()!r}") from e


def ok(raw: Any) -> dict[str, Any]:
    # Decoding is part of the call: parse() raises what the plain method would.
    raw.parse()
    return {"result": "ok", "status": raw.status, "attempts": raw.attempts}


def failed(error: BaseException) -> dict[str, Any]:
    if isinstance(error, sdk.IdempotencyInFlightError):
        kind = "idempotency_in_flight"
    elif isinstance(error, sdk.IdempotencyMismatchError):
        kind = "idempotency_mismatch"
    elif isinstance(error, sdk.APIError):
        kind = "api_error"
    elif isinstance(error, sdk.APITimeoutError):
        kind = "timeout"
    elif isinstance(error, sdk.APIConnectionError):
        kind = "connection"
    elif isinstance(error, sdk.InvalidIdempotencyKeyError):
        kind = "invalid_idempotency_key"
    elif isinstance(error, sdk.ResponseValidationError):
        kind = "decode"
    elif isinstance(error, (TypeError, ValueError)):
        kind = "invalid_argument"
    else:
        kind = "unexpected:" + type(error).__name__
    out: dict[str, Any] = {
        "result": "error",
        "kind": kind,
        "status": getattr(error, "status", None),
        "code": getattr(error, "code", None),
        "attempts": getattr(error, "attempts", 0),
        "stop_reason": None,
        "detail": f"{type(error).__name__}: {error}",
    }
    if kind == "decode":
        response = getattr(error, "response", None)
        out["status"] = getattr(response, "status", None)
        out["attempts"] = getattr(response, "attempts", 0)
    stop = getattr(error, "stop_reason", None)
    if stop is not None and stop is not sdk.StopReason.NONE:
        out["stop_reason"] = stop.value
    return out


# Each call through the raw-response namespace, so decoding is part of the
# call (`ok` runs `parse()`). The arguments are stripe.calls.json's `args`,
# written as an integrator writes them: the SDK's models for objects, plain
# values for scalars, lists and string maps, literals for enums.
CALLS: dict[str, Callable[[Any], Any]] = {
    "getBalance": lambda c: c.balance.retrieve(),
    "getAccount": lambda c: c.account.retrieve(
        expand=["settings.branding.icon", "external_accounts"]
    ),
    "listCustomers": lambda c: c.customers.list(limit=3, email="jenny@example.com"),
    "listCustomersCreatedRange": lambda c: c.customers.list(
        created=models.GetCustomersCreatedRangeQuerySpecs(gte=1700000000, lt=1800000000),
        expand=["data.default_source"],
        limit=5,
    ),
    "getCustomer": lambda c: c.customers.retrieve(customer="cus_123", expand=["default_source"]),
    "searchCustomers": lambda c: c.customers.search(
        query="email:'jenny@example.com' AND metadata['order_id']:'8812'", limit=10
    ),
    "listChargesCreated": lambda c: c.charges.list(
        created=models.GetChargesCreatedRangeQuerySpecs(gte=1700000000), limit=2
    ),
    "listChargesCreatedScalar": lambda c: c.charges.list(created=1700000000, customer="cus_123"),
    "getCharge": lambda c: c.charges.retrieve(
        charge="ch_123", expand=["customer", "balance_transaction"]
    ),
    "listInvoicesDueDate": lambda c: c.invoices.list(
        due_date=models.GetInvoicesDueDateRangeQuerySpecs(lt=1800000000),
        status="open",
        collection_method="send_invoice",
    ),
    "getUpcomingInvoice": lambda c: c.invoices.retrieve_upcoming(
        customer="cus_123",
        automatic_tax=models.GetInvoicesUpcomingAutomaticTax(enabled=False),
        invoice_items=[
            models.GetInvoicesUpcomingInvoiceItemsItem(
                amount=1500,
                currency="usd",
                description="Setup fee",
                period=models.GetInvoicesUpcomingInvoiceItemsItemPeriod(
                    start=1700000000, end=1702592000
                ),
            ),
            models.GetInvoicesUpcomingInvoiceItemsItem(price="price_123", quantity=2),
        ],
        subscription_items=[
            models.GetInvoicesUpcomingSubscriptionItemsItem(price="price_gold", quantity=1),
            models.GetInvoicesUpcomingSubscriptionItemsItem(
                price_data=models.GetInvoicesUpcomingSubscriptionItemsItemPriceData(
                    currency="usd",
                    product="prod_123",
                    recurring=models.GetInvoicesUpcomingSubscriptionItemsItemPriceDataRecurring(
                        interval="month", interval_count=3
                    ),
                    unit_amount=2500,
                )
            ),
        ],
        subscription_billing_cycle_anchor="now",
    ),
    "getUpcomingInvoiceDetails": lambda c: c.invoices.retrieve_upcoming(
        customer_details=models.GetInvoicesUpcomingCustomerDetails(
            address=models.GetInvoicesUpcomingCustomerDetailsAddressOptionalFieldsAddress(
                line1="510 Townsend St", city="San Francisco", postal_code="94103", country="US"
            ),
            tax_exempt="none",
            tax_ids=[
                models.GetInvoicesUpcomingCustomerDetailsTaxIdsItem(
                    type="eu_vat", value="DE123456789"
                )
            ],
        ),
        subscription="sub_123",
        subscription_items=[
            models.GetInvoicesUpcomingSubscriptionItemsItem(id="si_123", deleted=True),
            models.GetInvoicesUpcomingSubscriptionItemsItem(
                price="price_silver", quantity=2, metadata={"seat": "extra"}
            ),
        ],
        subscription_trial_end=1800000000,
        subscription_default_tax_rates=["txr_1", "txr_2"],
        subscription_proration_behavior="none",
        discounts=[models.GetInvoicesUpcomingDiscountsVariant1Item(coupon="SUMMER")],
    ),
    "listSubscriptions": lambda c: c.subscriptions.list(
        automatic_tax=models.GetSubscriptionsAutomaticTax(enabled=True),
        current_period_end=models.GetSubscriptionsCurrentPeriodEndRangeQuerySpecs(lte=1800000000),
        status="active",
        price="price_123",
    ),
    "getSubscription": lambda c: c.subscriptions.retrieve(
        subscription_exposed_id="sub_123", expand=["latest_invoice.payment_intent"]
    ),
    "listPrices": lambda c: c.prices.list(
        recurring=models.GetPricesRecurring(interval="month", usage_type="licensed"),
        lookup_keys=["gold", "silver"],
        active=True,
        type="recurring",
    ),
    "listProducts": lambda c: c.products.list(
        ids=["prod_1", "prod_2"], shippable=False, active=True
    ),
    "listEvents": lambda c: c.events.list(
        types=["charge.succeeded", "customer.created"],
        delivery_success=True,
        created=models.GetEventsCreatedRangeQuerySpecs(gt=1700000000),
    ),
    "listCheckoutSessions": lambda c: c.checkout_sessions.list(
        customer_details=models.GetCheckoutSessionsCustomerDetails(email="jenny@example.com"),
        limit=1,
    ),
    "listCheckoutSessionLineItems": lambda c: c.checkout_sessions.list_line_items(
        session="cs_test_123", limit=5
    ),
    "listPayouts": lambda c: c.payouts.list(
        arrival_date=models.GetPayoutsArrivalDateRangeQuerySpecs(gte=1700000000, lte=1800000000),
        created=1700000000,
        status="paid",
    ),
    "getPaymentIntent": lambda c: c.payment_intents.retrieve(
        intent="pi_123", client_secret="pi_123_secret_abc", expand=["customer"]
    ),
    "listBalanceTransactions": lambda c: c.balance_transactions.list(
        type="charge", currency="usd", payout="po_123"
    ),
    "listFiles": lambda c: c.files.list(purpose="dispute_evidence", limit=3),
    "getFile": lambda c: c.files.retrieve(file="file_123"),
    "listPaymentMethods": lambda c: c.payment_methods.list(customer="cus_123", type="card"),
    "listCustomerPaymentMethods": lambda c: c.customers.list_payment_methods(
        customer="cus_123", type="sepa_debit"
    ),
    "listTaxRates": lambda c: c.tax_rates.list(inclusive=False, active=True),
    "listPaymentLinks": lambda c: c.payment_links.list(active=False),
    "listRefunds": lambda c: c.refunds.list(
        charge="ch_123",
        created=models.GetRefundsCreatedRangeQuerySpecs(
            gt=1600000000, gte=1600000001, lt=1900000000, lte=1899999999
        ),
    ),
    "getCountrySpec": lambda c: c.country_specs.retrieve(country="US"),
    "createCustomer": lambda c: c.customers.create(
        email="jenny@example.com",
        name="Jenny Rosen",
        description="Customer for order 8812",
        preferred_locales=["en", "fr"],
        metadata={"order_id": "8812"},
    ),
    "createCustomerFull": lambda c: c.customers.create(
        name="Jenny Rosen",
        address=models.PostCustomersRequestAddressOptionalFieldsAddress(
            line1="510 Townsend St",
            city="San Francisco",
            state="CA",
            postal_code="94103",
            country="US",
        ),
        shipping=models.PostCustomersRequestShippingCustomerShipping(
            name="Jenny Rosen",
            phone="+1 555 0100",
            address=models.PostCustomersRequestShippingCustomerShippingAddress(
                line1="1 Main St", line2="Apt 2", city="Springfield", country="US"
            ),
        ),
        invoice_settings=models.PostCustomersRequestInvoiceSettings(
            custom_fields=[
                models.PostCustomersRequestInvoiceSettingsCustomFieldsVariant1Item(
                    name="PO", value="8812"
                ),
                models.PostCustomersRequestInvoiceSettingsCustomFieldsVariant1Item(
                    name="Dept", value="R&D"
                ),
            ],
            footer="Thanks!",
        ),
        tax_id_data=[models.PostCustomersRequestTaxIdDataItem(type="eu_vat", value="DE123456789")],
        tax=models.PostCustomersRequestTax(ip_address="203.0.113.7"),
        tax_exempt="none",
        balance=-500,
    ),
    "updateCustomerUnsetMetadata": lambda c: c.customers.update(
        customer="cus_123", metadata="", description="VIP"
    ),
    "createPaymentIntent": lambda c: c.payment_intents.create(
        amount=2000, currency="usd", payment_method_types=["card"], metadata={"order_id": "8812"}
    ),
    "createPaymentIntentFull": lambda c: c.payment_intents.create(
        amount=1099,
        currency="eur",
        capture_method="manual",
        confirm=False,
        automatic_payment_methods=models.PostPaymentIntentsRequestAutomaticPaymentMethods(
            enabled=True, allow_redirects="never"
        ),
        payment_method_data=models.PostPaymentIntentsRequestPaymentMethodData(
            type="sepa_debit",
            sepa_debit=models.PostPaymentIntentsRequestPaymentMethodDataSepaDebit(
                iban="DE89370400440532013000"
            ),
            billing_details=models.PostPaymentIntentsRequestPaymentMethodDataBillingDetails(
                name="Jenny Rosen",
                email="jenny@example.com",
                address=models.PostPaymentIntentsRequestPaymentMethodDataBillingDetailsAddressBillingDetailsAddress(
                    line1="Unter den Linden 1", city="Berlin", postal_code="10117", country="DE"
                ),
            ),
        ),
        payment_method_options=models.PostPaymentIntentsRequestPaymentMethodOptions(
            card=models.PostPaymentIntentsRequestPaymentMethodOptionsCardPaymentIntentParam(
                request_three_d_secure="any"
            )
        ),
        shipping=models.PostPaymentIntentsRequestShipping(
            name="Jenny Rosen",
            address=models.PostPaymentIntentsRequestShippingAddress(
                line1="1 Main St", city="Springfield", country="US"
            ),
            carrier="UPS",
        ),
    ),
    "confirmPaymentIntent": lambda c: c.payment_intents.confirm(
        intent="pi_123",
        payment_method="pm_card_visa",
        return_url="https://example.com/return?order=8812",
        off_session=True,
    ),
    "capturePaymentIntent": lambda c: c.payment_intents.capture(
        intent="pi_123", amount_to_capture=750, metadata={"captured_by": "ops"}
    ),
    "cancelPaymentIntent": lambda c: c.payment_intents.cancel(
        intent="pi_123", cancellation_reason="requested_by_customer"
    ),
    "updatePaymentIntentUnsetShipping": lambda c: c.payment_intents.update(
        intent="pi_123", shipping="", description="updated"
    ),
    "createSubscription": lambda c: c.subscriptions.create(
        customer="cus_123",
        items=[
            models.PostSubscriptionsRequestItemsItem(price="price_gold"),
            models.PostSubscriptionsRequestItemsItem(
                price_data=models.PostSubscriptionsRequestItemsItemPriceData(
                    currency="usd",
                    product="prod_123",
                    recurring=models.PostSubscriptionsRequestItemsItemPriceDataRecurring(
                        interval="month", interval_count=1
                    ),
                    unit_amount=1200,
                ),
                quantity=2,
            ),
        ],
        add_invoice_items=[
            models.PostSubscriptionsRequestAddInvoiceItemsItem(price="price_setup", quantity=1)
        ],
        default_tax_rates=["txr_1"],
        trial_end="now",
        automatic_tax=models.PostSubscriptionsRequestAutomaticTax(enabled=True),
        payment_settings=models.PostSubscriptionsRequestPaymentSettings(
            payment_method_types=["card", "sepa_debit"]
        ),
        metadata={"plan": "gold"},
    ),
    "createSubscriptionTrialEnd": lambda c: c.subscriptions.create(
        customer="cus_123",
        items=[
            models.PostSubscriptionsRequestItemsItem(
                price="price_gold", quantity=3, metadata={"seat": "base"}
            )
        ],
        trial_end=1800000000,
        pending_invoice_item_interval=models.PostSubscriptionsRequestPendingInvoiceItemIntervalPendingInvoiceItemIntervalParams(
            interval="month", interval_count=2
        ),
        default_tax_rates="",
        cancel_at_period_end=True,
    ),
    "updateSubscription": lambda c: c.subscriptions.update(
        subscription_exposed_id="sub_123",
        items=[
            models.PostSubscriptionsSubscriptionExposedIdRequestItemsItem(
                id="si_123", deleted=True
            ),
            models.PostSubscriptionsSubscriptionExposedIdRequestItemsItem(
                price="price_silver", quantity=2
            ),
        ],
        proration_behavior="none",
        pause_collection=models.PostSubscriptionsSubscriptionExposedIdRequestPauseCollectionPauseCollectionParam(
            behavior="void"
        ),
        cancel_at_period_end=False,
    ),
    "createSubscriptionSchedule": lambda c: c.subscription_schedules.create(
        customer="cus_123",
        start_date="now",
        end_behavior="release",
        phases=[
            models.PostSubscriptionSchedulesRequestPhasesItem(
                items=[
                    models.PostSubscriptionSchedulesRequestPhasesItemItemsItem(
                        price="price_gold", quantity=1
                    ),
                    models.PostSubscriptionSchedulesRequestPhasesItemItemsItem(
                        price="price_addon", quantity=2
                    ),
                ],
                iterations=12,
            ),
            models.PostSubscriptionSchedulesRequestPhasesItem(
                items=[
                    models.PostSubscriptionSchedulesRequestPhasesItemItemsItem(price="price_silver")
                ]
            ),
        ],
    ),
    "createInvoice": lambda c: c.invoices.create(
        customer="cus_123",
        auto_advance=False,
        collection_method="send_invoice",
        days_until_due=30,
        custom_fields=[models.PostInvoicesRequestCustomFieldsVariant1Item(name="PO", value="8812")],
        metadata={"order_id": "8812"},
        footer="Payable within 30 days",
    ),
    "createInvoiceItem": lambda c: c.invoiceitems.create(
        customer="cus_123",
        amount=2500,
        currency="usd",
        description="Consulting",
        period=models.PostInvoiceitemsRequestPeriod(start=1700000000, end=1702592000),
        discounts=[models.PostInvoiceitemsRequestDiscountsVariant1Item(coupon="SUMMER")],
    ),
    "finalizeInvoice": lambda c: c.invoices.finalize(invoice="in_123", auto_advance=True),
    "payInvoice": lambda c: c.invoices.pay(
        invoice="in_123", off_session=True, payment_method="pm_card_visa"
    ),
    "createCheckoutSession": lambda c: c.checkout_sessions.create(
        mode="payment",
        success_url="https://example.com/success?session_id={CHECKOUT_SESSION_ID}",
        cancel_url="https://example.com/cancel",
        line_items=[
            models.PostCheckoutSessionsRequestLineItemsItem(
                price_data=models.PostCheckoutSessionsRequestLineItemsItemPriceData(
                    currency="usd",
                    product_data=models.PostCheckoutSessionsRequestLineItemsItemPriceDataProductData(
                        name="T-shirt", metadata={"size": "M"}
                    ),
                    unit_amount=2000,
                ),
                quantity=2,
            )
        ],
        payment_method_types=["card"],
        shipping_address_collection=models.PostCheckoutSessionsRequestShippingAddressCollection(
            allowed_countries=["US", "CA"]
        ),
        metadata={"order_id": "8812"},
        customer_email="jenny@example.com",
    ),
    "createCheckoutSessionSubscription": lambda c: c.checkout_sessions.create(
        mode="subscription",
        success_url="https://example.com/success",
        customer="cus_123",
        line_items=[
            models.PostCheckoutSessionsRequestLineItemsItem(price="price_gold", quantity=1)
        ],
        subscription_data=models.PostCheckoutSessionsRequestSubscriptionData(
            trial_period_days=14, metadata={"campaign": "spring"}
        ),
        discounts=[models.PostCheckoutSessionsRequestDiscountsItem(coupon="SPRING")],
    ),
    "createPaymentLink": lambda c: c.payment_links.create(
        line_items=[
            models.PostPaymentLinksRequestLineItemsItem(
                price="price_gold",
                quantity=1,
                adjustable_quantity=models.PostPaymentLinksRequestLineItemsItemAdjustableQuantity(
                    enabled=True, minimum=1, maximum=10
                ),
            )
        ],
        after_completion=models.PostPaymentLinksRequestAfterCompletion(
            type="redirect",
            redirect=models.PostPaymentLinksRequestAfterCompletionRedirect(
                url="https://example.com/thanks"
            ),
        ),
        metadata={"campaign": "spring"},
    ),
    "createPriceTiered": lambda c: c.prices.create(
        currency="usd",
        product="prod_123",
        recurring=models.PostPricesRequestRecurring(interval="month", usage_type="metered"),
        billing_scheme="tiered",
        tiers_mode="graduated",
        tiers=[
            models.PostPricesRequestTiersItem(up_to=10, unit_amount=500),
            models.PostPricesRequestTiersItem(up_to="inf", unit_amount=400, flat_amount=100),
        ],
        lookup_key="metered_gold",
        nickname="Metered gold",
    ),
    "createPriceProductData": lambda c: c.prices.create(
        currency="usd",
        unit_amount_decimal="12.5",
        product_data=models.PostPricesRequestProductData(
            name="Gold plan", metadata={"tier": "gold"}
        ),
        tax_behavior="exclusive",
        currency_options={"eur": models.PostPricesRequestCurrencyOptionsValue(unit_amount=1100)},
    ),
    "createProduct": lambda c: c.products.create(
        name="Widget",
        images=["https://example.com/a.png", "https://example.com/b.png"],
        package_dimensions=models.PostProductsRequestPackageDimensions(
            height=1.5, length=10, weight=0.25, width=4.75
        ),
        shippable=True,
        default_price_data=models.PostProductsRequestDefaultPriceData(
            currency="usd",
            unit_amount=999,
            recurring=models.PostProductsRequestDefaultPriceDataRecurring(interval="year"),
        ),
        metadata={"sku": "W-1"},
    ),
    "createCoupon": lambda c: c.coupons.create(
        percent_off=12.5,
        duration="repeating",
        duration_in_months=3,
        applies_to=models.PostCouponsRequestAppliesTo(products=["prod_1", "prod_2"]),
        name="12.5% off",
        metadata={"campaign": "spring"},
    ),
    "createRefund": lambda c: c.refunds.create(
        payment_intent="pi_123",
        amount=500,
        reason="requested_by_customer",
        metadata={"ticket": "T-1"},
    ),
    "createSetupIntent": lambda c: c.setup_intents.create(
        customer="cus_123",
        payment_method_types=["card", "sepa_debit"],
        usage="off_session",
        payment_method_options=models.PostSetupIntentsRequestPaymentMethodOptions(
            card=models.PostSetupIntentsRequestPaymentMethodOptionsCard(
                request_three_d_secure="any"
            )
        ),
        metadata={"flow": "onboarding"},
    ),
    "createTransfer": lambda c: c.transfers.create(
        amount=1000, currency="usd", destination="acct_123", transfer_group="ORDER_8812"
    ),
    "createWebhookEndpoint": lambda c: c.webhook_endpoints.create(
        url="https://example.com/hooks",
        enabled_events=["charge.succeeded", "customer.created"],
        description="Main endpoint",
    ),
    "createTaxRate": lambda c: c.tax_rates.create(
        display_name="Sales tax",
        percentage=8.25,
        inclusive=False,
        jurisdiction="US - CA",
        country="US",
        state="CA",
    ),
    "createQuote": lambda c: c.quotes.create(
        customer="cus_123",
        line_items=[models.PostQuotesRequestLineItemsItem(price="price_gold", quantity=2)],
        collection_method="charge_automatically",
    ),
    "createPaymentMethod": lambda c: c.payment_methods.create(
        type="card",
        card=models.PostPaymentMethodsRequestCardCardDetailsParams(
            number="4242424242424242", exp_month=12, exp_year=2034, cvc="314"
        ),
        billing_details=models.PostPaymentMethodsRequestBillingDetails(
            name="Jenny Rosen",
            address=models.PostPaymentMethodsRequestBillingDetailsAddressBillingDetailsAddress(
                postal_code="94103", country="US"
            ),
        ),
    ),
    "attachPaymentMethod": lambda c: c.payment_methods.attach(
        payment_method="pm_123", customer="cus_123"
    ),
    "createAccount": lambda c: c.accounts.create(
        type="custom",
        country="US",
        email="owner@example.com",
        business_type="individual",
        capabilities=models.PostAccountsRequestCapabilities(
            card_payments=models.PostAccountsRequestCapabilitiesCardPayments(requested=True),
            transfers=models.PostAccountsRequestCapabilitiesTransfers(requested=True),
        ),
        individual=models.PostAccountsRequestIndividual(
            first_name="Jenny",
            last_name="Rosen",
            dob=models.PostAccountsRequestIndividualDobDateOfBirthSpecs(day=1, month=2, year=1990),
        ),
        tos_acceptance=models.PostAccountsRequestTosAcceptance(date=1700000000, ip="203.0.113.7"),
    ),
    "createCustomerTaxId": lambda c: c.customers.create_tax_id(
        customer="cus_123", type="eu_vat", value="DE123456789"
    ),
    "uploadFile": lambda c: c.files.create(
        file=("evidence.txt", b"receipt for order 8812\n", "text/plain"), purpose="dispute_evidence"
    ),
    "uploadFileWithLink": lambda c: c.files.create(
        file=("logo.png", b"PNG logo bytes", "image/png"),
        purpose="business_logo",
        file_link_data=models.PostFilesRequestFileLinkData(create=True, metadata={"use": "site"}),
        expand=["links"],
    ),
    "deleteCustomer": lambda c: c.customers.delete(customer="cus_123"),
    "deleteCoupon": lambda c: c.coupons.delete(coupon="SUMMER"),
    "deleteProduct": lambda c: c.products.delete(id="prod_123"),
    "cancelSubscription": lambda c: c.subscriptions.delete(
        subscription_exposed_id="sub_123",
        invoice_now=True,
        prorate=False,
        cancellation_details=models.DeleteSubscriptionsSubscriptionExposedIdRequestCancellationDetails(
            comment="Too expensive for us", feedback="too_expensive"
        ),
    ),
    "deleteSubscriptionItem": lambda c: c.subscription_items.delete(
        item="si_123", clear_usage=True, proration_behavior="none", proration_date=1700000000
    ),
    "deleteCustomerSource": lambda c: c.customers.delete_source(
        customer="cus_123", id="card_123", expand=["customer"]
    ),
    "deleteWebhookEndpoint": lambda c: c.webhook_endpoints.delete(webhook_endpoint="we_123"),
    "deleteCustomerDiscount": lambda c: c.customers.delete_discount(customer="cus_123"),
}


class RawResources:
    """The client's resources, each as its ``with_raw_response`` twin: the
    calls above read the status and headers as well as the body."""

    def __init__(self, client: Client) -> None:
        self._client = client

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name).with_raw_response


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", required=True)
    parser.add_argument("--control")
    parser.add_argument("--base-url")
    parser.add_argument("--token", default="eqv-token")
    parser.add_argument("--only")
    args = parser.parse_args()
    with open(args.calls, encoding="utf-8") as f:
        names = [c["call"] for c in json.load(f)["calls"]]
    only = set(args.only.split(",")) if args.only else None
    status = 0
    for name in names:
        if only is not None and name not in only:
            continue
        if args.control:
            announce(args.control, name)
        make = CALLS.get(name)
        if make is None:
            status = 1
            line: dict[str, Any] = {"result": "not_implemented"}
        else:
            options: dict[str, Any] = {"bearer_token": args.token}
            if args.base_url:
                # Every operation to the validator, file uploads (served by
                # files.stripe.com in the spec) too.
                options["base_url"] = args.base_url
                options["server_urls"] = {"https://files.stripe.com": args.base_url}
            try:
                with Client(**options) as client:
                    line = ok(make(RawResources(client)))
            except Exception as error:  # every failure is an outcome to compare
                line = failed(error)
        line["call"] = name
        print(json.dumps(line, ensure_ascii=False), flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
