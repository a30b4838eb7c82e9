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
