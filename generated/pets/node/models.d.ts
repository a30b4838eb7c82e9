import type { FileInput } from "./runtime/index.js";

/** Where the pet stands in the shop. */
export type PetStatus = "available" | "pending" | "sold" | (string & {});
/** The values of `PetStatus` the SDK knows of; others may come. */
export declare const PetStatus: {
  readonly Available: "available";
  readonly Pending: "pending";
  readonly Sold: "sold";
};

/** The fields of a pet that a client sets. */
export interface NewPet {
  /** The pet's name. */
  name: string;
  /** Free-form labels used to find the pet. */
  tags?: string[];
  status?: PetStatus;
}

/** A pet in the catalogue. */
export interface Pet {
  /** The pet's name. */
  name: string;
  /** Free-form labels used to find the pet. */
  tags?: string[];
  status?: PetStatus;
  /**
   * The pet's id, set by the server.
   *
   * An integer; exact up to `Number.MAX_SAFE_INTEGER`.
   *
   * Read-only: set by the server, ignored in requests.
   */
  id: number;
}

export interface ErrorModel {
  /** The HTTP status of the response, repeated. */
  code: number;
  /** What went wrong, for a human reader. */
  message: string;
}

export interface UploadPetPhotoRequest {
  /** The image file. */
  file: FileInput;
  /** A short text shown under the photo. */
  caption?: string;
}
