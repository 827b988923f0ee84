package assistant

import (
	"context"
	"math"
	"sort"
	"strings"
	"sync"

	"tzdocs/internal/search"
)

// Extractive answers from the documentation alone: it searches the index, picks the sentences and
// code blocks of the best sections that share most words with the question and streams them with
// links to their pages. It writes no text of its own beyond a line saying so.
type Extractive struct {
	mu     sync.Mutex
	ix     *search.Index
	corpus *corpus
}

// NewExtractive returns the built-in engine, used when no model server is configured.
func NewExtractive() *Extractive { return &Extractive{} }

// Name is "extractive".
func (e *Extractive) Name() string { return "extractive" }

// Limits of an extractive answer.
const (
	sectionsPerQuery    = 3 // candidate sections taken from each query's hits
	maxSections         = 4 // sections quoted in one answer
	sentencesPerSection = 3
	maxCodeLines        = 20
)

// IntroText opens every extractive answer, so the reader knows it is quoted, not written.
const IntroText = "This answer is assembled from passages of the documentation, quoted as written; follow the links for the full context.\n\n"

// corpus is what the engine derives from one index: the records of each section and how rare
// each word is.
type corpus struct {
	bySection map[string][]int // section URL → indices of its content records, in page order
	df        map[string]int   // stem → number of content records holding it
	n         int
}

func (e *Extractive) corpusFor(ix *search.Index) *corpus {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.ix == ix && e.corpus != nil {
		return e.corpus
	}
	c := &corpus{bySection: map[string][]int{}, df: map[string]int{}}
	for i, r := range ix.Records() {
		if r.Type != "content" {
			continue
		}
		c.bySection[r.Path()] = append(c.bySection[r.Path()], i)
		c.n++
		for _, t := range terms(r.Content) {
			c.df[t]++
		}
	}
	e.ix, e.corpus = ix, c
	return c
}

// Prepare builds the engine's view of an index ahead of the first question.
func (e *Extractive) Prepare(ix *search.Index) {
	if ix != nil {
		e.corpusFor(ix)
	}
}

// idf weighs a stem by its rarity: words on every page say little about a passage.
func (c *corpus) idf(t string) float64 {
	return math.Log(1 + float64(c.n+1)/float64(c.df[t]+1))
}

