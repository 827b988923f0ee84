// The official TypeScript MCP client, unchanged, over the streamable HTTP transport to /mcp of
// `tzdocs serve` (serving the fixture site): proof that the MCP server speaks the protocol well
// enough for the clients coding assistants use.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startServer } from "./harness.mjs";

const SITE = "https://fixture.docs.example";

let server;
let client;

before(async () => {
  server = await startServer();
  client = new Client({ name: "tzdocs-e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", server.url)));
});

after(async () => {
  await client?.close();
  await server?.stop();
});

const text = (result) =>
  result.content
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("");

test("initialize names the server and what it offers", () => {
  assert.equal(client.getServerVersion()?.name, "tzdocs");
  const caps = client.getServerCapabilities();
  assert.ok(caps?.tools && caps?.resources && caps?.prompts, `capabilities ${JSON.stringify(caps)}`);
});

test("the tools are listed with their input schemas", async () => {
  const { tools } = await client.listTools();
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  assert.deepEqual(Object.keys(byName).sort(), ["ask_docs", "get_page", "search_docs"]);
  assert.deepEqual(byName.search_docs.inputSchema.required, ["query"]);
  assert.ok(byName.get_page.inputSchema.properties.route, "get_page takes a route");
});

test("search_docs finds the smart rollups page", async () => {
  const result = await client.callTool({ name: "search_docs", arguments: { query: "smart rollup" } });
  assert.notEqual(result.isError, true, text(result));
  const { hits } = result.structuredContent;
  assert.ok(hits.length > 0, "no hits");
  assert.match(hits[0].url, new RegExp(`^${SITE}/architecture/smart-rollups`));
  assert.match(hits[0].title, /^Smart rollups/);
  assert.equal(hits[0].section, "Architecture");
  assert.match(text(result), /\[Smart rollups[^\]]*\]\(https:\/\/fixture\.docs\.example\/architecture\/smart-rollups/);
});

test("get_page returns the page's Markdown", async () => {
  const result = await client.callTool({ name: "get_page", arguments: { route: "/architecture/smart-rollups" } });
  assert.notEqual(result.isError, true, text(result));
  const md = text(result);
  assert.match(md, /^# Smart rollups\n\n> Smart rollups run programs off the main chain/);
  assert.match(md, /## Deploying a smart rollup/);
  assert.match(md, /```bash\noctez-client originate smart rollup/);
  const link = result.content.find((c) => c.type === "resource_link");
  assert.equal(link?.uri, `${SITE}/architecture/smart-rollups`);
});

test("a missing page is a tool error the model can read", async () => {
  const result = await client.callTool({ name: "get_page", arguments: { route: "/architecture/nowhere" } });
  assert.equal(result.isError, true);
  assert.match(text(result), /no page of this site/);
});

test("every page is a Markdown resource", async () => {
  const { resources } = await client.listResources();
  const rollups = resources.find((r) => r.uri === `${SITE}/architecture/smart-rollups`);
  assert.ok(rollups, `no smart rollups resource among ${resources.length}`);
  assert.equal(rollups.mimeType, "text/markdown");
  const { contents } = await client.readResource({ uri: rollups.uri });
  assert.match(contents[0].text, /^# Smart rollups/);
});

test("the prompt asks to answer from the docs", async () => {
  const { prompts } = await client.listPrompts();
  assert.deepEqual(
    prompts.map((p) => p.name),
    ["answer_from_docs"],
  );
  const { messages } = await client.getPrompt({ name: "answer_from_docs", arguments: { question: "What is a smart rollup?" } });
  assert.match(messages[0].content.text, /Question: What is a smart rollup\?/);
});

test("ask_docs answers with the pages it rests on", async () => {
  const result = await client.callTool({ name: "ask_docs", arguments: { question: "How do I deploy a smart rollup?" } });
  assert.notEqual(result.isError, true, text(result));
  const { answer, sources } = result.structuredContent;
  assert.ok(answer.length > 0, "empty answer");
  assert.ok(
    sources.some((u) => u.startsWith(`${SITE}/architecture/smart-rollups`)),
    `sources ${JSON.stringify(sources)}`,
  );
});
