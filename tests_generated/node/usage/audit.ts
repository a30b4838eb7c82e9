// Compile-only: the Accounts SDK (audit spec): a keyed create whose key is a
// declared header parameter, and an unsafe PATCH.
import { Accounts, type Account, type AccountInput } from "accounts";

const client = new Accounts({ bearerToken: "tok", retries: false });

export async function open(email: string): Promise<Account> {
  const input: AccountInput = { email, name: "Ada", plan: "team", phone: null };
  const account = await client.accounts.createAccount(input, {
    idempotencyKey: `signup-${email}`,
  });
  await client.billing.updateAccountLimits(account.id, { dailyDelta: 500 });
  const page = await client.accounts.listAccounts({ page: 1, perPage: 50 });
  return page.items[0] ?? account;
}