// Answer searches once per focused query, then streams the picked passages.
func (e *Extractive) Answer(ctx context.Context, req *Request, out *Stream) error {
	queries := splitQuestion(req.Question)
	if followUp(req) {
		prev := focus(req.History[len(req.History)-1].Question)
		for i, q := range queries {
			queries[i] = prev + " " + q
		}
	}
	var results []SearchOutput
	for _, q := range queries {
		if err := ctx.Err(); err != nil {
			return err
		}
		res, err := out.SearchCall(req, q)
		if err != nil {
			return err
		}
		results = append(results, res)
	}
	if err := out.FinishStep(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	passages := e.pick(req, queries, results)
	if len(passages) == 0 {
		return out.TextDelta(noAnswerText)
	}
	if err := out.TextDelta(IntroText); err != nil {
		return err
	}
	for i, p := range passages {
		if err := ctx.Err(); err != nil {
			return err
		}
		block := p.markdown()
		if i < len(passages)-1 {
			block += "\n\n"
		}
		if err := out.TextDelta(block); err != nil {
			return err
		}
	}
	return out.FinishStep()
}

// followUp reports whether the question leans on the previous one ("and on Ghostnet?", "how do
// I undo it?"): short, or pointing back with a pronoun.
func followUp(req *Request) bool {
	if len(req.History) == 0 || req.History[len(req.History)-1].Question == "" {
		return false
	}
	n := len(terms(req.Question))
	if n <= 1 {
		return true
	}
	if n > 3 {
		return false
	}
	for _, w := range words(req.Question) {
		switch w {
		case "it", "this", "that", "they", "them", "those", "these", "one", "ones":
			return true
		}
	}
	return false
}

// passage is what one section contributes to an answer.
type passage struct {
	title, url string
	sentences  []string // in page order
	code       string
}

func (p passage) markdown() string {
	var b strings.Builder
	b.WriteString("**[")
	b.WriteString(escapeLinkText(p.title))
	b.WriteString("](")
	b.WriteString(p.url)
	b.WriteString(")**\n\n")
	b.WriteString(escapeMarkdown(strings.Join(p.sentences, " ")))
	if p.code != "" {
		if len(p.sentences) > 0 {
			b.WriteString("\n\n")
		}
		fence := "```"
		for strings.Contains(p.code, fence) {
			fence += "`"
		}
		b.WriteString(fence + "\n" + p.code + "\n" + fence)
	}
	return b.String()
}

// candidate is a section considered for the answer.
type candidate struct {
	url, title string
	query      int     // first query whose hits held it
	rank       int     // its rank there
	score      float64 // best sentence score, plus the heading's overlap, less a little per rank
	sentences  []scoredSentence
	code       string
	codeScore  float64
}

type scoredSentence struct {
	text  string
	score float64
	order int
}

// pick chooses the passages: the best sections of each query's hits, then their best sentences.
func (e *Extractive) pick(req *Request, queries []string, results []SearchOutput) []passage {
	c := e.corpusFor(req.Index)
	records := req.Index.Records()
	weights := map[string]float64{}
	for _, q := range append([]string{req.Question}, queries...) {
		for _, t := range terms(q) {
			weights[t] = c.idf(t)
		}
	}
	procedural := wantsCode(req.Question)
	byURL := map[string]*candidate{}
	var cands []*candidate
	for qi, res := range results {
		taken := 0
		for rank, h := range res.Hits {
			if taken == sectionsPerQuery {
				break
			}
			if byURL[h.URL] != nil {
				continue
			}
			idx := c.bySection[h.URL]
			if len(idx) == 0 {
				continue
			}
			cand := &candidate{url: h.URL, title: h.Title(), query: qi, rank: rank}
			order := 0
			for _, i := range idx {
				r := &records[i]
				if r.Code {
					if s := overlap(terms(r.Content), weights); cand.code == "" || s > cand.codeScore {
						cand.code, cand.codeScore = clipLines(unflattenShell(r.Content), maxCodeLines), s
					}
					continue
				}
				for _, s := range sentences(r.Content) {
					sc := overlap(terms(s), weights) * sentenceQuality(s)
					cand.sentences = append(cand.sentences, scoredSentence{text: s, score: sc, order: order})
					cand.score = math.Max(cand.score, sc)
					order++
				}
			}
			if !procedural && cand.codeScore <= 0 {
				cand.code = ""
			}
			cand.score = (cand.score + 0.5*overlap(terms(cand.title), weights)) * (1 - 0.08*float64(rank))
			byURL[h.URL] = cand
			cands = append(cands, cand)
			taken++
		}
	}
	// Each query's best section first (so every part of the question is answered), then the
	// others by score, while they score at least half the best.
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	var out []passage
	used := map[*candidate]bool{}
	add := func(cand *candidate) {
		used[cand] = true
		out = append(out, passage{title: cand.title, url: cand.url, sentences: bestSentences(cand.sentences), code: cand.code})
	}
	for qi := range results {
		for _, cand := range cands {
			if cand.query == qi && cand.score > 0 && len(out) < maxSections {
				add(cand)
				break
			}
		}
	}
	var best float64
	if len(cands) > 0 {
		best = cands[0].score
	}
	for _, cand := range cands {
		if len(out) == maxSections || cand.score < best/2 {
			break
		}
		if !used[cand] && cand.score > 0 {
			add(cand)
		}
	}
	return out
}

// bestSentences keeps the sentences scoring at least half the best one, at most
// sentencesPerSection of them, in page order.
func bestSentences(ss []scoredSentence) []string {
	sorted := append([]scoredSentence(nil), ss...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].score > sorted[j].score })
	var keep []scoredSentence
	for _, s := range sorted {
		if len(keep) == sentencesPerSection || s.score <= 0 || s.score < sorted[0].score/2 {
			break
		}
		keep = append(keep, s)
	}
	sort.Slice(keep, func(i, j int) bool { return keep[i].order < keep[j].order })
	out := make([]string, len(keep))
	for i, s := range keep {
		out[i] = s.text
	}
	return out
}

// sentenceQuality discounts sentences that are poor quotes on their own: those cut from the
// middle of a sentence by record boundaries and those that only describe the page.
func sentenceQuality(s string) float64 {
	q := 1.0
	if r := s[0]; r >= 'a' && r <= 'z' {
		q *= 0.5
	}
	for _, p := range []string{"This page ", "This tutorial ", "In this ", "It explains ", "This section ", "At the end "} {
		if strings.HasPrefix(s, p) {
			q *= 0.6
			break
		}
	}
	return q
}

// overlap sums the weights of the query stems present in a passage.
func overlap(ts []string, weights map[string]float64) float64 {
	var s float64
	for _, t := range ts {
		s += weights[t]
	}
	return s
}

// wantsCode reports whether the question asks how to do something, where commands help.
func wantsCode(q string) bool {
	for _, w := range words(q) {
		switch w {
		case "how", "command", "commands", "install", "run", "deploy", "example", "code", "create", "call", "send",
			"write", "set", "setup", "configure", "start", "compile", "test", "originate", "build":
			return true
		}
	}
	return false
}

// sentences splits prose at sentence ends: ". ", "! ", "? " followed by a capital, a digit or an
// opening quote or bracket.
func sentences(text string) []string {
	var out []string
	start := 0
	for i := 0; i < len(text)-2; i++ {
		c := text[i]
		if (c == '.' || c == '!' || c == '?') && text[i+1] == ' ' {
			n := text[i+2]
			if (n >= 'A' && n <= 'Z') || (n >= '0' && n <= '9') || n == '"' || n == '(' || n == '`' {
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

// unflattenShell puts shell line continuations back on their own lines: records keep code with
// its whitespace collapsed.
func unflattenShell(code string) string {
	if strings.Contains(code, "\n") {
		return code
	}
	return strings.ReplaceAll(code, " \\ ", " \\\n  ")
}

func clipLines(code string, n int) string {
	lines := strings.Split(strings.TrimRight(code, "\n"), "\n")
	if len(lines) <= n {
		return strings.Join(lines, "\n")
	}
	return strings.Join(lines[:n], "\n") + "\n…"
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
