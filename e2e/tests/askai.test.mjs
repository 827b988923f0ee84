// Ask AI and the documentation chatbot against the real server, on the fixture site, with its extractive
// answer engine:
// open the chatbot, ask, see a stage then the answer with its link and related sources, copy, like,
// stop a second answer, restore the conversation from history after a reload; and Ask AI in the
// search dialog, where Escape first leaves AI mode.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, openPage, hydrated } from "./harness.mjs";

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const PANEL = '[role="dialog"][aria-labelledby]:has(.tz-chatbot__title)';
const QUESTION = "What is a smart rollup?";

async function load(page, url) {
  await page.goto(url);
  await hydrated(page);
  await page.locator(".tz-chatbot-button--floating").waitFor();
}

async function openChatbot(page) {
  await page.locator(".tz-chatbot-button--floating").click();
  const panel = page.locator(PANEL);
  await panel.waitFor();
  return panel;
}

/** Holds the chat response back until the returned function is called, so the stages before the
 *  first text stay visible. */
async function holdChat(page) {
  let release;
  const released = new Promise((r) => (release = r));
  await page.route("**/api/askai/chat", async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    await released;
    await route.fulfill({ response, body });
  });
  return release;
}

test("the chatbot answers, copies, takes feedback, stops, and restores a conversation after reload", async () => {
  const { page, errors, context } = await openPage(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  await load(page, server.url + "/overview/");
  const button = page.locator(".tz-chatbot-button--floating");
  assert.equal(await button.evaluate((el) => getComputedStyle(el).position), "fixed");

  const panel = await openChatbot(page);
  assert.equal((await panel.locator(".tz-chatbot__title").textContent()).trim(), "Tezos documentation chatbot (beta)");
  await panel.getByText("AI-generated answers may contain errors. Verify the information before use.").waitFor();
  await panel.getByText("How can I help you today?").waitFor();
  const input = panel.locator(".tz-assistant__input");
  assert.equal(await input.evaluate((el) => el === document.activeElement), true, "the question input has focus");

  const release = await holdChat(page);
  await input.fill(QUESTION);
  await input.press("Enter");
  await panel.locator(".tz-assistant__stage").first().waitFor();
  const stage = (await panel.locator(".tz-assistant__stage").first().textContent()).trim();
  assert.ok(["Thinking...", "Searching...", "Answering..."].includes(stage), `a stage is shown, got ${stage}`);
  release();

  await panel.getByRole("button", { name: "Copy answer" }).waitFor({ timeout: 15_000 });
  const answer = panel.locator(".tz-assistant__answer").last();
  assert.ok((await answer.locator('.tz-assistant__markdown a[href^="/architecture/smart-rollups"]').count()) > 0, "the answer links to the smart rollups page");
  const sources = answer.getByRole("navigation", { name: "Related sources" });
  await sources.waitFor();
  assert.ok((await sources.locator('a[href^="/architecture/smart-rollups"]').count()) > 0, "related sources list the page");
  assert.ok((await answer.getByText(/Searched for/).count()) > 0, "the search is shown");

  // Copy: 'Copied', and the clipboard holds the answer's Markdown.
  await answer.getByRole("button", { name: "Copy answer" }).click();
  await answer.getByText("Copied").waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /\/architecture\/smart-rollups/);

  // Like → thanks; both buttons then stay fixed.
  await answer.getByRole("button", { name: "Like this answer", exact: true }).click();
  await answer.getByText("Thanks for your feedback!").waitFor();
  assert.equal(await answer.getByRole("button", { name: "Like this answer", exact: true }).getAttribute("aria-pressed"), "true");

  // A second question whose answer never comes: stop it.
  await page.unroute("**/api/askai/chat");
  await page.route("**/api/askai/chat", () => {});
  await input.fill("How do I deploy a smart rollup?");
  await input.press("Enter");
  await panel.getByRole("button", { name: "Stop answering" }).click();
  await panel.getByText("You stopped this response").waitFor();
  assert.equal(await panel.getByRole("button", { name: "Copy answer" }).count(), 0, "no actions on a stopped answer");
  await page.unroute("**/api/askai/chat");

  // Escape closes the panel (kept, hidden, with its conversation) and gives focus back to the button.
  await page.keyboard.press("Escape");
  await panel.waitFor({ state: "hidden" });
  assert.equal(await button.evaluate((el) => el === document.activeElement), true, "focus is back on the button");

  // After a reload, the conversation comes back from history (actions only on a last, unstopped answer).
  await page.reload();
  await hydrated(page);
  const again = await openChatbot(page);
  await again.getByRole("button", { name: "Conversation history" }).click();
  await again.getByRole("button", { name: QUESTION, exact: true }).click();
  await again.getByText("You stopped this response").waitFor();
  await again.getByText("How do I deploy a smart rollup?").waitFor();
  assert.ok((await again.locator('.tz-assistant__markdown a[href^="/architecture/smart-rollups"]').count()) > 0);

  assert.deepEqual(errors.filter((e) => !/net::ERR_|Failed to load resource/.test(e)), []);
  await context.close();
});

