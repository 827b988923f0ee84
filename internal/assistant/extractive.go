package assistant

import (
	"context"
	"math"
	"sort"
	"strings"
	"sync"

	"tzdocs/internal/dist"
	"tzdocs/internal/search"
)

// Extractive answers from the documentation alone: it searches the index, picks the sentences and
// code blocks of the best sections that share most words with the question and streams them with
// links to their pages. It writes no text of its own beyond a line saying so.
type Extractive struct {
	mu     sync.Mutex
	ix     *search.Index
	code   []dist.CodeBlock
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
	maxCodeLines        = 60 // longer blocks are left to the page: an answer never cuts one
)

// IntroText opens every extractive answer, so the reader knows it is quoted, not written.
const IntroText = "This answer is assembled from passages of the documentation, quoted as written; follow the links for the full context.\n\n"

// corpus is what the engine derives from one index: the records of each section and how rare
// each word is.
type corpus struct {
	bySection map[string][]int // section URL → indices of its prose records, in page order
	code      map[string][]codeBlock
	df        map[string]int // stem → number of content records holding it
	n         int
}

// codeBlock is a code block as written, with its stems for scoring.
type codeBlock struct {
	lang, code string
	terms      []string
	lines      int
}

func (e *Extractive) corpusFor(ix *search.Index, code []dist.CodeBlock) *corpus {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.ix == ix && sameBlocks(e.code, code) && e.corpus != nil {
		return e.corpus
	}
	c := &corpus{bySection: map[string][]int{}, code: map[string][]codeBlock{}, df: map[string]int{}}
	for i, r := range ix.Records() {
		if r.Type != "content" {
			continue
		}
		c.n++
		for _, t := range terms(r.Content) {
			c.df[t]++
		}
		if !r.Code {
			c.bySection[r.Path()] = append(c.bySection[r.Path()], i)
		}
	}
	for _, b := range code {
		k := dist.URLPath(b.URL)
		c.code[k] = append(c.code[k], codeBlock{lang: b.Lang, code: b.Code, terms: terms(b.Code), lines: strings.Count(b.Code, "\n") + 1})
	}
	e.ix, e.code, e.corpus = ix, code, c
	return c
}

// sameBlocks reports whether a and b are the same slice (the site's code blocks change only when
// a rebuild swaps the site in).
func sameBlocks(a, b []dist.CodeBlock) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// Prepare builds the engine's view of a site ahead of the first question.
func (e *Extractive) Prepare(ix *search.Index, code []dist.CodeBlock) {
	if ix != nil {
		e.corpusFor(ix, code)
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
	code       *codeBlock
}

func (p passage) markdown() string {
	var b strings.Builder
	b.WriteString("**[")
	b.WriteString(escapeLinkText(p.title))
	b.WriteString("](")
	b.WriteString(p.url)
	b.WriteString(")**\n\n")
	b.WriteString(escapeMarkdown(strings.Join(p.sentences, " ")))
	if p.code != nil {
		if len(p.sentences) > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(fenced(p.code.lang, p.code.code))
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
	code       *codeBlock
	codeScore  float64
}

type scoredSentence struct {
	text  string
	score float64
	order int
}

// pick chooses the passages: the best sections of each query's hits, then their best sentences.
func (e *Extractive) pick(req *Request, queries []string, results []SearchOutput) []passage {
	c := e.corpusFor(req.Index, req.Code)
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
			key := dist.URLPath(h.URL)
			idx, blocks := c.bySection[key], c.code[key]
			if len(idx) == 0 && len(blocks) == 0 {
				continue
			}
			cand := &candidate{url: h.URL, title: h.Title(), query: qi, rank: rank}
			for i := range blocks {
				b := &blocks[i]
				if b.lines > maxCodeLines {
					continue
				}
				if s := overlap(b.terms, weights); cand.code == nil || s > cand.codeScore {
					cand.code, cand.codeScore = b, s
				}
			}
			order := 0
			for _, i := range idx {
				r := &records[i]
				for _, s := range sentences(r.Content) {
					sc := overlap(terms(s), weights) * sentenceQuality(s)
					cand.sentences = append(cand.sentences, scoredSentence{text: s, score: sc, order: order})
					cand.score = math.Max(cand.score, sc)
					order++
				}
			}
			if !procedural && cand.codeScore <= 0 {
				cand.code = nil
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
