package search

import (
	"html"
	"slices"
	"strconv"
	"strings"
	"time"
)

// SuggestedQuestionsIndex is the index DocSearch's Ask AI reads the questions it offers a reader
// from, before they type. The search API answers it (and a name the site configures) from the
// site's own list of suggested questions.
const SuggestedQuestionsIndex = "algolia_ask_ai_suggested_questions"

// SuggestedQuestion is one record of the suggested-questions index, in the shape DocSearch's Ask AI
// reads and filters ("state:published AND assistantId:…").
type SuggestedQuestion struct {
	ObjectID    string `json:"objectID"`
	Question    string `json:"question"`
	AssistantID string `json:"assistantId"`
	State       string `json:"state"`
	Source      string `json:"source"`
	Order       int    `json:"order"`
}

// Suggested is the suggested-questions index: the names it answers to and its records in order.
type Suggested struct {
	names     []string
	questions []SuggestedQuestion
}

// NewSuggested makes the suggested-questions index of a site: questions in the order given,
// published for assistantID, answered under SuggestedQuestionsIndex and the extra names (empty
// ones are ignored).
func NewSuggested(questions []string, assistantID string, names ...string) *Suggested {
	s := &Suggested{names: []string{SuggestedQuestionsIndex}}
	for _, n := range names {
		if n != "" && !slices.Contains(s.names, n) {
			s.names = append(s.names, n)
		}
	}
	for i, q := range questions {
		s.questions = append(s.questions, SuggestedQuestion{
			ObjectID: "suggested-" + strconv.Itoa(i+1), Question: q, AssistantID: assistantID,
			State: "published", Source: "tzdocs", Order: i + 1,
		})
	}
	return s
}

// answers reports whether name is one of the index's names.
func (s *Suggested) answers(name string) bool {
	return s != nil && slices.Contains(s.names, name)
}

// value is a record's attribute as filters compare it.
func (q *SuggestedQuestion) value(attr string) (string, bool) {
	switch attr {
	case "objectID":
		return q.ObjectID, true
	case "question":
		return q.Question, true
	case "assistantId":
		return q.AssistantID, true
	case "state":
		return q.State, true
	case "source":
		return q.Source, true
	case "order":
		return strconv.Itoa(q.Order), true
	}
	return "", false
}

// matches evaluates a parsed filters expression on a question: attribute tests on its string
// attributes and numeric tests on its order, combined as the expression says.
func (q *SuggestedQuestion) matches(c Condition) bool {
	switch c := c.(type) {
	case allOf:
		for _, sub := range c {
			if !q.matches(sub) {
				return false
			}
		}
		return true
	case anyOf:
		for _, sub := range c {
			if q.matches(sub) {
				return true
			}
		}
		return false
	case notCond:
		return !q.matches(c.c)
	case facetTest:
		v, ok := q.value(c.attr)
		return ok && strings.EqualFold(v, c.value)
	case numTest:
		if c.attr != "order" {
			return false
		}
		return c.holds(float64(q.Order))
	}
	return false
}

// filtered reports whether a question passes a request's facetFilters and filters.
func (q *SuggestedQuestion) filtered(query Query) bool {
	for _, group := range query.Filters {
		any := false
		for _, f := range group {
			v, ok := q.value(f.Attr)
			if (ok && strings.EqualFold(v, f.Value)) != f.Negate {
				any = true
				break
			}
		}
		if !any {
			return false
		}
	}
	for _, c := range query.Conditions {
		if !q.matches(c) {
			return false
		}
	}
	return true
}

// containsWords reports whether every word of query occurs in text, ignoring case.
func containsWords(text, query string) bool {
	text = strings.ToLower(text)
	for _, w := range strings.Fields(strings.ToLower(query)) {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}

// answer is the result of one query on the suggested-questions index, in the shape of a search
// result: the questions that pass its filters and contain its words, in the site's order, paged.
func (s *Suggested) answer(req request) map[string]any {
	start := time.Now()
	var hits []map[string]any
	for i := range s.questions {
		q := &s.questions[i]
		if !q.filtered(req.Query) || !containsWords(q.Question, req.Query.Text) {
			continue
		}
		hits = append(hits, map[string]any{
			"objectID": q.ObjectID, "question": q.Question, "assistantId": q.AssistantID,
			"state": q.State, "source": q.Source, "order": q.Order,
			"_highlightResult": map[string]any{"question": map[string]any{
				"value": html.EscapeString(q.Question), "matchLevel": "none", "matchedWords": []string{},
			}},
		})
	}
	per := req.Query.HitsPerPage
	if per <= 0 {
		per = DefaultHitsPerPage
	}
	n := len(hits)
	pages := (n + per - 1) / per
	from := min(req.Query.Page*per, n)
	to := min(from+per, n)
	page := hits[from:to]
	if page == nil {
		page = []map[string]any{}
	}
	return map[string]any{
		"hits": page, "nbHits": n, "page": req.Query.Page, "nbPages": pages, "hitsPerPage": per,
		"exhaustiveNbHits": true, "query": req.Query.Text, "params": req.Params, "index": req.IndexName,
		"processingTimeMS": time.Since(start).Milliseconds(),
	}
}
