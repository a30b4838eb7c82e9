import type {
  BankAccount,
  Card,
  CreateRefund,
  CreateSubscription,
  CreateSubscriptionCustomer,
  CreateTransfer,
  PaymentMethod,
  Refund,
  Report,
  ReportRequest,
  ReportRowsItem,
  Subscription,
  Transfer,
  TransferList,
  Vendor,
  VendorInput,
  VendorUpdate,
} from "./models.js";
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
export declare function createTransferToWire(value: CreateTransfer): unknown;
export declare function transferFromWire(value: unknown): Transfer;
export declare function transferToWire(value: Transfer): unknown;
export declare function transferListFromWire(value: unknown): TransferList;
export declare function transferListToWire(value: TransferList): unknown;
export declare function createRefundToWire(value: CreateRefund): unknown;
export declare function refundFromWire(value: unknown): Refund;
export declare function refundToWire(value: Refund): unknown;
export declare function createSubscriptionCustomerToWire(
  value: CreateSubscriptionCustomer,
): unknown;
export declare function createSubscriptionToWire(
  value: CreateSubscription,
): unknown;
export declare function subscriptionFromWire(value: unknown): Subscription;
export declare function subscriptionToWire(value: Subscription): unknown;
export declare function paymentMethodFromWire(value: unknown): PaymentMethod;
export declare function paymentMethodToWire(value: PaymentMethod): unknown;
export declare function cardFromWire(value: unknown): Card;
export declare function cardToWire(value: Card): unknown;
export declare function bankAccountFromWire(value: unknown): BankAccount;
export declare function bankAccountToWire(value: BankAccount): unknown;
export declare function vendorInputToWire(value: VendorInput): unknown;
export declare function vendorUpdateToWire(value: VendorUpdate): unknown;
export declare function vendorFromWire(value: unknown): Vendor;
export declare function vendorToWire(value: Vendor): unknown;
export declare function reportRequestToWire(value: ReportRequest): unknown;
export declare function reportRowsItemFromWire(value: unknown): ReportRowsItem;
export declare function reportFromWire(value: unknown): Report;
