import { describe, expect, it } from "vitest";
import { chatGPTLink, claudeLink, markdownURL, readPagePrompt } from "../pageActions";

describe("page menu addresses", () => {
  it("makes the Markdown path absolute under the site's URL and base URL", () => {
    expect(markdownURL({ url: "https://docs.example.test", baseUrl: "/" }, "/architecture/bakers.md")).toBe(
      "https://docs.example.test/architecture/bakers.md",
    );
    expect(markdownURL({ url: "https://example.test/", baseUrl: "/docs/" }, "/index.md")).toBe("https://example.test/docs/index.md");
  });

  it("asks the assistants to read the page, the prompt encoded as one query value", () => {
    const prompt = readPagePrompt("https://docs.example.test/a.md?x=1&y=2");
    expect(prompt).toBe("Read https://docs.example.test/a.md?x=1&y=2 so that I can ask you questions about it.");
    const chat = new URL(chatGPTLink(prompt));
    expect(chat.origin + chat.pathname).toBe("https://chatgpt.com/");
    expect(chat.searchParams.get("q")).toBe(prompt);
    const claude = new URL(claudeLink(prompt));
    expect(claude.origin + claude.pathname).toBe("https://claude.ai/new");
    expect(claude.searchParams.get("q")).toBe(prompt);
  });
});
