package samples

import (
	"reflect"
	"testing"

	"tzdocs/internal/sitetest"
)

func TestExtractPageFindsFencesWithTheirLineLanguageAndMeta(t *testing.T) {
	src := "---\ntitle: T\n```bash\nnot a fence: front matter\n---\n" + // lines 1-5
		"Intro.\n" + // 6
		"\n" + // 7
		"```michelson\n" + // 8
		"parameter unit;\n" + // 9
		"```\n" + // 10
		"\n" + // 11
		"```typescript title=\"src/deploy.ts\" showLineNumbers {2-3}\n" + // 12
		"const a = 1;\n" + // 13
		"```\n" + // 14
		"~~~~YAML title='x.yml' skip-check\n" + // 15
		"a: 1\n" + // 16
		"```\n" + // 17: a backtick fence does not close a tilde fence
		"~~~~\n" + // 18
		"```js{1,3}\n" + // 19
		"x\n" + // 20
		"```\n" + // 21
		"```title=\"only-meta.txt\"\n" + // 22
		"y\n" + // 23
		"```\n" // 24
	got := ExtractPage("site/docs/p.md", src)
	want := []Sample{
		{Page: "site/docs/p.md", Line: 8, Lang: "michelson", Code: "parameter unit;\n"},
		{Page: "site/docs/p.md", Line: 12, Lang: "typescript", Meta: `title="src/deploy.ts" showLineNumbers {2-3}`, Title: "src/deploy.ts", Code: "const a = 1;\n"},
		{Page: "site/docs/p.md", Line: 15, Lang: "yaml", Meta: "title='x.yml' skip-check", Title: "x.yml", Code: "a: 1\n```\n"},
		{Page: "site/docs/p.md", Line: 19, Lang: "js", Meta: "{1,3}", Code: "x\n"},
		{Page: "site/docs/p.md", Line: 22, Meta: `title="only-meta.txt"`, Title: "only-meta.txt", Code: "y\n"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("ExtractPage:\n got %#v\nwant %#v", got, want)
	}
	if !got[2].HasFlag(SkipFlag) || got[1].HasFlag(SkipFlag) {
		t.Errorf("HasFlag(%q): want true only for the yaml fence", SkipFlag)
	}
}

func TestExtractPageReadsFencesInListsQuotesAndAdmonitions(t *testing.T) {
	src := `1. Install:

   ` + "```bash" + `
   npm ci
     --flag
   ` + "```" + `

2. Then:
   - nested

     ` + "```json" + `
     {"a": 1}
     ` + "```" + `

> ` + "```sh" + `
> echo quoted
> ` + "```" + `

:::tip
` + "```python" + `
x = 1
` + "```" + `
:::
`
	got := ExtractPage("p.md", src)
	want := []struct {
		line int
		lang string
		code string
	}{
		{3, "bash", "npm ci\n  --flag\n"},
		{11, "json", "{\"a\": 1}\n"},
		{15, "sh", "echo quoted\n"},
		{20, "python", "x = 1\n"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d samples, want %d: %#v", len(got), len(want), got)
	}
	for i, w := range want {
		if got[i].Line != w.line || got[i].Lang != w.lang || got[i].Code != w.code {
			t.Errorf("sample %d: got line %d %q %q, want line %d %q %q", i, got[i].Line, got[i].Lang, got[i].Code, w.line, w.lang, w.code)
		}
	}
}

func TestExtractPageKeepsFencesShownInsideLongerFencesAsText(t *testing.T) {
	src := "````text\n```bash\nls\n```\n````\n\nUse ```inline``` code.\n\n```\nno language\n```\n"
	got := ExtractPage("p.md", src)
	if len(got) != 2 {
		t.Fatalf("got %d samples, want 2: %#v", len(got), got)
	}
	if got[0].Lang != "text" || got[0].Code != "```bash\nls\n```\n" {
		t.Errorf("outer fence: got %q %q", got[0].Lang, got[0].Code)
	}
	if got[1].Lang != "" || got[1].Line != 9 {
		t.Errorf("plain fence: got lang %q line %d, want \"\" line 9", got[1].Lang, got[1].Line)
	}
}

func TestExtractPageEndsAnUnclosedFenceAtTheEndOfThePage(t *testing.T) {
	got := ExtractPage("p.md", "```json\n{}\n")
	if len(got) != 1 || got[0].Code != "{}\n" {
		t.Fatalf("got %#v", got)
	}
}

func TestExtractWalksDocsAndPagesInOrder(t *testing.T) {
	dir := sitetest.Write(t, `
-- site/docs/b.md --
`+"```bash\necho b\n```"+`
-- site/docs/a/x.mdx --
---
title: X
---
`+"```json\n{}\n```"+`
-- site/docs/notes.txt --
`+"```bash\nignored\n```"+`
-- site/pages/index.md --
`+"```yaml\na: 1\n```"+`
`)
	got, err := Extract(dir + "/site")
	if err != nil {
		t.Fatal(err)
	}
	var locs []string
	for _, s := range got {
		locs = append(locs, s.Location()+" "+s.Lang)
	}
	want := []string{"site/docs/a/x.mdx:4 json", "site/docs/b.md:1 bash", "site/pages/index.md:1 yaml"}
	if !reflect.DeepEqual(locs, want) {
		t.Errorf("got %q, want %q", locs, want)
	}
}

func TestExtractAcceptsASiteWithoutPagesFolder(t *testing.T) {
	dir := sitetest.Write(t, "-- site/docs/a.md --\nNo code.\n")
	got, err := Extract(dir + "/site")
	if err != nil || len(got) != 0 {
		t.Fatalf("got %v, %v; want no samples and no error", got, err)
	}
}
