/**
 * A multipart part's row: [name, the contentType its encoding declares, the
 * style and explode it declares].
 */
export type MultipartPart = readonly [
  name: string,
  contentType?: string | null,
  style?: string,
  explode?: boolean,
];

import type { UploadBody } from "./files.js";

/**
 * A multipart/form-data body (WIRE.md section 4), as a Blob typed with its
 * boundary (an UploadBody when a file is a stream); undefined without a
 * value.
 */
export declare function multipartBody<V extends object | null | undefined>(
  value: V,
  parts?: readonly MultipartPart[],
): V extends object ? Blob | UploadBody : Blob | UploadBody | undefined;

/** The first concrete media type of an encoding's contentType list. */
export declare function concreteMediaType(
  contentType: unknown,
): string | undefined;
