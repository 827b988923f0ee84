import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANNOUNCEMENT_KEY } from "../../theme/AnnouncementBar";
import { COLOR_MODE_SCRIPT, COLOR_MODE_SCRIPT_SHA256 } from "../colorModeScript";
import { resolveColorMode, THEME_KEY } from "../colorMode";

const root = document.documentElement;

function run(osDark = false) {
  vi.stubGlobal("matchMedia", (q: string) => ({ matches: q.includes("dark") && osDark }));
  new Function(COLOR_MODE_SCRIPT)();
}

beforeEach(() => {
  for (const a of ["data-theme", "data-theme-choice", "data-theme-respect-os", "data-announcement-id", "data-announcement-dismissed"]) root.removeAttribute(a);
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("COLOR_MODE_SCRIPT", () => {
  it("keeps the server's default without a stored choice", () => {
    root.setAttribute("data-theme", "light");
    run(true);
    expect(root.getAttribute("data-theme")).toBe("light");
    root.setAttribute("data-theme", "dark");
    run(false);
    expect(root.getAttribute("data-theme")).toBe("dark");
  });

  it("applies the stored choice like lib/colorMode does", () => {
    for (const choice of ["light", "dark", "system"] as const) {
      for (const osDark of [false, true]) {
        localStorage.setItem(THEME_KEY, choice);
        root.setAttribute("data-theme", "light");
        run(osDark);
        const config = { defaultMode: "light" as const, disableSwitch: true, respectPrefersColorScheme: false };
        expect(root.getAttribute("data-theme")).toBe(resolveColorMode(choice, config, osDark));
        expect(root.getAttribute("data-theme-choice")).toBe(choice);
      }
    }
  });

  it("follows the OS without a choice when the site respects it", () => {
    root.setAttribute("data-theme", "light");
    root.setAttribute("data-theme-respect-os", "");
    run(true);
    expect(root.getAttribute("data-theme")).toBe("dark");
  });

  it("marks a dismissed announcement only while its id is the same", () => {
    localStorage.setItem(ANNOUNCEMENT_KEY, "v1");
    root.setAttribute("data-announcement-id", "v1");
    run();
    expect(root.hasAttribute("data-announcement-dismissed")).toBe(true);
    root.removeAttribute("data-announcement-dismissed");
    root.setAttribute("data-announcement-id", "v2");
    run();
    expect(root.hasAttribute("data-announcement-dismissed")).toBe(false);
  });

  it("does not throw when storage is unavailable", () => {
    vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    root.setAttribute("data-theme", "light");
    expect(() => run(true)).not.toThrow();
    expect(root.getAttribute("data-theme")).toBe("light");
  });

  it("has the published CSP hash (update the Go server's script-src when the script changes)", () => {
    const hash = createHash("sha256").update(COLOR_MODE_SCRIPT, "utf8").digest("base64");
    expect(`sha256-${hash}`).toBe(COLOR_MODE_SCRIPT_SHA256);
  });
});
