import { describe, expect, it, vi } from "vitest";
import { TOKEN_STORAGE_KEY, TokenClient, authorizedFetch, tokenExpiry, tokenUsable } from "../token";

export function makeToken(expSeconds: number, jti = "j"): string {
  return `${btoa(JSON.stringify({ exp: expSeconds, aid: "tezos", jti }))}.c2ln`;
}

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), map: m };
}

describe("tokenExpiry", () => {
  it("reads exp from the first segment", () => {
    expect(tokenExpiry(makeToken(1_700_000_000))).toBe(1_700_000_000_000);
  });
  it("is null for unreadable tokens", () => {
    expect(tokenExpiry("not-base64!.x")).toBeNull();
    expect(tokenExpiry(`${btoa("{}")}.x`)).toBeNull();
    expect(tokenExpiry("")).toBeNull();
  });
  it("treats a token expiring within 30 s as unusable", () => {
    const now = 1_000_000_000_000;
    expect(tokenUsable(makeToken(now / 1000 + 31), now)).toBe(true);
    expect(tokenUsable(makeToken(now / 1000 + 30), now)).toBe(false);
    expect(tokenUsable(null, now)).toBe(false);
  });
});

describe("TokenClient", () => {
  it("fetches with the assistant id, caches in storage and refetches near expiry", async () => {
    let now = 1_000_000_000_000;
    const storage = memoryStorage();
    let n = 0;
    const f = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      expect(new Headers(init?.headers).get("x-algolia-assistant-id")).toBe("tezos");
      n += 1;
      return Response.json({ success: true, token: makeToken(now / 1000 + 300, `t${n}`) });
    });
    const c = new TokenClient({ assistantId: "tezos", fetch: f, storage, now: () => now });
    const [a, b] = await Promise.all([c.get(), c.get()]);
    expect(a).toBe(b);
    expect(f).toHaveBeenCalledTimes(1);
    expect(storage.map.get(TOKEN_STORAGE_KEY)).toBe(a);
    now += 200_000;
    expect(await c.get()).toBe(a);
    now += 75_000; // 25 s left
    const fresh = await c.get();
    expect(fresh).not.toBe(a);
    expect(f).toHaveBeenCalledTimes(2);
  });
  it("reuses a token another page stored, and reports a refused request", async () => {
    const storage = memoryStorage();
    const stored = makeToken(Date.now() / 1000 + 300);
    storage.setItem(TOKEN_STORAGE_KEY, stored);
    const f = vi.fn(async () => new Response("Too many requests, try again in a minute.", { status: 429 }));
    expect(await new TokenClient({ assistantId: "x", fetch: f, storage }).get()).toBe(stored);
    expect(f).not.toHaveBeenCalled();
    await expect(new TokenClient({ assistantId: "x", fetch: f, storage: memoryStorage() }).get()).rejects.toThrow("Too many requests");
  });
});

describe("authorizedFetch", () => {
  it("sends the token and retries once with a new token after a 401", async () => {
    const tokens = ["t1", "t2"];
    const client = { get: vi.fn(async () => tokens[0]!), clear: vi.fn(() => void tokens.shift()) };
    const seen: string[] = [];
    const base = vi.fn(async (_u: RequestInfo | URL, init?: RequestInit) => {
      const auth = new Headers(init?.headers).get("authorization")!;
      seen.push(auth);
      return new Response("", { status: auth === "TOKEN t1" ? 401 : 200 });
    });
    const res = await authorizedFetch(client, base)("/api/askai/chat", { method: "POST", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(200);
    expect(seen).toEqual(["TOKEN t1", "TOKEN t2"]);
    expect(client.clear).toHaveBeenCalledTimes(1);
  });
});
