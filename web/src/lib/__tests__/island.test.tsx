import { act, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { island } from "../island";
import { lazyChunk } from "../lazyChunk";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}
const counterModule = { Counter };

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  document.body.innerHTML = "";
});

describe("island", () => {
  it("keeps the server HTML while its code loads, then hydrates it without a mismatch", async () => {
    const server = lazyChunk(() => Promise.resolve(counterModule));
    server.provide(counterModule);
    const ServerCounter = island(server, (m) => m.Counter);
    const container = document.createElement("div");
    container.innerHTML = renderToString(
      <main>
        <ServerCounter label="Clicks" />
      </main>,
    );
    document.body.append(container);
    const serverButton = container.querySelector("button");
    expect(serverButton?.textContent).toBe("Clicks 0");

    let arrive!: (m: typeof counterModule) => void;
    const browser = lazyChunk(() => new Promise<typeof counterModule>((resolve) => (arrive = resolve)));
    const BrowserCounter = island(browser, (m) => m.Counter);
    const reported: unknown[] = [];
    const errors = vi.spyOn(console, "error");
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(
        container,
        <main>
          <BrowserCounter label="Clicks" />
        </main>,
        { onRecoverableError: (e) => reported.push(e) },
      );
    });
    // The code has not arrived: the server's button is still there, not hydrated.
    expect(container.querySelector("button")).toBe(serverButton);
    await act(async () => arrive(counterModule));
    // The same element, now hydrated: a click goes through React.
    expect(container.querySelector("button")).toBe(serverButton);
    act(() => serverButton!.click());
    expect(serverButton!.textContent).toBe("Clicks 1");
    expect(reported).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    act(() => root.unmount());
  });

  it("keeps the server HTML of an island whose code fails to load, and hydrates it once a later load succeeds", async () => {
    const server = lazyChunk(() => Promise.resolve(counterModule));
    server.provide(counterModule);
    const ServerCounter = island(server, (m) => m.Counter);
    const container = document.createElement("div");
    container.innerHTML = renderToString(
      <main>
        <p>Text</p>
        <ServerCounter label="Clicks" />
      </main>,
    );
    document.body.append(container);
    const serverButton = container.querySelector("button");

    let fail = true;
    const browser = lazyChunk(() =>
      fail ? Promise.reject(new TypeError("Failed to fetch dynamically imported module: http://x/assets/Counter-1.js")) : Promise.resolve(counterModule),
    );
    const BrowserCounter = island(browser, (m) => m.Counter);
    const reported: unknown[] = [];
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("offline"));
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(
        container,
        <main>
          <p>Text</p>
          <BrowserCounter label="Clicks" />
        </main>,
        { onRecoverableError: (e) => reported.push(e) },
      );
    });
    await act(async () => {
      await browser.load().catch(() => {});
    });
    // The load failed: the server's button is still there.
    expect(container.querySelector("button")).toBe(serverButton);
    expect(serverButton?.textContent).toBe("Clicks 0");
    fail = false;
    await act(async () => {
      await browser.load();
    });
    expect(container.querySelector("button")).toBe(serverButton);
    act(() => serverButton!.click());
    expect(serverButton!.textContent).toBe("Clicks 1");
    expect(reported).toEqual([]);
    act(() => root.unmount());
  });
});
