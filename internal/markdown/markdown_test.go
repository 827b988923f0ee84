package markdown

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"reflect"
	"strings"
	"testing"

	"tzdocs/internal/markdown/internal/goldentest"
)

// testPage resolves links by dropping ".md" under /docs/ and images to /img/ at 640×480; an image
// whose name contains "missing" fails.
var testPage = PageContext{
	ResolveLink: func(dest string) string {
		if strings.HasPrefix(dest, "#") {
			return dest
		}
		p, frag, _ := strings.Cut(dest, "#")
		p = "/docs/" + strings.TrimSuffix(path.Clean(strings.TrimPrefix(p, "./")), ".md")
		if frag != "" {
			p += "#" + frag
		}
		return p
	},
	ResolveImage: func(src string) (Image, error) {
		if strings.Contains(src, "missing") {
			return Image{}, errors.New("image " + src + " not found")
		}
		return Image{URL: "/img/" + path.Base(src), Width: 640, Height: 480}, nil
	},
}

func TestGolden(t *testing.T) {
	c := New(Options{})
	goldentest.RunFiles(t, "testdata", func(t *testing.T, src []byte, files map[string][]byte) map[string]string {
		ctx := testPage
		ctx.ReadPartial = func(p string) ([]byte, string, error) {
			name := path.Clean(strings.TrimPrefix(p, "@site/docs/"))
			if b, ok := files[name]; ok {
				return b, "site/docs/" + name, nil
			}
			return nil, "", fs.ErrNotExist
		}
		doc, err := c.Convert(src, ctx)
		if err != nil {
			t.Fatal(err)
		}
		var toc, diags strings.Builder
		if doc.Title != "" {
			fmt.Fprintf(&toc, "title: %s\n", doc.Title)
		}
		for _, h := range TOC(doc.Headings, 2, 3) {
			fmt.Fprintf(&toc, "%s%s #%s\n", strings.Repeat("  ", h.Level-2), h.Text, h.ID)
		}
		for _, d := range doc.Warnings {
			fmt.Fprintf(&diags, "warning %s\n", d)
		}
		for _, d := range doc.Errors {
			fmt.Fprintf(&diags, "error %s\n", d)
		}
		return map[string]string{"output.html": doc.HTML, "output.md": doc.Markdown, "toc.txt": toc.String(), "diagnostics.txt": diags.String()}
	})
}

