package assistant

import (
	"context"
	"slices"
	"strings"

	"tzdocs/internal/output"
)

// Extractive answers from the documentation alone. It works out what the question asks (a
// quantity, steps, a definition, a difference, a name) and about what, ranks the pages of the
// answer corpus that hold its words, then the sentences and code blocks of their sections by how
// well they answer that, and quotes whole the block that answers best as a whole (of the best
// section, or of another section of its page), with a link to it. It writes no text of its own
// beyond a label saying so and the line that says when it is not confident.
type Extractive struct{}

// NewExtractive returns the built-in engine, used when no model server is configured.
func NewExtractive() *Extractive { return &Extractive{} }

// Name is "extractive".
func (e *Extractive) Name() string { return "extractive" }

// Answer searches once per part of the question (and once per side of a comparison), then
// streams the answer.
func (e *Extractive) Answer(ctx context.Context, req *Request, out *Stream) error {
	c := req.Corpus.get()
	if c == nil {
		return &PublicError{Text: "The documentation is not loaded yet. Try again in a moment."}
	}
	parts := parseQuestion(req.Question)
	answers, err := c.answerParts(ctx, req, out, parts)
	if err != nil {
		return err
	}
	// A question of several parts is answered part by part only when every part is: otherwise
	// one passage answers the question as a whole.
	if len(parts) > 1 && !allAnswered(answers) {
		whole := typePart(req.Question)
		if whole.query == "" {
			whole.query = focus(req.Question)
		}
		one, err := c.answerParts(ctx, req, out, []part{whole})
		if err != nil {
			return err
		}
		if one[0].answered() || !anyAnswered(answers) {
			answers = one
		}
	}
	var chunks []string
	if anyAnswered(answers) {
		chunks = compose(answers)
	} else {
		closest := closestRanked(answers)
		if len(closest) == 0 {
			closest = c.closestSections(focus(req.Question))
		}
		chunks = lowConfidence(closest)
	}
	for _, chunk := range chunks {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := out.TextDelta(chunk); err != nil {
			return err
		}
	}
	return out.FinishStep()
}

