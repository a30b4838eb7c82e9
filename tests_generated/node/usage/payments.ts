// Compile-only: the Payments SDK as an integrator writes against it, checked
// with tsc --strict against the packed package's declarations.
import {
  APIError,
  IdempotencyInFlightError,
  Payments,
  SDKError,
  TransferStatus,
  deadlineFromHeaders,
  type APIResponse,
  type CreateTransferParams,
  type KeyedRequestOptions,
  type PaymentMethod,
  type StopReason,
  type Transfer,
} from "payments";

const client = new Payments({
  bearerToken: async () => "sk_test_123",
  timeout: 30_000,
  maxAttempts: 5,
  logLevel: "info",
});

export async function pay(
  orderId: string,
  signal: AbortSignal,
): Promise<string> {
  const params: CreateTransferParams = {
    amount: 1200,
    currency: "eur",
    vendorId: "v_9",
    description: null,
    metadata: { order_id: orderId },
  };
  const options: KeyedRequestOptions = {
    idempotencyKey: `payout-${orderId}`,
    signal,
    deadline: deadlineFromHeaders({ "request-timeout-ms": "5000" }),
  };
  const transfer: Transfer = await client.transfers.createTransfer(
    params,
    options,
  );
  const status: TransferStatus = transfer.status;
  if (status === TransferStatus.Failed || status === "some-new-status") {
    return "failed";
  }
  const res: APIResponse<Transfer> = await client.transfers
    .getTransfer(transfer.id, { retries: false })
    .withResponse();
  const attempts: number = res.attempts;
  const key: string | undefined = res.idempotencyKey;
  return `${res.data.vendorId} ${attempts} ${key ?? ""}`;
}

export async function pages(): Promise<number> {
  const page = await client.transfers.listTransfers({
    limit: 10,
    created: { gte: "2024-05-01T00:00:00Z" },
  });
  const more: boolean = page.hasNextPage();
  let count = page.items.length + (more ? 1 : 0);
  for await (const transfer of client.transfers.listTransfers({ limit: 10 })) {
    const id: string = transfer.id;
    count += id.length;
  }
  const { data, status } = await client.transfers
    .listTransfers()
    .withResponse();
  const next: Transfer[] | undefined = (await data.nextPage())?.items;
  // @ts-expect-error: a pager is not the page's body.
  await client.transfers.listTransfers().then((p) => p.hasMore);
  return count + status + (next?.length ?? 0);
}

export function brand(method: PaymentMethod): string {
  return method.type === "card" ? method.brand : method.bankName;
}

export async function errors(): Promise<StopReason | number> {
  try {
    await client.refunds.createRefund("tr_1", {}, { idempotencyKey: "r-1" });
    await client.vendors.updateVendor("acme", { name: "Acme" });
    return 0;
  } catch (err) {
    if (err instanceof IdempotencyInFlightError) return err.status;
    if (err instanceof APIError) return err.status;
    if (err instanceof SDKError) return err.stopReason;
    throw err;
  }
}

export async function misuse(): Promise<void> {
  // @ts-expect-error: only keyed operations take an idempotency key.
  await client.transfers.getTransfer("tr_1", { idempotencyKey: "k" });
  // @ts-expect-error: vendorId is required.
  await client.transfers.createTransfer({ amount: 1, currency: "eur" });
  await client.transfers.createTransfer({
    amount: 1,
    currency: "eur",
    vendorId: "v",
    // @ts-expect-error: the wire name is not the SDK's name.
    vendor_id: "v",
  });
}
