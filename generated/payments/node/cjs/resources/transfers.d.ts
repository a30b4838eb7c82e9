import type {
  APIPromise,
  KeyedRequestOptions,
  PagePromise,
  RequestOptions,
} from "../core.js";
import type {
  CreateTransfer,
  ListTransfersCreated,
  Transfer,
} from "../models.js";

/** The parameters of `listTransfers`. */
export interface ListTransfersParams {
  /**
   * The largest number of transfers on one page.
   *
   * Sent as the `limit` query parameter.
   *
   * An integer; exact up to `Number.MAX_SAFE_INTEGER`.
   */
  limit?: number;
  /**
   * A transfer id; the page starts with the transfer after it.
   *
   * Sent as the `starting_after` query parameter.
   */
  startingAfter?: string;
  /**
   * Only transfers created within this range, bounds included: `created[gte]=2024-05-01T00:00:00Z&created[lte]=2024-05-31T23:59:59Z`.
   *
   * Sent as the `created` query parameter.
   */
  created?: ListTransfersCreated;
}

/** The parameters of `createTransfer`. */
export type CreateTransferParams = CreateTransfer;

/** Payments from your balance to a vendor. */
export declare class Transfers {
  private constructor();

  /**
   * List transfers
   *
   * Returns transfers, newest first, one page at a time. To get the next
   * page, pass the id of the last transfer of this page as
   * `starting_after`; `has_more` is false on the last page.
   *
   * `GET /transfers`
   *
   * Safe to retry: retried on throttling, transient 5xx (500 once) and connection failures. Up to 3 attempts within a 60000 ms deadline; each attempt times out after 1200 ms (3 x p99 400 ms) or when the deadline comes, whichever is first.
   */
  listTransfers(
    params?: ListTransfersParams,
    options?: RequestOptions,
  ): PagePromise<Transfer>;

  /**
   * Create a transfer
   *
   * Pays an amount from your balance to a vendor. The transfer starts as
   * `pending` and becomes `paid` or `failed` once the vendor's bank
   * answers.
   *
   * Send an `Idempotency-Key` so that a retried request cannot pay the
   * vendor twice.
   *
   * `POST /transfers`
   *
   * Keyed: every attempt carries the same `Idempotency-Key` (yours from `options.idempotencyKey`, or a UUID v4 made once for the call), so retries after a timeout or a 5xx cannot act twice within the server's replay window. Up to 3 attempts within a 60000 ms deadline; each attempt times out after 1200 ms (3 x p99 400 ms) or when the deadline comes, whichever is first.
   */
  createTransfer(
    params: CreateTransferParams,
    options?: KeyedRequestOptions,
  ): APIPromise<Transfer>;

  /**
   * Get a transfer
   *
   * Returns one transfer with its current status.
   *
   * `GET /transfers/{transfer_id}`
   *
   * Safe to retry: retried on throttling, transient 5xx (500 once) and connection failures. Up to 3 attempts within a 60000 ms deadline; each attempt times out after 1200 ms (3 x p99 400 ms) or when the deadline comes, whichever is first.
   *
   * @param transferId The id of the transfer. Sent as the `transfer_id` path parameter, percent-encoded.
   */
  getTransfer(
    transferId: string,
    options?: RequestOptions,
  ): APIPromise<Transfer>;
}
