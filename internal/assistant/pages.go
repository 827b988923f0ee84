package assistant

// Pages are ranked for a question before any sentence is: a section's score is how well its
// words, weighed by their rarity in the corpus (BM25), and its headings hold the question's
// subject, and a page scores as its best section plus a little for the subject words it holds
// anywhere. The sentence ranking then chooses among the sections of the pages that score best.

// Weights of the page ranking.
const (
	bm25K1        = 1.2  // how fast repeating a word stops counting
	bm25B         = 0.75 // how much a long section's words count less
	ownHeadWeight = 1.0  // a subject word in the section's own heading, as so many occurrences
	titleWeight   = 0.7  // in the page title (or the page's keywords)
	pathWeight    = 0.5  // in a heading above the section's own
	// identifierFactor weighs a section whose heading names an identifier (an error) when the
	// question names none: such a section explains that error, not the topic around it.
	identifierFactor = 0.6
	pageWide         = 0.2 // share of the subject words held anywhere on the page that adds to its best section
	// pagePriorPower is how steeply a section's rank falls with its page's score against the
	// best page's: its prior is (score / best)^pagePriorPower.
	pagePriorPower = 2
)

// length is the number of stems in a section's prose and code, for BM25.
func (s *section) length() int {
	n := 0
	for i := range s.sentences {
		n += len(s.sentences[i].terms)
	}
	for i := range s.code {
		n += len(s.code[i].terms)
	}
	return n
}

// pageScores scores the pages that hold a word of the subject, by route. Tutorial steps (unless
// the question asks about a tutorial) and section overviews score lower: a series whose title
// holds the subject ("Create FA2 tokens") is not what "What are FA2 tokens?" asks for.
func (c *corpus) pageScores(subject []string, sc *scorer) map[string]float64 {
	want := map[string]float64{}
	for _, t := range subject {
		want[t] = c.idf(t)
	}
	for _, t := range sc.p.context {
		if _, ok := want[t]; !ok {
			want[t] = c.weight(sc.p, t)
		}
	}
	// A word the site never uses counts as the words it is written from.
	for _, t := range subject {
		if c.df[t] > 0 {
			continue
		}
		for _, g := range c.alternatives(t) {
			for _, a := range g {
				if _, ok := want[a]; !ok {
					want[a] = synonymWeight * c.idf(a)
				}
			}
		}
	}
	// The sections that hold a subject word, each once.
	var secs []int
	seen := map[int]bool{}
	for t := range want {
		for _, i := range c.postings[t] {
			if !seen[i] {
				seen[i] = true
				secs = append(secs, i)
			}
		}
	}
	asksIdentifier := false
	for _, w := range words(sc.p.text + " " + sc.p.aside) {
		asksIdentifier = asksIdentifier || isIdentifier(w)
	}
	best := map[string]float64{}
	held := map[string]map[string]bool{}
	tf := map[string]int{}
	for _, i := range secs {
		s := c.order[i]
		clear(tf)
		count := func(ts []string) {
			for _, t := range ts {
				if _, ok := want[t]; ok {
					tf[t]++
				}
			}
		}
		for k := range s.sentences {
			count(s.sentences[k].terms)
		}
		for k := range s.code {
			count(s.code[k].terms)
		}
		norm := bm25K1 * (1 - bm25B + bm25B*float64(c.lengths[i])/c.avgLength)
		var score float64
		for t, w := range want {
			f := float64(tf[t])
			v := f * (bm25K1 + 1) / (f + norm)
			switch {
			case contains(s.page, t):
				v += titleWeight
			case contains(s.heading, t):
				v += pathWeight
			}
			if contains(s.own, t) {
				v += ownHeadWeight
			}
			if v > 0 {
				if held[s.route] == nil {
					held[s.route] = map[string]bool{}
				}
				held[s.route][t] = true
			}
			score += w * v
		}
		switch {
		case s.kind == pageTutorial && !sc.tutorial:
			score *= tutorialFactor
		case s.kind == pageOverview:
			score *= overviewFactor
		}
		if !asksIdentifier && namesIdentifier(s) {
			score *= identifierFactor
		}
		best[s.route] = max(best[s.route], score)
	}
	for r, ts := range held {
		var h float64
		for t := range ts {
			h += want[t]
		}
		best[r] += pageWide * h
	}
	return best
}

// namesIdentifier reports whether a section's own heading names an identifier (an error, a
// constant): a section about it.
func namesIdentifier(s *section) bool {
	for _, w := range s.last {
		if isIdentifier(w) {
			return true
		}
	}
	return false
}
