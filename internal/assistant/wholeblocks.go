package assistant

import (
	"regexp"
	"slices"
	"strings"

	"tzdocs/internal/output"
)

// ownLine is a line the built-in engine writes itself: its label, the low-confidence line, a
// part's or side's heading, the source of a passage, a link under "See also".
var ownLine = regexp.MustCompile(`^(` + regexp.QuoteMeta(strings.TrimSpace(IntroText)) + `|` + regexp.QuoteMeta(lowConfidenceText) + `|` +
	regexp.QuoteMeta(seeAlsoText) + `|Source: \[.*\]\(.*\)|- \[.*\]\(.*\)|\*\*.*\*\*)$`)

// NotQuotedWhole returns what of an answer is neither a whole block of the corpus, as the
// answers quote blocks, nor a line the built-in engine writes itself: a sentence cut out of a
// block, or text stitched from several. Benchmarks and tests use it to check that answers only
// quote whole blocks.
func (c *Corpus) NotQuotedWhole(answer string) []string {
	rest := answer
	for _, b := range c.rendered() {
		rest = replaceLines(rest, b)
	}
	var bad []string
	for _, line := range strings.Split(rest, "\n") {
		if line = strings.TrimSpace(line); line != "" && line != "\x00" && !ownLine.MatchString(line) {
			bad = append(bad, line)
		}
	}
	return bad
}

// rendered are the blocks of the corpus, nested ones included, as answers quote them, longest
// first, so that a list is taken whole before one of its items.
func (c *Corpus) rendered() []string {
	var out []string
	var walk func(bs []output.AnswerBlock)
	walk = func(bs []output.AnswerBlock) {
		for i := range bs {
			out = append(out, RenderBlock(&bs[i]))
			for _, item := range bs[i].Items {
				walk(item)
			}
			walk(bs[i].Blocks)
		}
	}
	secs := c.sections()
	for i := range secs {
		walk(secs[i].Blocks)
	}
	slices.SortFunc(out, func(a, b string) int { return len(b) - len(a) })
	return slices.Compact(out)
}

// replaceLines replaces with a NUL byte every occurrence of b in s that spans whole lines: a
// block is quoted as lines of their own, never inside a line of other text.
func replaceLines(s, b string) string {
	from := 0
	for {
		i := strings.Index(s[from:], b)
		if i < 0 {
			return s
		}
		i += from
		end := i + len(b)
		if (i == 0 || s[i-1] == '\n') && (end == len(s) || s[end] == '\n') {
			s = s[:i] + "\x00" + s[end:]
			from = i + 1
		} else {
			from = i + 1
		}
	}
}
