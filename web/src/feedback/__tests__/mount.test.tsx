import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mountFeedbackForms } from "../mount";

afterEach(() => {
  document.body.innerHTML = "";
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("mountFeedbackForms", () => {
  it("mounts the form into each placeholder inside root and unmounts it", async () => {
    document.body.innerHTML = `
      <div id="md"><p>Intro</p><div data-tz-feedback-form><p>Fallback text</p></div></div>
      <div data-tz-feedback-form id="outside"></div>`;
    const md = document.getElementById("md")!;
    const unmount = mountFeedbackForms(md);
    await waitFor(() => expect(screen.getByRole("form", { name: "Feedback form" })).toBeTruthy());
    const host = md.querySelector("[data-tz-feedback-form]")!;
    expect(host.textContent).not.toContain("Fallback text");
    expect(host.querySelector(".tz-feedback-form")).not.toBeNull();
    expect(document.getElementById("outside")?.innerHTML).toBe("");

    // A second call does not mount the same placeholder twice.
    const again = mountFeedbackForms(md);
    await tick();
    expect(document.querySelectorAll(".tz-feedback-form")).toHaveLength(1);
    again();

    unmount();
    await tick();
    expect(host.innerHTML).toBe("");
    expect(screen.queryByRole("form")).toBeNull();
  });

  it("does nothing without a placeholder, and unmounting before the form loads mounts nothing", async () => {
    document.body.innerHTML = `<div id="md"><p>No form</p></div>`;
    const noop = mountFeedbackForms(document.getElementById("md")!);
    noop();
    document.body.innerHTML = `<div data-tz-feedback-form></div>`;
    const error = vi.spyOn(console, "error");
    const stop = mountFeedbackForms(document);
    stop();
    await tick();
    await tick();
    expect(document.querySelector(".tz-feedback-form")).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });
});
