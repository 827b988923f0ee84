import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AnswerMarkdown } from "../AnswerMarkdown";

const module = [
  'import { TezosToolkit } from "@taquito/taquito";',
  "",
  "export async function sendTez(tezos: TezosToolkit, to: string, amount: number) {",
  "  const op = await tezos.wallet.transfer({ to, amount }).send();",
  "  await op.confirmation(1);",
  "}",
].join("\n");

describe("AnswerMarkdown code blocks", () => {
  it("keeps every line and the language, with the copy button outside the code", async () => {
    const writeText = vi.fn(async (_t: string) => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const { container } = render(<AnswerMarkdown text={"Send it:\n\n```typescript\n" + module + "\n```"} />);
    const block = container.querySelector(".tz-assistant__code");
    expect(block?.getAttribute("data-language")).toBe("typescript");
    expect(block?.querySelector(".tz-assistant__code-lang")?.textContent).toBe("typescript");
    const pre = block?.querySelector("pre.tz-code__pre.chroma");
    expect(pre?.textContent?.replace(/\n$/, "")).toBe(module);
    expect(pre?.querySelector("code")?.className).toBe("language-typescript");
    // The button sits in the bar above the code, not inside the <pre>.
    const copy = screen.getByRole("button", { name: "Copy code" });
    expect(pre?.contains(copy)).toBe(false);
    fireEvent.click(copy);
    await act(async () => {});
    expect(writeText).toHaveBeenCalledWith(module);
  });

  it("shows no language for a fence that names none", () => {
    const { container } = render(<AnswerMarkdown text={"```\nls -l\n```"} />);
    expect(container.querySelector(".tz-assistant__code")?.hasAttribute("data-language")).toBe(false);
    expect(container.querySelector(".tz-assistant__code-lang")?.textContent).toBe("");
  });
});

describe("AnswerMarkdown tables", () => {
  it("renders a pipe table as a table, its cells' Markdown and escaped pipes kept", () => {
    const text = "The lengths:\n\n| Network | Blocks per cycle |\n| --- | ---: |\n| Main \\| net | `10,800` |\n| Ghostnet | 8,192 |\n\nSource: [Cycles](/cycles)";
    const { container } = render(<AnswerMarkdown text={text} />);
    const table = container.querySelector("table");
    expect(table).not.toBeNull();
    expect([...table!.querySelectorAll("th")].map((th) => th.textContent)).toEqual(["Network", "Blocks per cycle"]);
    const rows = [...table!.querySelectorAll("tbody tr")].map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent));
    expect(rows).toEqual([
      ["Main | net", "10,800"],
      ["Ghostnet", "8,192"],
    ]);
    expect(table!.querySelector("td code")?.textContent).toBe("10,800");
    expect((table!.querySelectorAll("td")[1] as HTMLElement).style.textAlign).toBe("right");
    expect(container.textContent).toContain("The lengths:");
    expect(container.querySelector("a")?.getAttribute("href")).toBe("/cycles");
  });

  it("leaves a table inside a code block as code", () => {
    const { container } = render(<AnswerMarkdown text={"```text\n| a | b |\n| - | - |\n```"} />);
    expect(container.querySelector("table")).toBeNull();
    expect(container.querySelector("pre")?.textContent).toContain("| a | b |");
  });
});
