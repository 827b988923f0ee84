import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FeedbackForm } from "..";
import { json, mockFetch } from "../../test/fetch";

afterEach(() => {
  vi.unstubAllGlobals();
});

const field = (name: RegExp | string) => screen.getByLabelText(name) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Send feedback" }));
const describedText = (el: HTMLElement) =>
  (el.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`)
    .join(" | ");

function fill(values: { url?: string; category?: string; comment?: string; email?: string }) {
  if (values.url !== undefined) fireEvent.change(field("Page URL (optional)"), { target: { value: values.url } });
  if (values.category !== undefined) fireEvent.change(field("Category"), { target: { value: values.category } });
  if (values.comment !== undefined) fireEvent.change(field("Comment"), { target: { value: values.comment } });
  if (values.email !== undefined) fireEvent.change(field("Email (optional)"), { target: { value: values.email } });
}

describe("FeedbackForm", () => {
  it("labels every field and offers the categories of the Go side", () => {
    render(<FeedbackForm />);
    for (const label of ["Page URL (optional)", "Category", "Comment", "Email (optional)"]) {
      expect(field(label)).toBeTruthy();
    }
    expect(field("Email (optional)").type).toBe("email");
    const options = Array.from(field("Category").querySelectorAll("option")).map((o) => [o.value, o.textContent]);
    expect(options).toEqual([
      ["", "Choose a category"],
      ["content-error", "Content error"],
      ["missing-topic", "Missing topic"],
      ["site-problem", "Site problem"],
      ["other", "Other"],
    ]);
  });

  it("posts the form and shows a success message", async () => {
    const { posted } = mockFetch(json(201, { ok: true, id: 12 }));
    render(<FeedbackForm />);
    fill({ url: `${location.origin}/overview/glossary?x=1#top`, category: "missing-topic", comment: "Please cover smart rollups.", email: " reader@example.com " });
    submit();
    await waitFor(() => expect(screen.getByRole("status").textContent).toMatch(/^Thanks for your feedback!/));
    expect(posted.map((p) => p.body)).toEqual([
      { url: "/overview/glossary", category: "missing-topic", comment: "Please cover smart rollups.", email: "reader@example.com", website: "" },
    ]);
    expect(screen.queryByRole("form")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("status"));
    fireEvent.click(screen.getByRole("button", { name: "Send more feedback" }));
    expect(field("Comment").value).toBe("");
  });

  it("turns a full address of this site into its path, and refuses another host", async () => {
    const { posted } = mockFetch(json(201, { ok: true, id: 1 }));
    render(<FeedbackForm />);
    const url = field("Page URL (optional)");
    fill({ url: `${location.origin}/architecture/bakers#rights` });
    fireEvent.blur(url);
    expect(url.value).toBe("/architecture/bakers");
    fill({ url: "https://elsewhere.example/page", category: "other", comment: "x" });
    submit();
    expect(posted).toHaveLength(0);
    expect(url.getAttribute("aria-invalid")).toBe("true");
    expect(describedText(url)).toMatch(/on elsewhere\.example, not on this site/);
    expect(document.activeElement).toBe(url);
    fill({ url: "" });
    submit();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body.url).toBe("");
  });

  it("counts the comment live and refuses more than 5,000 characters", () => {
    const { posted } = mockFetch(json(201, { ok: true, id: 1 }));
    render(<FeedbackForm />);
    const comment = field("Comment");
    expect(describedText(comment)).toBe("0 / 5,000 characters");
    fill({ comment: "🙂 ok" });
    expect(describedText(comment)).toBe("4 / 5,000 characters"); // code points, like the server
    fill({ category: "content-error", comment: "a".repeat(5001) });
    expect(screen.getByText("5,001 / 5,000 characters").className).toContain("tz-feedback-form__counter--over");
    submit();
    expect(posted).toHaveLength(0);
    expect(comment.getAttribute("aria-invalid")).toBe("true");
    expect(describedText(comment)).toContain("The comment is 5,001 characters long; the limit is 5,000.");
  });

  it("requires a category and a comment before posting", () => {
    const { posted } = mockFetch(json(201, { ok: true, id: 1 }));
    render(<FeedbackForm />);
    fill({ comment: "   " });
    submit();
    expect(posted).toHaveLength(0);
    expect(describedText(field("Category"))).toBe("Please choose a category.");
    expect(describedText(field("Comment"))).toContain("Please write a comment.");
    expect(document.activeElement).toBe(field("Category"));
    expect(screen.getByRole("alert").textContent).toBe("Please correct the field marked below.");
  });

  it("shows the server's field error next to that field", async () => {
    mockFetch(json(400, { field: "email", message: 'email "me@x" is not a valid address such as name@example.com' }));
    render(<FeedbackForm />);
    fill({ category: "site-problem", comment: "Search is slow.", email: "me@x" });
    submit();
    const email = field("Email (optional)");
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(describedText(email)).toBe('Only if you want a reply. | Email "me@x" is not a valid address such as name@example.com');
    expect(document.activeElement).toBe(email);
    expect(field("Comment").getAttribute("aria-invalid")).toBeNull();
    // Editing the field clears its error.
    fill({ email: "me@example.com" });
    expect(email.getAttribute("aria-invalid")).toBeNull();
  });

  it("shows the server's text on 429 and keeps what was typed", async () => {
    mockFetch(json(429, { message: "Too much feedback from your address; please try again in a minute.", status: 429 }));
    render(<FeedbackForm />);
    fill({ category: "other", comment: "Hello" });
    submit();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Too much feedback from your address; please try again in a minute."));
    expect(field("Comment").value).toBe("Hello");
  });

  it("carries a hidden, empty honeypot field", async () => {
    const { posted } = mockFetch(json(201, { ok: true, id: 1 }));
    const { container } = render(<FeedbackForm />);
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap?.value).toBe("");
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.getAttribute("aria-hidden")).toBe("true");
    fill({ category: "other", comment: "Hello" });
    submit();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toHaveProperty("website", "");
  });
});
