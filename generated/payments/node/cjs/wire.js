"use strict";
// Converts between this SDK's camelCase models and the API's names on the
// wire, and reads success bodies, checking their shape (CONTRACT.md section
// 6). Internal: the resources call these; models.d.ts has the shapes.
//
// A model's table has one row per field, [wire name, type, required, SDK
// name, toWire]; the last two are left out when the field keeps its name and
// its value does not convert. A type is a scalar's code ("str", "int",
// "datetime", ... with "?" where null is allowed) or a reader; the runtime's
// shape.js reads them (a model only written has 0 for both, and no reader).
// The table of a model read from responses, or written
// as JSON in requests, lists every field, in the order of its schema: that
// is the order its JSON takes, whatever order the caller's object holds them
// in; other tables list only the fields that change on the way. Properties
// not in a table (newer fields of the API, or extra properties) are copied as
// they are, after the table's.

const {
  jsonOnly,
  listOf,
  orNull,
  readObject,
  readTagged,
  readUnion,
  reader,
  recordOf,
} = require("./runtime/index.js");

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

// A table read for writing: the SDK names (also as a map), the wire names
// and the changes, made once per table.
const plans = new WeakMap();

function planOf(fields) {
  let plan = plans.get(fields);
  if (plan === undefined) {
    plan = {
      sources: fields.map((row) => (row.length > 3 ? row[3] : row[0])),
      targets: fields.map((row) => row[0]),
      changes: fields.map((row) => row[4]),
    };
    plan.index = new Map(plan.sources.map((name, i) => [name, i]));
    plans.set(fields, plan);
  }
  return plan;
}

// Converts a record to the wire by a table: the properties in the order the
// value holds them, or (inOrder) the table's fields first, in its order, then
// the rest.
function convert(value, fields, extra, inOrder = false) {
  if (!isRecord(value)) return value;
  const { sources, targets, changes, index } = planOf(fields);
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
  return convert(value, fields, extra, true);
}

// Converts a discriminated union's value to the wire by its variant's row.
function byTag(value, key, variants) {
  if (!isRecord(value)) return value;
  const row = variants.find(([tag]) => tag === value[key]);
  return row && row[2] ? row[2](value) : value;
}

/** Converts every item of an array with `convert`. */
function arrayOf(convert) {
  return (value) =>
    Array.isArray(value)
      ? value.map((item) => (item == null ? item : convert(item)))
      : value;
}

/**
 * Converts a success body with the converter of its status (`"2XX"` stands
 * for any success), when an operation's 2xx answers have different shapes.
 */
function byStatus(rows) {
  return (value, status) => {
    const row =
      rows.find(([code]) => code === status) ??
      rows.find(([code]) => code === "2XX");
    return row ? row[1](value) : value;
  };
}

/** Converts every value of a map with `convert`; keys are data and stay. */
function mapOf(convert) {
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
  ["amount", 0, 0],
  ["currency", 0, 0],
  ["vendor_id", 0, 0, "vendorId"],
  ["description", 0, 0],
  ["metadata", 0, 0],
];

/** @param {import("./models.js").CreateTransfer} value */
function createTransferToWire(value) {
  return convertInOrder(value, createTransferFields);
}

const transferFields = [
  ["id", "str", 1],
  ["object", "str", 1],
  ["amount", "int", 1],
  ["currency", "str", 1],
  ["vendor_id", "str", 1, "vendorId"],
  ["status", "str", 1],
  ["created", "datetime", 1],
  ["description", "str?", 0],
  ["metadata", recordOf("str"), 1],
];

/** @returns {import("./models.js").Transfer} */
function transferFromWire(value) {
  return readObject(value, transferFields);
}

/** @param {import("./models.js").Transfer} value */
function transferToWire(value) {
  return convert(value, transferFields);
}

const transferListFields = [
  ["object", "str", 1],
  ["data", listOf(transferFromWire), 1, "data", arrayOf(transferToWire)],
  ["has_more", "bool", 1, "hasMore"],
];

/** @returns {import("./models.js").TransferList} */
function transferListFromWire(value) {
  return readObject(value, transferListFields);
}

/** @param {import("./models.js").TransferList} value */
function transferListToWire(value) {
  return convert(value, transferListFields);
}

const createRefundFields = [
  ["amount", 0, 0],
  ["reason", 0, 0],
  ["metadata", 0, 0],
];

/** @param {import("./models.js").CreateRefund} value */
function createRefundToWire(value) {
  return convertInOrder(value, createRefundFields);
}

const refundFields = [
  ["id", "str", 1],
  ["object", "str", 1],
  ["transfer_id", "str", 1, "transferId"],
  ["amount", "int", 1],
  ["currency", "str", 1],
  ["status", "str", 1],
  ["reason", "str", 0],
  ["created", "datetime", 1],
  ["metadata", recordOf("str"), 0],
];

/** @returns {import("./models.js").Refund} */
function refundFromWire(value) {
  return readObject(value, refundFields);
}

/** @param {import("./models.js").Refund} value */
function refundToWire(value) {
  return convert(value, refundFields);
}

const createSubscriptionCustomerFields = [
  ["email", 0, 0],
  ["name", 0, 0],
];

/** @param {import("./models.js").CreateSubscriptionCustomer} value */
function createSubscriptionCustomerToWire(value) {
  return convertInOrder(value, createSubscriptionCustomerFields);
}

const createSubscriptionFields = [
  ["customer", 0, 0, "customer", createSubscriptionCustomerToWire],
  ["plan", 0, 0],
  ["payment_method_token", 0, 0, "paymentMethodToken"],
  ["metadata", 0, 0],
];

