package assistant

import (
	"regexp"
	"strings"
	"sync"
	"time"
)

// exchange is one answered question, kept in memory so that feedback posted a little later can be
// stored with what was asked and answered.
type exchange struct {
	question string
	answer   string
	sources  []string
	at       time.Time
	rated    bool
	// question is the id the client gave the question's message: stock DocSearch rates an answer
	// by it, where our web app uses the answer's id.
	questionID string
}

// recentExchanges is a bounded map from answer message id to exchange; the oldest go first.
type recentExchanges struct {
	mu    sync.Mutex
	max   int
	byID  map[string]*exchange
	order []string // insertion order, oldest first
	// answerOf maps a kept exchange's question message id to its answer message id.
	answerOf map[string]string
}

func newRecentExchanges(max int) *recentExchanges {
	return &recentExchanges{max: max, byID: map[string]*exchange{}, answerOf: map[string]string{}}
}

// answerFor is the answer message id of the kept exchange whose question had the message id qid.
func (r *recentExchanges) answerFor(qid string) (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	id, ok := r.answerOf[qid]
	return id, ok
}

func (r *recentExchanges) add(id string, e *exchange) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.byID[id]; !ok {
		r.order = append(r.order, id)
	}
	r.byID[id] = e
	if e.questionID != "" {
		r.answerOf[e.questionID] = id
	}
	for len(r.order) > r.max {
		if old := r.byID[r.order[0]]; old != nil && r.answerOf[old.questionID] == r.order[0] {
			delete(r.answerOf, old.questionID)
		}
		delete(r.byID, r.order[0])
		r.order = r.order[1:]
	}
	if cap(r.order) > 4*r.max { // let the backing array go now and then
		r.order = append([]string(nil), r.order...)
	}
}

// rate marks the exchange as rated and returns a copy; known is false when it was not kept (too
// old, another replica, a restart) and already when it was rated before.
func (r *recentExchanges) rate(id string) (e exchange, known, already bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	p, ok := r.byID[id]
	if !ok {
		return exchange{}, false, false
	}
	if p.rated {
		return *p, true, true
	}
	p.rated = true
	return *p, true, false
}

// unrate undoes rate when storing the feedback failed, so the reader may try again.
func (r *recentExchanges) unrate(id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if p, ok := r.byID[id]; ok {
		p.rated = false
	}
}

var (
	markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	bareURL      = regexp.MustCompile(`https?://[^\s<>()\[\]]+`)
	codeFence    = regexp.MustCompile("(?s)```.*?```")
)

// answerSources lists the links of an answer (Markdown links and bare http(s) URLs, code blocks
// left out, deduplicated), or the search hits when the answer links nothing.
func answerSources(answer string, hits []string) []string {
	text := codeFence.ReplaceAllString(answer, "")
	seen := map[string]bool{}
	var out []string
	add := func(u string) {
		u = strings.TrimRight(u, ".,;:!?'\"")
		if u != "" && !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	for _, m := range markdownLink.FindAllStringSubmatch(text, -1) {
		add(m[1])
	}
	for _, m := range bareURL.FindAllString(markdownLink.ReplaceAllString(text, "]"), -1) {
		add(m)
	}
	if len(out) == 0 {
		for _, u := range hits {
			add(u)
		}
	}
	return out
}
