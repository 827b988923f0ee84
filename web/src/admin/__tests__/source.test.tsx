import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SourceLink } from "../SourceLink";

describe("the pages view's source column", () => {
  it("links the edit URL when the site has one", () => {
    const html = renderToStaticMarkup(
      <SourceLink source={{ file: "site/docs/a.md", editUrl: "https://example.org/edit/main/site/docs/a.md" }} />,
    );
    expect(html).toBe(
      '<a href="https://example.org/edit/main/site/docs/a.md" rel="noopener noreferrer"><code>site/docs/a.md</code></a>',
    );
  });

  it("shows the file's path as text without an edit URL", () => {
    expect(renderToStaticMarkup(<SourceLink source={{ file: "site/docs/a.md" }} />)).toBe("<code>site/docs/a.md</code>");
  });

  it("shows a dash when the site does not say", () => {
    expect(renderToStaticMarkup(<SourceLink source={null} />)).toBe("—");
  });
});
