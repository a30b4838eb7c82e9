"use strict";
const wire = require("../wire.js");

const generateReportOperation = {
  name: "generateReport",
  method: "POST",
  retryClass: "idempotent",
  parseAs: "json",
  decode: wire.reportFromWire,
};

/** Figures computed from your account's activity. */
class Reports {
  #core;

  /** @param {import("../core.js").Core} core */
  constructor(core) {
    this.#core = core;
  }

  /** POST /reports */
  generateReport(params, options) {
    return this.#core.call(generateReportOperation, options, () => ({
      path: "/reports",
      json: wire.reportRequestToWire(params),
    }));
  }
}

module.exports = {
  Reports,
};
