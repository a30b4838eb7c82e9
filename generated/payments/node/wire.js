// Converts between this SDK's camelCase models and the API's names on the
// wire. Internal: the resources call these; models.d.ts has the shapes.
//
// Each table row is [wire name, SDK name, fromWire, toWire], or [name] for a
// field that passes unchanged. A type written as JSON in requests lists every
// field, in the order of its schema: that is the order its JSON takes,
// whatever order the caller's object holds them in. Other tables list only
// the fields that change on the way. Properties not in a table (newer fields
// of the API, or extra properties) are copied as they are, after the table's.

function isRecord(value) {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Uint8Array) &&
    !(value instanceof Blob)
  );
}

// Defines an own property: a key such as "__proto__" stays plain data.
function define(target, key, value) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

// Sets an own property: a plain store, but for "__proto__", whose store would
// set the prototype instead.
function put(target, key, value) {
  if (key === "__proto__") define(target, key, value);
  else target[key] = value;
}

// The SDK's name of a table row's field: `[name]` keeps the wire's.
function sdkName(row) {
  return row.length > 1 ? row[1] : row[0];
}

// A table read for one direction: the source names (also as a set), the
// target names and the changes, made once per table and direction.
const plans = [new WeakMap(), new WeakMap()];

function planOf(fields, fromWire) {
  const cache = plans[fromWire ? 0 : 1];
  let plan = cache.get(fields);
  if (plan === undefined) {
    plan = {
      sources: fields.map((row) => (fromWire ? row[0] : sdkName(row))),
      targets: fields.map((row) => (fromWire ? sdkName(row) : row[0])),
      changes: fields.map((row) => (fromWire ? row[2] : row[3])),
    };
    plan.index = new Map(plan.sources.map((name, i) => [name, i]));
    cache.set(fields, plan);
  }
  return plan;
}

// Converts a record by a table: the properties in the order the value holds
// them, or (inOrder) the table's fields first, in its order, then the rest.
function convert(value, fields, fromWire, extra, inOrder = false) {
  if (!isRecord(value)) return value;
  const { sources, targets, changes, index } = planOf(fields, fromWire);
  const out = {};
  if (inOrder) {
    for (let i = 0; i < sources.length; i += 1) {
      if (Object.hasOwn(value, sources[i])) {
        const item = value[sources[i]];
        const change = changes[i];
        put(out, targets[i], change && item != null ? change(item) : item);
      }
    }
  }
  for (const key of Object.keys(value)) {
    const i = index.get(key);
    const item = value[key];
    if (i === undefined) {
      if (!Object.hasOwn(out, key)) {
        put(out, key, extra && item != null ? extra(item) : item);
      }
    } else if (!inOrder) {
      const change = changes[i];
      put(out, targets[i], change && item != null ? change(item) : item);
    }
  }
  return out;
}

// A type written as JSON in requests: its fields in the order of its schema.
function convertInOrder(value, fields, extra) {
  return convert(value, fields, false, extra, true);
}

function byTag(value, key, variants, column) {
  if (!isRecord(value)) return value;
  const row = variants.find(([tag]) => tag === value[key]);
  return row ? row[column](value) : value;
}

/** Converts every item of an array with `convert`. */
export function arrayOf(convert) {
  return (value) =>
    Array.isArray(value)
      ? value.map((item) => (item == null ? item : convert(item)))
      : value;
}

/**
 * Converts a success body with the converter of its status (`"2XX"` stands
 * for any success), when an operation's 2xx answers have different shapes.
 */
export function byStatus(rows) {
  return (value, status) => {
    const row =
      rows.find(([code]) => code === status) ??
      rows.find(([code]) => code === "2XX");
    return row ? row[1](value) : value;
  };
}

/** Converts every value of a map with `convert`; keys are data and stay. */
export function mapOf(convert) {
  return (value) => {
    if (!isRecord(value)) return value;
    const out = {};
    for (const key of Object.keys(value)) {
      const item = value[key];
      put(out, key, item == null ? item : convert(item));
    }
    return out;
  };
}

const createTransferFields = [
  ["amount"],
  ["currency"],
  ["vendor_id", "vendorId"],
  ["description"],
  ["metadata"],
];

/** @returns {import("./models.js").CreateTransfer} */
export function createTransferFromWire(value) {
  return convert(value, createTransferFields, true);
}

/** @param {import("./models.js").CreateTransfer} value */
export function createTransferToWire(value) {
  return convertInOrder(value, createTransferFields);
}

const transferFields = [["vendor_id", "vendorId"]];

/** @returns {import("./models.js").Transfer} */
export function transferFromWire(value) {
  return convert(value, transferFields, true);
}

/** @param {import("./models.js").Transfer} value */
export function transferToWire(value) {
  return convert(value, transferFields, false);
}

const transferListFields = [
  ["data", "data", arrayOf(transferFromWire), arrayOf(transferToWire)],
  ["has_more", "hasMore"],
];

/** @returns {import("./models.js").TransferList} */
export function transferListFromWire(value) {
  return convert(value, transferListFields, true);
}

