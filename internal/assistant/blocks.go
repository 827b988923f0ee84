package assistant

import (
	"strings"

	"tzdocs/internal/output"
)

// Choosing the block that answers. A section's best sentence shares the most of the question's
// words, but the block that answers often holds them spread over its items or rows, or next to
// the command that answers (a list whose later item states the value asked for). Blocks are
// scored as wholes, the words of all their sentences and code together, and the one that answers
// clearly better than the best sentence's block leads.

// Limits of the choice of a leading block.
const (
	blockGain      = 1.25 // how much better a block must score than the best sentence's to lead
	sectionGain    = 1.2  // and a block of another section of the page than the best of the section
	pageShare      = 0.5  // of the leading section's score, that another section of its page must reach
	longBlockChars = 1400 // a block longer than this reads poorly as a lead
)

// blockTerms are the stems of block b of a section: its sentences' and its code's.
func blockTerms(sec *section, b int) []string {
	var out []string
	for i := range sec.sentences {
		if sec.sentences[i].block == b {
			out = append(out, sec.sentences[i].terms...)
		}
	}
	for i := range sec.code {
		if sec.code[i].top == b {
			out = append(out, sec.code[i].terms...)
		}
	}
	return out
}

// block scores block b of a section as a whole answer to the part: how much of the subject it
// holds, with and without the section's headings, times the shape the question wants.
func (s *scorer) block(sec *section, b int) float64 {
	blk := &sec.blocks[b]
	if linkList(blk) {
		return 0
	}
	ts := blockTerms(sec, b)
	if len(ts) == 0 {
		return 0
	}
	score := 0.4*s.coverage(ts, nil) + 0.6*s.coverage(ts, sec.heading)
	shape := 1.0
	var first *sentence
	numbered, counted, defines, settled := false, false, false, false
	for i := range sec.sentences {
		st := &sec.sentences[i]
		if st.block != b {
			continue
		}
		if first == nil {
			first = st
		}
		numbered = numbered || st.numbered
		counted = counted || len(s.p.units) > 0 && countsIn(st, s.p.units)
		settled = settled || settles(st)
	}
	if first != nil {
		defines = s.defines(first)
	}
	switch s.p.kind {
	case kindQuantity:
		switch {
		case counted:
			shape = 1.3
		case numbered:
			shape = 1.1
		default:
			shape = 0.6
		}
	case kindDefinition, kindDifference:
		if defines {
			shape = 1.15
		}
		if blk.Type == output.BlockCode {
			shape *= 0.6
		}
	case kindYesNo:
		if settled {
			shape = 1.1
		}
	case kindHowTo:
		if steps(sec, b) {
			shape = 1.15
		}
	}
	if blockSize(blk) > longBlockChars {
		shape *= 0.8
	}
	return score * shape * s.pageFactor(sec)
}

// steps reports whether block b of a section tells the reader what to do: code to run, a
// numbered list, or a sentence that instructs.
func steps(sec *section, b int) bool {
	blk := &sec.blocks[b]
	if blk.Type == output.BlockCode && !outputLangs[blk.Lang] || blk.Type == output.BlockList && blk.Ordered {
		return true
	}
	for i := range sec.sentences {
		if sec.sentences[i].block == b && instructs(&sec.sentences[i]) {
			return true
		}
	}
	return false
}

// bestBlock is the block of a section that scores best as a whole, and its score; -1 when none
// scores.
func (s *scorer) bestBlock(sec *section) (int, float64) {
	at, best := -1, 0.0
	for b := range sec.blocks {
		if v := s.block(sec, b); v > best {
			at, best = b, v
		}
	}
	return at, best
}

// firstSentenceOf is the index of the first sentence of block b, or of the paragraph leading into
// it when b is code; -1 when neither holds one.
func firstSentenceOf(sec *section, b int) int {
	for _, want := range []int{b, b - 1} {
		for i := range sec.sentences {
			if sec.sentences[i].block == want {
				if want == b-1 && !strings.HasSuffix(sec.blocks[want].Text, ":") {
					return -1
				}
				return i
			}
		}
	}
	return -1
}

// leadingBlock chooses where the direct answer starts: the best sentence of the leading section,
// unless a block of it, or of another well-ranked section of its page, answers clearly better as
// a whole; a section put first for the error it is named after opens where it does. It returns the section's place in rs and the sentence to lead with.
func (s *scorer) leadingBlock(rs []ranked, main int) (int, int) {
	r := &rs[main]
	cur := s.block(r.sec, r.sec.sentences[r.best].block)
	at, sent := main, r.best
	if r.pinned {
		return main, r.best
	}
	if b, v := s.bestBlock(r.sec); b >= 0 && v > blockGain*cur {
		if i := firstSentenceOf(r.sec, b); i >= 0 {
			sent, cur = i, v
		}
	}
	for k := range rs {
		o := &rs[k]
		if k == main || o.sec.route != r.sec.route || o.score < pageShare*r.score || o.best < 0 {
			continue
		}
		// A how-to's section gives its place only to steps: a command, a numbered list, an
		// instruction.
		if b, v := s.bestBlock(o.sec); b >= 0 && v > sectionGain*cur && (s.p.kind != kindHowTo || steps(o.sec, b)) {
			if i := firstSentenceOf(o.sec, b); i >= 0 {
				at, sent, cur = k, i, v
			}
		}
	}
	return at, sent
}
