package highlight

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// TestLexerGolden tokenises each testdata/<lang>.txtar "input" section with our lexer for <lang> and
// compares "class<TAB>text" lines with its "tokens" section.
func TestLexerGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 5 {
		t.Fatalf("expected a golden file per custom lexer, found %d", len(files))
	}
	langs := newLanguages()
	for _, file := range files {
		lang := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(lang, func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			input := section(t, ar, "input")
			lexer, ok := langs.lookup(lang)
			if !ok || lexer == nil {
				t.Fatalf("no lexer for %q", lang)
			}
			it, err := lexer.Tokenise(nil, input)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, tok := range it.Tokens() {
				cls := tokenClass(tok.Type)
				if cls == "" && strings.TrimSpace(tok.Value) == "" {
					continue
				}
				fmt.Fprintf(&b, "%s\t%q\n", or(cls, "-"), tok.Value)
			}
			got := b.String()
			if *update {
				setSection(ar, "tokens", got)
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := section(t, ar, "tokens"); got != want {
				t.Errorf("tokens differ (run with -update to rewrite)\n--- got\n%s--- want\n%s", got, want)
			}
		})
	}
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func section(t *testing.T, ar *txtar.Archive, name string) string {
	t.Helper()
	for _, f := range ar.Files {
		if f.Name == name {
			return string(f.Data)
		}
	}
	if *update {
		return ""
	}
	t.Fatalf("missing section %q", name)
	return ""
}

func setSection(ar *txtar.Archive, name, data string) {
	for i, f := range ar.Files {
		if f.Name == name {
			ar.Files[i].Data = []byte(data)
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: []byte(data)})
}

func TestHTMLAliases(t *testing.T) {
	h := New()
	for _, lang := range []string{"bash", "sh", "shell", "console", "zsh", "ts", "typescript", "tsx", "js", "javascript", "jsx",
		"json", "yaml", "yml", "toml", "python", "py", "rust", "rs", "ocaml", "csharp", "cs", "c#", "html",
		"michelson", "jsligo", "ligolang", "cameligo", "smartpy", "archetype", "Python"} {
		code := "x = \"a\" # 1\n"
		if lang == "html" {
			code = "<b class=\"a\">x</b>\n"
		}
		html, known := h.HTML(lang, code)
		if !known {
			t.Errorf("%s: not known", lang)
		}
		if !strings.Contains(html, "<span class=") {
			t.Errorf("%s: no highlighting in %q", lang, html)
		}
	}
}

func TestHTMLPlainAndUnknown(t *testing.T) {
	h := New()
	tests := []struct {
		lang      string
		code      string
		wantHTML  string
		wantKnown bool
	}{
		{"text", "a < b && c\n", "a &lt; b &amp;&amp; c", true},
		{"", "x\ny\n", "x\ny", true},
		{"txt", "<b>", "&lt;b&gt;", true},
		{"nosuchlang", "if <x>\n", "if &lt;x&gt;", false},
		{"plain", "", "", true},
		{"logs", "Injected <op>\n", "Injected &lt;op&gt;", true},
	}
	for _, tt := range tests {
		html, known := h.HTML(tt.lang, tt.code)
		if html != tt.wantHTML || known != tt.wantKnown {
			t.Errorf("HTML(%q, %q) = %q, %v; want %q, %v", tt.lang, tt.code, html, known, tt.wantHTML, tt.wantKnown)
		}
	}
}

func TestLinesAreBalancedAcrossMultilineTokens(t *testing.T) {
	h := New()
	lines, _ := h.Lines("ts", "/* one\ntwo */\nconst a = `x\ny`;\n")
	if len(lines) != 4 {
		t.Fatalf("got %d lines, want 4: %q", len(lines), lines)
	}
	for i, l := range lines {
		if strings.Count(l, "<span") != strings.Count(l, "</span>") {
			t.Errorf("line %d unbalanced: %q", i+1, l)
		}
		if strings.Contains(l, "\n") {
			t.Errorf("line %d contains a newline: %q", i+1, l)
		}
	}
	if lines[1] != `<span class="cm">two */</span>` {
		t.Errorf("line 2 = %q", lines[1])
	}
}

func TestHTMLEscapesInsideTokens(t *testing.T) {
	html, _ := New().HTML("js", `let s = "<script>&";`)
	if strings.Contains(html, "<script>") || !strings.Contains(html, "&lt;script&gt;&amp;") {
		t.Errorf("not escaped: %q", html)
	}
}

func TestHTMLCachedAndConcurrent(t *testing.T) {
	h := New()
	var wg sync.WaitGroup
	results := make([]string, 8)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], _ = h.HTML("cameligo", "let x : nat = 1n\n")
		}()
	}
	wg.Wait()
	for _, r := range results[1:] {
		if r != results[0] {
			t.Fatalf("concurrent results differ: %q vs %q", r, results[0])
		}
	}
	if len(h.cache) != 1 {
		t.Errorf("cache has %d entries, want 1", len(h.cache))
	}
}

func TestCSSIsClassBasedAndDark(t *testing.T) {
	css := CSS()
	if !strings.Contains(css, ".chroma .k {") && !strings.Contains(css, ".chroma .k{") {
		t.Errorf("no keyword rule scoped to .chroma in CSS:\n%s", css)
	}
	if !strings.Contains(css, ".chroma {") || !strings.Contains(css, "background-color") {
		t.Errorf("no .chroma background rule:\n%s", css)
	}
	for _, unused := range []string{".bg ", ".lnt ", ".line ", "/*"} {
		if strings.Contains(css, unused) {
			t.Errorf("CSS has %q, which the pages never use:\n%s", unused, css)
		}
	}
}

// Names and punctuation have no colour rule in the code theme, so they get no span; keywords and
// prompts do.
func TestSpanClassSkipsUnstyled(t *testing.T) {
	h := New()
	html, _ := h.HTML("ts", "const x = f(1);")
	for _, bad := range []string{`class="nx"`, `class="p"`} {
		if strings.Contains(html, bad) {
			t.Errorf("%s in %s", bad, html)
		}
	}
	for _, want := range []string{`<span class="kd">const</span>`, `<span class="nf">f</span>`, `<span class="mi">1</span>`} {
		if !strings.Contains(html, want) {
			t.Errorf("missing %s in %s", want, html)
		}
	}
	if html, _ := h.HTML("michelson", "PUSH nat 1 %x"); !strings.Contains(html, `<span class="na">%x</span>`) {
		t.Errorf("annotation without its span: %s", html)
	}
	html, _ = h.HTML("console", "$ ls\nfile\n")
	if want := `<span class="gp">$</span> <span class="nf">ls</span>` + "\n" + `<span class="go">file</span>`; html != want {
		t.Errorf("console:\n got %s\nwant %s", html, want)
	}
}