func convert(t *testing.T, src string, ctx PageContext) *Document {
	t.Helper()
	doc, err := New(Options{}).Convert([]byte(src), ctx)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestTitleTakenFromLeadingHeadingOnly(t *testing.T) {
	doc := convert(t, "\n\n# The *Title*\n\nText.\n\n# Second h1\n", PageContext{})
	if doc.Title != "The Title" {
		t.Errorf("Title = %q", doc.Title)
	}
	if strings.Contains(doc.HTML, "The <em>Title</em>") {
		t.Errorf("title left in HTML: %s", doc.HTML)
	}
	if !strings.Contains(doc.HTML, `<h1 id="second-h1">`) {
		t.Errorf("later h1 missing: %s", doc.HTML)
	}
	if doc := convert(t, "Intro.\n\n# Not a title\n", PageContext{}); doc.Title != "" {
		t.Errorf("Title from a non-leading heading: %q", doc.Title)
	}
}

func TestHeadingsAndTOC(t *testing.T) {
	src := "# T\n\n## A\n\n### B\n\n#### C\n\n## A\n"
	doc := convert(t, src, PageContext{})
	want := []Heading{{2, "a", "A"}, {3, "b", "B"}, {4, "c", "C"}, {2, "a-1", "A"}}
	if !reflect.DeepEqual(doc.Headings, want) {
		t.Errorf("Headings = %+v", doc.Headings)
	}
	if toc := TOC(doc.Headings, 2, 3); len(toc) != 3 || toc[2].ID != "a-1" {
		t.Errorf("TOC = %+v", toc)
	}
	if toc := TOC(doc.Headings, 3, 4); len(toc) != 2 || toc[0].ID != "b" || toc[1].ID != "c" {
		t.Errorf("TOC with levels 3-4 = %+v", toc)
	}
}

func TestSections(t *testing.T) {
	src := `# Title

Intro   text
over two lines.

## Setup {#setup}

- item *one*
- item two

| a | b |
|---|---|
| c | d |

:::tip Hint
Inside.
:::

> quoted

` + "```bash\nnpm i\n```\n" + `
<div>raw</div>

## Empty

### Deep
Deep text.
`
	doc := convert(t, src, PageContext{})
	for i := range doc.Sections {
		doc.Sections[i].Blocks = nil // TestSectionBlocks
	}
	want := []Section{
		{Level: 1, Text: "Intro text over two lines."},
		{Level: 2, ID: "setup", Title: "Setup", Text: "item one item two a b c d Hint Inside. quoted", Code: []CodeBlock{{Lang: "bash", Text: "npm i\n"}}},
		{Level: 2, ID: "empty", Title: "Empty"},
		{Level: 3, ID: "deep", Title: "Deep", Text: "Deep text."},
	}
	if !reflect.DeepEqual(doc.Sections, want) {
		t.Errorf("Sections =\n%#v\nwant\n%#v", doc.Sections, want)
	}
	if doc := convert(t, "## Only\n\ntext\n", PageContext{}); len(doc.Sections) != 1 || doc.Sections[0].ID != "only" {
		t.Errorf("empty intro should be left out: %+v", doc.Sections)
	}
}

func TestLinkAndImagePositions(t *testing.T) {
	src := "\n\nSee [the docs](../x.md#a) and [ext](https://tezos.com).\n" +
		"  ![alt](./img/a.png) <https://auto.example/x>\n" +
		"Ünï [u](/dApps)\n\n[ref]: ./ref.md\n\nA [ref] link.\n"
	var resolved []string
	ctx := PageContext{ResolveLink: func(d string) string { resolved = append(resolved, d); return "/r/" + d }}
	doc := convert(t, src, ctx)
	wantLinks := []Ref{
		{"../x.md#a", "", 3, 5}, {"https://tezos.com", "", 3, 31},
		{"https://auto.example/x", "", 4, 23},
		{"/dApps", "", 5, 5}, {"./ref.md", "", 9, 3},
	}
	if !reflect.DeepEqual(doc.Links, wantLinks) {
		t.Errorf("Links = %+v\nwant %+v", doc.Links, wantLinks)
	}
	if want := []Ref{{"./img/a.png", "", 4, 3}}; !reflect.DeepEqual(doc.Images, want) {
		t.Errorf("Images = %+v", doc.Images)
	}
	if want := []string{"../x.md#a", "/dApps", "./ref.md"}; !reflect.DeepEqual(resolved, want) {
		t.Errorf("ResolveLink called with %q, want internal links only %q", resolved, want)
	}
	if !strings.Contains(doc.HTML, `<a href="/r/../x.md#a">the docs</a>`) {
		t.Errorf("resolved href missing: %s", doc.HTML)
	}
}

func TestImageErrorsAtTheImageLine(t *testing.T) {
	doc := convert(t, "Text\n\n![a](missing.png)\n", testPage)
	if len(doc.Errors) != 1 || doc.Errors[0].Line != 3 || doc.Errors[0].Cause != CauseImage || !strings.Contains(doc.Errors[0].Message, "missing.png") {
		t.Fatalf("Errors = %+v", doc.Errors)
	}
}

func TestWarningsNameLineAndLanguage(t *testing.T) {
	doc := convert(t, "# T\n\ntext\n\n```klingon\n+++\n```\n", PageContext{})
	if len(doc.Warnings) != 1 {
		t.Fatalf("Warnings = %+v", doc.Warnings)
	}
	w := doc.Warnings[0]
	if w.Line != 5 || !strings.Contains(w.Message, `"klingon"`) {
		t.Errorf("warning = %+v", w)
	}
}

func TestMermaidFlag(t *testing.T) {
	if convert(t, "```js\nx\n```\n", PageContext{}).HasMermaid {
		t.Error("HasMermaid without a mermaid fence")
	}
	if !convert(t, "- a\n\n  ```mermaid\n  graph TD; A-->B\n  ```\n", PageContext{}).HasMermaid {
		t.Error("HasMermaid false with a mermaid fence in a list")
	}
}

func TestConvertConcurrently(t *testing.T) {
	c := New(Options{})
	src := []byte(benchPage)
	want, err := c.Convert(src, testPage)
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			doc, err := c.Convert(src, testPage)
			if err == nil && doc.HTML != want.HTML {
				err = errors.New("different HTML from a concurrent Convert")
			}
			errs <- err
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func TestMDXSyntaxNeverRendered(t *testing.T) {
	src := "import A from './a.md';\nexport const b = 1;\n\n{/* note */}\n\n# Title\n\nText {/* inline */} <!-- c --> end.\n\n<Nope />\n"
	doc := convert(t, src, PageContext{})
	if doc.Title != "Title" {
		t.Errorf("Title = %q; imports and comments before the heading should not hide it", doc.Title)
	}
	for _, leak := range []string{"import", "export", "{/*", "<!--", "note", "inline"} {
		if strings.Contains(doc.HTML, leak) {
			t.Errorf("HTML contains %q:\n%s", leak, doc.HTML)
		}
	}
	if !strings.Contains(doc.HTML, "<p>&lt;Nope /&gt;</p>") {
		t.Errorf("unknown component not literal:\n%s", doc.HTML)
	}
	if len(doc.Warnings) != 1 || doc.Warnings[0].Line != 10 || !strings.Contains(doc.Warnings[0].Message, "<Nope>") {
		t.Errorf("Warnings = %+v", doc.Warnings)
	}
}

func TestComponentTextIsSearchable(t *testing.T) {
	src := "## Cards\n\n<Figure src=\"/img/a.png\" caption=\"A diagram\" />\n\n<TutorialCard title=\"Mint\" href=\"/x\" description=\"Make an NFT\" />\n\n<Tabs>\n<TabItem value=\"a\">\nTab text.\n</TabItem>\n</Tabs>\n"
	doc := convert(t, src, PageContext{})
	if len(doc.Sections) != 1 || doc.Sections[0].Text != "A diagram Mint Make an NFT Tab text." {
		t.Errorf("Sections = %+v", doc.Sections)
	}
}

func TestPartialCycleIsAnErrorNamingTheChain(t *testing.T) {
	files := map[string]string{"_a.md": "import B from './_b.md';\n\n<B />\n", "_b.md": "import A from './_a.md';\n\nText.\n\n<A />\n"}
	ctx := PageContext{ReadPartial: func(p string) ([]byte, string, error) {
		src, ok := files[path.Clean(p)]
		if !ok {
			return nil, "", fs.ErrNotExist
		}
		return []byte(src), "docs/" + path.Clean(p), nil
	}}
	doc := convert(t, "import A from './_a.md';\n\n# T\n\n<A />\n", ctx)
	if len(doc.Errors) != 1 {
		t.Fatalf("Errors = %+v", doc.Errors)
	}
	e := doc.Errors[0]
	if e.File != "docs/_b.md" || e.Line != 5 || e.Cause != CausePartial || !strings.Contains(e.Message, "docs/_a.md → docs/_b.md → docs/_a.md") {
		t.Errorf("error = %+v", e)
	}
	if !strings.Contains(doc.HTML, "<p>Text.</p>") || !reflect.DeepEqual(doc.Partials, []string{"docs/_a.md", "docs/_b.md"}) {
		t.Errorf("HTML = %s, Partials = %v", doc.HTML, doc.Partials)
	}
}

// Code written with the <CodeBlock> theme component is searchable like a fence's, and a mermaid
// one loads the diagram renderer.
func TestCodeBlockComponentFeedsSectionsAndMermaid(t *testing.T) {
	doc := convert(t, "import CodeBlock from '@theme/CodeBlock';\n\n## Read the balance\n\n<CodeBlock language=\"ts\">{`const b = await getBalance();`}</CodeBlock>\n", PageContext{})
	if len(doc.Sections) != 1 || len(doc.Sections[0].Code) != 1 || doc.Sections[0].Code[0].Text != "const b = await getBalance();\n" {
		t.Errorf("sections: %+v", doc.Sections)
	}
	if doc.HasMermaid {
		t.Error("HasMermaid without a diagram")
	}
	doc = convert(t, "<CodeBlock language=\"mermaid\">{`graph LR; A-->B`}</CodeBlock>\n", PageContext{})
	if !doc.HasMermaid || !strings.Contains(doc.HTML, `<pre class="tz-mermaid">graph LR; A--&gt;B`) {
		t.Errorf("mermaid component: HasMermaid=%v\n%s", doc.HasMermaid, doc.HTML)
	}
}

// As in MDX, text indented by four spaces is a paragraph, not an indented code block.
func TestIndentedTextIsNotCode(t *testing.T) {
	doc := convert(t, ":::warning\n    Tokens can be frozen by a faulty contract.\n:::\n\nIntro.\n\n    Indented four spaces.\n", PageContext{})
	if strings.Contains(doc.HTML, "<pre") || !strings.Contains(doc.HTML, "<p>Tokens can be frozen by a faulty contract.</p>") ||
		!strings.Contains(doc.HTML, "<p>Indented four spaces.</p>") {
		t.Errorf("HTML:\n%s", doc.HTML)
	}
}

// External images, frames and media are recorded with their kind, so the server can allow their
// origins; the site's own files are not.
func TestEmbedsOfOtherSites(t *testing.T) {
	src := "![Chart](https://stats.example.net/chart.png)\n\n![Local](/img/x.png)\n\n" +
		"<iframe src=\"https://www.youtube-nocookie.com/embed/abc\" title=\"Talk\"></iframe>\n\n" +
		"<video controls poster=\"https://cdn.example.org/p.jpg\">\n  <source src=\"https://cdn.example.org/v.mp4\" type=\"video/mp4\" />\n</video>\n\n" +
		"Inline <img src=\"//img.example.com/i.svg\" alt=\"i\" /> image.\n"
	doc := convert(t, src, PageContext{})
	var got []string
	for _, e := range doc.Embeds {
		got = append(got, e.Kind+" "+e.URL)
	}
	want := []string{"img https://stats.example.net/chart.png", "frame https://www.youtube-nocookie.com/embed/abc",
		"img https://cdn.example.org/p.jpg", "media https://cdn.example.org/v.mp4", "img //img.example.com/i.svg"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("embeds:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A <LucidDiagram> is a frame from another site; a <QuizQuestion>'s text is searchable.
func TestEmbeddingComponentsInPages(t *testing.T) {
	doc := convert(t, "import LucidDiagram from '@site/src/components/LucidDiagram';\n\n## Flow\n\n<LucidDiagram src=\"https://lucid.app/documents/embedded/1\" />\n\n<QuizQuestion questionText=\"Who bakes blocks?\" q0=\"Bakers\" q1=\"Indexers\" correctAnswerIndex=\"0\" />\n", PageContext{})
	if len(doc.Embeds) != 1 || doc.Embeds[0] != (Embed{Kind: EmbedFrame, URL: "https://lucid.app/documents/embedded/1"}) {
		t.Errorf("embeds %+v", doc.Embeds)
	}
	if len(doc.Sections) != 1 || doc.Sections[0].Text != "Who bakes blocks? Bakers Indexers" {
		t.Errorf("sections %+v", doc.Sections)
	}
	if len(doc.Warnings) != 0 {
		t.Errorf("warnings %v", doc.Warnings)
	}
}

// An MDX expression holding one element renders as the element, read the JSX way.
func TestElementExpressionRendersTheElement(t *testing.T) {
	doc := convert(t, "Table:\n\n{<table>\n  <tr><td style={{width: 200}}>It's one</td></tr>\n</table>}\n\nAfter.\n", PageContext{})
	want := "<table>\n  <tr><td style=\"width:200px\">It's one</td></tr>\n</table>"
	if !strings.Contains(doc.HTML, want) || strings.Contains(doc.HTML, "{") || !strings.Contains(doc.HTML, "<p>After.</p>") {
		t.Errorf("HTML:\n%s", doc.HTML)
	}
}

// With math on, a formula's TeX stays in the searchable text of its section.
func TestMathInSearchText(t *testing.T) {
	doc, err := New(Options{Math: true}).Convert([]byte("## Power\n\nWith $S$ the staked tez and $D$ the delegated tez:\n\n$$\nP = S + D/3\n$$\n"), PageContext{})
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Sections) != 1 || doc.Sections[0].Text != "With S the staked tez and D the delegated tez: P = S + D/3" {
		t.Errorf("sections %+v", doc.Sections)
	}
}

// The web app's unit tests render a doc page whose HTML (web/src/test/page.html) is what this
// converter writes for web/src/test/page.md, so that its components are tested on the markup the
// build really gives them. Rewrite it with -update after changing the Markdown or the renderers.
func TestWebFixtureIsWhatTheConverterRenders(t *testing.T) {
	const src, golden = "../../web/src/test/page.md", "../../web/src/test/page.html"
	md, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	doc := convert(t, string(md), PageContext{ResolveLink: func(dest string) string { return dest }})
	if goldentest.Updating() {
		if err := os.WriteFile(golden, []byte(doc.HTML), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != doc.HTML {
		t.Errorf("%s is not what the converter renders for %s; run go test ./internal/markdown -run TestWebFixture -update\ngot:\n%s\nfile:\n%s", golden, src, doc.HTML, want)
	}
}
