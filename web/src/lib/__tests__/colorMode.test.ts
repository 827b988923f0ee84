import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyColorMode, resolveColorMode, setColorModeChoice, THEME_KEY, watchColorMode } from "../colorMode";
import { resetStorageWarning } from "../storage";

const lightConfig = { defaultMode: "light" as const, disableSwitch: true, respectPrefersColorScheme: false };
const respectConfig = { ...lightConfig, respectPrefersColorScheme: true };

/** A matchMedia whose dark preference the test can flip, notifying change listeners. */
function fakeOs(dark: boolean) {
  const listeners = new Set<() => void>();
  const state = { dark };
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      return query.includes("dark") ? state.dark : false;
    },
    media: query,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }));
  return {
    set(next: boolean) {
      state.dark = next;
      for (const l of listeners) l();
    },
  };
}

const root = document.documentElement;

beforeEach(() => {
  root.removeAttribute("data-theme");
  root.removeAttribute("data-theme-choice");
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  vi.unstubAllGlobals();
  resetStorageWarning();
});

describe("resolveColorMode", () => {
  it.each([
    ["light", lightConfig, true, "light"],
    ["dark", lightConfig, false, "dark"],
    ["system", lightConfig, true, "dark"],
    ["system", lightConfig, false, "light"],
    [null, lightConfig, true, "light"],
    [null, { ...lightConfig, defaultMode: "dark" as const }, false, "dark"],
    [null, respectConfig, true, "dark"],
    [null, respectConfig, false, "light"],
  ] as const)("choice %s → %s", (choice, config, osDark, want) => {
    expect(resolveColorMode(choice, config, osDark)).toBe(want);
  });
});

describe("applying the colour mode", () => {
  it("defaults to light and ignores unknown stored values", () => {
    fakeOs(true);
    localStorage.setItem(THEME_KEY, "purple");
    expect(applyColorMode(lightConfig)).toBe("light");
    expect(root.getAttribute("data-theme")).toBe("light");
    expect(root.hasAttribute("data-theme-choice")).toBe(false);
  });

  it("stores a choice under the theme key and applies it", () => {
    fakeOs(false);
    setColorModeChoice("dark", lightConfig);
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(root.getAttribute("data-theme")).toBe("dark");
    expect(root.getAttribute("data-theme-choice")).toBe("dark");
    setColorModeChoice(null, lightConfig);
    expect(localStorage.getItem("theme")).toBeNull();
    expect(root.getAttribute("data-theme")).toBe("light");
  });

  it("follows another tab through the storage event", () => {
    fakeOs(false);
    const stop = watchColorMode(lightConfig);
    expect(root.getAttribute("data-theme")).toBe("light");
    localStorage.setItem(THEME_KEY, "dark");
    window.dispatchEvent(new StorageEvent("storage", { key: THEME_KEY, newValue: "dark" }));
    expect(root.getAttribute("data-theme")).toBe("dark");
    localStorage.removeItem(THEME_KEY);
    window.dispatchEvent(new StorageEvent("storage", { key: null }));
    expect(root.getAttribute("data-theme")).toBe("light");
    stop();
    localStorage.setItem(THEME_KEY, "dark");
    window.dispatchEvent(new StorageEvent("storage", { key: THEME_KEY }));
    expect(root.getAttribute("data-theme")).toBe("light");
  });

  it("follows the OS while the choice is system", () => {
    const os = fakeOs(false);
    localStorage.setItem(THEME_KEY, "system");
    const stop = watchColorMode(lightConfig);
    expect(root.getAttribute("data-theme")).toBe("light");
    os.set(true);
    expect(root.getAttribute("data-theme")).toBe("dark");
    stop();
  });

  it("works with the configured default when storage is unavailable", () => {
    fakeOs(true);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(setColorModeChoice("dark", lightConfig)).toBe("light");
    expect(applyColorMode(respectConfig)).toBe("dark");
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
