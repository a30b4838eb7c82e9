import { pathParam } from "../runtime/index.js";
import { fillPath } from "../core.js";
import * as wire from "../wire.js";

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
export class Vendors {
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
