import { describe, expect, it } from "vitest";
import { decodeEntities, highlightText, parseHighlight } from "../highlight";

describe("parseHighlight", () => {
  it("splits marked and plain text", () => {
    expect(parseHighlight("Run a <mark>baker</mark> node")).toEqual([
      { text: "Run a ", marked: false },
      { text: "baker", marked: true },
      { text: " node", marked: false },
    ]);
  });

  it("decodes the server's escaping so text shows as written", () => {
    expect(parseHighlight("a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#x27;")).toEqual([{ text: `a <b> & "c" 'd'`, marked: false }]);
  });

  it("keeps every other tag as literal text, never markup", () => {
    const segs = parseHighlight('<img src=x onerror="alert(1)"><mark>x</mark><script>bad()</script><b>bold</b>');
    expect(segs).toEqual([
      { text: '<img src=x onerror="alert(1)">', marked: false },
      { text: "x", marked: true },
      { text: "<script>bad()</script><b>bold</b>", marked: false },
    ]);
  });

  it("does not treat escaped mark tags as marks", () => {
    expect(parseHighlight("&lt;mark&gt;x&lt;/mark&gt;")).toEqual([{ text: "<mark>x</mark>", marked: false }]);
  });

  it("tolerates unbalanced and mixed-case tags", () => {
    expect(parseHighlight("<MARK>a</mark>b</mark><mark>c")).toEqual([
      { text: "a", marked: true },
      { text: "b", marked: false },
      { text: "c", marked: true },
    ]);
  });

  it("gives the plain text", () => {
    expect(highlightText("<mark>Smart</mark> rollups &amp; DAL")).toBe("Smart rollups & DAL");
  });

  it("leaves unknown or invalid references alone", () => {
    expect(decodeEntities("&bogus; &#0; &#xD800;")).toBe("&bogus; &#0; &#xD800;");
  });
});
