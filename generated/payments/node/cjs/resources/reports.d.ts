import type { APIPromise, RequestOptions } from "../core.js";
import type { Report, ReportRequest } from "../models.js";

/** The parameters of `generateReport`. */
export type GenerateReportParams = ReportRequest;

/** Figures computed from your account's activity. */
export declare class Reports {
  private constructor();

  /**
   * Compute a report
   *
   * Computes totals over your transfers and refunds for a date range and
   * returns them. Nothing is stored: the same request always gives the
   * same figures for a closed range, so it is safe to retry. It is a
   * `POST` only because the query is a JSON body.
   *
   * `POST /reports`
   *
   * Idempotent: retried on throttling, transient 5xx (500 once) and connection failures. Up to 3 attempts within a 60000 ms deadline; each attempt times out after 1200 ms (3 x p99 400 ms) or when the deadline comes, whichever is first.
   */
  generateReport(
    params: GenerateReportParams,
    options?: RequestOptions,
  ): APIPromise<Report>;
}
