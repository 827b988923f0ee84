package search

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A token is one word of a text: its folded form (lower case, accents removed) and where it
// sits in the original string, so highlights can wrap the original characters.
type token struct {
	text       string
	start, end int // byte offsets in the original
}

// maxTokenBytes bounds the length of an indexed word; longer runs (hashes, base58 keys) are cut.
const maxTokenBytes = 64

// tokenize splits s into words: runs of letters and digits. Everything else (spaces,
// punctuation, hyphens, underscores, dots) separates words, so "octez-client" is two words and
// a query typed the same way matches it.
func tokenize(s string, emit func(token)) {
	start := -1
	ascii := true
	flush := func(end int) {
		if start < 0 {
			return
		}
		raw := s[start:end]
		var text string
		if ascii {
			text = lowerASCII(raw)
		} else {
			text = fold(raw)
		}
		if len(text) > maxTokenBytes {
			text = truncateUTF8(text, maxTokenBytes)
		}
		emit(token{text: text, start: start, end: end})
		start = -1
		ascii = true
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
				if start < 0 {
					start = i
				}
			} else {
				flush(i)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) && start >= 0 {
			if start < 0 {
				start = i
			}
			ascii = false
		} else {
			flush(i)
		}
		i += size
	}
	flush(len(s))
}

// wordEnd is where the word of s that starts at start ends: the end tokenize gives it, worked out
// again from the text so that the index need not hold it.
func wordEnd(s string, start int) int {
	i := start
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)) {
			return i
		}
		i += size
	}
	return i
}

// tokens returns the folded words of s.
func tokens(s string) []string {
	var out []string
	tokenize(s, func(t token) { out = append(out, t.text) })
	return out
}

func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}

// fold lower-cases a word and strips the accents of Latin letters, so "Déjà" matches "deja".
func fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if unicode.Is(unicode.Mn, r) {
			continue // combining accent
		}
		r = unicode.ToLower(r)
		if f, ok := latinFold[r]; ok {
			b.WriteString(f)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

var latinFold = map[rune]string{
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'ä': "a", 'å': "a", 'æ': "ae", 'ç': "c",
	'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ì': "i", 'í': "i", 'î': "i", 'ï': "i",
	'ñ': "n", 'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o", 'ö': "o", 'ø': "o", 'œ': "oe",
	'ù': "u", 'ú': "u", 'û': "u", 'ü': "u", 'ý': "y", 'ÿ': "y", 'ß': "ss", 'ł': "l",
}

func truncateUTF8(s string, n int) string {
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// stopWords are left out of a query that has other words, so questions ("how do I stake my
// tez") are matched on the words that carry meaning.
var stopWords = map[string]bool{
	"a": true, "an": true, "and": true, "are": true, "as": true, "at": true, "be": true, "by": true,
	"can": true, "do": true, "does": true, "for": true, "from": true, "how": true, "i": true,
	"if": true, "in": true, "into": true, "is": true, "it": true, "its": true, "me": true, "my": true,
	"of": true, "on": true, "or": true, "should": true, "so": true, "that": true, "the": true,
	"their": true, "then": true, "there": true, "these": true, "this": true, "to": true,
	"was": true, "we": true, "what": true, "when": true, "where": true, "which": true, "who": true,
	"why": true, "will": true, "with": true, "you": true, "your": true, "s": true,
}

// hasDigit reports whether a word holds a digit; such words get no typo tolerance.
func hasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			return true
		}
	}
	return false
}
