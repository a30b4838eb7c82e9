// The Node driver of the wire suite's Stripe calls: every call of
// stripe.calls.json, made through the Node SDK generated from the corpus's
// stripe.yaml, one fresh client per call. The driver protocol is the
// equivalence test's (tests_generated/equivalence/README.md); this file
// repeats its argument parsing and outcome lines.
//
// Usage: node driver.mjs --sdk SDK_DIR --calls CALLS.json [--control URL]
//        [--base-url URL] [--token TOKEN] [--only NAME,NAME]
// SDK_DIR is the generated package's folder (the one with index.js).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    sdk: { type: "string" },
    calls: { type: "string" },
    control: { type: "string" },
    "base-url": { type: "string" },
    token: { type: "string", default: "eqv-token" },
    only: { type: "string" },
  },
});
if (!args.sdk || !args.calls) {
  console.error("driver.mjs: --sdk SDK_DIR and --calls CALLS.json are required");
  process.exit(2);
}

const sdk = await import(pathToFileURL(join(resolve(args.sdk), "index.js")).href);
const { Stripe: Client } = sdk;

async function announce(call) {
  const url = `${args.control.replace(/\/$/, "")}/__recorder/begin?language=node&call=${call}`;
  const answer = await fetch(url, { method: "POST" });
  const text = await answer.text();
  if (answer.status !== 200) {
    console.error(`driver.mjs: the recorder refused call ${call}: ${text}`);
    process.exit(2);
  }
}

function failed(error) {
  const kind = error instanceof sdk.SDKError ? error.kind : `unexpected:${error?.name}`;
  return {
    result: "error",
    kind,
    status: error?.status ?? null,
    code: error?.code ?? null,
    attempts: error?.attempts ?? 0,
    // "none": no attempt was made (Rust and Python: no stop reason).
    stop_reason: error?.stopReason && error.stopReason !== "none" ? error.stopReason : null,
    detail: `${error?.name}: ${error?.message}`,
  };
}

