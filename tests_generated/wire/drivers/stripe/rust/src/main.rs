//! The Rust driver of the wire suite's Stripe calls: every call of
//! stripe.calls.json, made through the Rust SDK generated from the corpus's
//! stripe.yaml, one fresh client per call. The driver protocol is the
//! equivalence test's (tests_generated/equivalence/README.md); this file
//! repeats its argument parsing and outcome lines.
//!
//! Usage: wire-stripe-driver --calls CALLS.json [--control URL]
//!        [--base-url URL] [--token TOKEN] [--only NAME,NAME]

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::ExitCode;

use serde_json::{json, Value};
use stripe::{models, ApiResponse, Client, Error};

struct Args {
    calls: String,
    control: Option<String>,
    base_url: Option<String>,
    token: String,
    only: Option<Vec<String>>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        calls: String::new(),
        control: None,
        base_url: None,
        token: "eqv-token".to_string(),
        only: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--calls" => args.calls = value()?,
            "--control" => args.control = Some(value()?),
            "--base-url" => args.base_url = Some(value()?),
            "--token" => args.token = value()?,
            "--only" => args.only = Some(value()?.split(',').map(str::to_string).collect()),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if args.calls.is_empty() {
        return Err("--calls CALLS.json is required".to_string());
    }
    Ok(args)
}

