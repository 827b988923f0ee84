package assistant

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"tzdocs/internal/output"
)

// IntroText opens every extractive answer that quotes the documentation: what follows are
// whole blocks of it, as written.
const IntroText = "From the documentation:\n\n"

// Texts of the extractive engine's own, besides IntroText: they say what it could not do.
const (
	lowConfidenceText = "The documentation does not seem to answer this directly; these sections come closest:"
	seeAlsoText       = "See also:"
	maxSeeAlso        = 4   // links under "See also"
	relatedShare      = 0.3 // of the part's best score, that a section must reach to be listed
	maxLeadChars      = 900 // a lead passage adds blocks after its best one while under this
	closestSections   = 3   // sections a low-confidence answer shows
)

// partAnswer is what answers one part of a question.
type partAnswer struct {
	p         part
	main      *ranked // the section of the direct answer; nil when nothing answers the part
	lead      []int   // the blocks of main's section the answer quotes, in page order
	sentences []int   // main's sentences that answer best
	seeAlso   *section
	code      *codeBlock
	codeSec   *section
	sides     []quote // a difference question: what each compared thing is
	contrast  *quote  // and a passage naming both, when one does
	ranked    []ranked
}

// quote is one sentence, the section it comes from and the block holding it.
type quote struct {
	label, text string
	sec         *section
	block       int
}

func (a *partAnswer) answered() bool { return a.main != nil || len(a.sides) > 0 }

// leadBlocks are the blocks an answer quotes from a section: the block holding its best
// sentence, whole, with the paragraph that introduces it (one ending in a colon) or the list,
// table or code it introduces; then the blocks of its other good sentences next to them while
// the passage stays short.
func leadBlocks(sec *section, best int, others []int, k kind) []int {
	if best < 0 || best >= len(sec.sentences) {
		return nil
	}
	keep := map[int]bool{}
	size := 0
	add := func(b int) {
		if b < 0 || b >= len(sec.blocks) || keep[b] {
			return
		}
		keep[b] = true
		size += blockSize(&sec.blocks[b])
	}
	withContext := func(b int) {
		add(b)
		blk := &sec.blocks[b]
		if blk.Type == output.BlockParagraph && strings.HasSuffix(blk.Text, ":") && b+1 < len(sec.blocks) {
			add(b + 1)
		}
		if blk.Type != output.BlockParagraph && b > 0 {
			if prev := &sec.blocks[b-1]; prev.Type == output.BlockParagraph && strings.HasSuffix(prev.Text, ":") {
				add(b - 1)
			}
		}
	}
	withContext(sec.sentences[best].block)
	// Other good sentences add their blocks when these follow on from the passage, so that it
	// stays one run of the page.
	lo, hi := len(sec.blocks), -1
	for b := range keep {
		lo, hi = min(lo, b), max(hi, b)
	}
	for grew := true; grew; {
		grew = false
		for _, i := range others {
			b := sec.sentences[i].block
			if keep[b] || (b != lo-1 && b != hi+1) || size+blockSize(&sec.blocks[b]) > maxLeadChars || !fits(k, &sec.blocks[b]) {
				continue
			}
			add(b)
			lo, hi, grew = min(lo, b), max(hi, b), true
		}
	}
	out := make([]int, 0, len(keep))
	for b := range keep {
		out = append(out, b)
	}
	slices.Sort(out)
	return out
}

// fits reports whether a block may join a passage answering a question of kind k: steps want
// no table, a quantity no code, a definition neither.
func fits(k kind, b *output.AnswerBlock) bool {
	switch k {
	case kindHowTo:
		return b.Type != output.BlockTable
	case kindQuantity:
		return b.Type != output.BlockCode
	case kindDefinition, kindDifference:
		return b.Type != output.BlockCode && b.Type != output.BlockTable
	}
	return true
}

// blockSize is how long a block reads, for bounding a passage.
func blockSize(b *output.AnswerBlock) int { return len(RenderBlock(b)) }

// passageOf renders blocks of a section whole, in page order.
func passageOf(sec *section, blocks []int) string {
	parts := make([]string, 0, len(blocks))
	for _, b := range blocks {
		parts = append(parts, RenderBlock(&sec.blocks[b]))
	}
	return strings.Join(parts, "\n\n")
}

