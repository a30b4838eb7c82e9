"use strict";
const { pathParam } = require("../runtime/index.js");
const { fillPath } = require("../core.js");
const wire = require("../wire.js");

const upsertVendorOperation = {
  name: "upsertVendor",
  method: "PUT",
  retryClass: "idempotent",
  parseAs: "json",
  decode: wire.vendorFromWire,
};

const updateVendorOperation = {
  name: "updateVendor",
  method: "PATCH",
  retryClass: "unsafe",
  parseAs: "json",
  decode: wire.vendorFromWire,
};

/** The businesses and people you pay. */
class Vendors {
  #core;

  /** @param {import("../core.js").Core} core */
  constructor(core) {
    this.#core = core;
  }

  /** PUT /vendors/{vendor_id} */
  upsertVendor(vendorId, params, options) {
    return this.#core.call(upsertVendorOperation, options, () => ({
      path: fillPath("/vendors/{vendor_id}", pathParam("vendor_id", vendorId)),
      json: wire.vendorInputToWire(params),
    }));
  }

  /** PATCH /vendors/{vendor_id} */
  updateVendor(vendorId, params = {}, options) {
    return this.#core.call(updateVendorOperation, options, () => ({
      path: fillPath("/vendors/{vendor_id}", pathParam("vendor_id", vendorId)),
      json: wire.vendorUpdateToWire(params),
    }));
  }
}

module.exports = {
  Vendors,
};
