package search

import (
	"strings"
	"unicode/utf8"
)

// Query limits.
const (
	// MaxQueryLength is the longest query accepted, in characters.
	MaxQueryLength = 512
	// maxQueryWords bounds the words of a query that take part in matching.
	maxQueryWords = 10
)

// queryWord is one word of a parsed query.
type queryWord struct {
	text   string // folded
	runes  []rune
	prefix bool // the last word of a query typed without a trailing space: matches word starts
}

// parsedQuery is a query split into the words that take part in matching.
type parsedQuery struct {
	words []queryWord
}

// parseQuery splits a query into words. Stop words are dropped when other words remain,
// repeated words are kept once, and at most maxQueryWords words are used. The last word is a
// prefix unless the query ends with a separator, so results follow the user's typing.
func parseQuery(text string) parsedQuery {
	if len(text) > 4*MaxQueryLength {
		text = truncateUTF8(text, 4*MaxQueryLength)
	}
	var toks []token
	tokenize(text, func(t token) { toks = append(toks, t) })
	if len(toks) == 0 {
		return parsedQuery{}
	}
	lastIsPrefix := toks[len(toks)-1].end == len(text)
	hasContent := false
	for _, t := range toks {
		if !stopWords[t.text] {
			hasContent = true
			break
		}
	}
	var pq parsedQuery
	seen := map[string]bool{}
	for i, t := range toks {
		if hasContent && stopWords[t.text] {
			continue
		}
		prefix := lastIsPrefix && i == len(toks)-1
		if seen[t.text] && !prefix {
			continue
		}
		seen[t.text] = true
		pq.words = append(pq.words, queryWord{text: t.text, runes: []rune(t.text), prefix: prefix})
	}
	if len(pq.words) > maxQueryWords {
		// Keep the first words and the word being typed.
		last := pq.words[len(pq.words)-1]
		pq.words = append(pq.words[:maxQueryWords-1], last)
	}
	// A prefix word that repeats an earlier word replaces it: it matches all the earlier one does.
	if n := len(pq.words); n > 1 && pq.words[n-1].prefix {
		for i, w := range pq.words[:n-1] {
			if w.text == pq.words[n-1].text {
				pq.words = append(pq.words[:i], pq.words[i+1:]...)
				break
			}
		}
	}
	return pq
}

// queryLength is the length of a query in characters, as the limit counts it.
func queryLength(q string) int { return utf8.RuneCountInString(q) }

// cleanQuery removes control characters, which never help matching and must not reach logs raw.
func cleanQuery(q string) string {
	if strings.IndexFunc(q, isControl) < 0 {
		return q
	}
	return strings.Map(func(r rune) rune {
		if isControl(r) {
			return ' '
		}
		return r
	}, q)
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) }
