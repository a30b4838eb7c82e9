"use strict";
const { pathParam, queryParam, queryString } = require("../runtime/index.js");
const { fillPath } = require("../core.js");
const wire = require("../wire.js");

const listPetsOperation = {
  name: "listPets",
  method: "GET",
  retryClass: "safe",
  parseAs: "json",
  decode: wire.listOf(wire.petFromWire),
};

const createPetOperation = {
  name: "createPet",
  method: "POST",
  retryClass: "unsafe",
  parseAs: "json",
  decode: wire.petFromWire,
};

const getPetOperation = {
  name: "getPet",
  method: "GET",
  retryClass: "safe",
  parseAs: "json",
  decode: wire.petFromWire,
};

const updatePetOperation = {
  name: "updatePet",
  method: "PUT",
  retryClass: "idempotent",
  parseAs: "json",
  decode: wire.petFromWire,
};

const deletePetOperation = {
  name: "deletePet",
  method: "DELETE",
  retryClass: "idempotent",
  parseAs: "auto",
};

/** The pets in the catalogue. */
class PetsResource {
  #core;

  /** @param {import("../core.js").Core} core */
  constructor(core) {
    this.#core = core;
  }

  /** GET /pets */
  listPets(params = {}, options) {
    return this.#core.call(listPetsOperation, options, () => ({
      path: "/pets",
      query: queryString(
        queryParam("limit", params.limit),
        queryParam("tags", params.tags),
        queryParam("status", params.status),
      ),
    }));
  }

  /** POST /pets */
  createPet(params, options) {
    return this.#core.call(createPetOperation, options, () => ({
      path: "/pets",
      json: wire.newPetToWire(params),
    }));
  }

  /** GET /pets/{petId} */
  getPet(petId, options) {
    return this.#core.call(getPetOperation, options, () => ({
      path: fillPath("/pets/{petId}", pathParam("petId", petId)),
    }));
  }

  /** PUT /pets/{petId} */
  updatePet(petId, params, options) {
    return this.#core.call(updatePetOperation, options, () => ({
      path: fillPath("/pets/{petId}", pathParam("petId", petId)),
      json: wire.newPetToWire(params),
    }));
  }

  /** DELETE /pets/{petId} */
  deletePet(petId, options) {
    return this.#core.call(deletePetOperation, options, () => ({
      path: fillPath("/pets/{petId}", pathParam("petId", petId)),
    }));
  }
}

module.exports = {
  PetsResource,
};