/** @param {import("./models.js").TransferList} value */
export function transferListToWire(value) {
  return convert(value, transferListFields, false);
}

const createRefundFields = [["amount"], ["reason"], ["metadata"]];

/** @returns {import("./models.js").CreateRefund} */
export function createRefundFromWire(value) {
  return convert(value, createRefundFields, true);
}

/** @param {import("./models.js").CreateRefund} value */
export function createRefundToWire(value) {
  return convertInOrder(value, createRefundFields);
}

const refundFields = [["transfer_id", "transferId"]];

/** @returns {import("./models.js").Refund} */
export function refundFromWire(value) {
  return convert(value, refundFields, true);
}

/** @param {import("./models.js").Refund} value */
export function refundToWire(value) {
  return convert(value, refundFields, false);
}

const createSubscriptionCustomerFields = [["email"], ["name"]];

/** @returns {import("./models.js").CreateSubscriptionCustomer} */
export function createSubscriptionCustomerFromWire(value) {
  return convert(value, createSubscriptionCustomerFields, true);
}

/** @param {import("./models.js").CreateSubscriptionCustomer} value */
export function createSubscriptionCustomerToWire(value) {
  return convertInOrder(value, createSubscriptionCustomerFields);
}

const createSubscriptionFields = [
  [
    "customer",
    "customer",
    createSubscriptionCustomerFromWire,
    createSubscriptionCustomerToWire,
  ],
  ["plan"],
  ["payment_method_token", "paymentMethodToken"],
  ["metadata"],
];

/** @returns {import("./models.js").CreateSubscription} */
export function createSubscriptionFromWire(value) {
  return convert(value, createSubscriptionFields, true);
}

/** @param {import("./models.js").CreateSubscription} value */
export function createSubscriptionToWire(value) {
  return convertInOrder(value, createSubscriptionFields);
}

const subscriptionFields = [
  ["customer_id", "customerId"],
  [
    "payment_method",
    "paymentMethod",
    paymentMethodFromWire,
    paymentMethodToWire,
  ],
  ["current_period_end", "currentPeriodEnd"],
  ["canceled_at", "canceledAt"],
];

/** @returns {import("./models.js").Subscription} */
export function subscriptionFromWire(value) {
  return convert(value, subscriptionFields, true);
}

/** @param {import("./models.js").Subscription} value */
export function subscriptionToWire(value) {
  return convert(value, subscriptionFields, false);
}

const paymentMethodFields = [
  ["card", cardFromWire, cardToWire],
  ["bank_account", bankAccountFromWire, bankAccountToWire],
];

/** @returns {import("./models.js").PaymentMethod} */
export function paymentMethodFromWire(value) {
  return byTag(value, "type", paymentMethodFields, 1);
}

/** @param {import("./models.js").PaymentMethod} value */
export function paymentMethodToWire(value) {
  return byTag(value, "type", paymentMethodFields, 2);
}

const cardFields = [
  ["exp_month", "expMonth"],
  ["exp_year", "expYear"],
];

/** @returns {import("./models.js").Card} */
export function cardFromWire(value) {
  return convert(value, cardFields, true);
}

/** @param {import("./models.js").Card} value */
export function cardToWire(value) {
  return convert(value, cardFields, false);
}

const bankAccountFields = [["bank_name", "bankName"]];

/** @returns {import("./models.js").BankAccount} */
export function bankAccountFromWire(value) {
  return convert(value, bankAccountFields, true);
}

/** @param {import("./models.js").BankAccount} value */
export function bankAccountToWire(value) {
  return convert(value, bankAccountFields, false);
}

const vendorInputFields = [
  ["name"],
  ["email"],
  ["country"],
  ["payout_currency", "payoutCurrency"],
  ["metadata"],
];

/** @returns {import("./models.js").VendorInput} */
export function vendorInputFromWire(value) {
  return convert(value, vendorInputFields, true);
}

/** @param {import("./models.js").VendorInput} value */
export function vendorInputToWire(value) {
  return convertInOrder(value, vendorInputFields);
}

const vendorUpdateFields = [
  ["name"],
  ["email"],
  ["payout_currency", "payoutCurrency"],
  ["metadata"],
];

/** @returns {import("./models.js").VendorUpdate} */
export function vendorUpdateFromWire(value) {
  return convert(value, vendorUpdateFields, true);
}

/** @param {import("./models.js").VendorUpdate} value */
export function vendorUpdateToWire(value) {
  return convertInOrder(value, vendorUpdateFields);
}

const vendorFields = [["payout_currency", "payoutCurrency"]];

/** @returns {import("./models.js").Vendor} */
export function vendorFromWire(value) {
  return convert(value, vendorFields, true);
}

/** @param {import("./models.js").Vendor} value */
export function vendorToWire(value) {
  return convert(value, vendorFields, false);
}

const reportRequestFields = [["kind"], ["from"], ["to"], ["currency"]];

/** @returns {import("./models.js").ReportRequest} */
export function reportRequestFromWire(value) {
  return convert(value, reportRequestFields, true);
}

/** @param {import("./models.js").ReportRequest} value */
export function reportRequestToWire(value) {
  return convertInOrder(value, reportRequestFields);
}