/// Tells the recording server which call the next requests belong to.
fn announce(control: &str, call: &str) -> Result<(), String> {
    let authority = control
        .strip_prefix("http://")
        .ok_or_else(|| format!("--control {control}: only http:// URLs"))?
        .trim_end_matches('/');
    let mut stream =
        TcpStream::connect(authority).map_err(|e| format!("control {authority}: {e}"))?;
    let request = format!(
        "POST /__recorder/begin?language=rust&call={call} HTTP/1.1\r\nHost: {authority}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    );
    stream
        .write_all(request.as_bytes())
        .map_err(|e| format!("control {authority}: {e}"))?;
    let mut answer = String::new();
    stream
        .read_to_string(&mut answer)
        .map_err(|e| format!("control {authority}: {e}"))?;
    if answer.starts_with("HTTP/1.1 200") {
        Ok(())
    } else {
        Err(format!(
            "the recorder refused call {call}: {}",
            answer.lines().last().unwrap_or("")
        ))
    }
}

fn ok<T>(response: ApiResponse<T>) -> Value {
    json!({
        "result": "ok",
        "status": response.status.as_u16(),
        "attempts": response.attempts,
    })
}

fn failed(error: &Error) -> Value {
    // `build` (nothing sent: a bad argument) has the name Node gives it.
    let kind = match error.kind() {
        "build" => "invalid_argument",
        other => other,
    };
    json!({
        "result": "error",
        "kind": kind,
        "status": error.status().map(|s| s.as_u16()),
        "code": error.code(),
        "attempts": error.attempts(),
        "stop_reason": error.stop_reason().map(|r| r.as_str()),
        "detail": error.to_string(),
    })
}

fn outcome<T>(result: Result<ApiResponse<T>, Error>) -> Value {
    match result {
        Ok(response) => ok(response),
        Err(error) => failed(&error),
    }
}

/// Makes one call; `None` when this driver does not know it. The arguments
/// are stripe.calls.json's `args`, written as an integrator writes them: the
/// SDK's models for objects and unions, its enums for enum values, builder
/// methods for query parameters.
async fn call(client: &Client, name: &str) -> Option<Value> {
    let value = match name {
        "getBalance" => outcome(client.balance().retrieve().send_with_response().await),
        "getAccount" => {
            let call = client.account().retrieve().expand(vec![
                "settings.branding.icon".to_string(),
                "external_accounts".to_string(),
            ]);
            outcome(call.send_with_response().await)
        }
        "listCustomers" => {
            let call = client
                .customers()
                .list()
                .limit(3)
                .email("jenny@example.com");
            outcome(call.send_with_response().await)
        }
        "listCustomersCreatedRange" => {
            let call = client
                .customers()
                .list()
                .created(
                    models::GetCustomersCreated::GetCustomersCreatedRangeQuerySpecs(
                        models::GetCustomersCreatedRangeQuerySpecs {
                            gte: Some(1_700_000_000),
                            lt: Some(1_800_000_000),
                            ..Default::default()
                        },
                    ),
                )
                .expand(vec!["data.default_source".to_string()])
                .limit(5);
            outcome(call.send_with_response().await)
        }
        "getCustomer" => {
            let call = client
                .customers()
                .retrieve("cus_123")
                .expand(vec!["default_source".to_string()]);
            outcome(call.send_with_response().await)
        }
        "searchCustomers" => {
            let call = client
                .customers()
                .search("email:'jenny@example.com' AND metadata['order_id']:'8812'")
                .limit(10);
            outcome(call.send_with_response().await)
        }
        "listChargesCreated" => {
            let call = client
                .charges()
                .list()
                .created(models::GetChargesCreated::GetChargesCreatedRangeQuerySpecs(
                    models::GetChargesCreatedRangeQuerySpecs {
                        gte: Some(1_700_000_000),
                        ..Default::default()
                    },
                ))
                .limit(2);
            outcome(call.send_with_response().await)
        }
        "listChargesCreatedScalar" => {
            let call = client
                .charges()
                .list()
                .created(models::GetChargesCreated::Integer(1_700_000_000))
                .customer("cus_123");
            outcome(call.send_with_response().await)
        }
        "getCharge" => {
            let call = client.charges().retrieve("ch_123").expand(vec![
                "customer".to_string(),
                "balance_transaction".to_string(),
            ]);
            outcome(call.send_with_response().await)
        }
        "listInvoicesDueDate" => {
            let call = client
                .invoices()
                .list()
                .due_date(
                    models::GetInvoicesDueDate::GetInvoicesDueDateRangeQuerySpecs(
                        models::GetInvoicesDueDateRangeQuerySpecs {
                            lt: Some(1_800_000_000),
                            ..Default::default()
                        },
                    ),
                )
                .status(models::GetInvoicesStatus::Open)
                .collection_method(models::GetInvoicesCollectionMethod::SendInvoice);
            outcome(call.send_with_response().await)
        }
        "getUpcomingInvoice" => {
            let call = client.invoices().retrieve_upcoming()
                .customer("cus_123")
                .automatic_tax(models::GetInvoicesUpcomingAutomaticTax { enabled: false })
                .invoice_items(vec![
                    models::GetInvoicesUpcomingInvoiceItemsItem {
                        amount: Some(1500),
                        currency: Some("usd".to_string()),
                        description: Some("Setup fee".to_string()),
                        period: Some(models::GetInvoicesUpcomingInvoiceItemsItemPeriod {
                            start: 1_700_000_000,
                            end: 1_702_592_000,
                        }),
                        ..Default::default()
                    },
                    models::GetInvoicesUpcomingInvoiceItemsItem {
                        price: Some("price_123".to_string()),
                        quantity: Some(2),
                        ..Default::default()
                    },
                ])
                .subscription_items(vec![
                    models::GetInvoicesUpcomingSubscriptionItemsItem {
                        price: Some("price_gold".to_string()),
                        quantity: Some(1),
                        ..Default::default()
                    },
                    models::GetInvoicesUpcomingSubscriptionItemsItem {
                        price_data: Some(models::GetInvoicesUpcomingSubscriptionItemsItemPriceData {
                            currency: "usd".to_string(),
                            product: "prod_123".to_string(),
                            recurring: models::GetInvoicesUpcomingSubscriptionItemsItemPriceDataRecurring {
                                interval: models::GetInvoicesUpcomingSubscriptionItemsItemPriceDataRecurringInterval::Month,
                                interval_count: Some(3),
                            },
                            unit_amount: Some(2500),
                            ..Default::default()
                        }),
                        ..Default::default()
                    },
                ])
                .subscription_billing_cycle_anchor(models::GetInvoicesUpcomingSubscriptionBillingCycleAnchor::GetInvoicesUpcomingSubscriptionBillingCycleAnchorVariant1(
                    models::GetInvoicesUpcomingSubscriptionBillingCycleAnchorVariant1::Now,
                ))
                ;
            outcome(call.send_with_response().await)
        }
        "getUpcomingInvoiceDetails" => {
            let call = client.invoices().retrieve_upcoming()
                .customer_details(models::GetInvoicesUpcomingCustomerDetails {
                    address: Some(models::GetInvoicesUpcomingCustomerDetailsAddress::GetInvoicesUpcomingCustomerDetailsAddressOptionalFieldsAddress(
                        models::GetInvoicesUpcomingCustomerDetailsAddressOptionalFieldsAddress {
                            line1: Some("510 Townsend St".to_string()),
                            city: Some("San Francisco".to_string()),
                            postal_code: Some("94103".to_string()),
                            country: Some("US".to_string()),
                            ..Default::default()
                        },
                    )),
                    tax_exempt: Some(models::GetInvoicesUpcomingCustomerDetailsTaxExempt::None),
                    tax_ids: Some(vec![
                        models::GetInvoicesUpcomingCustomerDetailsTaxIdsItem {
                            r#type: models::GetInvoicesUpcomingCustomerDetailsTaxIdsItemType::EuVat,
                            value: "DE123456789".to_string(),
                        },
                    ]),
                    ..Default::default()
                })
                .subscription("sub_123")
                .subscription_items(vec![
                    models::GetInvoicesUpcomingSubscriptionItemsItem {
                        id: Some("si_123".to_string()),
                        deleted: Some(true),
                        ..Default::default()
                    },
                    models::GetInvoicesUpcomingSubscriptionItemsItem {
                        price: Some("price_silver".to_string()),
                        quantity: Some(2),
                        metadata: Some(models::GetInvoicesUpcomingSubscriptionItemsItemMetadata::StringMap(
                            HashMap::from([("seat".to_string(), "extra".to_string())]),
                        )),
                        ..Default::default()
                    },
                ])
                .subscription_trial_end(models::GetInvoicesUpcomingSubscriptionTrialEnd::Integer(1_800_000_000))
                .subscription_default_tax_rates(models::GetInvoicesUpcomingSubscriptionDefaultTaxRates::StringList(
                    vec!["txr_1".to_string(), "txr_2".to_string()],
                ))
                .subscription_proration_behavior(models::GetInvoicesUpcomingSubscriptionProrationBehavior::None)
                .discounts(models::GetInvoicesUpcomingDiscounts::GetInvoicesUpcomingDiscountsVariant1ItemList(
                    vec![
                        models::GetInvoicesUpcomingDiscountsVariant1Item {
                            coupon: Some("SUMMER".to_string()),
                            ..Default::default()
                        },
                    ],
                ))
                ;
            outcome(call.send_with_response().await)
        }
        "listSubscriptions" => {
            let call = client.subscriptions().list()
                .automatic_tax(models::GetSubscriptionsAutomaticTax { enabled: true })
                .current_period_end(models::GetSubscriptionsCurrentPeriodEnd::GetSubscriptionsCurrentPeriodEndRangeQuerySpecs(
                    models::GetSubscriptionsCurrentPeriodEndRangeQuerySpecs {
                        lte: Some(1_800_000_000),
                        ..Default::default()
                    },
                ))
                .status(models::GetSubscriptionsStatus::Active)
                .price("price_123")
                ;
            outcome(call.send_with_response().await)
        }
        "getSubscription" => {
            let call = client
                .subscriptions()
                .retrieve("sub_123")
                .expand(vec!["latest_invoice.payment_intent".to_string()]);
            outcome(call.send_with_response().await)
        }
        "listPrices" => {
            let call = client
                .prices()
                .list()
                .recurring(models::GetPricesRecurring {
                    interval: Some(models::GetPricesRecurringInterval::Month),
                    usage_type: Some(models::GetPricesRecurringUsageType::Licensed),
                })
                .lookup_keys(vec!["gold".to_string(), "silver".to_string()])
                .active(true)
                .r#type(models::GetPricesType::Recurring);
            outcome(call.send_with_response().await)
        }
        "listProducts" => {
            let call = client
                .products()
                .list()
                .ids(vec!["prod_1".to_string(), "prod_2".to_string()])
                .shippable(false)
                .active(true);
            outcome(call.send_with_response().await)
        }
        "listEvents" => {
            let call = client
                .events()
                .list()
                .types(vec![
                    "charge.succeeded".to_string(),
                    "customer.created".to_string(),
                ])
                .delivery_success(true)
                .created(models::GetEventsCreated::GetEventsCreatedRangeQuerySpecs(
                    models::GetEventsCreatedRangeQuerySpecs {
                        gt: Some(1_700_000_000),
                        ..Default::default()
                    },
                ));
            outcome(call.send_with_response().await)
        }
        "listCheckoutSessions" => {
            let call = client
                .checkout_sessions()
                .list()
                .customer_details(models::GetCheckoutSessionsCustomerDetails {
                    email: "jenny@example.com".to_string(),
                })
                .limit(1);
            outcome(call.send_with_response().await)
        }
        "listCheckoutSessionLineItems" => {
            let call = client
                .checkout_sessions()
                .list_line_items("cs_test_123")
                .limit(5);
            outcome(call.send_with_response().await)
        }
        "listPayouts" => {
            let call = client
                .payouts()
                .list()
                .arrival_date(
                    models::GetPayoutsArrivalDate::GetPayoutsArrivalDateRangeQuerySpecs(
                        models::GetPayoutsArrivalDateRangeQuerySpecs {
                            gte: Some(1_700_000_000),
                            lte: Some(1_800_000_000),
                            ..Default::default()
                        },
                    ),
                )
                .created(models::GetPayoutsCreated::Integer(1_700_000_000))
                .status("paid");
            outcome(call.send_with_response().await)
        }
        "getPaymentIntent" => {
            let call = client
                .payment_intents()
                .retrieve("pi_123")
                .client_secret("pi_123_secret_abc")
                .expand(vec!["customer".to_string()]);
            outcome(call.send_with_response().await)
        }
        "listBalanceTransactions" => {
            let call = client
                .balance_transactions()
                .list()
                .r#type("charge")
                .currency("usd")
                .payout("po_123");
            outcome(call.send_with_response().await)
        }
        "listFiles" => {
            let call = client
                .files()
                .list()
                .purpose(models::GetFilesPurpose::DisputeEvidence)
                .limit(3);
            outcome(call.send_with_response().await)
        }
        "getFile" => outcome(
            client
                .files()
                .retrieve("file_123")
                .send_with_response()
                .await,
        ),
        "listPaymentMethods" => {
            let call = client
                .payment_methods()
                .list()
                .customer("cus_123")
                .r#type(models::GetPaymentMethodsType::Card);
            outcome(call.send_with_response().await)
        }
        "listCustomerPaymentMethods" => {
            let call = client
                .customers()
                .list_payment_methods("cus_123")
                .r#type(models::GetCustomersCustomerPaymentMethodsType::SepaDebit);
            outcome(call.send_with_response().await)
        }
        "listTaxRates" => outcome(
            client
                .tax_rates()
                .list()
                .inclusive(false)
                .active(true)
                .send_with_response()
                .await,
        ),
        "listPaymentLinks" => outcome(
            client
                .payment_links()
                .list()
                .active(false)
                .send_with_response()
                .await,
        ),
        "listRefunds" => {
            let call = client.refunds().list().charge("ch_123").created(
                models::GetRefundsCreated::GetRefundsCreatedRangeQuerySpecs(
                    models::GetRefundsCreatedRangeQuerySpecs {
                        gt: Some(1_600_000_000),
                        gte: Some(1_600_000_001),
                        lt: Some(1_900_000_000),
                        lte: Some(1_899_999_999),
                    },
                ),
            );
            outcome(call.send_with_response().await)
        }
        "getCountrySpec" => outcome(
            client
                .country_specs()
                .retrieve("US")
                .send_with_response()
                .await,
        ),
        "createCustomer" => {
            let body = models::PostCustomersRequest {
                email: Some("jenny@example.com".to_string()),
                name: Some("Jenny Rosen".to_string()),
                description: Some("Customer for order 8812".to_string()),
                preferred_locales: Some(vec!["en".to_string(), "fr".to_string()]),
                metadata: Some(models::PostCustomersRequestMetadata::StringMap(
                    HashMap::from([("order_id".to_string(), "8812".to_string())]),
                )),
                ..Default::default()
            };
            outcome(
                client
                    .customers()
                    .create()
                    .body(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createCustomerFull" => {
            let body = models::PostCustomersRequest {
                name: Some("Jenny Rosen".to_string()),
                address: Some(models::PostCustomersRequestAddress::PostCustomersRequestAddressOptionalFieldsAddress(
                    models::PostCustomersRequestAddressOptionalFieldsAddress {
                        line1: Some("510 Townsend St".to_string()),
                        city: Some("San Francisco".to_string()),
                        state: Some("CA".to_string()),
                        postal_code: Some("94103".to_string()),
                        country: Some("US".to_string()),
                        ..Default::default()
                    },
                )),
                shipping: Some(models::PostCustomersRequestShipping::PostCustomersRequestShippingCustomerShipping(
                    models::PostCustomersRequestShippingCustomerShipping {
                        name: "Jenny Rosen".to_string(),
                        phone: Some("+1 555 0100".to_string()),
                        address: models::PostCustomersRequestShippingCustomerShippingAddress {
                            line1: Some("1 Main St".to_string()),
                            line2: Some("Apt 2".to_string()),
                            city: Some("Springfield".to_string()),
                            country: Some("US".to_string()),
                            ..Default::default()
                        },
                    },
                )),
                invoice_settings: Some(models::PostCustomersRequestInvoiceSettings {
                    custom_fields: Some(models::PostCustomersRequestInvoiceSettingsCustomFields::PostCustomersRequestInvoiceSettingsCustomFieldsVariant1ItemList(
                        vec![
                            models::PostCustomersRequestInvoiceSettingsCustomFieldsVariant1Item {
                                name: "PO".to_string(),
                                value: "8812".to_string(),
                            },
                            models::PostCustomersRequestInvoiceSettingsCustomFieldsVariant1Item {
                                name: "Dept".to_string(),
                                value: "R&D".to_string(),
                            },
                        ],
                    )),
                    footer: Some("Thanks!".to_string()),
                    ..Default::default()
                }),
                tax_id_data: Some(vec![
                    models::PostCustomersRequestTaxIdDataItem {
                        r#type: models::PostCustomersRequestTaxIdDataItemType::EuVat,
                        value: "DE123456789".to_string(),
                    },
                ]),
                tax: Some(models::PostCustomersRequestTax {
                    ip_address: Some(models::PostCustomersRequestTaxIpAddress::String("203.0.113.7".to_string())),
                }),
                tax_exempt: Some(models::PostCustomersRequestTaxExempt::None),
                balance: Some(-500),
                ..Default::default()
            };
            outcome(
                client
                    .customers()
                    .create()
                    .body(&body)
                    .send_with_response()
                    .await,
            )
        }
        "updateCustomerUnsetMetadata" => {
            let body = models::PostCustomersCustomerRequest {
                metadata: Some(models::PostCustomersCustomerRequestMetadata::PostCustomersCustomerRequestMetadataVariant2(
                    models::PostCustomersCustomerRequestMetadataVariant2::Value,
                )),
                description: Some("VIP".to_string()),
                ..Default::default()
            };
            outcome(
                client
                    .customers()
                    .update("cus_123")
                    .body(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createPaymentIntent" => {
            let body = models::PostPaymentIntentsRequest {
                amount: 2000,
                currency: "usd".to_string(),
                payment_method_types: Some(vec!["card".to_string()]),
                metadata: Some(HashMap::from([(
                    "order_id".to_string(),
                    "8812".to_string(),
                )])),
                ..Default::default()
            };
            outcome(
                client
                    .payment_intents()
                    .create(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createPaymentIntentFull" => {
            let body = models::PostPaymentIntentsRequest {
                amount: 1099,
                currency: "eur".to_string(),
                capture_method: Some(models::PostPaymentIntentsRequestCaptureMethod::Manual),
                confirm: Some(false),
                automatic_payment_methods: Some(models::PostPaymentIntentsRequestAutomaticPaymentMethods {
                    enabled: true,
                    allow_redirects: Some(
                        models::PostPaymentIntentsRequestAutomaticPaymentMethodsAllowRedirects::Never,
                    ),
                }),
                payment_method_data: Some(models::PostPaymentIntentsRequestPaymentMethodData {
                    r#type: models::PostPaymentIntentsRequestPaymentMethodDataType::SepaDebit,
                    sepa_debit: Some(models::PostPaymentIntentsRequestPaymentMethodDataSepaDebit {
                        iban: "DE89370400440532013000".to_string(),
                    }),
                    billing_details: Some(models::PostPaymentIntentsRequestPaymentMethodDataBillingDetails {
                        name: Some(models::PostPaymentIntentsRequestPaymentMethodDataBillingDetailsName::String(
                            "Jenny Rosen".to_string(),
                        )),
                        email: Some(models::PostPaymentIntentsRequestPaymentMethodDataBillingDetailsEmail::String(
                            "jenny@example.com".to_string(),
                        )),
                        address: Some(models::PostPaymentIntentsRequestPaymentMethodDataBillingDetailsAddress::PostPaymentIntentsRequestPaymentMethodDataBillingDetailsAddressBillingDetailsAddress(
                            models::PostPaymentIntentsRequestPaymentMethodDataBillingDetailsAddressBillingDetailsAddress {
                                line1: Some("Unter den Linden 1".to_string()),
                                city: Some("Berlin".to_string()),
                                postal_code: Some("10117".to_string()),
                                country: Some("DE".to_string()),
                                ..Default::default()
                            },
                        )),
                        ..Default::default()
                    }),
                    ..Default::default()
                }),
                payment_method_options: Some(models::PostPaymentIntentsRequestPaymentMethodOptions {
                    card: Some(models::PostPaymentIntentsRequestPaymentMethodOptionsCard::PostPaymentIntentsRequestPaymentMethodOptionsCardPaymentIntentParam(
                        models::PostPaymentIntentsRequestPaymentMethodOptionsCardPaymentIntentParam {
                            request_three_d_secure: Some(
                                models::PostPaymentIntentsRequestPaymentMethodOptionsCardPaymentIntentParamRequestThreeDSecure::Any,
                            ),
                            ..Default::default()
                        },
                    )),
                    ..Default::default()
                }),
                shipping: Some(models::PostPaymentIntentsRequestShipping {
                    name: "Jenny Rosen".to_string(),
                    address: models::PostPaymentIntentsRequestShippingAddress {
                        line1: Some("1 Main St".to_string()),
                        city: Some("Springfield".to_string()),
                        country: Some("US".to_string()),
                        ..Default::default()
                    },
                    carrier: Some("UPS".to_string()),
                    ..Default::default()
                }),
                ..Default::default()
            };
            outcome(
                client
                    .payment_intents()
                    .create(&body)
                    .send_with_response()
                    .await,
            )
        }
        "confirmPaymentIntent" => {
            let body = models::PostPaymentIntentsIntentConfirmRequest {
                payment_method: Some("pm_card_visa".to_string()),
                return_url: Some("https://example.com/return?order=8812".to_string()),
                off_session: Some(
                    models::PostPaymentIntentsIntentConfirmRequestOffSession::Boolean(true),
                ),
                ..Default::default()
            };
            let call = client.payment_intents().confirm("pi_123").body(&body);
            outcome(call.send_with_response().await)
        }
        "capturePaymentIntent" => {
            let body = models::PostPaymentIntentsIntentCaptureRequest {
                amount_to_capture: Some(750),
                metadata: Some(
                    models::PostPaymentIntentsIntentCaptureRequestMetadata::StringMap(
                        HashMap::from([("captured_by".to_string(), "ops".to_string())]),
                    ),
                ),
                ..Default::default()
            };
            let call = client.payment_intents().capture("pi_123").body(&body);
            outcome(call.send_with_response().await)
        }
        "cancelPaymentIntent" => {
            let body = models::PostPaymentIntentsIntentCancelRequest {
                cancellation_reason: Some(
                    models::PostPaymentIntentsIntentCancelRequestCancellationReason::RequestedByCustomer,
                ),
                ..Default::default()
            };
            let call = client.payment_intents().cancel("pi_123").body(&body);
            outcome(call.send_with_response().await)
        }
        "updatePaymentIntentUnsetShipping" => {
            let body = models::PostPaymentIntentsIntentRequest {
                shipping: Some(models::PostPaymentIntentsIntentRequestShipping::PostPaymentIntentsIntentRequestShippingVariant2(
                    models::PostPaymentIntentsIntentRequestShippingVariant2::Value,
                )),
                description: Some("updated".to_string()),
                ..Default::default()
            };
            outcome(
                client
                    .payment_intents()
                    .update("pi_123")
                    .body(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createSubscription" => {
            let body = models::PostSubscriptionsRequest {
                customer: "cus_123".to_string(),
                items: Some(vec![
                    models::PostSubscriptionsRequestItemsItem {
                        price: Some("price_gold".to_string()),
                        ..Default::default()
                    },
                    models::PostSubscriptionsRequestItemsItem {
                        price_data: Some(models::PostSubscriptionsRequestItemsItemPriceData {
                            currency: "usd".to_string(),
                            product: "prod_123".to_string(),
                            recurring: models::PostSubscriptionsRequestItemsItemPriceDataRecurring {
                                interval: models::PostSubscriptionsRequestItemsItemPriceDataRecurringInterval::Month,
                                interval_count: Some(1),
                            },
                            unit_amount: Some(1200),
                            ..Default::default()
                        }),
                        quantity: Some(2),
                        ..Default::default()
                    },
                ]),
                add_invoice_items: Some(vec![
                    models::PostSubscriptionsRequestAddInvoiceItemsItem {
                        price: Some("price_setup".to_string()),
                        quantity: Some(1),
                        ..Default::default()
                    },
                ]),
                default_tax_rates: Some(models::PostSubscriptionsRequestDefaultTaxRates::StringList(
                    vec!["txr_1".to_string()],
                )),
                trial_end: Some(models::PostSubscriptionsRequestTrialEnd::PostSubscriptionsRequestTrialEndVariant1(
                    models::PostSubscriptionsRequestTrialEndVariant1::Now,
                )),
                automatic_tax: Some(models::PostSubscriptionsRequestAutomaticTax { enabled: true }),
                payment_settings: Some(models::PostSubscriptionsRequestPaymentSettings {
                    payment_method_types: Some(models::PostSubscriptionsRequestPaymentSettingsPaymentMethodTypes::PostSubscriptionsRequestPaymentSettingsPaymentMethodTypesVariant1ItemList(
                        vec![
                            models::PostSubscriptionsRequestPaymentSettingsPaymentMethodTypesVariant1Item::Card,
                            models::PostSubscriptionsRequestPaymentSettingsPaymentMethodTypesVariant1Item::SepaDebit,
                        ],
                    )),
                    ..Default::default()
                }),
                metadata: Some(models::PostSubscriptionsRequestMetadata::StringMap(
                    HashMap::from([("plan".to_string(), "gold".to_string())]),
                )),
                ..Default::default()
            };
            outcome(
                client
                    .subscriptions()
                    .create(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createSubscriptionTrialEnd" => {
            let body = models::PostSubscriptionsRequest {
                customer: "cus_123".to_string(),
                items: Some(vec![
                    models::PostSubscriptionsRequestItemsItem {
                        price: Some("price_gold".to_string()),
                        quantity: Some(3),
                        metadata: Some(HashMap::from([("seat".to_string(), "base".to_string())])),
                        ..Default::default()
                    },
                ]),
                trial_end: Some(models::PostSubscriptionsRequestTrialEnd::Integer(1_800_000_000)),
                pending_invoice_item_interval: Some(models::PostSubscriptionsRequestPendingInvoiceItemInterval::PostSubscriptionsRequestPendingInvoiceItemIntervalPendingInvoiceItemIntervalParams(
                    models::PostSubscriptionsRequestPendingInvoiceItemIntervalPendingInvoiceItemIntervalParams {
                        interval: models::PostSubscriptionsRequestPendingInvoiceItemIntervalPendingInvoiceItemIntervalParamsInterval::Month,
                        interval_count: Some(2),
                    },
                )),
                default_tax_rates: Some(models::PostSubscriptionsRequestDefaultTaxRates::PostSubscriptionsRequestDefaultTaxRatesVariant2(
                    models::PostSubscriptionsRequestDefaultTaxRatesVariant2::Value,
                )),
                cancel_at_period_end: Some(true),
                ..Default::default()
            };
            outcome(
                client
                    .subscriptions()
                    .create(&body)
                    .send_with_response()
                    .await,
            )
        }
        "updateSubscription" => {
            let body = models::PostSubscriptionsSubscriptionExposedIdRequest {
                items: Some(vec![
                    models::PostSubscriptionsSubscriptionExposedIdRequestItemsItem {
                        id: Some("si_123".to_string()),
                        deleted: Some(true),
                        ..Default::default()
                    },
                    models::PostSubscriptionsSubscriptionExposedIdRequestItemsItem {
                        price: Some("price_silver".to_string()),
                        quantity: Some(2),
                        ..Default::default()
                    },
                ]),
                proration_behavior: Some(models::PostSubscriptionsSubscriptionExposedIdRequestProrationBehavior::None),
                pause_collection: Some(models::PostSubscriptionsSubscriptionExposedIdRequestPauseCollection::PostSubscriptionsSubscriptionExposedIdRequestPauseCollectionPauseCollectionParam(
                    models::PostSubscriptionsSubscriptionExposedIdRequestPauseCollectionPauseCollectionParam {
                        behavior: models::PostSubscriptionsSubscriptionExposedIdRequestPauseCollectionPauseCollectionParamBehavior::Void,
                        ..Default::default()
                    },
                )),
                cancel_at_period_end: Some(false),
                ..Default::default()
            };
            let call = client.subscriptions().update("sub_123").body(&body);
            outcome(call.send_with_response().await)
        }
        "createSubscriptionSchedule" => {
            let body = models::PostSubscriptionSchedulesRequest {
                customer: Some("cus_123".to_string()),
                start_date: Some(models::PostSubscriptionSchedulesRequestStartDate::PostSubscriptionSchedulesRequestStartDateVariant2(
                    models::PostSubscriptionSchedulesRequestStartDateVariant2::Now,
                )),
                end_behavior: Some(models::PostSubscriptionSchedulesRequestEndBehavior::Release),
                phases: Some(vec![
                    models::PostSubscriptionSchedulesRequestPhasesItem {
                        items: vec![
                            models::PostSubscriptionSchedulesRequestPhasesItemItemsItem {
                                price: Some("price_gold".to_string()),
                                quantity: Some(1),
                                ..Default::default()
                            },
                            models::PostSubscriptionSchedulesRequestPhasesItemItemsItem {
                                price: Some("price_addon".to_string()),
                                quantity: Some(2),
                                ..Default::default()
                            },
                        ],
                        iterations: Some(12),
                        ..Default::default()
                    },
                    models::PostSubscriptionSchedulesRequestPhasesItem {
                        items: vec![
                            models::PostSubscriptionSchedulesRequestPhasesItemItemsItem {
                                price: Some("price_silver".to_string()),
                                ..Default::default()
                            },
                        ],
                        ..Default::default()
                    },
                ]),
                ..Default::default()
            };
            outcome(
                client
                    .subscription_schedules()
                    .create()
                    .body(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createInvoice" => {
            let body = models::PostInvoicesRequest {
                customer: Some("cus_123".to_string()),
                auto_advance: Some(false),
                collection_method: Some(models::PostInvoicesRequestCollectionMethod::SendInvoice),
                days_until_due: Some(30),
                custom_fields: Some(models::PostInvoicesRequestCustomFields::PostInvoicesRequestCustomFieldsVariant1ItemList(
                    vec![
                        models::PostInvoicesRequestCustomFieldsVariant1Item {
                            name: "PO".to_string(),
                            value: "8812".to_string(),
                        },
                    ],
                )),
                metadata: Some(models::PostInvoicesRequestMetadata::StringMap(
                    HashMap::from([("order_id".to_string(), "8812".to_string())]),
                )),
                footer: Some("Payable within 30 days".to_string()),
                ..Default::default()
            };
            outcome(
                client
                    .invoices()
                    .create()
                    .body(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createInvoiceItem" => {
            let body = models::PostInvoiceitemsRequest {
                customer: "cus_123".to_string(),
                amount: Some(2500),
                currency: Some("usd".to_string()),
                description: Some("Consulting".to_string()),
                period: Some(models::PostInvoiceitemsRequestPeriod { start: 1_700_000_000, end: 1_702_592_000 }),
                discounts: Some(models::PostInvoiceitemsRequestDiscounts::PostInvoiceitemsRequestDiscountsVariant1ItemList(
                    vec![
                        models::PostInvoiceitemsRequestDiscountsVariant1Item {
                            coupon: Some("SUMMER".to_string()),
                            ..Default::default()
                        },
                    ],
                )),
                ..Default::default()
            };
            outcome(
                client
                    .invoiceitems()
                    .create(&body)
                    .send_with_response()
                    .await,
            )
        }
        "finalizeInvoice" => {
            let body = models::PostInvoicesInvoiceFinalizeRequest {
                auto_advance: Some(true),
                ..Default::default()
            };
            let call = client.invoices().finalize("in_123").body(&body);
            outcome(call.send_with_response().await)
        }
        "payInvoice" => {
            let body = models::PostInvoicesInvoicePayRequest {
                off_session: Some(true),
                payment_method: Some("pm_card_visa".to_string()),
                ..Default::default()
            };
            outcome(
                client
                    .invoices()
                    .pay("in_123")
                    .body(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createCheckoutSession" => {
            let body = models::PostCheckoutSessionsRequest {
                mode: Some(models::PostCheckoutSessionsRequestMode::Payment),
                success_url: "https://example.com/success?session_id={CHECKOUT_SESSION_ID}".to_string(),
                cancel_url: Some("https://example.com/cancel".to_string()),
                line_items: Some(vec![
                    models::PostCheckoutSessionsRequestLineItemsItem {
                        price_data: Some(models::PostCheckoutSessionsRequestLineItemsItemPriceData {
                            currency: "usd".to_string(),
                            product_data: Some(models::PostCheckoutSessionsRequestLineItemsItemPriceDataProductData {
                                name: "T-shirt".to_string(),
                                metadata: Some(HashMap::from([("size".to_string(), "M".to_string())])),
                                ..Default::default()
                            }),
                            unit_amount: Some(2000),
                            ..Default::default()
                        }),
                        quantity: Some(2),
                        ..Default::default()
                    },
                ]),
                payment_method_types: Some(vec![models::PostCheckoutSessionsRequestPaymentMethodTypesItem::Card]),
                shipping_address_collection: Some(models::PostCheckoutSessionsRequestShippingAddressCollection {
                    allowed_countries: vec![
                        models::PostCheckoutSessionsRequestShippingAddressCollectionAllowedCountriesItem::Us,
                        models::PostCheckoutSessionsRequestShippingAddressCollectionAllowedCountriesItem::Ca,
                    ],
                }),
                metadata: Some(HashMap::from([("order_id".to_string(), "8812".to_string())])),
                customer_email: Some("jenny@example.com".to_string()),
                ..Default::default()
            };
            outcome(
                client
                    .checkout_sessions()
                    .create(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createCheckoutSessionSubscription" => {
            let body = models::PostCheckoutSessionsRequest {
                mode: Some(models::PostCheckoutSessionsRequestMode::Subscription),
                success_url: "https://example.com/success".to_string(),
                customer: Some("cus_123".to_string()),
                line_items: Some(vec![models::PostCheckoutSessionsRequestLineItemsItem {
                    price: Some("price_gold".to_string()),
                    quantity: Some(1),
                    ..Default::default()
                }]),
                subscription_data: Some(models::PostCheckoutSessionsRequestSubscriptionData {
                    trial_period_days: Some(14),
                    metadata: Some(HashMap::from([(
                        "campaign".to_string(),
                        "spring".to_string(),
                    )])),
                    ..Default::default()
                }),
                discounts: Some(vec![models::PostCheckoutSessionsRequestDiscountsItem {
                    coupon: Some("SPRING".to_string()),
                    ..Default::default()
                }]),
                ..Default::default()
            };
            outcome(
                client
                    .checkout_sessions()
                    .create(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createPaymentLink" => {
            let body = models::PostPaymentLinksRequest {
                line_items: vec![models::PostPaymentLinksRequestLineItemsItem {
                    price: "price_gold".to_string(),
                    quantity: 1,
                    adjustable_quantity: Some(
                        models::PostPaymentLinksRequestLineItemsItemAdjustableQuantity {
                            enabled: true,
                            minimum: Some(1),
                            maximum: Some(10),
                        },
                    ),
                }],
                after_completion: Some(models::PostPaymentLinksRequestAfterCompletion {
                    r#type: models::PostPaymentLinksRequestAfterCompletionType::Redirect,
                    redirect: Some(models::PostPaymentLinksRequestAfterCompletionRedirect {
                        url: "https://example.com/thanks".to_string(),
                    }),
                    ..Default::default()
                }),
                metadata: Some(HashMap::from([(
                    "campaign".to_string(),
                    "spring".to_string(),
                )])),
                ..Default::default()
            };
            outcome(
                client
                    .payment_links()
                    .create(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createPriceTiered" => {
            let body = models::PostPricesRequest {
                currency: "usd".to_string(),
                product: Some("prod_123".to_string()),
                recurring: Some(models::PostPricesRequestRecurring {
                    interval: models::PostPricesRequestRecurringInterval::Month,
                    usage_type: Some(models::PostPricesRequestRecurringUsageType::Metered),
                    ..Default::default()
                }),
                billing_scheme: Some(models::PostPricesRequestBillingScheme::Tiered),
                tiers_mode: Some(models::PostPricesRequestTiersMode::Graduated),
                tiers: Some(vec![
                    models::PostPricesRequestTiersItem {
                        up_to: models::PostPricesRequestTiersItemUpTo::Integer(10),
                        unit_amount: Some(500),
                        flat_amount: None,
                        flat_amount_decimal: None,
                        unit_amount_decimal: None,
                    },
                    models::PostPricesRequestTiersItem {
                        up_to: models::PostPricesRequestTiersItemUpTo::PostPricesRequestTiersItemUpToVariant1(
                            models::PostPricesRequestTiersItemUpToVariant1::Inf,
                        ),
                        unit_amount: Some(400),
                        flat_amount: Some(100),
                        flat_amount_decimal: None,
                        unit_amount_decimal: None,
                    },
                ]),
                lookup_key: Some("metered_gold".to_string()),
                nickname: Some("Metered gold".to_string()),
                ..Default::default()
            };
            outcome(client.prices().create(&body).send_with_response().await)
        }
        "createPriceProductData" => {
            let body = models::PostPricesRequest {
                currency: "usd".to_string(),
                unit_amount_decimal: Some("12.5".to_string()),
                product_data: Some(models::PostPricesRequestProductData {
                    name: "Gold plan".to_string(),
                    metadata: Some(HashMap::from([("tier".to_string(), "gold".to_string())])),
                    ..Default::default()
                }),
                tax_behavior: Some(models::PostPricesRequestTaxBehavior::Exclusive),
                currency_options: Some(HashMap::from([(
                    "eur".to_string(),
                    models::PostPricesRequestCurrencyOptionsValue {
                        unit_amount: Some(1100),
                        ..Default::default()
                    },
                )])),
                ..Default::default()
            };
            outcome(client.prices().create(&body).send_with_response().await)
        }
        "createProduct" => {
            let body = models::PostProductsRequest {
                name: "Widget".to_string(),
                images: Some(vec![
                    "https://example.com/a.png".to_string(),
                    "https://example.com/b.png".to_string(),
                ]),
                package_dimensions: Some(models::PostProductsRequestPackageDimensions {
                    height: 1.5,
                    length: 10.0,
                    weight: 0.25,
                    width: 4.75,
                }),
                shippable: Some(true),
                default_price_data: Some(models::PostProductsRequestDefaultPriceData {
                    currency: "usd".to_string(),
                    unit_amount: Some(999),
                    recurring: Some(models::PostProductsRequestDefaultPriceDataRecurring {
                        interval:
                            models::PostProductsRequestDefaultPriceDataRecurringInterval::Year,
                        ..Default::default()
                    }),
                    ..Default::default()
                }),
                metadata: Some(HashMap::from([("sku".to_string(), "W-1".to_string())])),
                ..Default::default()
            };
            outcome(client.products().create(&body).send_with_response().await)
        }
        "createCoupon" => {
            let body = models::PostCouponsRequest {
                percent_off: Some(12.5),
                duration: Some(models::PostCouponsRequestDuration::Repeating),
                duration_in_months: Some(3),
                applies_to: Some(models::PostCouponsRequestAppliesTo {
                    products: Some(vec!["prod_1".to_string(), "prod_2".to_string()]),
                }),
                name: Some("12.5% off".to_string()),
                metadata: Some(models::PostCouponsRequestMetadata::StringMap(
                    HashMap::from([("campaign".to_string(), "spring".to_string())]),
                )),
                ..Default::default()
            };
            outcome(
                client
                    .coupons()
                    .create()
                    .body(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createRefund" => {
            let body = models::PostRefundsRequest {
                payment_intent: Some("pi_123".to_string()),
                amount: Some(500),
                reason: Some(models::PostRefundsRequestReason::RequestedByCustomer),
                metadata: Some(models::PostRefundsRequestMetadata::StringMap(
                    HashMap::from([("ticket".to_string(), "T-1".to_string())]),
                )),
                ..Default::default()
            };
            outcome(
                client
                    .refunds()
                    .create()
                    .body(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createSetupIntent" => {
            let body = models::PostSetupIntentsRequest {
                customer: Some("cus_123".to_string()),
                payment_method_types: Some(vec!["card".to_string(), "sepa_debit".to_string()]),
                usage: Some(models::PostSetupIntentsRequestUsage::OffSession),
                payment_method_options: Some(models::PostSetupIntentsRequestPaymentMethodOptions {
                    card: Some(models::PostSetupIntentsRequestPaymentMethodOptionsCard {
                        request_three_d_secure: Some(
                            models::PostSetupIntentsRequestPaymentMethodOptionsCardRequestThreeDSecure::Any,
                        ),
                        ..Default::default()
                    }),
                    ..Default::default()
                }),
                metadata: Some(HashMap::from([("flow".to_string(), "onboarding".to_string())])),
                ..Default::default()
            };
            outcome(
                client
                    .setup_intents()
                    .create()
                    .body(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createTransfer" => {
            let body = models::PostTransfersRequest {
                amount: Some(1000),
                currency: "usd".to_string(),
                destination: "acct_123".to_string(),
                transfer_group: Some("ORDER_8812".to_string()),
                ..Default::default()
            };
            outcome(client.transfers().create(&body).send_with_response().await)
        }
        "createWebhookEndpoint" => {
            let body = models::PostWebhookEndpointsRequest {
                url: "https://example.com/hooks".to_string(),
                enabled_events: vec![
                    models::PostWebhookEndpointsRequestEnabledEventsItem::ChargeSucceeded,
                    models::PostWebhookEndpointsRequestEnabledEventsItem::CustomerCreated,
                ],
                description: Some(models::PostWebhookEndpointsRequestDescription::String(
                    "Main endpoint".to_string(),
                )),
                ..Default::default()
            };
            outcome(
                client
                    .webhook_endpoints()
                    .create(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createTaxRate" => {
            let body = models::PostTaxRatesRequest {
                display_name: "Sales tax".to_string(),
                percentage: 8.25,
                inclusive: false,
                jurisdiction: Some("US - CA".to_string()),
                country: Some("US".to_string()),
                state: Some("CA".to_string()),
                ..Default::default()
            };
            outcome(client.tax_rates().create(&body).send_with_response().await)
        }
        "createQuote" => {
            let body = models::PostQuotesRequest {
                customer: Some("cus_123".to_string()),
                line_items: Some(vec![models::PostQuotesRequestLineItemsItem {
                    price: Some("price_gold".to_string()),
                    quantity: Some(2),
                    ..Default::default()
                }]),
                collection_method: Some(
                    models::PostQuotesRequestCollectionMethod::ChargeAutomatically,
                ),
                ..Default::default()
            };
            outcome(
                client
                    .quotes()
                    .create()
                    .body(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createPaymentMethod" => {
            let body = models::PostPaymentMethodsRequest {
                r#type: Some(models::PostPaymentMethodsRequestType::Card),
                card: Some(models::PostPaymentMethodsRequestCard::PostPaymentMethodsRequestCardCardDetailsParams(
                    models::PostPaymentMethodsRequestCardCardDetailsParams {
                        number: "4242424242424242".to_string(),
                        exp_month: 12,
                        exp_year: 2034,
                        cvc: Some("314".to_string()),
                    },
                )),
                billing_details: Some(models::PostPaymentMethodsRequestBillingDetails {
                    name: Some(models::PostPaymentMethodsRequestBillingDetailsName::String(
                        "Jenny Rosen".to_string(),
                    )),
                    address: Some(models::PostPaymentMethodsRequestBillingDetailsAddress::PostPaymentMethodsRequestBillingDetailsAddressBillingDetailsAddress(
                        models::PostPaymentMethodsRequestBillingDetailsAddressBillingDetailsAddress {
                            postal_code: Some("94103".to_string()),
                            country: Some("US".to_string()),
                            ..Default::default()
                        },
                    )),
                    ..Default::default()
                }),
                ..Default::default()
            };
            outcome(
                client
                    .payment_methods()
                    .create()
                    .body(&body)
                    .send_with_response()
                    .await,
            )
        }
        "attachPaymentMethod" => {
            let body = models::PostPaymentMethodsPaymentMethodAttachRequest {
                customer: "cus_123".to_string(),
                ..Default::default()
            };
            let call = client.payment_methods().attach("pm_123", &body);
            outcome(call.send_with_response().await)
        }
        "createAccount" => {
            let body = models::PostAccountsRequest {
                r#type: Some(models::PostAccountsRequestType::Custom),
                country: Some("US".to_string()),
                email: Some("owner@example.com".to_string()),
                business_type: Some(models::PostAccountsRequestBusinessType::Individual),
                capabilities: Some(models::PostAccountsRequestCapabilities {
                    card_payments: Some(models::PostAccountsRequestCapabilitiesCardPayments { requested: Some(true) }),
                    transfers: Some(models::PostAccountsRequestCapabilitiesTransfers { requested: Some(true) }),
                    ..Default::default()
                }),
                individual: Some(models::PostAccountsRequestIndividual {
                    first_name: Some("Jenny".to_string()),
                    last_name: Some("Rosen".to_string()),
                    dob: Some(models::PostAccountsRequestIndividualDob::PostAccountsRequestIndividualDobDateOfBirthSpecs(
                        models::PostAccountsRequestIndividualDobDateOfBirthSpecs {
                            day: 1,
                            month: 2,
                            year: 1990,
                        },
                    )),
                    ..Default::default()
                }),
                tos_acceptance: Some(models::PostAccountsRequestTosAcceptance {
                    date: Some(1_700_000_000),
                    ip: Some("203.0.113.7".to_string()),
                    ..Default::default()
                }),
                ..Default::default()
            };
            outcome(
                client
                    .accounts()
                    .create()
                    .body(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createCustomerTaxId" => {
            let body = models::PostCustomersCustomerTaxIdsRequest {
                r#type: models::PostCustomersCustomerTaxIdsRequestType::EuVat,
                value: "DE123456789".to_string(),
                ..Default::default()
            };
            outcome(
                client
                    .customers()
                    .create_tax_id("cus_123", &body)
                    .send_with_response()
                    .await,
            )
        }
        "uploadFile" => {
            let body = models::PostFilesRequest {
                file: b"receipt for order 8812\n".to_vec().into(),
                purpose: models::PostFilesRequestPurpose::DisputeEvidence,
                ..Default::default()
            };
            outcome(client.files().create(&body).send_with_response().await)
        }
        "uploadFileWithLink" => {
            let body = models::PostFilesRequest {
                file: b"PNG logo bytes".to_vec().into(),
                purpose: models::PostFilesRequestPurpose::BusinessLogo,
                file_link_data: Some(models::PostFilesRequestFileLinkData {
                    create: true,
                    metadata: Some(models::PostFilesRequestFileLinkDataMetadata::StringMap(
                        HashMap::from([("use".to_string(), "site".to_string())]),
                    )),
                    ..Default::default()
                }),
                expand: Some(vec!["links".to_string()]),
            };
            outcome(client.files().create(&body).send_with_response().await)
        }
        "deleteCustomer" => outcome(
            client
                .customers()
                .delete("cus_123")
                .send_with_response()
                .await,
        ),
        "deleteCoupon" => outcome(client.coupons().delete("SUMMER").send_with_response().await),
        "deleteProduct" => outcome(
            client
                .products()
                .delete("prod_123")
                .send_with_response()
                .await,
        ),
        "cancelSubscription" => {
            let body = models::DeleteSubscriptionsSubscriptionExposedIdRequest {
                invoice_now: Some(true),
                prorate: Some(false),
                cancellation_details: Some(models::DeleteSubscriptionsSubscriptionExposedIdRequestCancellationDetails {
                    comment: Some(models::DeleteSubscriptionsSubscriptionExposedIdRequestCancellationDetailsComment::String(
                        "Too expensive for us".to_string(),
                    )),
                    feedback: Some(
                        models::DeleteSubscriptionsSubscriptionExposedIdRequestCancellationDetailsFeedback::TooExpensive,
                    ),
                }),
                ..Default::default()
            };
            let call = client.subscriptions().delete("sub_123").body(&body);
            outcome(call.send_with_response().await)
        }
        "deleteSubscriptionItem" => {
            let body = models::DeleteSubscriptionItemsItemRequest {
                clear_usage: Some(true),
                proration_behavior: Some(
                    models::DeleteSubscriptionItemsItemRequestProrationBehavior::None,
                ),
                proration_date: Some(1_700_000_000),
            };
            let call = client.subscription_items().delete("si_123").body(&body);
            outcome(call.send_with_response().await)
        }
        "deleteCustomerSource" => {
            let body = models::DeleteCustomersCustomerSourcesIdRequest {
                expand: Some(vec!["customer".to_string()]),
            };
            let call = client
                .customers()
                .delete_source("cus_123", "card_123")
                .body(&body);
            outcome(call.send_with_response().await)
        }
        "deleteWebhookEndpoint" => {
            let call = client.webhook_endpoints().delete("we_123");
            outcome(call.send_with_response().await)
        }
        "deleteCustomerDiscount" => outcome(
            client
                .customers()
                .delete_discount("cus_123")
                .send_with_response()
                .await,
        ),
        _ => return None,
    };
    Some(value)
}

fn client(args: &Args) -> Result<Client, Error> {
    let mut builder = Client::builder().bearer_token(args.token.clone());
    if let Some(url) = &args.base_url {
        // Every operation to the validator, file uploads (served by
        // files.stripe.com in the spec) too.
        builder = builder
            .base_url(url.clone())
            .with_server_url("https://files.stripe.com/", url.clone());
    }
    builder.build()
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("wire-stripe-driver: {message}");
            return ExitCode::from(2);
        }
    };
    let table: Value = match std::fs::read_to_string(&args.calls)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()))
    {
        Ok(table) => table,
        Err(message) => {
            eprintln!("wire-stripe-driver: {}: {message}", args.calls);
            return ExitCode::from(2);
        }
    };
    let names: Vec<&str> = table["calls"]
        .as_array()
        .map(|calls| calls.iter().filter_map(|c| c["call"].as_str()).collect())
        .unwrap_or_default();
    let mut status = ExitCode::SUCCESS;
    for name in names {
        if let Some(only) = &args.only {
            if !only.iter().any(|o| o == name) {
                continue;
            }
        }
        if let Some(control) = &args.control {
            if let Err(message) = announce(control, name) {
                eprintln!("wire-stripe-driver: {message}");
                return ExitCode::from(2);
            }
        }
        let outcome = match client(&args) {
            Ok(client) => call(&client, name).await,
            Err(error) => Some(failed(&error)),
        };
        let mut line = match outcome {
            Some(value) => value,
            None => {
                status = ExitCode::FAILURE;
                json!({"result": "not_implemented"})
            }
        };
        line["call"] = json!(name);
        println!("{line}");
    }
    status
}
