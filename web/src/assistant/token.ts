// Assistant tokens: fetched from POST /api/askai/chat/token, cached in sessionStorage, and fetched
// again when missing or expiring within 30 s (docs/behaviour.md, "Ask AI"). The expiry is read from the token itself:
// its first segment is standard base64 of JSON {exp (Unix seconds), …}.

export const TOKEN_ENDPOINT = "/api/askai/chat/token";
export const TOKEN_STORAGE_KEY = "tzdocs-askai-token";
/** Refetch this long before the token expires. */
export const TOKEN_EARLY_EXPIRY_MS = 30_000;

/** The token's expiry in milliseconds since the epoch, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  const head = token.split(".")[0];
  if (!head) return null;
  try {
    const json = atob(head.replace(/-/g, "+").replace(/_/g, "/"));
    const claims: unknown = JSON.parse(json);
    if (claims && typeof claims === "object" && "exp" in claims && typeof claims.exp === "number" && Number.isFinite(claims.exp)) {
      return claims.exp * 1000;
    }
  } catch {
    // Not base64 or not JSON: unreadable.
  }
  return null;
}

/** Whether a cached token can still be used at `nowMs`: readable and not expiring within the margin. */
export function tokenUsable(token: string | null, nowMs: number, marginMs = TOKEN_EARLY_EXPIRY_MS): token is string {
  if (!token) return false;
  const exp = tokenExpiry(token);
  return exp !== null && exp - nowMs > marginMs;
}

export interface TokenClientOptions {
  assistantId: string;
  endpoint?: string;
  fetch?: typeof fetch;
  /** Where the token is cached; null disables caching (storage unavailable). */
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  now?: () => number;
}

function sessionStore(): TokenClientOptions["storage"] {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export class TokenClient {
  private readonly opts: Required<Omit<TokenClientOptions, "storage">> & { storage: TokenClientOptions["storage"] };
  private memory: string | null = null;
  private pending: Promise<string> | null = null;

  constructor(opts: TokenClientOptions) {
    this.opts = {
      endpoint: TOKEN_ENDPOINT,
      fetch: (input, init) => fetch(input, init),
      now: () => Date.now(),
      ...opts,
      storage: opts.storage === undefined ? sessionStore() : opts.storage,
    };
  }

  private cached(): string | null {
    try {
      return this.opts.storage?.getItem(TOKEN_STORAGE_KEY) ?? this.memory;
    } catch {
      return this.memory;
    }
  }

  private remember(token: string | null): void {
    this.memory = token;
    try {
      if (token === null) this.opts.storage?.removeItem(TOKEN_STORAGE_KEY);
      else this.opts.storage?.setItem(TOKEN_STORAGE_KEY, token);
    } catch {
      // Kept in memory only.
    }
  }

  /** A usable token: the cached one, or a new one (concurrent callers share one request). */
  get(): Promise<string> {
    const token = this.cached();
    if (tokenUsable(token, this.opts.now())) return Promise.resolve(token);
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** Forgets the cached token (after the server refused it). */
  clear(): void {
    this.remember(null);
  }

  private async fetchToken(): Promise<string> {
    const res = await this.opts.fetch(this.opts.endpoint, { method: "POST", headers: { "x-algolia-assistant-id": this.opts.assistantId } });
    if (!res.ok) throw new Error(await errorText(res, `Could not start the assistant (HTTP ${res.status}).`));
    const body: unknown = await res.json();
    const token = body && typeof body === "object" && "token" in body && typeof body.token === "string" ? body.token : "";
    if (!token) throw new Error("The assistant token response has no token.");
    this.remember(token);
    return token;
  }
}

/** The plain-text (or JSON {message}) body of a failed response, or `fallback`. */
export async function errorText(res: Response, fallback: string): Promise<string> {
  try {
    const text = (await res.text()).trim();
    if (!text) return fallback;
    if (text.startsWith("{")) {
      const body: unknown = JSON.parse(text);
      if (body && typeof body === "object" && "message" in body && typeof body.message === "string") return body.message;
    }
    return text;
  } catch {
    return fallback;
  }
}

/** A fetch that sends `authorization: TOKEN <t>`, and on a 401 fetches a new token and tries once more. */
export function authorizedFetch(tokens: Pick<TokenClient, "get" | "clear">, base: typeof fetch = (i, init) => fetch(i, init)): typeof fetch {
  const send = async (input: RequestInfo | URL, init: RequestInit | undefined) => {
    const headers = new Headers(init?.headers);
    headers.set("authorization", `TOKEN ${await tokens.get()}`);
    return base(input, { ...init, headers });
  };
  return async (input, init) => {
    const res = await send(input, init);
    if (res.status !== 401) return res;
    tokens.clear();
    return send(input, init);
  };
}
