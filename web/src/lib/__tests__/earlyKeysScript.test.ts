import { afterEach, describe, expect, it } from "vitest";
import { EARLY_KEYS_SCRIPT, takeEarlyShortcut } from "../earlyKeysScript";

function run() {
  takeEarlyShortcut(); // stops the catcher of the previous run: a page runs the script once
  new Function(EARLY_KEYS_SCRIPT)();
}

const ctrlK = (init: KeyboardEventInit = { ctrlKey: true }) => new KeyboardEvent("keydown", { key: "k", bubbles: true, cancelable: true, ...init });

afterEach(() => {
  takeEarlyShortcut();
  document.body.innerHTML = "";
});

describe("EARLY_KEYS_SCRIPT", () => {
  it("catches Ctrl/Cmd+K pressed outside a text field until the search button takes over, once", () => {
    run();
    const key = ctrlK({ metaKey: true });
    document.body.dispatchEvent(key);
    expect(key.defaultPrevented).toBe(true);
    expect(takeEarlyShortcut()).toBe(true);
    expect(takeEarlyShortcut()).toBe(false);
    // Stopped: later presses are the button's.
    const later = ctrlK();
    document.body.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it("leaves the keys to text fields", () => {
    run();
    const input = document.createElement("input");
    const comment = document.createElement("textarea");
    document.body.append(input, comment);
    for (const target of [input, comment]) {
      const key = ctrlK();
      target.dispatchEvent(key);
      expect(key.defaultPrevented).toBe(false);
    }
    expect(takeEarlyShortcut()).toBe(false);
  });
});
