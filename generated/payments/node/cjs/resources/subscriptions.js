"use strict";
const { pathParam } = require("../runtime/index.js");
const { fillPath } = require("../core.js");
const wire = require("../wire.js");

const createSubscriptionOperation = {
  name: "createSubscription",
  method: "POST",
  retryClass: "keyed",
  keyHeader: "Idempotency-Key",
  keyMaxLength: 255,
  failures: "replay",
  inFlightCode: "concurrent_idempotent_requests",
  mismatchCode: "invalid_idempotent_request",
  p99Ms: 1500,
  retry: {
    maxAttempts: 4,
    timeout: 90000,
  },
  parseAs: "json",
  decode: wire.subscriptionFromWire,
};

const cancelSubscriptionOperation = {
  name: "cancelSubscription",
  method: "DELETE",
  retryClass: "idempotent",
  parseAs: "json",
  decode: wire.subscriptionFromWire,
};

/** Customers billed on a recurring schedule. */
class Subscriptions {
  #core;

  /** @param {import("../core.js").Core} core */
  constructor(core) {
    this.#core = core;
  }

  /** POST /subscriptions */
  createSubscription(params, options) {
    return this.#core.call(createSubscriptionOperation, options, () => ({
      path: "/subscriptions",
      json: wire.createSubscriptionToWire(params),
    }));
  }

  /** DELETE /subscriptions/{subscription_id} */
  cancelSubscription(subscriptionId, options) {
    return this.#core.call(cancelSubscriptionOperation, options, () => ({
      path: fillPath(
        "/subscriptions/{subscription_id}",
        pathParam("subscription_id", subscriptionId),
      ),
    }));
  }
}

module.exports = {
  Subscriptions,
};
