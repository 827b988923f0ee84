package assistant

import (
	"math"
	"slices"
	"sort"
	"strings"
)

// Limits and thresholds of an extractive answer.
const (
	minCandidateShare = 0.3 // the share of the subject a section must hold somewhere to be scored
	seriesCoverage    = 0.6 // the share of a question's subject a tutorial series' title must hold to be named
	answerSentences   = 3   // sentences of the direct answer
	answerChars       = 520 // and their length, so the answer comes first
	keepShare         = 0.6 // a further sentence must score this share of the best one
	minCodeCoverage   = 0.2 // a code block must hold (with its headings) this share of the subject
	minAnswerScore    = 0.4 // below this, a part is not answered
	maxCodeLines      = 60  // longer blocks are left to the page: an answer never cuts one
	codeSectionShare  = 0.8 // a code block may come from another section of the same page scoring this share
	tutorialFactor    = 0.6 // tutorial steps rank below reference pages unless the question names a tutorial
	overviewFactor    = 0.7 // section landing pages mostly point elsewhere
)

// scorer scores passages for one part of a question.
type scorer struct {
	p        part
	terms    []weighted         // the subject, in question order
	weights  map[string]float64 // subject stem → weight
	total    float64
	tutorial bool // the question names a tutorial
}

// weighted is a subject stem, its weight and the groups of stems the site uses for the same
// thing (the words an acronym stands for).
type weighted struct {
	t    string
	w    float64
	alts [][]string
}

// synonymWeight is the share of a subject word's weight that the words it stands for earn.
const synonymWeight = 0.8

func (c *corpus) scorer(p part, subject []string, tutorial bool) *scorer {
	s := &scorer{p: p, weights: map[string]float64{}, tutorial: tutorial}
	for _, t := range append(slices.Clip(subject), p.context...) {
		if _, dup := s.weights[t]; dup {
			continue
		}
		w := c.weight(p, t)
		s.terms = append(s.terms, weighted{t: t, w: w, alts: c.alternatives(t)})
		s.weights[t] = w
		s.total += w
	}
	return s
}

// weight is how much a stem weighs in a part: its rarity, less when it is only of the part's
// context.
func (c *corpus) weight(p part, t string) float64 {
	w := c.idf(t)
	if contains(p.context, t) && !contains(p.subject, t) {
		w *= contextWeight
	}
	return w
}

// coverage is the weighted share of the subject found in ts (and in also, when given); a synonym
// counts for synonymWeight of its word.
func (s *scorer) coverage(ts, also []string) float64 {
	if s.total == 0 {
		return 0
	}
	var sum float64
	for _, st := range s.terms {
		switch {
		case contains(ts, st.t) || contains(also, st.t):
			sum += st.w
		case anyGroupIn(st.alts, ts, also):
			sum += synonymWeight * st.w
		}
	}
	return sum / s.total
}

// anyGroupIn reports whether every stem of one of the groups is in ts or also.
func anyGroupIn(groups [][]string, ts, also []string) bool {
	for _, g := range groups {
		all := true
		for _, t := range g {
			all = all && (contains(ts, t) || contains(also, t))
		}
		if all {
			return true
		}
	}
	return false
}

func contains(ts []string, t string) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// sentence scores how well one sentence of a section answers the part: how much of the subject
// it and its headings hold, whether it has the shape the question wants (a number with its unit,
// a definition), how well it reads alone and what kind of page it is on.
func (s *scorer) sentence(sec *section, i int) float64 {
	st := &sec.sentences[i]
	score := 0.3*s.coverage(st.terms, nil) + 0.7*s.coverage(st.terms, sec.heading) + 0.25*s.coverage(sec.heading, nil) +
		0.2*s.coverage(sec.own, nil)
	// The shape the question wants multiplies the coverage, so it never lifts a passage about
	// something else.
	shape := 1.0
	switch s.p.kind {
	case kindQuantity:
		switch {
		case len(s.p.units) > 0 && countsIn(st, s.p.units):
			shape = 1.45
		case st.numbered && len(s.p.units) > 0 && holdsAny(st.terms, s.p.units):
			shape = 1.3
		case st.numbered:
			shape = 1.12
		default:
			shape = 0.5
		}
	case kindDefinition, kindDifference:
		if s.defines(st) {
			shape += 0.18
		}
		if i == 0 && s.named(sec.own) && !procedural(sec.last) {
			shape += 0.18 // the first sentence under a heading that names the subject
		}
	case kindYesNo:
		if settles(st) {
			shape += 0.15 // "You can …", "… cannot …", "Only …": a sentence that answers yes or no
		}
	case kindWhich:
		if names(st) >= 2 {
			shape += 0.2 // a sentence that names things: tools, networks, wallets
		}
		if strings.Contains(st.text, "https://") {
			shape += 0.1
		}
	case kindHowTo:
		if instructs(st) {
			shape += 0.08
		}
		if procedural(sec.last) {
			shape += 0.12
		}
		if strings.HasSuffix(st.text, ":") {
			shape /= 0.75 // a sentence leading into the command, which quality discounts elsewhere
		}
	}
	if s.opposes(st.terms) || s.opposes(sec.own) {
		shape *= 0.7 // "unstake" answers "how do I stake" poorly
	}
	if s.elsewhere(sec.audience) {
		shape *= audienceFactor // "For bakers: …" answers a question that names no baker poorly
	}
	return score * shape * quality(st) * s.pageFactor(sec)
}

