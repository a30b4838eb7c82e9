"use strict";
const { pathParam } = require("../runtime/index.js");
const { fillPath } = require("../core.js");
const wire = require("../wire.js");

const createRefundOperation = {
  name: "createRefund",
  method: "POST",
  retryClass: "keyed",
  keyHeader: "Idempotency-Key",
  keyMaxLength: 255,
  failures: "replay",
  inFlightCode: "concurrent_idempotent_requests",
  mismatchCode: "invalid_idempotent_request",
  parseAs: "json",
  decode: wire.refundFromWire,
};

const getRefundOperation = {
  name: "getRefund",
  method: "GET",
  retryClass: "safe",
  parseAs: "json",
  decode: wire.refundFromWire,
};

/** Money given back from a transfer. */
class Refunds {
  #core;

  /** @param {import("../core.js").Core} core */
  constructor(core) {
    this.#core = core;
  }

  /** POST /transfers/{transfer_id}/refunds */
  createRefund(transferId, params = {}, options) {
    return this.#core.call(createRefundOperation, options, () => ({
      path: fillPath(
        "/transfers/{transfer_id}/refunds",
        pathParam("transfer_id", transferId),
      ),
      json: wire.createRefundToWire(params),
    }));
  }

  /** GET /refunds/{refund_id} */
  getRefund(refundId, options) {
    return this.#core.call(getRefundOperation, options, () => ({
      path: fillPath("/refunds/{refund_id}", pathParam("refund_id", refundId)),
    }));
  }
}

module.exports = {
  Refunds,
};
