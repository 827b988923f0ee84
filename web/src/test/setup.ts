import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Testing Library only cleans up by itself when test globals are enabled; they are not here.
afterEach(() => {
  cleanup();
  document.body.removeAttribute("style");
});
