"use strict";
const { pathParam } = require("../runtime/index.js");
const { fillPath } = require("../core.js");
const wire = require("../wire.js");

const useCreditOperation = {
  name: "useCredit",
  method: "DELETE",
  retryClass: "unsafe",
  parseAs: "json",
  decode: wire.useCreditResponseFromWire,
};

const createChargeOperation = {
  name: "createCharge",
  method: "POST",
  retryClass: "unsafe",
  parseAs: "json",
  decode: wire.chargeFromWire,
};

const updateAccountLimitsOperation = {
  name: "updateAccountLimits",
  method: "PATCH",
  retryClass: "unsafe",
  parseAs: "json",
  decode: wire.limitsFromWire,
};

/** The `billing` operations. */
class Billing {
  #core;

  /** @param {import("../core.js").Core} core */
  constructor(core) {
    this.#core = core;
  }

  /** DELETE /accounts/{account_id}/credits */
  useCredit(accountId, options) {
    return this.#core.call(useCreditOperation, options, () => ({
      path: fillPath(
        "/accounts/{account_id}/credits",
        pathParam("account_id", accountId),
      ),
    }));
  }

  /** POST /accounts/{account_id}/charges */
  createCharge(accountId, params, options) {
    return this.#core.call(createChargeOperation, options, () => ({
      path: fillPath(
        "/accounts/{account_id}/charges",
        pathParam("account_id", accountId),
      ),
      json: wire.createChargeRequestToWire(params),
    }));
  }

  /** PATCH /accounts/{account_id}/limits */
  updateAccountLimits(accountId, params = {}, options) {
    return this.#core.call(updateAccountLimitsOperation, options, () => ({
      path: fillPath(
        "/accounts/{account_id}/limits",
        pathParam("account_id", accountId),
      ),
      json: wire.updateAccountLimitsRequestToWire(params),
    }));
  }
}

module.exports = {
  Billing,
};
