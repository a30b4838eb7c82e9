import type { NewPet, UploadPetPhotoRequest } from "./models.js";

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
export declare function newPetFromWire(value: unknown): NewPet;
export declare function newPetToWire(value: NewPet): unknown;
export declare function uploadPetPhotoRequestFromWire(
  value: unknown,
): UploadPetPhotoRequest;
export declare function uploadPetPhotoRequestToWire(
  value: UploadPetPhotoRequest,
): unknown;
