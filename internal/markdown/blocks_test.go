package markdown

import (
	"reflect"
	"testing"
)

func TestSectionBlocks(t *testing.T) {
	src := "# Title\n\nIntro with `code` and a [link](https://example.com).\n\n" +
		"## Steps\n\n" +
		"1. Install the client:\n\n   ```bash\n   brew install octez\n   ```\n\n" +
		"2. Check it:\n   - run `octez-client --version`\n   - read the output\n\n" +
		"| Network | Period |\n|---|---|\n| Mainnet | 2 *days* |\n| Ghostnet | 1 day |\n\n" +
		"```ocaml\nlet x =\n\n    1 (* kept *)\n```\n\n" +
		":::warning Keep it safe\nOuter text.\n\n:::note\nInner note.\n:::\n\n- a\n- b\n:::\n\n" +
		"<details>\n<summary>More</summary>\n\nHidden text.\n\n</details>\n\n" +
		"> A quote.\n"
	doc := convert(t, src, PageContext{})
	if len(doc.Sections) != 2 {
		t.Fatalf("sections: %+v", doc.Sections)
	}
	p := func(s string) Block { return Block{Type: BlockParagraph, Text: s} }
	if want := []Block{p("Intro with `code` and a [link](https://example.com).")}; !reflect.DeepEqual(doc.Sections[0].Blocks, want) {
		t.Errorf("intro blocks =\n%#v\nwant\n%#v", doc.Sections[0].Blocks, want)
	}
	want := []Block{
		{Type: BlockList, Ordered: true, Start: 1, Items: [][]Block{
			{p("Install the client:"), {Type: BlockCode, Lang: "bash", Code: "brew install octez"}},
			{p("Check it:"), {Type: BlockList, Items: [][]Block{{p("run `octez-client --version`")}, {p("read the output")}}}},
		}},
		{Type: BlockTable, Header: []string{"Network", "Period"}, Rows: [][]string{{"Mainnet", "2 *days*"}, {"Ghostnet", "1 day"}}},
		{Type: BlockCode, Lang: "ocaml", Code: "let x =\n\n    1 (* kept *)"},
		{Type: BlockAside, Kind: "warning", Text: "Keep it safe", Blocks: []Block{
			p("Outer text."),
			{Type: BlockAside, Kind: "note", Blocks: []Block{p("Inner note.")}},
			{Type: BlockList, Items: [][]Block{{p("a")}, {p("b")}}},
		}},
		{Type: BlockAside, Kind: "details", Text: "More", Blocks: []Block{p("Hidden text.")}},
		{Type: BlockQuote, Blocks: []Block{p("A quote.")}},
	}
	if got := doc.Sections[1].Blocks; !reflect.DeepEqual(got, want) {
		t.Errorf("blocks =\n%#v\nwant\n%#v", got, want)
	}
}

// A heading inside a container (here a list item) starts a new section: what follows it goes
// there, and the container's earlier blocks stay in the section before.
func TestSectionBlocksHeadingInsideContainer(t *testing.T) {
	doc := convert(t, "Intro.\n\n- first\n- ## Inside\n\n  After.\n\nLast.\n", PageContext{})
	if len(doc.Sections) != 2 {
		t.Fatalf("sections: %+v", doc.Sections)
	}
	p := func(s string) Block { return Block{Type: BlockParagraph, Text: s} }
	first := []Block{p("Intro."), {Type: BlockList, Items: [][]Block{{p("first")}, nil}}}
	if !reflect.DeepEqual(doc.Sections[0].Blocks, first) {
		t.Errorf("first section =\n%#v\nwant\n%#v", doc.Sections[0].Blocks, first)
	}
	if want := []Block{p("After."), p("Last.")}; !reflect.DeepEqual(doc.Sections[1].Blocks, want) {
		t.Errorf("second section =\n%#v\nwant\n%#v", doc.Sections[1].Blocks, want)
	}
}
