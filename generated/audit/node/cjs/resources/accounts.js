"use strict";
const { pathParam, queryParam, queryString } = require("../runtime/index.js");
const { fillPath } = require("../core.js");
const wire = require("../wire.js");

const listAccountsPagination = Object.freeze({
  style: "page",
  param: "page",
  sizeParam: "per_page",
  items: ["accounts"],
});

const listAccountsOperation = {
  name: "listAccounts",
  method: "GET",
  retryClass: "safe",
  parseAs: "json",
  pagination: listAccountsPagination,
  parseItem: wire.accountFromWire,
};

const createAccountOperation = {
  name: "createAccount",
  method: "POST",
  retryClass: "keyed",
  keyHeader: "Idempotency-Key",
  keyMaxLength: 255,
  failures: "reattempt",
  inFlightCode: "concurrent_idempotent_requests",
  mismatchCode: "invalid_idempotent_request",
  parseAs: "json",
  decode: wire.accountFromWire,
};

const getAccountOperation = {
  name: "getAccount",
  method: "GET",
  retryClass: "safe",
  parseAs: "json",
  decode: wire.accountFromWire,
};

const replaceAccountOperation = {
  name: "replaceAccount",
  method: "PUT",
  retryClass: "idempotent",
  parseAs: "json",
  decode: wire.accountFromWire,
};

const addAccountNoteOperation = {
  name: "addAccountNote",
  method: "PUT",
  retryClass: "unsafe",
  parseAs: "json",
  decode: wire.activityEntryFromWire,
};

/** The `accounts` operations. */
class AccountsResource {
  #core;

  /** @param {import("../core.js").Core} core */
  constructor(core) {
    this.#core = core;
  }

  /** GET /accounts */
  listAccounts(params = {}, options) {
    return this.#core.paginate(listAccountsOperation, options, () => ({
      path: "/accounts",
      query: queryString(
        queryParam("page", params.page),
        queryParam("per_page", params.perPage),
        queryParam("email", params.email),
      ),
    }));
  }

  /** POST /accounts */
  createAccount(params, options) {
    return this.#core.call(createAccountOperation, options, () => ({
      path: "/accounts",
      json: wire.accountInputToWire(params),
    }));
  }

  /** GET /accounts/{account_id} */
  getAccount(accountId, options) {
    return this.#core.call(getAccountOperation, options, () => ({
      path: fillPath(
        "/accounts/{account_id}",
        pathParam("account_id", accountId),
      ),
    }));
  }

  /** PUT /accounts/{account_id} */
  replaceAccount(accountId, params, options) {
    return this.#core.call(replaceAccountOperation, options, () => ({
      path: fillPath(
        "/accounts/{account_id}",
        pathParam("account_id", accountId),
      ),
      json: wire.accountInputToWire(params),
    }));
  }

  /** PUT /accounts/{account_id}/notes */
  addAccountNote(accountId, params, options) {
    return this.#core.call(addAccountNoteOperation, options, () => ({
      path: fillPath(
        "/accounts/{account_id}/notes",
        pathParam("account_id", accountId),
      ),
      json: wire.addAccountNoteRequestToWire(params),
    }));
  }
}

module.exports = {
  AccountsResource,
};
