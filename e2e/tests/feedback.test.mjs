// The page feedback widget and the general feedback form, in Chromium against a real `tzdocs serve`
// that stores into a throwaway SQLite database (TZDOCS_DATABASE_URL, inherited by the server).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startServer, launchBrowser, openPage, hydrated, throwawayDatabase } from "./harness.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const PLACEHOLDER = "Comments on specific points and/or aspects (out of date, wrong, incomplete, ...)";

let server;
let browser;
let database;

before(async () => {
  database = throwawayDatabase("tzdocs-e2e-feedback-");
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  database?.restore();
});

/** The page feedback rows stored so far, read back with the CLI. */
async function storedPages() {
  const { stdout } = await promisify(execFile)(path.join(root, "bin", "tzdocs"), ["feedback", "export", "--format", "json"], {
    env: process.env,
  });
  return JSON.parse(stdout).pages;
}

/** Runs action and returns the JSON body and status of the POST /api/feedback it causes. */
async function posting(page, action) {
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/feedback") && r.request().method() === "POST"),
    action(),
  ]);
  return { status: res.status(), sent: res.request().postDataJSON(), answer: await res.json() };
}

test("vote, comment and thanks on a doc page; a reload keeps the vote", async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(server.url + "/architecture/bakers");
  await hydrated(page);
  const widget = page.locator(".tz-feedback");
  await widget.scrollIntoViewIfNeeded();
  assert.equal(await widget.getByText("Was this page helpful?").count(), 1);
  const yes = widget.getByRole("button", { name: "Yes" });
  assert.equal(await yes.getAttribute("aria-pressed"), "false");

  const vote = await posting(page, () => yes.click());
  assert.equal(vote.status, 201);
  assert.deepEqual(vote.sent, { url: "/architecture/bakers", helpful: true, website: "" });
  assert.equal(vote.answer.ok, true);
  // The widget updates once it has read the answer, a moment after the response arrives.
  await widget.getByRole("button", { name: "Yes", pressed: true }).waitFor();

  const box = widget.getByPlaceholder(PLACEHOLDER);
  await box.fill("The section on baking rights could show an example.");
  const comment = await posting(page, () => widget.getByRole("button", { name: "Submit" }).click());
  assert.equal(comment.status, 201);
  assert.equal(comment.sent.comment, "The section on baking rights could show an example.");
  await widget.getByText("Thanks for your feedback!").waitFor();

  await page.reload();
  await hydrated(page);
  await page.locator(".tz-feedback").getByText("Thanks for your feedback!").waitFor();
  assert.equal(await page.locator(".tz-feedback").getByRole("button", { name: "Yes" }).getAttribute("aria-pressed"), "true");
  assert.equal(await page.locator(".tz-feedback").getByRole("button", { name: "No" }).getAttribute("aria-pressed"), "false");

  const rows = (await storedPages()).filter((r) => r.url === "/architecture/bakers");
  assert.deepEqual(
    rows.map((r) => [r.helpful, r.comment]),
    // The comment follows the vote without repeating it, so the page counts one vote.
    [
      [true, ""],
      [null, "The section on baking rights could show an example."],
    ],
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test("the form on /overview/feedback shows a field error for a bad email, then posts", async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(server.url + "/overview/feedback");
  await hydrated(page);
  const form = page.locator(".tz-feedback-form");
  await form.waitFor();

  const url = form.getByLabel("Page URL (optional)");
  await url.fill(server.url + "/overview/glossary#b");
  await url.blur();
  assert.equal(await url.inputValue(), "/overview/glossary");
  await form.getByLabel("Category").selectOption("content-error");
  await form.getByLabel("Comment", { exact: true }).fill("The definition of 'cycle' gives an old block count.");
  const email = form.getByLabel("Email (optional)");
  await email.fill("not-an-email");

  const bad = await posting(page, () => form.getByRole("button", { name: "Send feedback" }).click());
  assert.equal(bad.status, 400);
  assert.equal(bad.answer.field, "email");
  assert.equal(await email.getAttribute("aria-invalid"), "true");
  const described = (await email.getAttribute("aria-describedby")).split(" ");
  const texts = await Promise.all(described.map((id) => page.locator(`[id="${id}"]`).innerText()));
  assert.ok(
    texts.some((t) => /not-an-email.*not a valid address/i.test(t)),
    `the email error is tied to the field: ${JSON.stringify(texts)}`,
  );

  await email.fill("reader@example.com");
  const good = await posting(page, () => form.getByRole("button", { name: "Send feedback" }).click());
  assert.equal(good.status, 201);
  assert.deepEqual(good.sent, {
    url: "/overview/glossary",
    category: "content-error",
    comment: "The definition of 'cycle' gives an old block count.",
    email: "reader@example.com",
    website: "",
  });
  await form.getByRole("status").getByText(/Thanks for your feedback!/).waitFor();

  const rows = (await storedPages()).filter((r) => r.category === "content-error");
  assert.equal(rows.length, 1);
  assert.equal(rows[0].email, "reader@example.com");
  // The browser logs the 400 answer as a failed resource load; nothing else may be logged.
  assert.deepEqual(
    errors.filter((e) => !/status of 400/.test(e)),
    [],
  );
  await context.close();
});
