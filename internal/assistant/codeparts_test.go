package assistant

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"tzdocs/internal/highlight"
)

func TestFencesReadsBlocksAsCommonMarkDoes(t *testing.T) {
	md := "Intro\n\n```bash\noctez-client stake 100 for alice\noctez-client unstake 1 for alice\n```\n\n" +
		"~~~~ts title=\"a.ts\"\nconst a = 1;\n~~~~\n\n``not a fence``\n\n    ```indented code, not a fence\n\n```\nno language\n```\n\n```py\nunclosed = True\n"
	got := fences(md)
	want := []fence{
		{"bash", "octez-client stake 100 for alice\noctez-client unstake 1 for alice"},
		{"ts", "const a = 1;"},
		{"", "no language"},
		{"py", "unclosed = True\n"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("fences:\n got %q\nwant %q", got, want)
	}
}

func TestCodePartsHighlightKnownLanguagesOnly(t *testing.T) {
	var buf bytes.Buffer
	out := newStream(&buf, nil, func() string { return "id" })
	answer := "Run:\n\n```bash\nocteZ <x> && echo done\n```\n\n```klingon\nqaStaH\n```\n\n```\nplain\n```\n"
	if err := out.TextDelta(answer); err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := out.codeParts(highlight.New()); err != nil {
		t.Fatal(err)
	}
	events := strings.Split(strings.TrimSpace(buf.String()), "\n\n")
	if len(events) != 1 {
		t.Fatalf("want one part (bash only), got:\n%s", buf.String())
	}
	var c struct {
		Type string   `json:"type"`
		Data CodePart `json:"data"`
	}
	if err := json.Unmarshal([]byte(strings.TrimPrefix(events[0], "data: ")), &c); err != nil {
		t.Fatal(err)
	}
	if c.Type != CodePartType || c.Data.Lang != "bash" || c.Data.Code != "octeZ <x> && echo done" {
		t.Errorf("part %+v", c)
	}
	// Token spans with the pages' classes, the code escaped inside them.
	if !strings.Contains(c.Data.HTML, `<span class="`) || !strings.Contains(c.Data.HTML, "&lt;") || strings.Contains(c.Data.HTML, "<x") {
		t.Errorf("html %q", c.Data.HTML)
	}
}
