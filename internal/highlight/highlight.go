// Package highlight turns source code into HTML spans carrying chroma CSS classes, with Tezos-specific lexers.
package highlight

import (
	"crypto/sha256"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/styles"
)

// StyleName is the chroma style behind CSS: a dark theme, since code blocks are dark in both site themes.
const StyleName = "github-dark"

// maxCacheEntries bounds the cache so a long `tzdocs dev` session cannot grow it without limit.
const maxCacheEntries = 20000

// Highlighter renders code to HTML spans with chroma CSS classes (no inline styles), caching by hash
// of (lang, code). It is safe for concurrent use.
type Highlighter struct {
	languages *languages

	mu    sync.Mutex
	cache map[[sha256.Size]byte][]string
}

// New returns a Highlighter with the standard languages and the Tezos lexers.
func New() *Highlighter {
	return &Highlighter{languages: newLanguages(), cache: make(map[[sha256.Size]byte][]string)}
}

// Supports reports whether lang names a language with a lexer (plain-text names count as supported).
func (h *Highlighter) Supports(lang string) bool {
	_, ok := h.languages.lookup(lang)
	return ok
}

// HTML returns the highlighted inner HTML for a code block (the contents of <code>, no <pre>), one
// line per "\n". known is false when no lexer exists for lang: then the code is returned HTML-escaped,
// unhighlighted.
func (h *Highlighter) HTML(lang, code string) (html string, known bool) {
	lines, known := h.Lines(lang, code)
	return strings.Join(lines, "\n"), known
}

// Lines is HTML split into lines: each element is the highlighted HTML of one source line, without its
// "\n", and every element is balanced (no span crosses a line), so callers can wrap lines individually.
// A final "\n" in code does not start an extra empty line. The slice may be shared with the cache:
// callers must not modify it.
func (h *Highlighter) Lines(lang, code string) (lines []string, known bool) {
	lexer, known := h.languages.lookup(lang)
	if !known || lexer == nil {
		return escapeLines(code), known
	}
	key := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(lang)) + "\x00" + code))
	h.mu.Lock()
	cached, ok := h.cache[key]
	h.mu.Unlock()
	if ok {
		return cached, true
	}
	lines = formatLines(lexer, code)
	h.mu.Lock()
	if len(h.cache) >= maxCacheEntries {
		clear(h.cache)
	}
	h.cache[key] = lines
	h.mu.Unlock()
	return lines, true
}

var textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

func splitCode(code string) []string {
	code = strings.TrimSuffix(strings.ReplaceAll(code, "\r\n", "\n"), "\n")
	if code == "" {
		return nil
	}
	return strings.Split(code, "\n")
}

func escapeLines(code string) []string {
	lines := splitCode(code)
	for i, l := range lines {
		lines[i] = textEscaper.Replace(l)
	}
	return lines
}

// formatLines tokenises code and writes one balanced HTML string per line. Adjacent tokens with the
// same class share one span; plain text, whitespace and classes the stylesheet gives no rule (see
// spanClass) get no span at all, to keep pages small.
func formatLines(lexer chroma.Lexer, code string) []string {
	src := strings.TrimSuffix(strings.ReplaceAll(code, "\r\n", "\n"), "\n")
	if src == "" {
		return nil
	}
	var toks []chroma.Token
	if sl, ok := lexer.(*scanLexer); ok {
		toks = sl.tokens(src + "\n")
	} else {
		it, err := lexer.Tokenise(nil, src+"\n")
		if err != nil {
			return escapeLines(code)
		}
		toks = it.Tokens()
	}
	want := strings.Count(src, "\n") + 1
	out := make([]string, 0, want)
	var b strings.Builder
	open := ""
	endLine := func() {
		if open != "" {
			b.WriteString("</span>")
			open = ""
		}
		out = append(out, b.String())
		b.Reset()
	}
	for _, t := range toks {
		cls := spanClass(t.Type)
		for v := t.Value; v != ""; {
			part, rest, newline := strings.Cut(v, "\n")
			if part != "" {
				if cls != open {
					if open != "" {
						b.WriteString("</span>")
					}
					if cls != "" {
						b.WriteString(`<span class="`)
						b.WriteString(cls)
						b.WriteString(`">`)
					}
					open = cls
				}
				escapeHTML(&b, part)
			}
			if !newline {
				break
			}
			endLine()
			v = rest
		}
	}
	if b.Len() > 0 {
		endLine()
	}
	// The source ends with the "\n" we added, so every line has been ended; a lexer that drops or
	// adds text must not change the line count callers rely on.
	for len(out) > want {
		out = out[:len(out)-1]
	}
	for len(out) < want {
		out = append(out, "")
	}
	return out
}

