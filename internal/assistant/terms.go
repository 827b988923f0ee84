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
	"been being am also just like than too very more most much many other such only own same per over must may might shall")

// readerNoise are words a reader writes around a question ("Hi, I'm trying to …", "any idea
// how …"): they are left out like stop words, and a clause is read from the first word after them.
var readerNoise = setOf("hi hello hey thanks thank cheers guys folks m ve ll re d t don doesn didn isn aren wasn wondering " +
	"wonder trying try tried looking idea ideas actually anyone someone somebody anybody he she him her basically currently " +
	"now but still already okay ok i so")

func init() {
	for w := range readerNoise {
		stopWords[w] = true
	}
}

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

// terms returns the distinct stems of the content words of text. A hyphenated word or a name
// with underscores also gives the stems of its parts, so "octez-client" meets "the Octez client"
// and "minimal_stake" meets "minimum stake".
func terms(text string) []string { return termsWith(text, stemWord) }

// termsWith is terms with a given stemmer (a memoised one while a corpus is built).
func termsWith(text string, stem func(string) string) []string {
	var out []string
	add := func(w string) {
		if stopWords[w] {
			return
		}
		s := stem(w)
		for _, o := range out {
			if o == s {
				return
			}
		}
		out = append(out, s)
	}
	for _, w := range words(text) {
		add(w)
		if strings.ContainsAny(w, "-_") {
			for _, p := range strings.FieldsFunc(w, func(r rune) bool { return r == '-' || r == '_' }) {
				add(p)
			}
		}
	}
	return out
}

// stemCache memoises stemWord over the many repeated words of a site.
type stemCache map[string]string

func (c stemCache) stem(w string) string {
	s, ok := c[w]
	if !ok {
		s = stemWord(w)
		c[w] = s
	}
	return s
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
	if len(w) > 5 && strings.HasSuffix(w, "at") {
		w = w[:len(w)-2] // "attestation" and "confirmation" meet "attest" and "confirm"
	}
	// British and American spellings meet: "synchronise" and "synchronize", "behaviour" and
	// "behavior".
	if len(w) > 5 {
		switch {
		case strings.HasSuffix(w, "is") && !strings.HasSuffix(w, "sis"):
			w = w[:len(w)-1] + "z"
		case strings.HasSuffix(w, "our"):
			w = w[:len(w)-2] + "r"
		}
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

// maxQueries bounds the parts (so the searches) of one extractive answer.
const maxQueries = 4
