package sitebuild

import (
	"testing"

	"tzdocs/internal/content"
)

// pageImports keeps what an unchanged page imports and reads a changed page again.
func TestPageImportsRereadsOnlyChangedPages(t *testing.T) {
	a := &content.Doc{Path: "docs/a.mdx", Body: []byte("import Card from '@site/src/components/Card';\n\n<Card />\n")}
	b := &content.Doc{Path: "docs/b.mdx", Body: []byte("# No imports\n")}
	site := &content.Site{Docs: []*content.Doc{a, b}}
	cache := map[string]pageImport{}
	if got := pageImports(site, cache); len(got) != 1 || got[0].Module != "@site/src/components/Card" {
		t.Fatalf("first build: %+v", got)
	}
	b.Body = []byte("import Tip from './Tip';\n\n<Tip />\n")
	if got := pageImports(site, cache); len(got) != 2 || got[1].Module != "./Tip" || got[1].PageFile != "docs/b.mdx" {
		t.Fatalf("after b imports ./Tip: %+v", got)
	}
	site.Docs = []*content.Doc{b}
	if got := pageImports(site, cache); len(got) != 1 || len(cache) != 1 {
		t.Fatalf("after a is gone: %+v, cache %d", got, len(cache))
	}
}

// An import statement is read only where it starts a line, and code after it stays code.
func TestImportsAreReadWhereALineStartsWithImport(t *testing.T) {
	doc := &content.Doc{Path: "docs/c.mdx", Body: []byte("Some text that says import x from './nope'.\nimport One from './One';\nimport {Two} from \"@site/src/Two\";\n")}
	got := pageImports(&content.Site{Docs: []*content.Doc{doc}}, map[string]pageImport{})
	if len(got) != 2 || got[0].Module != "./One" || got[1].Module != "@site/src/Two" {
		t.Fatalf("imports: %+v", got)
	}
}
