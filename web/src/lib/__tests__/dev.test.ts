import { afterEach, describe, expect, it, vi } from "vitest";
import { BUILD_STATE_ATTRIBUTE, connectDevEvents } from "../dev";
import { REBUILT_EVENT } from "../rebuilt";

class FakeEventSource {
  static last: FakeEventSource | undefined;
  readonly listeners = new Map<string, ((e: Event) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, data?: unknown) {
    const e = data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) });
    for (const fn of this.listeners.get(type) ?? []) fn(e);
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

function connect() {
  vi.stubGlobal("EventSource", FakeEventSource);
  const target = { reload: vi.fn(() => Promise.resolve()), cache: { delete: vi.fn((_route: string) => true) } };
  const close = connectDevEvents("/_dev/events", target);
  const es = FakeEventSource.last as FakeEventSource;
  return { target, close, es };
}

describe("dev events", () => {
  it("reloads the current page and forgets changed routes on reload", () => {
    const { target, es } = connect();
    expect(es.url).toBe("/_dev/events");
    es.emit("reload", { routes: ["/a", "/b"] });
    expect(target.cache.delete.mock.calls.map((c) => c[0])).toEqual(["/a", "/b"]);
    expect(target.reload).toHaveBeenCalledTimes(1);
  });

  it("shows the build error with file and line, and hides it on ok", () => {
    const { es } = connect();
    es.emit("error", { message: "unclosed admonition", file: "docs/a.md", line: 12 });
    const box = document.querySelector(".tz-dev-error");
    expect(box?.getAttribute("role")).toBe("alert");
    expect(box?.textContent).toContain("unclosed admonition");
    expect(box?.textContent).toContain("docs/a.md:12");
    es.emit("error", { message: "second", file: "docs/b.md", line: 3 });
    expect(document.querySelectorAll(".tz-dev-error")).toHaveLength(1);
    expect(document.querySelector(".tz-dev-error")?.textContent).toContain("docs/b.md:3");
    es.emit("ok");
    expect(document.querySelector(".tz-dev-error")).toBeNull();
  });

  it("tells the page's caches of each rebuild", () => {
    const rebuilt = vi.fn();
    window.addEventListener(REBUILT_EVENT, rebuilt);
    try {
      const { es } = connect();
      es.emit("ok", {});
      expect(rebuilt).not.toHaveBeenCalled();
      es.emit("reload", { routes: ["/a"] });
      expect(rebuilt).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener(REBUILT_EVENT, rebuilt);
    }
  });

  it("marks the page with the state of the last build", () => {
    const { es } = connect();
    es.emit("error", { message: "broken" });
    expect(document.documentElement.getAttribute(BUILD_STATE_ATTRIBUTE)).toBe("error");
    es.emit("ok", {});
    expect(document.documentElement.getAttribute(BUILD_STATE_ATTRIBUTE)).toBe("ok");
  });

  it("ignores connection errors, which carry no data", () => {
    const { es } = connect();
    es.emit("error");
    expect(document.querySelector(".tz-dev-error")).toBeNull();
  });

  it("closes the connection", () => {
    const { es, close } = connect();
    close();
    expect(es.closed).toBe(true);
  });
});
