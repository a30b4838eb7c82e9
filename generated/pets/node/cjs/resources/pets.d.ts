import type { APIPromise, RequestOptions } from "../core.js";
import type { NewPet, Pet, PetStatus } from "../models.js";

/** The parameters of `listPets`. */
export interface ListPetsParams {
  /**
   * The largest number of pets to return.
   *
   * Sent as the `limit` query parameter.
   */
  limit?: number;
  /**
   * Only pets carrying at least one of these tags. Repeat the parameter for each tag: `?tags=dog&tags=small`.
   *
   * Sent as the `tags` query parameter.
   */
  tags?: string[];
  /**
   * Only pets with this status.
   *
   * Sent as the `status` query parameter.
   */
  status?: PetStatus;
}

/** The parameters of `createPet`. */
export type CreatePetParams = NewPet;

/** The parameters of `updatePet`. */
export type UpdatePetParams = NewPet;

/** The pets in the catalogue. */
export declare class PetsResource {
  private constructor();

  /**
   * List pets
   *
   * Returns the pets in the catalogue, oldest first. Filter by status and
   * by tags; a pet matches the tag filter when it carries any of the
   * given tags.
   *
   * `GET /pets`
   *
   * Safe to retry: retried on throttling, transient 5xx (500 once) and connection failures. Up to 3 attempts within a 60000 ms deadline; each attempt times out after 900 ms (3 x p99 300 ms) or when the deadline comes, whichever is first.
   */
  listPets(
    params?: ListPetsParams,
    options?: RequestOptions,
  ): APIPromise<Pet[]>;

  /**
   * Create a pet
   *
   * Adds a pet to the catalogue and returns it with its new id. Every
   * successful call creates a new pet, even when the body is the same as
   * an earlier one.
   *
   * `POST /pets`
   *
   * Not safe to retry: retried only when the request provably never reached the server (connection refused, DNS, TLS handshake, 429). After a timeout, check whether it took effect before calling again. Up to 3 attempts within a 60000 ms deadline; each attempt times out after 900 ms (3 x p99 300 ms) or when the deadline comes, whichever is first.
   */
  createPet(params: CreatePetParams, options?: RequestOptions): APIPromise<Pet>;

  /**
   * Get a pet
   *
   * Returns one pet by its id.
   *
   * `GET /pets/{petId}`
   *
   * Safe to retry: retried on throttling, transient 5xx (500 once) and connection failures. Up to 3 attempts within a 60000 ms deadline; each attempt times out after 900 ms (3 x p99 300 ms) or when the deadline comes, whichever is first.
   *
   * @param petId The id of the pet. Sent as the `petId` path parameter, percent-encoded.
   */
  getPet(petId: number, options?: RequestOptions): APIPromise<Pet>;

  /**
   * Replace a pet
   *
   * Replaces every field of a pet with the fields given. Fields left out
   * of the body are cleared. Sending the same body again leaves the pet
   * as it is.
   *
   * `PUT /pets/{petId}`
   *
   * Idempotent: retried on throttling, transient 5xx (500 once) and connection failures. Up to 3 attempts within a 60000 ms deadline; each attempt times out after 900 ms (3 x p99 300 ms) or when the deadline comes, whichever is first.
   *
   * @param petId The id of the pet. Sent as the `petId` path parameter, percent-encoded.
   */
  updatePet(
    petId: number,
    params: UpdatePetParams,
    options?: RequestOptions,
  ): APIPromise<Pet>;

  /**
   * Delete a pet
   *
   * Removes a pet and its photo from the catalogue. Deleting a pet that
   * was already deleted returns 404 and changes nothing.
   *
   * `DELETE /pets/{petId}`
   *
   * Idempotent: retried on throttling, transient 5xx (500 once) and connection failures. Up to 3 attempts within a 60000 ms deadline; each attempt times out after 900 ms (3 x p99 300 ms) or when the deadline comes, whichever is first.
   *
   * @param petId The id of the pet. Sent as the `petId` path parameter, percent-encoded.
   */
  deletePet(petId: number, options?: RequestOptions): APIPromise<void>;
}
