import type {
  APIPromise,
  KeyedRequestOptions,
  RequestOptions,
} from "../core.js";
import type { CreateSubscription, Subscription } from "../models.js";

/** The parameters of `createSubscription`. */
export type CreateSubscriptionParams = CreateSubscription;

/** Customers billed on a recurring schedule. */
export declare class Subscriptions {
  private constructor();

  /**
   * Start a subscription
   *
   * Starts billing a customer for a plan. This is a multi-step request:
   * it creates the customer, attaches the payment method to the customer
   * and starts billing, charging the first period at once. It takes
   * longer than other requests, so its latency hint and deadline are
   * larger.
   *
   * Send an `Idempotency-Key`: a retry with the same key resumes from
   * the step that was reached and never charges the first period twice.
   *
   * `POST /subscriptions`
   *
   * Keyed: every attempt carries the same `Idempotency-Key` (yours from `options.idempotencyKey`, or a UUID v4 made once for the call), so retries after a timeout or a 5xx cannot act twice within the server's replay window. Up to 4 attempts within a 90000 ms deadline; each attempt times out after 4500 ms (3 x p99 1500 ms) or when the deadline comes, whichever is first.
   */
  createSubscription(
    params: CreateSubscriptionParams,
    options?: KeyedRequestOptions,
  ): APIPromise<Subscription>;

  /**
   * Cancel a subscription
   *
   * Stops billing at once. Cancelling a subscription that is already
   * cancelled returns it unchanged, so this request is safe to repeat.
   *
   * `DELETE /subscriptions/{subscription_id}`
   *
   * Idempotent: retried on throttling, transient 5xx (500 once) and connection failures. Up to 3 attempts within a 60000 ms deadline; each attempt times out after 1200 ms (3 x p99 400 ms) or when the deadline comes, whichever is first.
   *
   * @param subscriptionId The id of the subscription. Sent as the `subscription_id` path parameter, percent-encoded.
   */
  cancelSubscription(
    subscriptionId: string,
    options?: RequestOptions,
  ): APIPromise<Subscription>;
}
