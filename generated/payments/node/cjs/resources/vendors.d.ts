import type { APIPromise, RequestOptions } from "../core.js";
import type { Vendor, VendorInput, VendorUpdate } from "../models.js";

/** The parameters of `upsertVendor`. */
export type UpsertVendorParams = VendorInput;

/** The parameters of `updateVendor`. */
export type UpdateVendorParams = VendorUpdate;

/** The businesses and people you pay. */
export declare class Vendors {
  private constructor();

  /**
   * Create or replace a vendor
   *
   * Creates the vendor with this id, or replaces every field of the
   * existing one. Sending the same body again leaves the vendor as it is.
   *
   * `PUT /vendors/{vendor_id}`
   *
   * Idempotent: retried on throttling, transient 5xx (500 once) and connection failures. Up to 3 attempts within a 60000 ms deadline; each attempt times out after 1200 ms (3 x p99 400 ms) or when the deadline comes, whichever is first.
   *
   * @param vendorId Your own id for the vendor (letters, digits, `_` and `-`). Sent as the `vendor_id` path parameter, percent-encoded.
   */
  upsertVendor(
    vendorId: string,
    params: UpsertVendorParams,
    options?: RequestOptions,
  ): APIPromise<Vendor>;

  /**
   * Update some fields of a vendor
   *
   * Changes the fields given and leaves the others as they are. Each
   * call records a new revision of the vendor and sends a
   * `vendor.updated` event to your webhooks.
   *
   * This request is not safe to retry: it accepts no idempotency key,
   * and a repeated call records another revision and sends another
   * event. After a timeout, read the vendor back before sending it again.
   * To change a vendor safely, replace it with `PUT` instead.
   *
   * `PATCH /vendors/{vendor_id}`
   *
   * Not safe to retry: retried only when the request provably never reached the server (connection refused, DNS, TLS handshake, 429). After a timeout, check whether it took effect before calling again. Up to 3 attempts within a 60000 ms deadline; each attempt times out after 1200 ms (3 x p99 400 ms) or when the deadline comes, whichever is first.
   *
   * @param vendorId Your own id for the vendor (letters, digits, `_` and `-`). Sent as the `vendor_id` path parameter, percent-encoded.
   */
  updateVendor(
    vendorId: string,
    params?: UpdateVendorParams,
    options?: RequestOptions,
  ): APIPromise<Vendor>;
}
