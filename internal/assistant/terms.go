package assistant

import (
	"strings"
	"unicode"
)

// stopWords are left out of focused queries and of sentence scoring: they say how a question is
// asked, not what it is about.
var stopWords = setOf("a an and are as at be by can could do does did for from how i if in into is it its me my of on or " +
	"should so that the their them then there these they this those to was we what when where which who whom why will " +
	"with would you your s about any some tell explain please want need know way get got there's what's i'm has have " +
	"been being am also just like than too very more most much many other such only own same")

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// words splits text into lower-case words of letters and digits; dots and dashes inside a word
// are kept ("fa1.2", "smart-rollup"), so names of standards and tools stay whole.
func words(text string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		w := strings.Trim(b.String(), ".-")
		if w != "" {
			out = append(out, w)
		}
		b.Reset()
	}
	rs := []rune(text)
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_':
			b.WriteRune(unicode.ToLower(r))
		case (r == '.' || r == '-') && b.Len() > 0 && i+1 < len(rs) && (unicode.IsLetter(rs[i+1]) || unicode.IsDigit(rs[i+1])):
			b.WriteRune(r)
		default:
			flush()
		}
	}
	flush()
	return out
}

// terms returns the distinct stems of the content words of text.
func terms(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range words(text) {
		if stopWords[w] {
			continue
		}
		s := stemWord(w)
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// stemWord strips common English endings so that "staking", "staked" and "stakes" meet. It is a
// light stemmer: stems only need to match each other.
func stemWord(w string) string {
	if len(w) <= 3 || strings.ContainsAny(w, "0123456789._") {
		return w
	}
	for _, suf := range []struct{ from, to string }{
		{"ational", "ate"}, {"ization", "ize"}, {"ations", "ate"}, {"ation", "ate"}, {"ments", ""}, {"ment", ""},
		{"ness", ""}, {"ies", "y"}, {"sses", "ss"}, {"ing", ""}, {"ions", ""}, {"ion", ""}, {"ers", ""}, {"er", ""},
		{"ed", ""}, {"ly", ""}, {"es", ""}, {"s", ""},
	} {
		if strings.HasSuffix(w, suf.from) && len(w)-len(suf.from)+len(suf.to) >= 3 {
			if suf.from == "s" && (strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is")) {
				continue
			}
			w = w[:len(w)-len(suf.from)] + suf.to
			break
		}
	}
	w = strings.TrimSuffix(w, "e")
	if n := len(w); n > 3 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouls", rune(w[n-1])) {
		w = w[:n-1] // "running" → "runn" → "run"
	}
	return w
}

// focus keeps the content words of a question part, in their original spelling, as a search query.
func focus(part string) string {
	var kept []string
	for _, f := range strings.Fields(part) {
		w := strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if w == "" {
			continue
		}
		ws := words(w)
		if len(ws) == 1 && stopWords[ws[0]] {
			continue
		}
		kept = append(kept, w)
	}
	if len(kept) == 0 {
		return strings.TrimSpace(strings.Trim(part, " ?!.,;:"))
	}
	return strings.Join(kept, " ")
}

// maxQueries bounds the searches of one extractive answer.
const maxQueries = 4

// splitQuestion turns a question into focused search queries: one per sentence or clause when the
// question has several parts ("How do I install Octez and run a baker?" → "install Octez",
// "run baker"), else one. A clause must keep two content words to stand alone, so "the difference
// between delegating and staking" stays whole.
func splitQuestion(q string) []string {
	var parts []string
	for _, sentence := range splitOn(q, "?;\n") {
		parts = append(parts, splitClauses(sentence)...)
	}
	var out []string
	seen := map[string]bool{}
	for _, p := range parts {
		f := focus(p)
		if len(terms(f)) == 0 || seen[strings.ToLower(f)] {
			continue
		}
		seen[strings.ToLower(f)] = true
		out = append(out, f)
	}
	if len(out) == 0 {
		if f := focus(q); f != "" {
			out = append(out, f)
		}
	}
	if len(out) > maxQueries {
		rest := strings.Join(out[maxQueries-1:], " ")
		out = append(out[:maxQueries-1], rest)
	}
	return out
}

func splitOn(s, seps string) []string {
	var out []string
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(seps, r) }) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// splitClauses splits a sentence at ", and", " and ", ", also" and commas, keeping the pieces
// together unless each has at least two content words.
func splitClauses(s string) []string {
	pieces := []string{s}
	for _, sep := range []string{", and also ", ", and ", " and also ", " and then ", " and ", ", "} {
		var next []string
		for _, p := range pieces {
			next = append(next, splitIfStrong(p, sep)...)
		}
		pieces = next
	}
	return pieces
}

func splitIfStrong(s, sep string) []string {
	lower := strings.ToLower(s)
	var out []string
	start := 0
	for {
		i := strings.Index(lower[start:], sep)
		if i < 0 {
			break
		}
		left, right := s[start:start+i], s[start+i+len(sep):]
		if len(terms(left)) >= 2 && len(terms(right)) >= 2 && !strings.HasSuffix(strings.ToLower(strings.TrimSpace(left)), "between") &&
			!hasWordBefore(strings.ToLower(left), "between") {
			out = append(out, left)
			start = start + i + len(sep)
			continue
		}
		break
	}
	return append(out, s[start:])
}

// hasWordBefore reports whether the last few words of s include w ("difference between A and B").
func hasWordBefore(s, w string) bool {
	ws := words(s)
	for i := len(ws) - 1; i >= 0 && i >= len(ws)-3; i-- {
		if ws[i] == w {
			return true
		}
	}
	return false
}
