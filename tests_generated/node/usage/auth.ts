// Compile-only: the Vault SDK (generator/tests/fixtures/auth.yaml): every
// credential option is optional (the environment may hold it), and a call
// without credentials fails with MissingCredentialError.
import { MissingCredentialError, SDKError, Vault } from "vault";

const fromEnv = new Vault();
const machine = new Vault({
  baseUrl: "http://127.0.0.1:8080/api",
  clientId: "id",
  clientSecret: () => "secret",
});
const keyed = new Vault({ cookieKey: "k", queryKey: "q", username: "u" });

export async function run(): Promise<void> {
  try {
    await fromEnv.vault.listSecrets();
  } catch (err) {
    if (err instanceof MissingCredentialError) {
      const schemes: readonly string[] = err.schemes;
      const kind: "missing_credential" = err.kind;
      const sdk: SDKError = err;
      void [schemes, kind, sdk];
    }
  }
  await machine.vault.createMachineSecret(
    { name: "n" },
    { idempotencyKey: "k" },
  );
  await keyed.vault.getKeyed({ sessionHint: "h" });
}

export function misuse(): void {
  // @ts-expect-error: the option is bearerToken.
  new Vault({ token: "t" });
}
