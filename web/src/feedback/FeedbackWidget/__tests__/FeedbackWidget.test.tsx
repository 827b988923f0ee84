import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FeedbackWidget } from "..";
import { resetStorageWarning } from "../../../lib/storage";
import { json, mockFetch } from "../../test/fetch";

const PLACEHOLDER = "Comments on specific points and/or aspects (out of date, wrong, incomplete, ...)";
const KEY = "tz-feedback./architecture/bakers";

beforeEach(() => {
  localStorage.clear();
  resetStorageWarning();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const yes = () => screen.getByRole("button", { name: "Yes" });
const no = () => screen.getByRole("button", { name: "No" });

describe("FeedbackWidget", () => {
  it("posts the vote at once, remembers it and offers a comment", async () => {
    const { posted } = mockFetch(json(201, { ok: true, id: 7 }));
    render(<FeedbackWidget route="/architecture/bakers" />);
    expect(screen.getByText("Was this page helpful?")).toBeTruthy();
    expect(yes().getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(yes());
    await screen.findByPlaceholderText(PLACEHOLDER);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.url).toBe("/api/feedback");
    expect(posted[0]?.init.method).toBe("POST");
    expect(new Headers(posted[0]?.init.headers).get("Content-Type")).toBe("application/json");
    expect(posted[0]?.body).toEqual({ url: "/architecture/bakers", helpful: true, website: "" });
    expect(yes().getAttribute("aria-pressed")).toBe("true");
    expect(no().getAttribute("aria-pressed")).toBe("false");
    expect(JSON.parse(localStorage.getItem(KEY) ?? "null")).toEqual({ helpful: true, commented: false });
    // One vote per page: a second click posts nothing.
    fireEvent.click(no());
    expect(posted).toHaveLength(1);
    expect(no().getAttribute("aria-disabled")).toBe("true");
  });

  it("posts the comment as a second entry, then thanks the reader", async () => {
    const { posted } = mockFetch(json(201, { ok: true, id: 1 }), json(201, { ok: true, id: 2 }));
    render(<FeedbackWidget route="/architecture/bakers" />);
    fireEvent.click(no());
    const box = await screen.findByRole("textbox", { name: "Comment (optional)" });
    expect(box.getAttribute("placeholder")).toBe(PLACEHOLDER);
    fireEvent.change(box, { target: { value: "The staking section is out of date." } });
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Thanks for your feedback!"));
    expect(posted.map((p) => p.body)).toEqual([
      { url: "/architecture/bakers", helpful: false, website: "" },
      { url: "/architecture/bakers", comment: "The staking section is out of date.", website: "" },
    ]);
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("status"));
    expect(JSON.parse(localStorage.getItem(KEY) ?? "null")).toEqual({ helpful: false, commented: true });
  });

  it("finishes without a second post when the comment is left empty", async () => {
    const { posted } = mockFetch(json(201, { ok: true, id: 1 }));
    render(<FeedbackWidget route="/a" />);
    fireEvent.click(yes());
    fireEvent.click(await screen.findByRole("button", { name: "Submit" }));
    await screen.findByText("Thanks for your feedback!");
    expect(posted).toHaveLength(1);
  });

  it("restores the vote after a remount, only after mount", async () => {
    localStorage.setItem(KEY, JSON.stringify({ helpful: true, commented: true }));
    const getItem = vi.spyOn(Storage.prototype, "getItem");
    // Server render (and the first client render) must not depend on storage.
    const html = renderToString(<FeedbackWidget route="/architecture/bakers" />);
    expect(getItem).not.toHaveBeenCalled();
    expect(html).not.toContain("Thanks");
    expect(html.match(/aria-pressed="false"/g)).toHaveLength(2);

    const { posted } = mockFetch(json(201, { ok: true, id: 1 }));
    render(<FeedbackWidget route="/architecture/bakers" />);
    await waitFor(() => expect(yes().getAttribute("aria-pressed")).toBe("true"));
    expect(getItem).toHaveBeenCalledWith(KEY);
    expect(screen.getByText("Thanks for your feedback!")).toBeTruthy();
    fireEvent.click(no());
    expect(posted).toHaveLength(0);
  });

  it("hydrates server HTML without a mismatch, then shows the stored vote", async () => {
    // The server knows no vote; this browser has one.
    const container = document.createElement("div");
    container.innerHTML = renderToString(<FeedbackWidget route="/architecture/bakers" />);
    localStorage.setItem(KEY, JSON.stringify({ helpful: false, commented: true }));
    document.body.appendChild(container);
    const error = vi.spyOn(console, "error");
    const root = await act(async () => hydrateRoot(container, <FeedbackWidget route="/architecture/bakers" />, { onRecoverableError: (e) => error(e) }));
    try {
      await waitFor(() => expect(no().getAttribute("aria-pressed")).toBe("true"));
      expect(error).not.toHaveBeenCalled();
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it("restores a vote without comment with the comment box still open, and resets on another route", async () => {
    localStorage.setItem(KEY, JSON.stringify({ helpful: false, commented: false }));
    mockFetch(json(201, { ok: true, id: 1 }));
    const { rerender } = render(<FeedbackWidget route="/architecture/bakers" />);
    await screen.findByPlaceholderText(PLACEHOLDER);
    expect(no().getAttribute("aria-pressed")).toBe("true");
    rerender(<FeedbackWidget route="/overview/glossary" />);
    await waitFor(() => expect(no().getAttribute("aria-pressed")).toBe("false"));
    expect(screen.queryByPlaceholderText(PLACEHOLDER)).toBeNull();
  });

  it("works without storage, with a single warning", async () => {
    const boom = () => {
      throw new DOMException("storage is disabled", "SecurityError");
    };
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(boom);
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(boom);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { posted } = mockFetch(json(201, { ok: true, id: 1 }));
    render(<FeedbackWidget route="/a" />);
    fireEvent.click(yes());
    const box = await screen.findByPlaceholderText(PLACEHOLDER);
    fireEvent.change(box, { target: { value: "ok" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("Thanks for your feedback!");
    expect(posted).toHaveLength(2);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message on 400 and lets the reader retry", async () => {
    const { posted } = mockFetch(json(400, { message: "url \"/a\" is not a page of this site", field: "url" }), json(201, { ok: true, id: 3 }));
    render(<FeedbackWidget route="/a" />);
    fireEvent.click(yes());
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe('Url "/a" is not a page of this site'));
    expect(yes().getAttribute("aria-pressed")).toBe("false");
    expect(localStorage.getItem("tz-feedback./a")).toBeNull();
    fireEvent.click(yes());
    await screen.findByPlaceholderText(PLACEHOLDER);
    expect(screen.getByRole("alert").textContent).toBe("");
    expect(posted).toHaveLength(2);
  });

  it("shows the server's text on 429 and a generic text when the network fails", async () => {
    mockFetch(json(429, { message: "Too much feedback from your address; please try again in a minute.\n", status: 429 }), new TypeError("Failed to fetch"));
    render(<FeedbackWidget route="/a" />);
    fireEvent.click(no());
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Too much feedback from your address; please try again in a minute."),
    );
    fireEvent.click(no());
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/could not be sent/));
  });

  it("keeps the comment when its post fails", async () => {
    mockFetch(json(201, { ok: true, id: 1 }), json(500, { message: "internal" }));
    render(<FeedbackWidget route="/a" />);
    fireEvent.click(yes());
    const box = await screen.findByPlaceholderText(PLACEHOLDER);
    fireEvent.change(box, { target: { value: "kept" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Your feedback could not be sent. Please try again."));
    expect((screen.getByPlaceholderText(PLACEHOLDER) as HTMLTextAreaElement).value).toBe("kept");
  });

  it("carries a hidden, empty honeypot field", () => {
    const { container } = render(<FeedbackWidget route="/a" />);
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).not.toBeNull();
    expect(trap?.value).toBe("");
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.getAttribute("aria-hidden")).toBe("true");
    expect(trap?.parentElement?.closest('[aria-hidden="true"]')?.className).toBe("tz-feedback-trap");
    // Not exposed to assistive technology: the only textbox-like control is absent before a vote.
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("sends what a bot wrote into the honeypot, so the server can drop it", async () => {
    const { posted } = mockFetch(json(201, { ok: true, id: 0 }));
    const { container } = render(<FeedbackWidget route="/a" />);
    fireEvent.change(container.querySelector('input[name="website"]')!, { target: { value: "https://spam.example" } });
    fireEvent.click(yes());
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body.website).toBe("https://spam.example");
  });
});
