import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { siteFixture } from "../../../test/fixtures";
import { ChatbotButton } from "..";

const chatbot = { enabled: true, headerTitle: "Tezos documentation chatbot (beta)", buttonPosition: "center-right", footerText: "AI-generated answers may contain errors. Verify the information before use." };

// The panel and the conversation view are lazy chunks that the test transform compiles on first
// import; on a busy machine that alone can take longer than the waits below. Compiling them
// before the tests keeps the waits about the component's behaviour.
beforeAll(async () => {
  await Promise.all([import("../../ChatbotPanel"), import("../../AssistantView")]);
}, 60_000);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("ChatbotButton", () => {
  it("renders nothing when the chatbot is off", () => {
    const { container } = render(<ChatbotButton site={siteFixture()} />);
    expect(container.innerHTML).toBe("");
  });

  it("opens the panel with its header, warning and conversation; Escape closes it and focus returns", async () => {
    const site = siteFixture({ chatbot, askAi: { enabled: true, assistantId: "tezos", suggestedQuestions: ["What is a smart rollup?"], disclaimer: "AI answers can be wrong." } });
    render(<ChatbotButton site={site} />);
    const button = screen.getByRole("button", { name: "Open the documentation chatbot" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    const panel = await screen.findByRole("dialog", { name: "Tezos documentation chatbot (beta)" }, { timeout: 5000 });
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText(chatbot.footerText)).toBeTruthy();
    // The conversation view is a lazy chunk: on a busy machine it can arrive after the panel.
    await screen.findByRole("heading", { name: "How can I help you today?" }, { timeout: 5000 });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("textbox")), { timeout: 5000 });
    fireEvent.keyDown(panel, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(button);
  }, 20_000);
});

describe("ChatbotPanel: Escape with focus nowhere", () => {
  it("closes when focus fell back to the page body", async () => {
    const site = siteFixture({ chatbot, askAi: { enabled: true, assistantId: "tezos", suggestedQuestions: [], disclaimer: "AI answers can be wrong." } });
    render(<ChatbotButton site={site} />);
    fireEvent.click(screen.getByRole("button", { name: "Open the documentation chatbot" }));
    const panel = await screen.findByRole("dialog", { name: chatbot.headerTitle }, { timeout: 5000 });
    // The panel can be in the DOM before its effects have run (the lazy chunk resolves outside
    // act): focus moving into it shows they have, the Escape listener included.
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true), { timeout: 5000 });
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
