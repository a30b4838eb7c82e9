import type { APIPromise, RequestOptions } from "../core.js";
import type {
  Charge,
  CreateChargeRequest,
  Limits,
  UpdateAccountLimitsRequest,
  UseCreditResponse,
} from "../models.js";

/** The parameters of `createCharge`. */
export type CreateChargeParams = CreateChargeRequest;

/** The parameters of `updateAccountLimits`. */
export type UpdateAccountLimitsParams = UpdateAccountLimitsRequest;

/** The `billing` operations. */
export declare class Billing {
  private constructor();

  /**
   * Use one credit
   *
   * Uses up one of the account's prepaid credits: decrements the credit
   * balance by one and returns the new balance. Fails with 409 when the
   * balance is already zero.
   *
   * `DELETE /accounts/{account_id}/credits`
   *
   * Not safe to retry: retried only when the request provably never reached the server (connection refused, DNS, TLS handshake, 429). After a timeout, check whether it took effect before calling again. Up to 3 attempts within a 60000 ms deadline; each attempt may use the rest of the deadline.
   *
   * @param accountId Sent as the `account_id` path parameter, percent-encoded.
   */
  useCredit(
    accountId: string,
    options?: RequestOptions,
  ): APIPromise<UseCreditResponse>;

  /**
   * Charge the account's card
   *
   * Charges the card on file for the account with the amount given.
   *
   * `POST /accounts/{account_id}/charges`
   *
   * Not safe to retry: retried only when the request provably never reached the server (connection refused, DNS, TLS handshake, 429). After a timeout, check whether it took effect before calling again. Up to 3 attempts within a 60000 ms deadline; each attempt may use the rest of the deadline.
   *
   * @param accountId Sent as the `account_id` path parameter, percent-encoded.
   */
  createCharge(
    accountId: string,
    params: CreateChargeParams,
    options?: RequestOptions,
  ): APIPromise<Charge>;

  /**
   * Adjust spending limits
   *
   * Adjusts the account's spending limits. `daily_delta` and
   * `monthly_delta` are added to the current limits, so sending the same
   * request twice applies the change twice. This request is not safe to
   * retry: after a timeout, read the account and check its limits before
   * sending it again.
   *
   * `PATCH /accounts/{account_id}/limits`
   *
   * Not safe to retry: retried only when the request provably never reached the server (connection refused, DNS, TLS handshake, 429). After a timeout, check whether it took effect before calling again. Up to 3 attempts within a 60000 ms deadline; each attempt may use the rest of the deadline.
   *
   * @param accountId Sent as the `account_id` path parameter, percent-encoded.
   */
  updateAccountLimits(
    accountId: string,
    params?: UpdateAccountLimitsParams,
    options?: RequestOptions,
  ): APIPromise<Limits>;
}