// answerParts searches for each part (and each side of a comparison), streaming the searches as
// one step, and finds what answers it.
func (c *corpus) answerParts(ctx context.Context, req *Request, out *Stream, parts []part) ([]partAnswer, error) {
	if followUp(req) {
		prev := focus(req.History[len(req.History)-1].Question)
		for i := range parts {
			parts[i].query = prev + " " + parts[i].query
			parts[i].subject = append(parts[i].subject, without(terms(prev), parts[i].subject)...)
		}
	}
	// The searches are shown to the reader as the engine's steps; the page ranking reads the
	// corpus itself.
	for _, p := range parts {
		queries := []string{p.query}
		for _, side := range p.compared {
			queries = append(queries, focus(side))
		}
		for _, q := range queries {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if _, err := out.SearchCall(req, q); err != nil {
				return nil, err
			}
		}
	}
	if err := out.FinishStep(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	tutorial := namesTutorial(req.Question)
	answers := make([]partAnswer, len(parts))
	// The direct answers share the room of one, so every part is answered near the top.
	room := answerRoom{sentences: max(1, answerSentences-len(parts)+1), chars: max(answerChars/len(parts), minPartChars)}
	for i, p := range parts {
		answers[i] = c.answer(p, tutorial, room)
	}
	return answers, nil
}

func allAnswered(as []partAnswer) bool {
	for i := range as {
		if !as[i].answered() {
			return false
		}
	}
	return true
}

func anyAnswered(as []partAnswer) bool {
	for i := range as {
		if as[i].answered() {
			return true
		}
	}
	return false
}

// closestRanked are the best sections of the parts' rankings, one a page, at most
// closestSections, for an answer that is not confident.
func closestRanked(as []partAnswer) []ranked {
	var out []ranked
	seen := map[string]bool{}
	for k := 0; len(out) < closestSections; k++ {
		more := false
		for i := range as {
			if k >= len(as[i].ranked) || len(out) == closestSections {
				continue
			}
			more = true
			r := as[i].ranked[k]
			if r.best < 0 || seen[r.sec.route] {
				continue
			}
			seen[r.sec.route] = true
			out = append(out, r)
		}
		if !more {
			break
		}
	}
	return out
}

// answerRoom bounds the direct answer of one part.
type answerRoom struct{ sentences, chars int }

// secondShare is how close to the best section a section of another page must score to add its
// best sentence to the direct answer.
const secondShare = 0.85

// closestScored is how many sections of a ranking that is not confident have their leading block
// chosen: those a low-confidence answer may show (one a page) are among them.
const closestScored = 12

// minPartChars is the least room a part's direct answer gets in a question of many parts.
const minPartChars = 200

// namesTutorial reports whether the question asks about a tutorial, whose steps then rank as
// high as reference pages.
func namesTutorial(q string) bool {
	for _, w := range words(q) {
		if w == "tutorial" || w == "tutorials" || w == "part" {
			return true
		}
	}
	return false
}

// answer finds what answers one part among the sections that hold a word of its subject, the
// pages the page ranking puts first (see pages.go).
func (c *corpus) answer(p part, tutorial bool, room answerRoom) partAnswer {
	subject := p.subject
	for _, side := range p.compared {
		subject = append(subject, terms(side)...)
	}
	cands := c.candidates(subject, c.scorer(p, p.subject, tutorial))
	a := partAnswer{p: p}
	a.ranked = c.scorer(p, p.subject, tutorial).rank(cands)
	c.errorFirst(&a, p.text+" "+p.aside)
	if p.kind == kindDifference {
		// A block that names every compared thing (a table, a list of them, a paragraph naming
		// both) answers best, from one of the sections that rank first.
		if r, b := contrastBlock(a.ranked, p.compared); r != nil {
			a.main = r
			a.lead = withIntro(r.sec, b)
			return a
		}
		// Else both sides from the page that best covers the two together, else from anywhere.
		if len(a.ranked) > 0 {
			var same []candidate
			for _, cand := range cands {
				if cand.sec.route == a.ranked[0].sec.route {
					same = append(same, cand)
				}
			}
			c.sides(&a, same, tutorial)
		}
		if len(a.sides) == 0 {
			c.sides(&a, cands, tutorial)
		}
		if len(a.sides) > 0 {
			return a
		}
	}
	if len(a.ranked) == 0 || a.ranked[0].score < minAnswerScore {
		// Not confident: the closest sections are shown, each led by the block of it that
		// answers best as a whole.
		sc := c.scorer(p, p.subject, tutorial)
		lead := make([]ranked, 0, closestScored)
		for i := range a.ranked[:min(len(a.ranked), closestScored)] {
			r := a.ranked[i]
			if r.best >= 0 {
				at, sent := sc.leadingBlock(a.ranked, i)
				if at != i {
					r.sec, r.scores = a.ranked[at].sec, a.ranked[at].scores
				}
				r.best = sent
			}
			lead = append(lead, r)
		}
		copy(a.ranked, lead)
		return a
	}
	referenceFirst(a.ranked, c.scorer(p, p.subject, tutorial))
	a.main = &a.ranked[0]
	// A close runner-up on another page adds its best sentence: two pages that agree, or that
	// each hold half of the answer.
	if p.kind != kindHowTo {
		for i := 1; i < len(a.ranked); i++ {
			r := &a.ranked[i]
			if r.score < secondShare*a.main.score {
				break
			}
			if r.sec.route != a.main.sec.route && r.best >= 0 {
				a.seeAlso = r.sec
				break
			}
		}
	}
	a.sentences = a.main.chosen(room.sentences, room.chars)
	lead := a.main.best
	if p.kind != kindDifference {
		at, sent := c.scorer(p, p.subject, tutorial).leadingBlock(a.ranked, 0)
		if at != 0 {
			a.main = &a.ranked[at]
			a.sentences = a.main.chosen(room.sentences, room.chars)
		}
		if sent != a.main.best {
			a.sentences = nil
		}
		lead = sent
	}
	a.lead = leadBlocks(a.main.sec, lead, a.sentences, p.kind)
	if wantsCode(p) {
		sc := c.scorer(p, p.subject, tutorial)
		for i := range a.ranked {
			r := &a.ranked[i]
			if r != a.main && (r.sec.route != a.main.sec.route || r.score < codeSectionShare*a.main.score) {
				continue
			}
			if b, _ := sc.fittingCode(r.sec); b != nil {
				a.code, a.codeSec = b, r.sec
				break
			}
		}
		// Steps asked for in words other than the command's: the section's own command.
		if a.code == nil && p.kind == kindHowTo {
			a.code = ownCommand(a.main.sec)
			if a.code != nil {
				a.codeSec = a.main.sec
			}
		}
	}
	return a
}

// ownCommand is the first code block of a section short enough to quote that is code to run
// rather than what a command prints; nil when it has none.
func ownCommand(sec *section) *codeBlock {
	for i := range sec.code {
		if b := &sec.code[i]; b.lines <= maxCodeLines && !outputLangs[b.lang] {
			return b
		}
	}
	return nil
}

// referenceFirst moves the best section of a reference or concept page ahead of tutorial steps
// that rank above it, when it scores at least referenceShare of the best: a tutorial answers
// first only when the question names one.
func referenceFirst(rs []ranked, s *scorer) {
	if rs[0].sec.kind != pageTutorial || s.namesSeries(rs[0].sec) {
		return
	}
	for k := 1; k < len(rs); k++ {
		if rs[k].score < referenceShare*rs[0].score || rs[k].score < minAnswerScore {
			return
		}
		if rs[k].sec.kind == pageReference {
			r := rs[k]
			copy(rs[1:k+1], rs[:k])
			rs[0] = r
			return
		}
	}
}

// referenceShare is how close to a tutorial step a reference section must score to answer first.
const referenceShare = 0.6

// wantsCode reports whether a part asks for steps or a command, where a code block helps.
func wantsCode(p part) bool {
	if p.kind == kindHowTo {
		return true
	}
	for _, w := range words(p.text) {
		switch w {
		case "command", "commands", "example", "code", "script", "snippet", "syntax":
			return true
		}
	}
	return false
}

// sides answers a difference question with what each compared thing is, and a sentence naming
// both when one answers well.
func (c *corpus) sides(a *partAnswer, cands []candidate, tutorial bool) {
	used := map[string]bool{}
	var quotes []quote
	var both []string
	for _, label := range a.p.compared {
		subject := terms(label)
		both = append(both, subject...)
		p := part{text: label, kind: kindDefinition, subject: subject}
		q, ok := bestQuote(c.scorer(p, subject, tutorial).rank(cands), used)
		if !ok {
			return
		}
		q.label = label
		used[q.text] = true
		quotes = append(quotes, q)
	}
	a.sides = quotes
	sc := c.scorer(part{kind: kindGeneral, subject: both}, both, tutorial)
	var best float64
	for _, r := range sc.rank(cands) {
		for i := range r.sec.sentences {
			st := &r.sec.sentences[i]
			if used[st.text] || r.scores[i] <= best || r.scores[i] < minAnswerScore || !namesAll(st, a.p.compared) {
				continue
			}
			best = r.scores[i]
			a.contrast = &quote{text: st.text, sec: r.sec, block: st.block}
		}
	}
}

// bestQuote is the best sentence of ranked sections not used yet.
func bestQuote(rs []ranked, used map[string]bool) (quote, bool) {
	var q quote
	var best float64
	for _, r := range rs {
		for i, sc := range r.scores {
			if sc > best && !used[r.sec.sentences[i].text] {
				best, q = sc, quote{text: r.sec.sentences[i].text, sec: r.sec, block: r.sec.sentences[i].block}
			}
		}
	}
	return q, best >= minAnswerScore
}

// namesAll reports whether a sentence names every compared thing (one of its words each).
func namesAll(st *sentence, labels []string) bool {
	for _, l := range labels {
		found := false
		for _, t := range terms(l) {
			found = found || contains(st.terms, t)
		}
		if !found {
			return false
		}
	}
	return true
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

// closestSections are the sections the corpus search finds first for a query, one a page, at
// most closestSections, each led by its first sentence: for a question no part of which the
// ranking could score.
func (c *corpus) closestSections(query string) []ranked {
	var out []ranked
	seen := map[string]bool{}
	for _, h := range c.search(query).Hits {
		s := c.sections[h.URL]
		if s == nil || seen[s.route] || len(s.sentences) == 0 || len(out) == closestSections {
			continue
		}
		seen[s.route] = true
		out = append(out, ranked{sec: s, best: 0})
	}
	return out
}

// errorFirst puts first the section whose heading names an identifier the question holds (the
// error message a reader pastes): whatever else the question says, that section is about it.
func (c *corpus) errorFirst(a *partAnswer, text string) {
	sec := c.namedBy(text)
	if sec == nil || len(sec.sentences) == 0 {
		return
	}
	top := ranked{sec: sec, best: 0, scores: make([]float64, len(sec.sentences))}
	for i, r := range a.ranked {
		if r.sec == sec {
			top = r
			a.ranked = append(a.ranked[:i:i], a.ranked[i+1:]...)
			break
		}
	}
	// The section opens with what the error means: the answer starts there.
	if top.best > 0 {
		top.scores = slices.Clone(top.scores)
		top.scores[0] = max(top.scores[0], top.scores[top.best])
	}
	top.best, top.pinned = 0, true
	if len(a.ranked) > 0 {
		top.score = max(top.score, a.ranked[0].score)
	}
	top.score = max(top.score, minAnswerScore)
	if top.scores[top.best] == 0 {
		top.scores[top.best] = top.score
	}
	a.ranked = append([]ranked{top}, a.ranked...)
}

// Limits of the block that answers a difference question.
const (
	contrastSections = 5   // sections of the ranking searched for it
	contrastShare    = 0.5 // of the best section's score, that its section must reach
)

// contrastBlock finds, among the best ranked sections, the table or list that names every
// compared thing, a table first, then the better ranked section; nil when none does. A paragraph
// that names both often does so in passing ("staking … with the baker you delegate to"): the
// two sides answer better then.
func contrastBlock(rs []ranked, compared []string) (*ranked, int) {
	if len(rs) == 0 || len(compared) < 2 {
		return nil, -1
	}
	var labels [][]string
	for _, l := range compared {
		labels = append(labels, terms(l))
	}
	var best *ranked
	at, bestRank := -1, 0
	for i := range rs[:min(len(rs), contrastSections)] {
		r := &rs[i]
		if r.score < contrastShare*rs[0].score || r.score < minAnswerScore {
			break
		}
		held := map[int][]string{}
		for _, st := range r.sec.sentences {
			held[st.block] = append(held[st.block], st.terms...)
		}
		for b := range r.sec.blocks {
			blk := &r.sec.blocks[b]
			rank := 0
			switch {
			case blk.Type == output.BlockTable:
				rank = 2
			case blk.Type == output.BlockList && !linkList(blk):
				rank = 1
			}
			if rank > bestRank && namesEach(held[b], labels) {
				best, at, bestRank = r, b, rank
			}
		}
	}
	return best, at
}

// namesEach reports whether ts hold a stem of each of labels.
func namesEach(ts []string, labels [][]string) bool {
	for _, l := range labels {
		found := false
		for _, t := range l {
			found = found || contains(ts, t)
		}
		if !found {
			return false
		}
	}
	return true
}

// withIntro is block b of a section with the paragraph that introduces it (one ending in a
// colon), in page order.
func withIntro(sec *section, b int) []int {
	if b > 0 && sec.blocks[b].Type != output.BlockParagraph {
		if prev := &sec.blocks[b-1]; prev.Type == output.BlockParagraph && strings.HasSuffix(prev.Text, ":") {
			return []int{b - 1, b}
		}
	}
	return []int{b}
}

// linkList reports whether a block is a list of links to other pages, each item led by its
// link: it points to answers rather than giving one.
func linkList(b *output.AnswerBlock) bool {
	if b.Type != output.BlockList {
		return false
	}
	for _, item := range b.Items {
		if len(item) == 0 || item[0].Type != output.BlockParagraph || !strings.HasPrefix(item[0].Text, "[") {
			return false
		}
	}
	return len(b.Items) > 0
}
