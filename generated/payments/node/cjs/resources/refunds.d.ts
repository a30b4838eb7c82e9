import type {
  APIPromise,
  KeyedRequestOptions,
  RequestOptions,
} from "../core.js";
import type { CreateRefund, Refund } from "../models.js";

/** The parameters of `createRefund`. */
export type CreateRefundParams = CreateRefund;

/** Money given back from a transfer. */
export declare class Refunds {
  private constructor();

  /**
   * Refund a transfer
   *
   * Gives back all or part of a paid transfer. Several partial refunds
   * may be made until the transfer's whole amount is refunded.
   *
   * This endpoint accepts an `Idempotency-Key` header like every other
   * create endpoint; send one so that a retried request cannot refund
   * twice.
   *
   * `POST /transfers/{transfer_id}/refunds`
   *
   * Keyed: every attempt carries the same `Idempotency-Key` (yours from `options.idempotencyKey`, or a UUID v4 made once for the call), so retries after a timeout or a 5xx cannot act twice within the server's replay window. Up to 3 attempts within a 60000 ms deadline; each attempt times out after 1200 ms (3 x p99 400 ms) or when the deadline comes, whichever is first.
   *
   * @param transferId The id of the transfer. Sent as the `transfer_id` path parameter, percent-encoded.
   */
  createRefund(
    transferId: string,
    params?: CreateRefundParams,
    options?: KeyedRequestOptions,
  ): APIPromise<Refund>;

  /**
   * Get a refund
   *
   * Returns one refund with its current status.
   *
   * `GET /refunds/{refund_id}`
   *
   * Safe to retry: retried on throttling, transient 5xx (500 once) and connection failures. Up to 3 attempts within a 60000 ms deadline; each attempt times out after 1200 ms (3 x p99 400 ms) or when the deadline comes, whichever is first.
   *
   * @param refundId The id of the refund. Sent as the `refund_id` path parameter, percent-encoded.
   */
  getRefund(refundId: string, options?: RequestOptions): APIPromise<Refund>;
}
