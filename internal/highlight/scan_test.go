package highlight

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// scanLexers returns our hand-written lexers by name.
func scanLexers(t testing.TB) map[string]*scanLexer {
	t.Helper()
	out := map[string]*scanLexer{}
	for name, lx := range newLanguages().own {
		sl, ok := lx.(*scanLexer)
		if !ok {
			t.Fatalf("%s: %T is not a scanLexer", name, lx)
		}
		out[lx.Config().Name] = sl
	}
	return out
}

// joined tokenises src with lx and returns the token values joined back together.
func joined(t testing.TB, lx *scanLexer, src string) string {
	t.Helper()
	it, err := lx.Tokenise(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, tok := range it.Tokens() {
		if tok.Value == "" {
			t.Fatalf("%s: empty token of type %s in %q", lx.Config().Name, tok.Type, src)
		}
		b.WriteString(tok.Value)
	}
	return b.String()
}

var fenceRe = regexp.MustCompile("(?m)^[ \t>]*(```+|~~~+)([A-Za-z#+-]*)[^\n]*\n((?s:.*?))^[ \t>]*```")

// siteBlocks returns the code blocks of the real site's pages, by fence language.
func siteBlocks(t testing.TB) map[string][]string {
	t.Helper()
	blocks := map[string][]string{}
	err := filepath.WalkDir(filepath.Join("..", "..", "site", "docs"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".mdx")) {
			return err
		}
		data, err := os.ReadFile(p)
		for _, m := range fenceRe.FindAllStringSubmatch(string(data), -1) {
			blocks[m[2]] = append(blocks[m[2]], m[3])
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return blocks
}

// Every hand-written lexer must give back exactly the text it was given, whatever the text: every
// code block of the site (in every language, so each lexer also sees text it does not expect), the
// golden inputs, and broken snippets.
func TestScanLexersKeepEveryByte(t *testing.T) {
	inputs := []string{"", "\n", "'", "\"", "`", "`${", "`${x", "f'{", "f\"{x!r", "\"\"\"", "r'\\", "/", "/[/",
		"$(", "${", "$((", "<<EOF\nbody", "<<-", "$ ", "$", "(*", "/*", "#", "\\", "0x", "1e", "1e+", ".5",
		"@", "@a.", "[@x", "é", "日本語 = \"ꜩ\"", "\xff\xfe", "a\r\nb", "\t\t$ x \\\n", "case x in a) ;; esac"}
	for _, bs := range siteBlocks(t) {
		inputs = append(inputs, bs...)
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	for _, f := range files {
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, string(ar.Files[0].Data))
	}
	if len(inputs) < 500 {
		t.Fatalf("only %d inputs: the site's code blocks were not found", len(inputs))
	}
	for name, lx := range scanLexers(t) {
		for _, in := range inputs {
			if got := joined(t, lx, in); got != in {
				t.Fatalf("%s lost text:\n--- in\n%q\n--- out\n%q", name, in, got)
			}
		}
	}
}

func FuzzScanLexers(f *testing.F) {
	for _, s := range []string{"const x = `a${b}c`; /re/g", "f\"{x}\" # c", "$ echo \"$(date)\"\nout", "PUSH nat 1 ; %a",
		"let x = 1n (* c *)", "<<EOF\nx\nEOF", "[@entry] let f = fun x -> x"} {
		f.Add(s)
	}
	lexers := scanLexers(f)
	names := make([]string, 0, len(lexers))
	for n := range lexers {
		names = append(names, n)
	}
	sort.Strings(names)
	f.Fuzz(func(t *testing.T, src string) {
		for _, n := range names {
			if got := joined(t, lexers[n], src); got != src {
				t.Fatalf("%s lost text:\n--- in\n%q\n--- out\n%q", n, src, got)
			}
		}
	})
}