// Each call as an integrator writes it: the SDK's parameter names
// (camelCase), plain objects for its models, a File for an upload. The
// arguments are stripe.calls.json's `args`.
const calls = {
  getBalance: (c) => c.balance.retrieve(),
  getAccount: (c) => c.account.retrieve({ expand: ["settings.branding.icon", "external_accounts"] }),
  listCustomers: (c) => c.customers.list({ limit: 3, email: "jenny@example.com" }),
  listCustomersCreatedRange: (c) =>
    c.customers.list({
      created: { gte: 1700000000, lt: 1800000000 },
      expand: ["data.default_source"],
      limit: 5,
    }),
  getCustomer: (c) => c.customers.retrieve("cus_123", { expand: ["default_source"] }),
  searchCustomers: (c) =>
    c.customers.search({
      query: "email:'jenny@example.com' AND metadata['order_id']:'8812'",
      limit: 10,
    }),
  listChargesCreated: (c) => c.charges.list({ created: { gte: 1700000000 }, limit: 2 }),
  listChargesCreatedScalar: (c) => c.charges.list({ created: 1700000000, customer: "cus_123" }),
  getCharge: (c) => c.charges.retrieve("ch_123", { expand: ["customer", "balance_transaction"] }),
  listInvoicesDueDate: (c) =>
    c.invoices.list({
      dueDate: { lt: 1800000000 },
      status: "open",
      collectionMethod: "send_invoice",
    }),
  getUpcomingInvoice: (c) =>
    c.invoices.retrieveUpcoming({
      customer: "cus_123",
      automaticTax: { enabled: false },
      invoiceItems: [
        {
          amount: 1500,
          currency: "usd",
          description: "Setup fee",
          period: { start: 1700000000, end: 1702592000 },
        },
        { price: "price_123", quantity: 2 },
      ],
      subscriptionItems: [
        { price: "price_gold", quantity: 1 },
        {
          priceData: {
            currency: "usd",
            product: "prod_123",
            recurring: { interval: "month", intervalCount: 3 },
            unitAmount: 2500,
          },
        },
      ],
      subscriptionBillingCycleAnchor: "now",
    }),
  getUpcomingInvoiceDetails: (c) =>
    c.invoices.retrieveUpcoming({
      customerDetails: {
        address: {
          line1: "510 Townsend St",
          city: "San Francisco",
          postalCode: "94103",
          country: "US",
        },
        taxExempt: "none",
        taxIds: [{ type: "eu_vat", value: "DE123456789" }],
      },
      subscription: "sub_123",
      subscriptionItems: [
        { id: "si_123", deleted: true },
        { price: "price_silver", quantity: 2, metadata: { seat: "extra" } },
      ],
      subscriptionTrialEnd: 1800000000,
      subscriptionDefaultTaxRates: ["txr_1", "txr_2"],
      subscriptionProrationBehavior: "none",
      discounts: [{ coupon: "SUMMER" }],
    }),
  listSubscriptions: (c) =>
    c.subscriptions.list({
      automaticTax: { enabled: true },
      currentPeriodEnd: { lte: 1800000000 },
      status: "active",
      price: "price_123",
    }),
  getSubscription: (c) =>
    c.subscriptions.retrieve("sub_123", {
      expand: ["latest_invoice.payment_intent"],
    }),
  listPrices: (c) =>
    c.prices.list({
      recurring: { interval: "month", usageType: "licensed" },
      lookupKeys: ["gold", "silver"],
      active: true,
      type: "recurring",
    }),
  listProducts: (c) =>
    c.products.list({ ids: ["prod_1", "prod_2"], shippable: false, active: true }),
  listEvents: (c) =>
    c.events.list({
      types: ["charge.succeeded", "customer.created"],
      deliverySuccess: true,
      created: { gt: 1700000000 },
    }),
  listCheckoutSessions: (c) =>
    c.checkoutSessions.list({ customerDetails: { email: "jenny@example.com" }, limit: 1 }),
  listCheckoutSessionLineItems: (c) =>
    c.checkoutSessions.listLineItems("cs_test_123", { limit: 5 }),
  listPayouts: (c) =>
    c.payouts.list({
      arrivalDate: { gte: 1700000000, lte: 1800000000 },
      created: 1700000000,
      status: "paid",
    }),
  getPaymentIntent: (c) =>
    c.paymentIntents.retrieve("pi_123", {
      clientSecret: "pi_123_secret_abc",
      expand: ["customer"],
    }),
  listBalanceTransactions: (c) =>
    c.balanceTransactions.list({ type: "charge", currency: "usd", payout: "po_123" }),
  listFiles: (c) => c.files.list({ purpose: "dispute_evidence", limit: 3 }),
  getFile: (c) => c.files.retrieve("file_123"),
  listPaymentMethods: (c) => c.paymentMethods.list({ customer: "cus_123", type: "card" }),
  listCustomerPaymentMethods: (c) =>
    c.customers.listPaymentMethods("cus_123", { type: "sepa_debit" }),
  listTaxRates: (c) => c.taxRates.list({ inclusive: false, active: true }),
  listPaymentLinks: (c) => c.paymentLinks.list({ active: false }),
  listRefunds: (c) =>
    c.refunds.list({
      charge: "ch_123",
      created: { gt: 1600000000, gte: 1600000001, lt: 1900000000, lte: 1899999999 },
    }),
  getCountrySpec: (c) => c.countrySpecs.retrieve("US"),
  createCustomer: (c) =>
    c.customers.create({
      email: "jenny@example.com",
      name: "Jenny Rosen",
      description: "Customer for order 8812",
      preferredLocales: ["en", "fr"],
      metadata: { order_id: "8812" },
    }),
  createCustomerFull: (c) =>
    c.customers.create({
      name: "Jenny Rosen",
      address: {
        line1: "510 Townsend St",
        city: "San Francisco",
        state: "CA",
        postalCode: "94103",
        country: "US",
      },
      shipping: {
        name: "Jenny Rosen",
        phone: "+1 555 0100",
        address: { line1: "1 Main St", line2: "Apt 2", city: "Springfield", country: "US" },
      },
      invoiceSettings: {
        customFields: [
          { name: "PO", value: "8812" },
          { name: "Dept", value: "R&D" },
        ],
        footer: "Thanks!",
      },
      taxIdData: [{ type: "eu_vat", value: "DE123456789" }],
      tax: { ipAddress: "203.0.113.7" },
      taxExempt: "none",
      balance: -500,
    }),
  updateCustomerUnsetMetadata: (c) =>
    c.customers.update("cus_123", { metadata: "", description: "VIP" }),
  createPaymentIntent: (c) =>
    c.paymentIntents.create({
      amount: 2000,
      currency: "usd",
      paymentMethodTypes: ["card"],
      metadata: { order_id: "8812" },
    }),
  createPaymentIntentFull: (c) =>
    c.paymentIntents.create({
      amount: 1099,
      currency: "eur",
      captureMethod: "manual",
      confirm: false,
      automaticPaymentMethods: { enabled: true, allowRedirects: "never" },
      paymentMethodData: {
        type: "sepa_debit",
        sepaDebit: { iban: "DE89370400440532013000" },
        billingDetails: {
          name: "Jenny Rosen",
          email: "jenny@example.com",
          address: {
            line1: "Unter den Linden 1",
            city: "Berlin",
            postalCode: "10117",
            country: "DE",
          },
        },
      },
      paymentMethodOptions: { card: { requestThreeDSecure: "any" } },
      shipping: {
        name: "Jenny Rosen",
        address: { line1: "1 Main St", city: "Springfield", country: "US" },
        carrier: "UPS",
      },
    }),
  confirmPaymentIntent: (c) =>
    c.paymentIntents.confirm("pi_123", {
      paymentMethod: "pm_card_visa",
      returnUrl: "https://example.com/return?order=8812",
      offSession: true,
    }),
  capturePaymentIntent: (c) =>
    c.paymentIntents.capture("pi_123", {
      amountToCapture: 750,
      metadata: { captured_by: "ops" },
    }),
  cancelPaymentIntent: (c) =>
    c.paymentIntents.cancel("pi_123", { cancellationReason: "requested_by_customer" }),
  updatePaymentIntentUnsetShipping: (c) =>
    c.paymentIntents.update("pi_123", { shipping: "", description: "updated" }),
  createSubscription: (c) =>
    c.subscriptions.create({
      customer: "cus_123",
      items: [
        { price: "price_gold" },
        {
          priceData: {
            currency: "usd",
            product: "prod_123",
            recurring: { interval: "month", intervalCount: 1 },
            unitAmount: 1200,
          },
          quantity: 2,
        },
      ],
      addInvoiceItems: [{ price: "price_setup", quantity: 1 }],
      defaultTaxRates: ["txr_1"],
      trialEnd: "now",
      automaticTax: { enabled: true },
      paymentSettings: { paymentMethodTypes: ["card", "sepa_debit"] },
      metadata: { plan: "gold" },
    }),
  createSubscriptionTrialEnd: (c) =>
    c.subscriptions.create({
      customer: "cus_123",
      items: [{ price: "price_gold", quantity: 3, metadata: { seat: "base" } }],
      trialEnd: 1800000000,
      pendingInvoiceItemInterval: { interval: "month", intervalCount: 2 },
      defaultTaxRates: "",
      cancelAtPeriodEnd: true,
    }),
  updateSubscription: (c) =>
    c.subscriptions.update("sub_123", {
      items: [
        { id: "si_123", deleted: true },
        { price: "price_silver", quantity: 2 },
      ],
      prorationBehavior: "none",
      pauseCollection: { behavior: "void" },
      cancelAtPeriodEnd: false,
    }),
  createSubscriptionSchedule: (c) =>
    c.subscriptionSchedules.create({
      customer: "cus_123",
      startDate: "now",
      endBehavior: "release",
      phases: [
        {
          items: [
            { price: "price_gold", quantity: 1 },
            { price: "price_addon", quantity: 2 },
          ],
          iterations: 12,
        },
        { items: [{ price: "price_silver" }] },
      ],
    }),
  createInvoice: (c) =>
    c.invoices.create({
      customer: "cus_123",
      autoAdvance: false,
      collectionMethod: "send_invoice",
      daysUntilDue: 30,
      customFields: [{ name: "PO", value: "8812" }],
      metadata: { order_id: "8812" },
      footer: "Payable within 30 days",
    }),
  createInvoiceItem: (c) =>
    c.invoiceitems.create({
      customer: "cus_123",
      amount: 2500,
      currency: "usd",
      description: "Consulting",
      period: { start: 1700000000, end: 1702592000 },
      discounts: [{ coupon: "SUMMER" }],
    }),
  finalizeInvoice: (c) => c.invoices.finalize("in_123", { autoAdvance: true }),
  payInvoice: (c) =>
    c.invoices.pay("in_123", { offSession: true, paymentMethod: "pm_card_visa" }),
  createCheckoutSession: (c) =>
    c.checkoutSessions.create({
      mode: "payment",
      successUrl: "https://example.com/success?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "https://example.com/cancel",
      lineItems: [
        {
          priceData: {
            currency: "usd",
            productData: { name: "T-shirt", metadata: { size: "M" } },
            unitAmount: 2000,
          },
          quantity: 2,
        },
      ],
      paymentMethodTypes: ["card"],
      shippingAddressCollection: { allowedCountries: ["US", "CA"] },
      metadata: { order_id: "8812" },
      customerEmail: "jenny@example.com",
    }),
  createCheckoutSessionSubscription: (c) =>
    c.checkoutSessions.create({
      mode: "subscription",
      successUrl: "https://example.com/success",
      customer: "cus_123",
      lineItems: [{ price: "price_gold", quantity: 1 }],
      subscriptionData: { trialPeriodDays: 14, metadata: { campaign: "spring" } },
      discounts: [{ coupon: "SPRING" }],
    }),
  createPaymentLink: (c) =>
    c.paymentLinks.create({
      lineItems: [
        {
          price: "price_gold",
          quantity: 1,
          adjustableQuantity: { enabled: true, minimum: 1, maximum: 10 },
        },
      ],
      afterCompletion: { type: "redirect", redirect: { url: "https://example.com/thanks" } },
      metadata: { campaign: "spring" },
    }),
  createPriceTiered: (c) =>
    c.prices.create({
      currency: "usd",
      product: "prod_123",
      recurring: { interval: "month", usageType: "metered" },
      billingScheme: "tiered",
      tiersMode: "graduated",
      tiers: [
        { upTo: 10, unitAmount: 500 },
        { upTo: "inf", unitAmount: 400, flatAmount: 100 },
      ],
      lookupKey: "metered_gold",
      nickname: "Metered gold",
    }),
  createPriceProductData: (c) =>
    c.prices.create({
      currency: "usd",
      unitAmountDecimal: "12.5",
      productData: { name: "Gold plan", metadata: { tier: "gold" } },
      taxBehavior: "exclusive",
      currencyOptions: { eur: { unitAmount: 1100 } },
    }),
  createProduct: (c) =>
    c.products.create({
      name: "Widget",
      images: ["https://example.com/a.png", "https://example.com/b.png"],
      packageDimensions: { height: 1.5, length: 10, weight: 0.25, width: 4.75 },
      shippable: true,
      defaultPriceData: { currency: "usd", unitAmount: 999, recurring: { interval: "year" } },
      metadata: { sku: "W-1" },
    }),
  createCoupon: (c) =>
    c.coupons.create({
      percentOff: 12.5,
      duration: "repeating",
      durationInMonths: 3,
      appliesTo: { products: ["prod_1", "prod_2"] },
      name: "12.5% off",
      metadata: { campaign: "spring" },
    }),
  createRefund: (c) =>
    c.refunds.create({
      paymentIntent: "pi_123",
      amount: 500,
      reason: "requested_by_customer",
      metadata: { ticket: "T-1" },
    }),
  createSetupIntent: (c) =>
    c.setupIntents.create({
      customer: "cus_123",
      paymentMethodTypes: ["card", "sepa_debit"],
      usage: "off_session",
      paymentMethodOptions: { card: { requestThreeDSecure: "any" } },
      metadata: { flow: "onboarding" },
    }),
  createTransfer: (c) =>
    c.transfers.create({
      amount: 1000,
      currency: "usd",
      destination: "acct_123",
      transferGroup: "ORDER_8812",
    }),
  createWebhookEndpoint: (c) =>
    c.webhookEndpoints.create({
      url: "https://example.com/hooks",
      enabledEvents: ["charge.succeeded", "customer.created"],
      description: "Main endpoint",
    }),
  createTaxRate: (c) =>
    c.taxRates.create({
      displayName: "Sales tax",
      percentage: 8.25,
      inclusive: false,
      jurisdiction: "US - CA",
      country: "US",
      state: "CA",
    }),
  createQuote: (c) =>
    c.quotes.create({
      customer: "cus_123",
      lineItems: [{ price: "price_gold", quantity: 2 }],
      collectionMethod: "charge_automatically",
    }),
  createPaymentMethod: (c) =>
    c.paymentMethods.create({
      type: "card",
      card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "314" },
      billingDetails: { name: "Jenny Rosen", address: { postalCode: "94103", country: "US" } },
    }),
  attachPaymentMethod: (c) =>
    c.paymentMethods.attach("pm_123", { customer: "cus_123" }),
  createAccount: (c) =>
    c.accounts.create({
      type: "custom",
      country: "US",
      email: "owner@example.com",
      businessType: "individual",
      capabilities: { cardPayments: { requested: true }, transfers: { requested: true } },
      individual: { firstName: "Jenny", lastName: "Rosen", dob: { day: 1, month: 2, year: 1990 } },
      tosAcceptance: { date: 1700000000, ip: "203.0.113.7" },
    }),
  createCustomerTaxId: (c) =>
    c.customers.createTaxId("cus_123", { type: "eu_vat", value: "DE123456789" }),
  uploadFile: (c) =>
    c.files.create({
      file: new File(["receipt for order 8812\n"], "evidence.txt", { type: "text/plain" }),
      purpose: "dispute_evidence",
    }),
  uploadFileWithLink: (c) =>
    c.files.create({
      file: new File(["PNG logo bytes"], "logo.png", { type: "image/png" }),
      purpose: "business_logo",
      fileLinkData: { create: true, metadata: { use: "site" } },
      expand: ["links"],
    }),
  deleteCustomer: (c) => c.customers.delete("cus_123"),
  deleteCoupon: (c) => c.coupons.delete("SUMMER"),
  deleteProduct: (c) => c.products.delete("prod_123"),
  cancelSubscription: (c) =>
    c.subscriptions.delete("sub_123", {
      invoiceNow: true,
      prorate: false,
      cancellationDetails: { comment: "Too expensive for us", feedback: "too_expensive" },
    }),
  deleteSubscriptionItem: (c) =>
    c.subscriptionItems.delete("si_123", {
      clearUsage: true,
      prorationBehavior: "none",
      prorationDate: 1700000000,
    }),
  deleteCustomerSource: (c) =>
    c.customers.deleteSource("cus_123", "card_123", { expand: ["customer"] }),
  deleteWebhookEndpoint: (c) => c.webhookEndpoints.delete("we_123"),
  deleteCustomerDiscount: (c) => c.customers.deleteDiscount("cus_123"),
};

const table = JSON.parse(readFileSync(args.calls, "utf8"));
const only = args.only ? new Set(args.only.split(",")) : null;
let status = 0;
for (const { call } of table.calls) {
  if (only && !only.has(call)) continue;
  if (args.control) await announce(call);
  const make = calls[call];
  let line;
  if (!make) {
    status = 1;
    line = { result: "not_implemented" };
  } else {
    try {
      const options = { bearerToken: args.token };
      if (args["base-url"]) {
        // Every operation to the validator, file uploads (served by
        // files.stripe.com in the spec) too.
        options.baseUrl = args["base-url"];
        options.serverUrls = { "https://files.stripe.com/": args["base-url"] };
      }
      const client = new Client(options);
      const response = await make(client).withResponse();
      line = { result: "ok", status: response.status, attempts: response.attempts };
    } catch (error) {
      line = failed(error);
    }
  }
  console.log(JSON.stringify({ ...line, call }));
}
process.exitCode = status;
