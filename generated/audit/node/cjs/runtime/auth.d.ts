/** A secret, or a function returning one (called once per logical call). */
export type Secret = string | (() => string | Promise<string>);

export interface BearerAuth {
  type: "bearer";
  token: Secret;
}

export interface BasicAuth {
  type: "basic";
  username: Secret;
  password?: Secret;
}

export interface ApiKeyAuth {
  type: "apiKey";
  /** Header, query parameter or cookie name. */
  name: string;
  /** Where the key goes; 'header' by default. A cookie comes after the request's own. */
  in?: "header" | "query" | "cookie";
  value: Secret;
}

export type Auth = BearerAuth | BasicAuth | ApiKeyAuth;

export declare function resolveAuth(
  auth: Auth | readonly Auth[] | null | undefined,
): Promise<{ headers: [string, string][]; query: string[]; cookies: string[] }>;

/**
 * OAuth2's client-credentials flow: the client's id and secret, and the
 * token fetched with them, kept until shortly before it expires.
 */
export declare class ClientCredentials {
  constructor(tokenUrl: string, clientId: Secret, clientSecret: Secret);
  readonly type: "clientCredentials";
  /** The flow's token URL, maybe relative to the client's base URL. */
  readonly tokenUrl: string;
  /** The kept token when it is still good at `now` (ms), else undefined. */
  current(now: number): string | undefined;
  /** The kept token, else the one `fetch` gets (one fetch at a time). */
  token(now: number, fetch: () => Promise<string>): string | Promise<string>;
  /** The token request's body and headers. */
  tokenRequest(): Promise<{
    body: string;
    contentType: string;
    headers: [string, string][];
  }>;
  /** Keeps the token of a token response's JSON body; throws when it is not one. */
  accept(body: unknown, now: number): string;
  /** Forgets `token` after the server refused it. */
  drop(token: string): void;
}
