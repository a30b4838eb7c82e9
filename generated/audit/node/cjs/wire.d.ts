import type {
  Account,
  AccountInput,
  ActivityEntry,
  AddAccountNoteRequest,
  Charge,
  CreateChargeRequest,
  Limits,
  ListAccountsResponse,
  UpdateAccountLimitsRequest,
  UseCreditResponse,
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
export declare function accountInputToWire(value: AccountInput): unknown;
export declare function accountFromWire(value: unknown): Account;
export declare function accountToWire(value: Account): unknown;
export declare function activityEntryFromWire(value: unknown): ActivityEntry;
export declare function activityEntryToWire(value: ActivityEntry): unknown;
export declare function chargeFromWire(value: unknown): Charge;
export declare function chargeToWire(value: Charge): unknown;
export declare function limitsFromWire(value: unknown): Limits;
export declare function listAccountsResponseFromWire(
  value: unknown,
): ListAccountsResponse;
export declare function listAccountsResponseToWire(
  value: ListAccountsResponse,
): unknown;
export declare function addAccountNoteRequestToWire(
  value: AddAccountNoteRequest,
): unknown;
export declare function useCreditResponseFromWire(
  value: unknown,
): UseCreditResponse;
export declare function createChargeRequestToWire(
  value: CreateChargeRequest,
): unknown;
export declare function updateAccountLimitsRequestToWire(
  value: UpdateAccountLimitsRequest,
): unknown;
