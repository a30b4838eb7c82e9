/** A multipart part's row: [name, the contentType its encoding declares]. */
export type MultipartPart = readonly [name: string, contentType?: string | null];

/** A multipart/form-data body (WIRE.md section 4), as a Blob typed with its boundary. */
export declare function multipartBody(value: object | null | undefined, parts?: readonly MultipartPart[]): Blob;

/** The first concrete media type of an encoding's contentType list. */
export declare function concreteMediaType(contentType: unknown): string | undefined;