func holdsAny(ts, want []string) bool {
	for _, t := range want {
		if contains(ts, t) {
			return true
		}
	}
	return false
}

func countsIn(st *sentence, units []string) bool {
	for _, u := range units {
		if st.counted[u] {
			return true
		}
	}
	return false
}

// defines reports whether a sentence says what the subject is: a subject word among its first
// words, then "is", "are" or "means" right after it, or an apposition ("Tenderbake, a Byzantine
// fault-tolerant algorithm", "The data availability layer (DAL)").
func (s *scorer) defines(st *sentence) bool {
	ws := st.lower
	if len(ws) > 2 && s.weights[stemWord(ws[0])] > 0 && len(ws) < 30 {
		return true // the subject opens the sentence: "Delegating points your account at a baker."
	}
	for j, w := range ws[:min(len(ws), 10)] {
		if s.weights[stemWord(w)] == 0 {
			continue
		}
		for _, n := range ws[j+1 : min(len(ws), j+4)] {
			if n == "is" || n == "are" || n == "means" || n == "refers" {
				return true
			}
		}
		text := strings.ToLower(st.text)
		for _, a := range []string{", a ", ", an ", ", the ", " ("} {
			if strings.Contains(text, w+a) {
				return true
			}
		}
	}
	return false
}

// quality discounts sentences that are poor answers on their own: cut from the middle of a
// sentence, describing the page, leading into a list or code, too short, or a flattened table.
func quality(st *sentence) float64 {
	q := 1.0
	if r := st.text[0]; r >= 'a' && r <= 'z' {
		q *= 0.6
	}
	for _, p := range []string{"This page ", "This tutorial ", "This section ", "This guide ", "This reference ", "In this ", "It explains ", "It describes ", "It shows ", "It covers ", "It lists ", "You will ", "At the end ", "By the end ", "These tutorials "} {
		if strings.HasPrefix(st.text, p) {
			q *= 0.5
			break
		}
	}
	if strings.HasPrefix(st.text, "See ") || strings.Contains(st.text, ", see ") && len(st.lower) < 15 {
		q *= 0.5 // it points to another page rather than saying anything: "For X, see Y."
	}
	switch {
	case strings.HasSuffix(st.text, ":"):
		q *= 0.75
	case len(st.lower) < 5:
		q *= 0.6
	case len(st.lower) > 75:
		q *= 0.6
	}
	if !strings.ContainsAny(st.text[len(st.text)-1:], ".!?:)\"") {
		q *= 0.6 // cut short by a record's end, or a table's cells run together
	}
	return q
}

func (s *scorer) pageFactor(sec *section) float64 {
	// A page whose title shares nothing with the subject is about something else: its passages
	// are context for another task ("stake" inside a multisig tutorial).
	title := s.coverage(sec.page, nil)
	switch {
	case sec.kind == pageTutorial && !s.namesSeries(sec):
		return tutorialFactor
	case sec.kind == pageOverview:
		return overviewFactor
	}
	return 0.85 + 0.15*title
}

// ranked is a section scored for one part, with its sentences' scores.
type ranked struct {
	sec    *section
	score  float64
	scores []float64
	best   int // index of its best sentence
	// pinned says the answer opens at best whatever block answers better: the section named
	// after the error the question holds opens with what the error means.
	pinned bool
}

