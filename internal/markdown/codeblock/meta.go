package codeblock

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// Block is a code block as the page shows it: language, options from the fence's meta string, and
// the code with highlight directives removed.
type Block struct {
	Lang  string // as written after the fence, "" when none
	Title string // from title="…"
	// LineNumbers is the first line number when showLineNumbers is set, else 0.
	LineNumbers int
	// Highlighted holds 1-based numbers of highlighted lines.
	Highlighted map[int]bool
	Code        string // the code shown, ending in "\n" unless empty
}

var (
	titleAttr   = regexp.MustCompile(`\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))`)
	lineNumbers = regexp.MustCompile(`\bshowLineNumbers(?:=(\d+))?\b`)
	lineRanges  = regexp.MustCompile(`\{([\d,\s-]+)\}`)
)

// Parse reads a fenced or indented code block.
func Parse(n ast.Node, source []byte) Block {
	var b Block
	var lines []string
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		lines = append(lines, strings.TrimSuffix(string(seg.Value(source)), "\n"))
	}
	var meta string
	if f, ok := n.(*ast.FencedCodeBlock); ok && f.Info != nil {
		info := string(f.Info.Value(source))
		lang, rest, _ := strings.Cut(info, " ")
		if i := strings.IndexByte(lang, '{'); i >= 0 {
			lang, rest = lang[:i], lang[i:]+" "+rest
		}
		if strings.Contains(lang, "=") || lang == "showLineNumbers" { // meta without a language
			lang, rest = "", info
		}
		b.Lang, meta = lang, rest
	}
	if m := titleAttr.FindStringSubmatch(meta); m != nil {
		b.Title = m[1] + m[2] + m[3]
	}
	if m := lineNumbers.FindStringSubmatch(meta); m != nil {
		b.LineNumbers = 1
		if v, err := strconv.Atoi(m[1]); err == nil && v > 0 {
			b.LineNumbers = v
		}
	}
	if m := lineRanges.FindStringSubmatch(meta); m != nil {
		// As in Docusaurus, a range in the meta string wins and magic comments stay in the code.
		b.Highlighted = parseRanges(m[1])
	} else {
		lines, b.Highlighted = applyDirectives(lines)
	}
	if len(lines) > 0 {
		b.Code = strings.Join(lines, "\n") + "\n"
	}
	return b
}

// parseRanges reads "1,3-5" into a set of line numbers.
func parseRanges(s string) map[int]bool {
	set := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "-")
		a, err := strconv.Atoi(strings.TrimSpace(lo))
		if err != nil {
			continue
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(strings.TrimSpace(hi)); err != nil {
				continue
			}
		}
		for i := a; i <= b && i-a < 10000; i++ {
			set[i] = true
		}
	}
	return set
}

// directive recognises a line that is only a highlight comment, in any of the usual comment syntaxes.
func directive(line string) string {
	s := strings.TrimSpace(line)
	for _, d := range [][2]string{{"//", ""}, {"#", ""}, {"--", ""}, {"/*", "*/"}, {"{/*", "*/}"}, {"<!--", "-->"}, {"(*", "*)"}} {
		if strings.HasPrefix(s, d[0]) && strings.HasSuffix(s, d[1]) && len(s) >= len(d[0])+len(d[1]) {
			switch word := strings.TrimSpace(s[len(d[0]) : len(s)-len(d[1])]); word {
			case "highlight-next-line", "highlight-start", "highlight-end":
				return word
			}
		}
	}
	return ""
}

// applyDirectives removes highlight-next-line / highlight-start / highlight-end comment lines and
// returns the remaining lines with the set of highlighted line numbers (1-based, after removal).
func applyDirectives(in []string) ([]string, map[int]bool) {
	var out []string
	set := map[int]bool{}
	next, inRange := false, false
	for _, line := range in {
		switch directive(line) {
		case "highlight-next-line":
			next = true
			continue
		case "highlight-start":
			inRange = true
			continue
		case "highlight-end":
			inRange = false
			continue
		}
		out = append(out, line)
		if next || inRange {
			set[len(out)] = true
		}
		next = false
	}
	return out, set
}
