import type { NewPet, Pet, UploadPetPhotoRequest } from "./models.js";
export { jsonOnly, listOf, orNull, reader, recordOf } from "./runtime/index.js";

/** @internal Converts every item of an array. */
export declare function arrayOf<T>(
  convert: (value: unknown) => T,
): (value: unknown) => T[];
/** @internal Picks a converter by the response's status. */
export declare function byStatus(
  rows: [number | "2XX", (value: unknown) => unknown][],
): (value: unknown, status: number) => unknown;
/** @internal Converts every value of a map. */
export declare function mapOf<T>(
  convert: (value: unknown) => T,
): (value: unknown) => Record<string, T>;
export declare function newPetToWire(value: NewPet): unknown;
export declare function petFromWire(value: unknown): Pet;
export declare function uploadPetPhotoRequestToWire(
  value: UploadPetPhotoRequest,
): unknown;