// rank scores every candidate section for the part, best first, each sentence's score times
// its section's prior (its page's place in the page ranking).
func (s *scorer) rank(cands []candidate) []ranked {
	out := make([]ranked, 0, len(cands))
	for _, cand := range cands {
		r := ranked{sec: cand.sec, scores: make([]float64, len(cand.sec.sentences)), best: -1}
		for i := range cand.sec.sentences {
			r.scores[i] = s.sentence(cand.sec, i)
			if r.best < 0 || r.scores[i] > r.scores[r.best] {
				r.best = i
			}
		}
		if r.best >= 0 {
			r.score = r.scores[r.best] * cand.prior
		}
		if s.p.kind == kindHowTo {
			if b, cov := s.fittingCode(cand.sec); b != nil {
				r.score *= 1 + 0.5*cov
			} else if r.best < 0 || !instructs(&cand.sec.sentences[r.best]) {
				r.score *= 0.7 // neither a command nor a step
			}
		}
		out = append(out, r)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	return out
}

// fittingCode is the section's code block that best matches the subject (the section's headings
// count) and how well, nil when none is short enough or about it.
func (s *scorer) fittingCode(sec *section) (*codeBlock, float64) {
	var best *codeBlock
	var bestCov, bestPick float64
	for i := range sec.code {
		b := &sec.code[i]
		if b.lines > maxCodeLines {
			continue
		}
		own := s.coverage(b.terms, nil)
		if own == 0 {
			continue
		}
		cov := 0.7*own + 0.3*s.coverage(b.terms, sec.heading)
		if outputLangs[b.lang] {
			cov *= 0.5 // what a command prints, rather than the command
		}
		// Among the section's blocks, a command answers a how-to better than a long script.
		pick := cov / (1 + float64(b.lines)/40)
		if cov >= minCodeCoverage && pick > bestPick {
			best, bestCov, bestPick = b, cov, pick
		}
	}
	return best, bestCov
}

// namesSeries reports whether the question names a tutorial, or the series a tutorial step
// belongs to ("How do I bake with a Ledger?" names "Bake with a Ledger device").
func (s *scorer) namesSeries(sec *section) bool {
	return s.tutorial || s.coverage(sec.series, nil) >= seriesCoverage
}

// named reports whether a heading names nothing but the subject ("What a view is", "Tenderbake").
func (s *scorer) named(heading []string) bool {
	for _, t := range heading {
		if s.weights[t] == 0 {
			return false
		}
	}
	return len(heading) > 0
}

// opposes reports whether a sentence or heading speaks of the undoing of a subject word ("unstake" when the
// question says "stake") that the question does not name.
func (s *scorer) opposes(ts []string) bool {
	for _, t := range ts {
		if strings.HasPrefix(t, "un") && s.weights[t[2:]] > 0 && s.weights[t] == 0 && !contains(ts, t[2:]) {
			return true
		}
	}
	return false
}

// audienceFactor weighs a section addressed to readers the question does not name.
const audienceFactor = 0.6

// elsewhere reports whether a section's audience is named and none of it is in the question.
func (s *scorer) elsewhere(audience []string) bool {
	for _, t := range audience {
		if s.weights[t] > 0 {
			return false
		}
	}
	return len(audience) > 0
}

// settles reports whether a sentence says what can, must or cannot be: the kind of sentence that
// answers a yes-or-no question rather than one that shares its words.
func settles(st *sentence) bool {
	for _, w := range st.lower {
		switch w {
		case "can", "cannot", "can't", "not", "no", "only", "must", "never", "always", "possible", "impossible", "yes":
			return true
		}
	}
	return false
}

// names counts the capitalised words of a sentence after its first: the names it holds.
func names(st *sentence) int {
	n := 0
	for i, f := range strings.Fields(st.text) {
		if i > 0 && f[0] >= 'A' && f[0] <= 'Z' {
			n++
		}
	}
	return n
}

// procedural reports whether a heading names a task: "How to …", "Stake", "Installing the client".
func procedural(heading []string) bool {
	if len(heading) == 0 {
		return false
	}
	w := heading[0]
	return w == "how" || imperatives[w] || strings.HasSuffix(w, "ing") && !stopWords[w]
}

// outputLangs are the languages of blocks that show output rather than code to run.
var outputLangs = map[string]bool{"": true, "text": true, "txt": true, "output": true, "console": true, "log": true}

// instructs reports whether a sentence tells the reader what to do: it starts with a verb of the
// kind requests start with, or says what to run or use.
func instructs(st *sentence) bool {
	ws := st.lower
	if len(ws) > 1 && (imperatives[ws[0]] || ws[0] == "use" || ws[0] == "open" || ws[0] == "click") {
		return true
	}
	return contains(ws, "run") || contains(ws, "use") || contains(ws, "octez") && contains(ws, "client")
}

// chosen keeps the direct answer of a ranked section: its best sentences (indices, in page
// order), at most maxSentences of them within maxChars, each scoring keepShare of the best.
func (r ranked) chosen(maxSentences, maxChars int) []int {
	if r.best < 0 {
		return nil
	}
	order := make([]int, len(r.scores))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return r.scores[order[a]] > r.scores[order[b]] })
	var keep []int
	length := 0
	for _, i := range order {
		text := r.sec.sentences[i].text
		if len(keep) == maxSentences || r.scores[i] < keepShare*r.scores[r.best] || r.scores[i] <= 0 {
			break
		}
		if len(keep) > 0 && length+len(text) > maxChars {
			continue
		}
		keep = append(keep, i)
		length += len(text)
	}
	sort.Ints(keep)
	return keep
}

