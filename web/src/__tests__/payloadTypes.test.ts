import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findHandTypedPayloads, GENERATED_MARK, type SourceFile } from "../test/payloadTypes";

const SRC = path.resolve(__dirname, "..");

function sources(dir = SRC): SourceFile[] {
  const out: SourceFile[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "__tests__") out.push(...sources(p));
    } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
      out.push({ path: path.relative(SRC, p).split(path.sep).join("/"), text: readFileSync(p, "utf8") });
    }
  }
  return out;
}

// Declarations and reads the check lets through, each with why.
const ALLOWED = new Map<string, string>([
  // The UI message the answer stream client builds from the stream's chunks (the chunks themselves
  // are the generated StreamChunk): the client's own construct, a union per part type that the
  // server never writes. The server reads it back as history through the generated Message and
  // Part (flat), and the request body is checked against the generated ChatRequest (satisfies).
  ["assistant/types.ts:ChatPart", "built by the client from the stream's chunks; sent back checked against the generated Part"],
  ["assistant/types.ts:ChatMessage", "built by the client from the stream's chunks; sent back checked against the generated Message"],
]);

describe("API payload types", () => {
  it("are imported from generated files, never declared by hand", () => {
    const files = sources();
    expect(files.filter((f) => f.text.startsWith(GENERATED_MARK)).map((f) => f.path).sort()).toEqual(["assistant/wire.ts", "lib/api.ts", "lib/contract.ts"]);
    const problems = findHandTypedPayloads(files, new Set(ALLOWED.keys()));
    expect(problems.map((p) => `${p.path}:${p.line} (${p.rule}) ${p.message}`)).toEqual([]);
    const needed = new Set(findHandTypedPayloads(files).map((p) => p.key));
    expect([...ALLOWED.keys()].filter((k) => !needed.has(k)), "allowed but no longer found: remove from ALLOWED").toEqual([]);
  });

  const generated: SourceFile = {
    path: "lib/api.ts",
    text: `${GENERATED_MARK} from Go; DO NOT EDIT.
export interface Base { ok: boolean; }
export interface Submission extends Base { url: string; helpful?: boolean; comment?: string; website: string; }
export interface Report { range: string; days: number; }
`,
  };

  it("finds a generated type declared again by hand", () => {
    const hand = { path: "feedback/api.ts", text: "export interface Submission { url: string }\n" };
    expect(findHandTypedPayloads([generated, hand])).toMatchObject([{ path: "feedback/api.ts", line: 1, rule: "name" }]);
  });

  it("finds a mirror of a generated interface under another name, inherited properties included", () => {
    const hand = {
      path: "feedback/api.ts",
      text: "export interface FeedbackBody { url: string; ok: boolean; website: string }\nexport type Row = { day: string; data: { url: string; comment?: string; helpful: boolean }[] };\n",
    };
    expect(findHandTypedPayloads([generated, hand]).map((p) => [p.line, p.rule])).toEqual([
      [1, "shape"],
      [2, "shape"],
    ]);
  });

  it("leaves UI types alone, and small shapes that only share a name or two", () => {
    const hand = { path: "lib/ui.ts", text: "export interface Props { url: string; title: string; open: boolean }\ntype Link = { url: string; helpful: boolean };\n" };
    expect(findHandTypedPayloads([generated, hand])).toEqual([]);
  });

  it("finds JSON read as a type written here or as an undeclared name, through aliases", () => {
    const hand = {
      path: "feedback/api.ts",
      text: `import type { Report } from "../lib/api";
type Data = Report | Other;
async function a(res: Response) { return (await res.json()) as { id?: unknown }; }
async function b(res: Response) { return (await res.json()) as Partial<Report> | null; }
getJSON<Data>("/x");
`,
    };
    expect(findHandTypedPayloads([generated, hand]).map((p) => [p.line, p.rule, p.message.slice(0, 40)])).toEqual([
      [3, "reads", "JSON from the server is read as an objec"],
      [5, "reads", "JSON from the server is read as Other, w"],
    ]);
  });

  it("finds a request body written as an object literal without a generated type", () => {
    const hand = {
      path: "feedback/api.ts",
      text: `import type { Submission } from "../lib/api";
fetch("/a", { body: JSON.stringify({ url: "x" }) });
fetch("/b", { body: JSON.stringify({ url: "x", website: "" } satisfies Submission) });
fetch("/c", { body: JSON.stringify({ url: "x" } satisfies { url: string }) });
`,
    };
    expect(findHandTypedPayloads([generated, hand]).map((p) => [p.line, p.rule])).toEqual([
      [2, "sends"],
      [4, "reads"],
    ]);
  });

  it("lets an allowed declaration through", () => {
    const hand = { path: "feedback/api.ts", text: "export interface Submission { url: string }\n" };
    expect(findHandTypedPayloads([generated, hand], new Set(["feedback/api.ts:Submission"]))).toEqual([]);
  });
});