// escapeHTML writes s to b with &, < and > escaped.
func escapeHTML(b *strings.Builder, s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		var esc string
		switch s[i] {
		case '&':
			esc = "&amp;"
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		default:
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(esc)
		last = i + 1
	}
	b.WriteString(s[last:])
}

// tokenClass is the chroma short class for t (walking up to its category), "" for plain text and whitespace.
func tokenClass(t chroma.TokenType) string {
	if t == chroma.Whitespace {
		return ""
	}
	for t != 0 {
		if cls, ok := chroma.StandardTypes[t]; ok {
			return cls
		}
		t = t.Parent()
	}
	return ""
}

// keptClasses are classes that get a span even without a colour rule: the theme and the copy
// button find prompts and command output by them.
var keptClasses = map[string]bool{"gp": true, "go": true}

// styledClasses are the token classes CSS gives a rule to.
var styledClasses = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{}
	for _, rule := range strings.Split(CSS(), "\n") {
		if sel, ok := strings.CutPrefix(strings.TrimSpace(rule), ".chroma ."); ok {
			if cls, _, ok := strings.Cut(sel, " "); ok {
				set[cls] = true
			}
		}
	}
	return set
})

// spanClass is the class a token of type t is wrapped in, "" when it needs no span: plain text,
// and names and punctuation the code theme draws in the default colour anyway.
func spanClass(t chroma.TokenType) string {
	if t >= 0 && int(t) < len(spanClassTable) {
		if cls := spanClassTable[t].Load(); cls != nil {
			return *cls
		}
		cls := computeSpanClass(t)
		spanClassTable[t].Store(&cls)
		return cls
	}
	return computeSpanClass(t)
}

// spanClassTable memoises spanClass for token types 0…8999 (every chroma type but the style-only
// negative ones): one array load per token instead of map walks.
var spanClassTable [9000]atomic.Pointer[string]

func computeSpanClass(t chroma.TokenType) string {
	cls := tokenClass(t)
	if cls == "" || styledClasses()[cls] || keptClasses[cls] {
		return cls
	}
	return ""
}

// CSS returns the stylesheet for the default dark code theme, scoped to `.chroma` (class-based).
// Rules for chroma's own line and line-number markup are left out: lines are ours (tz-code__line)
// and styled by the theme.
func CSS() string {
	var b strings.Builder
	f := chromahtml.New(chromahtml.WithClasses(true), chromahtml.WithCSSComments(false))
	if err := f.WriteCSS(&b, styles.Get(StyleName)); err != nil {
		// WriteCSS only fails when the writer does; a strings.Builder never does.
		panic(err)
	}
	var out strings.Builder
	for _, rule := range strings.SplitAfter(b.String(), "\n") {
		selector, _, _ := strings.Cut(rule, "{")
		switch strings.TrimSpace(selector) {
		case ".bg", ".chroma .lnlinks", ".chroma .lntd", ".chroma .lntable", ".chroma .hl",
			".chroma .lnt", ".chroma .ln", ".chroma .line", ".chroma .cl", ".chroma .lntd:last-child",
			".chroma .ln:target", ".chroma .lnt:target":
			continue
		}
		out.WriteString(rule)
	}
	// The theme has no colour for attributes; our lexers use them for Michelson annotations
	// (%field @var :type) and chroma's for HTML attribute names.
	out.WriteString(".chroma .na { color: #79c0ff }\n")
	return out.String()
}