// candidate is a section that holds a word of the subject, with how much the page ranking
// favours its page.
type candidate struct {
	sec   *section
	prior float64
}

// candidates gathers every section whose text, code or headings hold a stem of the subject, in
// site order, each with the prior of its page in the page ranking (see pages.go).
func (c *corpus) candidates(subject []string, sc *scorer) []candidate {
	// The share of the subject each section holds anywhere (text, headings, code; a synonym for
	// synonymWeight of its word): a section holding too little of it cannot answer and is not
	// scored sentence by sentence.
	held := make([]float64, len(c.order))
	var total float64
	seen := map[string]bool{}
	for _, t := range append(slices.Clip(subject), sc.p.context...) {
		if seen[t] {
			continue
		}
		seen[t] = true
		if c.df[t] == 0 && len(c.alternatives(t)) == 0 {
			// A word the site never uses (a typo, a name of the reader's own) holds no
			// section: it would only lower every section's share. It still lowers the
			// answer's confidence, in the scorer.
			continue
		}
		w := c.weight(sc.p, t)
		total += w
		got := map[int]bool{}
		for _, i := range c.postings[t] {
			held[i] += w
			got[i] = true
		}
		for _, group := range c.alternatives(t) {
			for _, i := range c.holdAll(group) {
				if !got[i] {
					got[i] = true
					held[i] += synonymWeight * w
				}
			}
		}

	}
	pages := c.pageScores(subject, sc)
	var top float64
	for _, v := range pages {
		top = max(top, v)
	}
	// The sections of the pages that rank best are scored whatever share of the subject they
	// hold: a rare word of the question that the right page does not use (a typo, a name of
	// the reader's own) must not hide it.
	lead := topPages(pages, leadPages)
	var out []candidate
	for i, h := range held {
		if h == 0 || h < minCandidateShare*total && !lead[c.order[i].route] {
			continue
		}
		s := c.order[i]
		// The page ranking decides, steeply: a sentence of a page that scores half the best
		// must answer four times better to lead.
		prior := 1.0
		if top > 0 {
			prior = math.Pow(pages[s.route]/top, pagePriorPower)
		}
		out = append(out, candidate{sec: s, prior: prior})
	}
	return out
}

// leadPages is how many of the best pages of the page ranking have every section that holds a
// subject word scored.
const leadPages = 5

// topPages returns the n routes that score best.
func topPages(scores map[string]float64, n int) map[string]bool {
	routes := make([]string, 0, len(scores))
	for r := range scores {
		routes = append(routes, r)
	}
	sort.Slice(routes, func(i, j int) bool {
		if scores[routes[i]] != scores[routes[j]] {
			return scores[routes[i]] > scores[routes[j]]
		}
		return routes[i] < routes[j]
	})
	out := map[string]bool{}
	for _, r := range routes[:min(n, len(routes))] {
		out[r] = true
	}
	return out
}

// holdAll returns the indices of the sections that hold every stem of group.
func (c *corpus) holdAll(group []string) []int {
	if len(group) == 0 {
		return nil
	}
	out := c.postings[group[0]]
	for _, t := range group[1:] {
		next := c.postings[t]
		var both []int
		i, j := 0, 0
		for i < len(out) && j < len(next) {
			switch {
			case out[i] == next[j]:
				both = append(both, out[i])
				i++
				j++
			case out[i] < next[j]:
				i++
			default:
				j++
			}
		}
		out = both
	}
	return out
}