/** @param {import("./models.js").CreateSubscription} value */
function createSubscriptionToWire(value) {
  return convertInOrder(value, createSubscriptionFields);
}

const subscriptionFields = [
  ["id", "str", 1],
  ["object", "str", 1],
  ["customer_id", "str", 1, "customerId"],
  ["plan", "str", 1],
  ["status", "str", 1],
  [
    "payment_method",
    paymentMethodFromWire,
    1,
    "paymentMethod",
    paymentMethodToWire,
  ],
  ["current_period_end", "datetime", 1, "currentPeriodEnd"],
  ["canceled_at", "datetime?", 0, "canceledAt"],
  ["metadata", recordOf("str"), 0],
];

/** @returns {import("./models.js").Subscription} */
function subscriptionFromWire(value) {
  return readObject(value, subscriptionFields);
}

/** @param {import("./models.js").Subscription} value */
function subscriptionToWire(value) {
  return convert(value, subscriptionFields);
}

const paymentMethodFields = [
  ["card", cardFromWire, cardToWire],
  ["bank_account", bankAccountFromWire, bankAccountToWire],
];

/** @returns {import("./models.js").PaymentMethod} */
function paymentMethodFromWire(value) {
  return readTagged(value, "type", paymentMethodFields);
}

/** @param {import("./models.js").PaymentMethod} value */
function paymentMethodToWire(value) {
  return byTag(value, "type", paymentMethodFields);
}

const cardFields = [
  ["type", "str", 1],
  ["brand", "str", 1],
  ["last4", "str", 1],
  ["exp_month", "int", 1, "expMonth"],
  ["exp_year", "int", 1, "expYear"],
];

/** @returns {import("./models.js").Card} */
function cardFromWire(value) {
  return readObject(value, cardFields);
}

/** @param {import("./models.js").Card} value */
function cardToWire(value) {
  return convert(value, cardFields);
}

const bankAccountFields = [
  ["type", "str", 1],
  ["bank_name", "str", 1, "bankName"],
  ["country", "str", 1],
  ["last4", "str", 1],
];

/** @returns {import("./models.js").BankAccount} */
function bankAccountFromWire(value) {
  return readObject(value, bankAccountFields);
}

/** @param {import("./models.js").BankAccount} value */
function bankAccountToWire(value) {
  return convert(value, bankAccountFields);
}

const vendorInputFields = [
  ["name", 0, 0],
  ["email", 0, 0],
  ["country", 0, 0],
  ["payout_currency", 0, 0, "payoutCurrency"],
  ["metadata", 0, 0],
];

/** @param {import("./models.js").VendorInput} value */
function vendorInputToWire(value) {
  return convertInOrder(value, vendorInputFields);
}

const vendorUpdateFields = [
  ["name", 0, 0],
  ["email", 0, 0],
  ["payout_currency", 0, 0, "payoutCurrency"],
  ["metadata", 0, 0],
];

/** @param {import("./models.js").VendorUpdate} value */
function vendorUpdateToWire(value) {
  return convertInOrder(value, vendorUpdateFields);
}

const vendorFields = [
  ["id", "str", 1],
  ["object", "str", 1],
  ["name", "str", 1],
  ["email", "str", 1],
  ["country", "str", 1],
  ["payout_currency", "str", 1, "payoutCurrency"],
  ["revision", "int", 1],
  ["metadata", recordOf("str"), 0],
  ["created", "datetime", 1],
  ["updated", "datetime", 1],
];

/** @returns {import("./models.js").Vendor} */
function vendorFromWire(value) {
  return readObject(value, vendorFields);
}

/** @param {import("./models.js").Vendor} value */
function vendorToWire(value) {
  return convert(value, vendorFields);
}

const reportRequestFields = [
  ["kind", 0, 0],
  ["from", 0, 0],
  ["to", 0, 0],
  ["currency", 0, 0],
];

/** @param {import("./models.js").ReportRequest} value */
function reportRequestToWire(value) {
  return convertInOrder(value, reportRequestFields);
}

const reportRowsItemFields = [
  ["currency", "str", 1],
  ["count", "int", 1],
  ["total", "int", 1],
];

/** @returns {import("./models.js").ReportRowsItem} */
function reportRowsItemFromWire(value) {
  return readObject(value, reportRowsItemFields);
}

const reportFields = [
  ["object", "str", 1],
  ["kind", "str", 1],
  ["from", "date", 1],
  ["to", "date", 1],
  ["rows", listOf(reportRowsItemFromWire), 1],
];

/** @returns {import("./models.js").Report} */
function reportFromWire(value) {
  return readObject(value, reportFields);
}

module.exports = {
  jsonOnly,
  listOf,
  orNull,
  reader,
  recordOf,
  arrayOf,
  byStatus,
  mapOf,
  createTransferToWire,
  transferFromWire,
  transferToWire,
  transferListFromWire,
  transferListToWire,
  createRefundToWire,
  refundFromWire,
  refundToWire,
  createSubscriptionCustomerToWire,
  createSubscriptionToWire,
  subscriptionFromWire,
  subscriptionToWire,
  paymentMethodFromWire,
  paymentMethodToWire,
  cardFromWire,
  cardToWire,
  bankAccountFromWire,
  bankAccountToWire,
  vendorInputToWire,
  vendorUpdateToWire,
  vendorFromWire,
  vendorToWire,
  reportRequestToWire,
  reportRowsItemFromWire,
  reportFromWire,
};
