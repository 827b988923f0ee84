package sitebuild

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"tzdocs/internal/markdown"
	"tzdocs/internal/output"
	"tzdocs/internal/sitetest"
)

// answerSite is a small site whose pages hold every kind of block.
const answerSite = `
-- site/site.yaml --
title: Answer Docs
url: https://docs.example.org
-- site/sidebars.yaml --
documentation:
  - baking
  - hidden
tutorials:
  - tutorials/bake
-- site/docs/baking.md --
---
title: Baking
keywords: [block production]
---
Bakers make blocks.

## Run a baker

1. Start the node:

   ` + "```bash" + `
   octez-node run --rpc-addr 127.0.0.1
   ` + "```" + `

2. Start the baker:
   - with a local node
   - or a remote one

### Rights

| Network | Cycle length |
|---|---|
| Mainnet | 10800 blocks |
| Ghostnet | 8192 blocks |

:::warning Keys
Keep keys offline.

:::tip
Use a Ledger.
:::
:::

` + "```python" + `
def f():

    return  1  # spaces kept
` + "```" + `
-- site/docs/hidden.md --
---
title: Hidden
unlisted: true
---
Not for answers.
-- site/docs/tutorials/bake.md --
---
title: Bake a block
---
Follow the steps.
`

func TestAnswerCorpusKeepsWholeBlocksUnderTheirHeadings(t *testing.T) {
	secs, err := Answers(context.Background(), filepath.Join(sitetest.Write(t, answerSite), "site"))
	if err != nil {
		t.Fatal(err)
	}
	p := func(s string) output.AnswerBlock { return output.AnswerBlock{Type: output.BlockParagraph, Text: s} }
	want := []output.AnswerSection{
		{Route: "/baking", Path: []string{"Baking"}, Position: 0, Keywords: []string{"block production"},
			Blocks: []output.AnswerBlock{p("Bakers make blocks.")}},
		{Route: "/baking", Anchor: "run-a-baker", Path: []string{"Baking", "Run a baker"}, Position: 1, Blocks: []output.AnswerBlock{
			{Type: output.BlockList, Ordered: true, Items: [][]output.AnswerBlock{
				{p("Start the node:"), {Type: output.BlockCode, Lang: "bash", Code: "octez-node run --rpc-addr 127.0.0.1"}},
				{p("Start the baker:"), {Type: output.BlockList, Items: [][]output.AnswerBlock{{p("with a local node")}, {p("or a remote one")}}}},
			}},
		}},
		{Route: "/baking", Anchor: "rights", Path: []string{"Baking", "Run a baker", "Rights"}, Position: 2, Blocks: []output.AnswerBlock{
			{Type: output.BlockTable, Header: []string{"Network", "Cycle length"}, Rows: [][]string{{"Mainnet", "10800 blocks"}, {"Ghostnet", "8192 blocks"}}},
			{Type: output.BlockAside, Kind: "warning", Text: "Keys", Blocks: []output.AnswerBlock{
				p("Keep keys offline."),
				{Type: output.BlockAside, Kind: "tip", Blocks: []output.AnswerBlock{p("Use a Ledger.")}},
			}},
			{Type: output.BlockCode, Lang: "python", Code: "def f():\n\n    return  1  # spaces kept"},
		}},
		{Route: "/tutorials/bake", Path: []string{"Bake a block"}, Position: 0, Kind: output.KindTutorial,
			Blocks: []output.AnswerBlock{p("Follow the steps.")}},
	}
	if !reflect.DeepEqual(secs, want) {
		t.Errorf("answer corpus =\n%+v\nwant\n%+v", secs, want)
	}
}

func TestAnswerBlockTypesAreTheCorpusTypes(t *testing.T) {
	for md, out := range map[string]string{
		markdown.BlockParagraph: output.BlockParagraph, markdown.BlockList: output.BlockList, markdown.BlockTable: output.BlockTable,
		markdown.BlockCode: output.BlockCode, markdown.BlockAside: output.BlockAside, markdown.BlockQuote: output.BlockQuote,
	} {
		if md != out {
			t.Errorf("the converter's block type %q is written as %q", md, out)
		}
	}
}

func TestAnswerCorpusIsWhatTheBuildWritesAndIsNotServed(t *testing.T) {
	outDir, _, err := buildSite(t, answerSite)
	if err != nil {
		t.Fatal(err)
	}
	written, err := output.LoadAnswers(outDir)
	if err != nil {
		t.Fatal(err)
	}
	made, err := Answers(context.Background(), filepath.Join(filepath.Dir(outDir), "site"))
	if err != nil {
		t.Fatal(err)
	}
	if len(written) == 0 || !reflect.DeepEqual(written, made) {
		t.Errorf("Answers gives %d sections, the build wrote %d that differ", len(made), len(written))
	}
	for _, ext := range []string{".br", ".gz"} {
		if _, err := os.Stat(filepath.Join(outDir, filepath.FromSlash(output.AnswersFile)+ext)); err == nil {
			t.Errorf("the answer corpus has a %s sidecar: it is never sent", ext)
		}
	}
	site, err := output.Load(outDir)
	if err != nil {
		t.Fatal(err)
	}
	if site.Files["/"+output.AnswersFile] != nil {
		t.Errorf("output.Load lists %s among the files to serve", output.AnswersFile)
	}
}
