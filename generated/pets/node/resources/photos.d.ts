import type { APIPromise, RequestOptions } from "../core.js";
import type { BinaryResponse } from "../runtime/index.js";
import type { UploadPetPhotoRequest } from "../models.js";

/** The parameters of `uploadPetPhoto`. */
export type UploadPetPhotoParams = UploadPetPhotoRequest;

/** The photo attached to each pet. */
export declare class Photos {
  private constructor();

  /**
   * Download a pet's photo
   *
   * Returns the pet's photo as a PNG image, or 404 when it has none.
   *
   * `GET /pets/{petId}/photo`
   *
   * Safe to retry: retried on throttling, transient 5xx (500 once) and connection failures. Up to 3 attempts within a 60000 ms deadline; each attempt times out after 900 ms (3 x p99 300 ms) or when the deadline comes, whichever is first.
   *
   * Resolves once the response's headers arrive, its body unread: read it once, whole (`bytes()`, within `maxResponseBytes`), in chunks (`for await`) or into a file (`writeToFile(path)`), which keeps one chunk in memory at a time. A body that breaks throws a `StreamError` with the bytes delivered; it is not retried.
   *
   * @param petId The id of the pet. Sent as the `petId` path parameter, percent-encoded.
   */
  downloadPetPhoto(
    petId: number,
    options?: RequestOptions,
  ): APIPromise<BinaryResponse>;

  /**
   * Upload a pet's photo
   *
   * Stores the photo of a pet, replacing the one it had. PNG and JPEG
   * images up to 5 MiB are accepted; JPEG images are converted to PNG.
   *
   * `PUT /pets/{petId}/photo`
   *
   * Idempotent: retried on throttling, transient 5xx (500 once) and connection failures. Up to 3 attempts within a 60000 ms deadline; each attempt times out after 900 ms (3 x p99 300 ms) or when the deadline comes, whichever is first.
   *
   * @param petId The id of the pet. Sent as the `petId` path parameter, percent-encoded.
   */
  uploadPetPhoto(
    petId: number,
    params: UploadPetPhotoParams,
    options?: RequestOptions,
  ): APIPromise<void>;
}
