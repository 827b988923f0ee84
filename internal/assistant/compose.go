package assistant

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// IntroText opens every extractive answer, so the reader knows it is quoted, not written.
const IntroText = "Quoted from the documentation, as written.\n\n"

// Texts of the extractive engine's own, besides IntroText: they say what it could not do.
const (
	nothingFoundText   = "The documentation does not seem to answer this question directly."
	closestPagesText   = "The closest pages are:"
	partUnansweredText = "The documentation does not seem to answer this part directly; see the related sources below."
	relatedText        = "Related sources:"
	maxRelated         = 4   // links under "Related sources"
	relatedShare       = 0.3 // of the part's best score, that a section must reach to be listed
)

// partAnswer is what answers one part of a question.
type partAnswer struct {
	p         part
	main      *ranked  // the section of the direct answer; nil when nothing answers the part
	sentences []string // the direct answer, in page order
	second    *quote   // and a sentence of another page that answers about as well
	code      *codeBlock
	codeSec   *section
	sides     []quote // a difference question: what each compared thing is
	contrast  *quote  // and a sentence naming both, when one does
	ranked    []ranked
}

// quote is one sentence and the section it comes from.
type quote struct {
	label, text string
	sec         *section
}

func (a *partAnswer) answered() bool { return a.main != nil || len(a.sides) > 0 }

// compose writes the answer: for each part its direct answer, then its steps or code block as
// written, then the related sources. The chunks are streamed one by one.
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
			for _, q := range a.sides {
				b.WriteString("**" + escapeMarkdown(capitalize(q.label)) + "**: " + escapeMarkdown(q.text) + " " + sourceLink(q.sec) + "\n\n")
				cited = append(cited, q.sec)
			}
			if a.contrast != nil {
				b.WriteString(escapeMarkdown(a.contrast.text) + " " + sourceLink(a.contrast.sec) + "\n\n")
				cited = append(cited, a.contrast.sec)
			}
		case a.main != nil:
			b.WriteString(escapeMarkdown(strings.Join(a.sentences, " ")) + " " + sourceLink(a.main.sec) + "\n\n")
			cited = append(cited, a.main.sec)
			if a.second != nil {
				b.WriteString(escapeMarkdown(a.second.text) + " " + sourceLink(a.second.sec) + "\n\n")
				cited = append(cited, a.second.sec)
			}
			if a.code != nil {
				b.WriteString(fenced(a.code.lang, a.code.code) + "\n\n")
				cited = append(cited, a.codeSec)
			}
		default:
			b.WriteString(partUnansweredText + "\n\n")
		}
		out = append(out, b.String())
	}
	out = append(out, related(parts, cited))
	return out
}

// related lists the cited sections, then the best sections of other pages that ranked well,
// up to maxRelated links.
func related(parts []partAnswer, cited []*section) string {
	var b strings.Builder
	b.WriteString(relatedText + "\n")
	seen := map[string]bool{}
	pages := map[string]bool{}
	n := 0
	add := func(s *section) {
		if n < maxRelated && !seen[s.url] {
			seen[s.url], pages[s.route] = true, true
			n++
			b.WriteString("- " + link(s) + "\n")
		}
	}
	for _, s := range cited {
		add(s)
	}
	for rank := 0; n < maxRelated; rank++ {
		more := false
		for i := range parts {
			rs := parts[i].ranked
			// The rank-th best section of each part whose page is not linked yet.
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
	return strings.TrimSuffix(b.String(), "\n")
}

// nothingFound says that nothing answers the question and offers the closest pages.
func nothingFound(closest []*section) string {
	if len(closest) == 0 {
		return noAnswerText
	}
	var b strings.Builder
	b.WriteString(nothingFoundText + " " + closestPagesText + "\n")
	for _, s := range closest {
		b.WriteString("- " + link(s) + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// sourceLink cites a section after the sentences quoted from it.
func sourceLink(s *section) string { return "(" + link(s) + ")" }

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