// compose writes the answer: for each part the passage that answers it, whole blocks of one
// section followed by a link to it (and the section's command when the part asks for steps),
// then the other sections worth reading under "See also". The chunks are streamed one by one.
func compose(parts []partAnswer) []string {
	out := []string{IntroText}
	multi := len(parts) > 1
	var cited []*section
	for i := range parts {
		a := &parts[i]
		var b strings.Builder
		if multi {
			b.WriteString("**" + escapeMarkdown(partHeading(a.p.text)) + "**\n\n")
		}
		switch {
		case len(a.sides) > 0:
			// Each block once: a block that states both sides (a list of the two) is quoted
			// alone, without labels.
			quotes := a.sides
			if a.contrast != nil {
				quotes = append(slices.Clone(quotes), *a.contrast)
			}
			var distinct []quote
			seen := map[string]bool{}
			for _, q := range quotes {
				key := q.sec.url + "#" + strconv.Itoa(q.block)
				if !seen[key] {
					seen[key] = true
					distinct = append(distinct, q)
				}
			}
			for _, q := range distinct {
				if len(distinct) > 1 && q.label != "" {
					b.WriteString("**" + escapeMarkdown(capitalize(q.label)) + "**\n\n")
				}
				b.WriteString(RenderBlock(&q.sec.blocks[q.block]) + "\n\n" + sourceLine(q.sec) + "\n\n")
				cited = append(cited, q.sec)
			}
		case a.main != nil:
			sec := a.main.sec
			b.WriteString(passageOf(sec, a.lead) + "\n\n")
			if a.code != nil && (a.codeSec != sec || !slices.Contains(a.lead, a.code.top)) {
				if a.codeSec == sec {
					b.WriteString(RenderBlock(a.code.block) + "\n\n")
				} else {
					b.WriteString(sourceLine(sec) + "\n\n" + RenderBlock(a.code.block) + "\n\n")
					sec = a.codeSec
				}
			}
			b.WriteString(sourceLine(sec) + "\n\n")
			cited = append(cited, a.main.sec)
			if a.codeSec != nil {
				cited = append(cited, a.codeSec)
			}
		}
		out = append(out, b.String())
	}
	if more := seeAlso(parts, cited); more != "" {
		out = append(out, more)
	}
	last := len(out) - 1
	out[last] = strings.TrimRight(out[last], "\n")
	return out
}

// seeAlso lists the best sections of other pages than the ones quoted, for each part: its close
// runner-up first, then those that ranked well, up to maxSeeAlso links.
func seeAlso(parts []partAnswer, cited []*section) string {
	pages := map[string]bool{}
	for _, s := range cited {
		pages[s.route] = true
	}
	var links []string
	add := func(s *section) {
		if s != nil && len(links) < maxSeeAlso && !pages[s.route] {
			pages[s.route] = true
			links = append(links, "- "+link(s))
		}
	}
	for i := range parts {
		add(parts[i].seeAlso)
	}
	for rank := 0; len(links) < maxSeeAlso; rank++ {
		more := false
		for i := range parts {
			rs := parts[i].ranked
			k := 0
			for _, r := range rs {
				if r.score < relatedShare*rs[0].score {
					break // the rest is about something else
				}
				if pages[r.sec.route] || r.score <= 0 {
					continue
				}
				if k == rank {
					add(r.sec)
					more = true
					break
				}
				k++
			}
		}
		if !more {
			break
		}
	}
	if len(links) == 0 {
		return ""
	}
	return seeAlsoText + "\n" + strings.Join(links, "\n")
}

// lowConfidence says in one line that nothing answers the question well, then shows the lead
// passage of each of the closest sections with a link to it.
func lowConfidence(closest []ranked) []string {
	if len(closest) == 0 {
		return []string{noAnswerText}
	}
	out := []string{lowConfidenceText + "\n\n"}
	for i, r := range closest {
		var b strings.Builder
		b.WriteString("**" + link(r.sec) + "**")
		if lead := leadBlocks(r.sec, r.best, nil, kindGeneral); len(lead) > 0 {
			b.WriteString("\n\n" + passageOf(r.sec, lead))
		}
		if i < len(closest)-1 {
			b.WriteString("\n\n")
		}
		out = append(out, b.String())
	}
	return out
}

// sourceLine cites the section a passage is quoted from.
func sourceLine(s *section) string { return "Source: " + link(s) }

func link(s *section) string { return "[" + escapeLinkText(s.title) + "](" + s.url + ")" }

// partHeading is a part as the reader asked it, without a joining word in front, with its
// question mark.
func partHeading(text string) string {
	text = strings.TrimSpace(text)
	for _, w := range []string{"and also ", "and then ", "and ", "also ", "then "} {
		if len(text) > len(w) && strings.EqualFold(text[:len(w)], w) {
			text = text[len(w):]
			break
		}
	}
	text = capitalize(strings.TrimRight(text, " ?.!,"))
	return text + "?"
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// sentences splits prose at sentence ends: ". ", "! ", "? " followed by a capital, a digit or an
// opening quote or bracket, and ": " followed by a capital, where a list item or a step starts.
func sentences(text string) []string {
	var out []string
	start := 0
	for i := 0; i < len(text)-2; i++ {
		c := text[i]
		if (c == '.' || c == '!' || c == '?' || c == ':') && text[i+1] == ' ' {
			n := text[i+2]
			if (n >= 'A' && n <= 'Z') || c != ':' && ((n >= '0' && n <= '9') || n == '"' || n == '(' || n == '`') {
				if s := strings.TrimSpace(text[start : i+1]); s != "" {
					out = append(out, s)
				}
				start = i + 2
			}
		}
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		out = append(out, s)
	}
	return out
}

// fenced writes code as a fenced block naming its language, with a fence longer than any run
// of backticks inside.
func fenced(lang, code string) string {
	fence := "```"
	for strings.Contains(code, fence) {
		fence += "`"
	}
	return fence + lang + "\n" + code + "\n" + fence
}

// escapeMarkdown keeps quoted prose literal when the answer is rendered as Markdown.
func escapeMarkdown(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch r {
		case '\\', '*', '_', '`', '[', ']', '<', '>', '|':
			b.WriteByte('\\')
		case '#', '-', '+':
			if i == 0 {
				b.WriteByte('\\')
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

func escapeLinkText(s string) string {
	return strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`, "*", `\*`, "_", `\_`, "`", "\\`").Replace(s)
}
