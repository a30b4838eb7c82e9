import { fillPath, multipartBody } from "../core.js";

const downloadPetPhotoOperation = {
  name: "downloadPetPhoto",
  method: "GET",
  retryClass: "safe",
  parseAs: "bytes",
};

const uploadPetPhotoOperation = {
  name: "uploadPetPhoto",
  method: "PUT",
  retryClass: "idempotent",
  parseAs: "auto",
};

/** The photo attached to each pet. */
export class Photos {
  #core;

  /** @param {import("../core.js").Core} core */
  constructor(core) {
    this.#core = core;
  }

  /** GET /pets/{petId}/photo */
  downloadPetPhoto(petId, options) {
    return this.#core.call(downloadPetPhotoOperation, options, () => ({
      path: fillPath("/pets/{petId}/photo", petId),
    }));
  }

  /** PUT /pets/{petId}/photo */
  uploadPetPhoto(petId, params, options) {
    return this.#core.call(uploadPetPhotoOperation, options, () => ({
      path: fillPath("/pets/{petId}/photo", petId),
      body: multipartBody(params),
    }));
  }
}
