"use strict";
const { pathParam, queryParam, queryString } = require("../runtime/index.js");
const { fillPath } = require("../core.js");
const wire = require("../wire.js");

const listTransfersPagination = Object.freeze({
  style: "item_id",
  param: "starting_after",
  sizeParam: "limit",
  items: ["data"],
  hasMore: ["has_more"],
  itemField: "id",
});

const listTransfersOperation = {
  name: "listTransfers",
  method: "GET",
  retryClass: "safe",
  parseAs: "json",
  pagination: listTransfersPagination,
  parseItem: wire.transferFromWire,
};

const createTransferOperation = {
  name: "createTransfer",
  method: "POST",
  retryClass: "keyed",
  keyHeader: "Idempotency-Key",
  keyMaxLength: 255,
  failures: "replay",
  inFlightCode: "concurrent_idempotent_requests",
  mismatchCode: "invalid_idempotent_request",
  parseAs: "json",
  decode: wire.transferFromWire,
};

const getTransferOperation = {
  name: "getTransfer",
  method: "GET",
  retryClass: "safe",
  parseAs: "json",
  decode: wire.transferFromWire,
};

/** Payments from your balance to a vendor. */
class Transfers {
  #core;

  /** @param {import("../core.js").Core} core */
  constructor(core) {
    this.#core = core;
  }

  /** GET /transfers */
  listTransfers(params = {}, options) {
    return this.#core.paginate(listTransfersOperation, options, () => ({
      path: "/transfers",
      query: queryString(
        queryParam("limit", params.limit),
        queryParam("starting_after", params.startingAfter),
        queryParam("created", params.created, {
          style: "deepObject",
          explode: true,
        }),
      ),
    }));
  }

  /** POST /transfers */
  createTransfer(params, options) {
    return this.#core.call(createTransferOperation, options, () => ({
      path: "/transfers",
      json: wire.createTransferToWire(params),
    }));
  }

  /** GET /transfers/{transfer_id} */
  getTransfer(transferId, options) {
    return this.#core.call(getTransferOperation, options, () => ({
      path: fillPath(
        "/transfers/{transfer_id}",
        pathParam("transfer_id", transferId),
      ),
    }));
  }
}

module.exports = {
  Transfers,
};
