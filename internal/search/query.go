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
	// maxTypos is how many typos the word may carry.
	maxTypos int
	// optional words do not count toward the words a hit must match (optionalWords).
	optional bool
	// noStem: the word matches no other form of itself (ignorePlurals false).
	noStem bool
}

// parsedQuery is a query split into the words that take part in matching.
type parsedQuery struct {
	words []queryWord
	// With advanced syntax: phrases whose words must stand side by side in one attribute, and
	// words or phrases no hit may hold; each as its folded words.
	phrases, excluded [][]string
}

// parseQuery splits a query into words. Stop words are dropped when other words remain,
// repeated words are kept once, and at most maxQueryWords words are used. The last word is a
// prefix unless the query ends with a separator, so results follow the user's typing.
func parseQuery(text string) parsedQuery { return parseWords(text, false) }

// parseWords is parseQuery that keeps stop words as query words when keepStop is set
// (removeStopWords false).
func parseWords(text string, keepStop bool) parsedQuery {
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
		if keepStop {
			break
		}
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
		rs := []rune(t.text)
		pq.words = append(pq.words, queryWord{text: t.text, runes: rs, prefix: prefix, maxTypos: allowedTypos(t.text, len(rs))})
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

// parseQueryFor parses a query's text with its parameters: advanced syntax, query type, typo
// tolerance and the language and optional word settings.
func parseQueryFor(q Query) parsedQuery {
	text := cleanQuery(q.Text)
	queryType := q.QueryType
	if q.SimilarQuery != "" {
		// Algolia reads a similar query as whole words, stop words removed, all optional.
		text, queryType = cleanQuery(q.SimilarQuery), "prefixNone"
		q.KeepStopWords = false
	}
	var phrases, excluded []string
	if q.AdvancedSyntax {
		text, phrases, excluded = splitAdvanced(text, !q.NoPhrases, !q.NoExclusions)
	}
	pq := parseWords(text, q.KeepStopWords)
	for _, p := range phrases {
		if words := foldedWords(p); len(words) > 0 {
			pq.phrases = append(pq.phrases, words)
		}
	}
	for _, e := range excluded {
		if words := foldedWords(e); len(words) > 0 {
			pq.excluded = append(pq.excluded, words)
		}
	}
	optional := map[string]bool{}
	for _, o := range q.OptionalWords {
		for _, w := range foldedWords(o) {
			optional[w] = true
		}
	}
	one, two := q.MinWordSizeFor1Typo, q.MinWordSizeFor2Typos
	if one <= 0 {
		one = minLenOneTypo
	}
	if two <= 0 {
		two = minLenTwoTypos
	}
	for i := range pq.words {
		w := &pq.words[i]
		switch queryType {
		case "prefixAll":
			w.prefix = true
		case "prefixNone":
			w.prefix = false
		}
		w.optional = q.SimilarQuery != "" || optional[w.text]
		w.noStem = q.NoPlurals
		n := len(w.runes)
		switch {
		case q.Typos == "false" || hasDigit(w.text) && !q.NumericTypos:
			w.maxTypos = 0
		case n >= two:
			w.maxTypos = 2
		case n >= one:
			w.maxTypos = 1
		default:
			w.maxTypos = 0
		}
	}
	return pq
}

// foldedWords returns the index words of a text, stop words included.
func foldedWords(text string) []string {
	var out []string
	tokenize(text, func(t token) { out = append(out, t.text) })
	return out
}

// splitAdvanced takes Algolia's advanced syntax out of a query: "quoted phrases" and -word
// exclusions (a dash at the start of a word). It returns the text left to match, with each
// phrase's words in it (as whole words, never prefixes), the phrases and the excluded words.
// Either feature can be turned off (advancedSyntaxFeatures): its marks are then plain text.
func splitAdvanced(text string, exactPhrase, excludeWords bool) (rest string, phrases, excluded []string) {
	var b strings.Builder
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '"' && exactPhrase:
			end := strings.IndexByte(text[i+1:], '"')
			if end < 0 {
				end = len(text) - i - 1
			}
			p := text[i+1 : i+1+end]
			phrases = append(phrases, p)
			b.WriteString(" " + p + " ")
			i += end + 2
		case c == '-' && excludeWords && (i == 0 || text[i-1] == ' ' || text[i-1] == '\t') && i+1 < len(text) && text[i+1] != ' ' && text[i+1] != '-':
			end := strings.IndexAny(text[i+1:], " \t")
			if end < 0 {
				end = len(text) - i - 1
			}
			excluded = append(excluded, text[i+1:i+1+end])
			b.WriteByte(' ')
			i += end + 1
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), phrases, excluded
}
