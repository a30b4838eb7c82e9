import { multipartBody, pathParam } from "../runtime/index.js";
import { fillPath } from "../core.js";
import * as wire from "../wire.js";

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
  parts: [["file", "image/png, image/jpeg"], ["caption"]],
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
    return this.#core.download(downloadPetPhotoOperation, options, () => ({
      path: fillPath("/pets/{petId}/photo", pathParam("petId", petId)),
    }));
  }

  /** PUT /pets/{petId}/photo */
  uploadPetPhoto(petId, params, options) {
    return this.#core.call(uploadPetPhotoOperation, options, () => ({
      path: fillPath("/pets/{petId}/photo", pathParam("petId", petId)),
      body: multipartBody(
        wire.uploadPetPhotoRequestToWire(params),
        uploadPetPhotoOperation.parts,
      ),
    }));
  }
}