const SEND_TEZ = [
  'import { TezosToolkit } from "@taquito/taquito";',
  "",
  "export async function sendTez(tezos: TezosToolkit, to: string, amount: number) {",
  "  const op = await tezos.wallet.transfer({ to, amount }).send();",
  "  // Wait for one confirmation before telling the user.",
  "  await op.confirmation(1);",
  "  return op.opHash;",
  "}",
].join("\n");

test("an answer's multi-line code block shows every line, beside its copy button, and copies exactly", async () => {
  const { page, errors, context } = await openPage(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  await load(page, server.url + "/overview/");
  const panel = await openChatbot(page);
  const input = panel.locator(".tz-assistant__input");
  await input.fill("How do I send tez with Taquito?");
  await input.press("Enter");
  await panel.getByRole("button", { name: "Copy answer" }).waitFor({ timeout: 15_000 });

  const block = panel.locator('.tz-assistant__code[data-language="typescript"]').first();
  const pre = block.locator("pre");
  assert.equal((await pre.innerText()).replace(/\n$/, ""), SEND_TEZ, "every line, as written");
  // Highlighted as the pages' code is: token spans with the site's code stylesheet's colours.
  await block.locator("pre code span.kd, pre code span.nx, pre code span.s1, pre code span.s2").first().waitFor();
  const [plain, token] = await block.evaluate((el) => {
    const code = el.querySelector("pre code");
    const span = code.querySelector("span.kd") ?? code.querySelector("span[class]");
    return [getComputedStyle(code).color, getComputedStyle(span).color];
  });
  assert.notEqual(token, plain, "a keyword has its own colour");
  const lines = await pre.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
  assert.ok(lines >= SEND_TEZ.split("\n").length, `the block is drawn on ${lines} lines`);

  const copy = block.getByRole("button", { name: "Copy code" });
  const [b, p] = [await copy.boundingBox(), await pre.boundingBox()];
  assert.ok(b.y + b.height <= p.y + 0.5, "the copy button sits above the code, not over it");
  await copy.click();
  await block.getByText("Copied").waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), SEND_TEZ);

  assert.deepEqual(errors.filter((e) => !/net::ERR_|Failed to load resource/.test(e)), []);
  await context.close();
});

test("Ask AI in the search dialog: the first row opens AI mode, Escape leaves it, then closes", async () => {
  const { page, context } = await openPage(browser);
  await load(page, server.url + "/overview/");
  await page.keyboard.press("Control+k");
  const dialog = page.locator('[role="dialog"][aria-modal="true"]');
  await dialog.waitFor();
  const combobox = dialog.getByRole("combobox");
  await combobox.fill("smart rollup");
  const first = dialog.locator('[role="option"]').first();
  await first.getByText("Ask AI:").waitFor();
  await combobox.press("Enter");
  await dialog.getByRole("button", { name: "Copy answer" }).waitFor({ timeout: 15_000 });
  assert.ok((await dialog.locator(".tz-assistant__question", { hasText: "smart rollup" }).count()) > 0);

  await page.keyboard.press("Escape");
  await dialog.getByRole("combobox").waitFor();
  assert.equal(await dialog.getByRole("combobox").inputValue(), "smart rollup");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  await context.close();
});

test("a table the answer quotes renders as a table, with its header and rows", async () => {
  const { page, errors, context } = await openPage(browser);
  await load(page, server.url + "/overview/");
  const panel = await openChatbot(page);
  const input = panel.locator(".tz-assistant__input");
  // The fixture's accounts page answers this with its table of address prefixes.
  await input.fill("Which signature scheme goes with each address prefix?");
  await input.press("Enter");
  await panel.getByRole("button", { name: "Copy answer" }).waitFor({ timeout: 15_000 });
  const table = panel.locator(".tz-assistant__answer").last().locator(".tz-assistant__markdown table");
  await table.waitFor();
  assert.deepEqual(await table.locator("thead th").allTextContents(), ["Prefix", "Signature scheme"]);
  const rows = await table.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent.trim())));
  assert.deepEqual(rows, [
    ["tz1", "Ed25519"],
    ["tz2", "Secp256k1"],
    ["tz3", "P-256"],
    ["tz4", "BLS"],
  ]);
  assert.equal((await panel.locator(".tz-assistant__answer").last().textContent()).includes("| --- |"), false, "no raw pipe table is left");
  assert.deepEqual(errors, []);
  await context.close();
});
