package search

// This file is an English stemmer following the Porter2 ("English") algorithm of the Snowball
// project, written from its published description. Stems are only ever compared with each
// other, so they need not be words: "consolation" and "consoles" both become "consol".

import "strings"

// stemSpecial maps words the algorithm would mangle to their stems.
var stemSpecial = map[string]string{
	"skis": "ski", "skies": "sky", "dying": "die", "lying": "lie", "tying": "tie",
	"idly": "idl", "gently": "gentl", "ugly": "ugli", "early": "earli", "only": "onli", "singly": "singl",
	"sky": "sky", "news": "news", "howe": "howe", "atlas": "atlas", "cosmos": "cosmos", "bias": "bias",
	"andes": "andes",
}

// stemKeepAfter1a are left alone once step 1a has run.
var stemKeepAfter1a = map[string]bool{
	"inning": true, "outing": true, "canning": true, "herring": true, "earring": true,
	"proceed": true, "exceed": true, "succeed": true,
}

// stem returns the Porter2 stem of a lower-case word. Words holding anything but the letters
// a–z and apostrophes are returned unchanged (identifiers, numbers, other scripts).
func stem(word string) string {
	for i := 0; i < len(word); i++ {
		if c := word[i]; (c < 'a' || c > 'z') && c != '\'' {
			return word
		}
	}
	if s, ok := stemSpecial[word]; ok {
		return s
	}
	w := []byte(word)
	for len(w) > 0 && w[0] == '\'' {
		w = w[1:]
	}
	if len(w) <= 2 {
		return string(w)
	}
	if w[0] == 'y' {
		w[0] = 'Y'
	}
	for i := 1; i < len(w); i++ {
		if w[i] == 'y' && isVowel(w[i-1]) {
			w[i] = 'Y'
		}
	}
	r1, r2 := stemRegions(w)
	w = stemStep0(w)
	w = stemStep1a(w)
	if stemKeepAfter1a[string(w)] {
		return string(w)
	}
	w = stemStep1b(w, r1)
	w = stemStep1c(w)
	w = stemStep2(w, r1)
	w = stemStep3(w, r1, r2)
	w = stemStep4(w, r2)
	w = stemStep5(w, r1, r2)
	for i := range w {
		if w[i] == 'Y' {
			w[i] = 'y'
		}
	}
	return string(w)
}

func isVowel(c byte) bool {
	switch c {
	case 'a', 'e', 'i', 'o', 'u', 'y':
		return true
	}
	return false
}

// stemRegions returns the starts of R1 and R2: R1 begins after the first non-vowel that follows
// a vowel (or after one of a few prefixes), R2 is the same rule applied again inside R1.
func stemRegions(w []byte) (int, int) {
	after := func(from int) int {
		for i := from + 1; i < len(w); i++ {
			if !isVowel(w[i]) && isVowel(w[i-1]) {
				return i + 1
			}
		}
		return len(w)
	}
	r1 := -1
	for _, p := range []string{"gener", "commun", "arsen"} {
		if hasSuffixAt(w, p, 0) {
			r1 = len(p)
		}
	}
	if r1 < 0 {
		r1 = after(0)
	}
	r2 := len(w)
	if r1 < len(w) {
		r2 = after(r1)
	}
	return r1, r2
}

func hasSuffixAt(w []byte, s string, at int) bool {
	return at >= 0 && at+len(s) <= len(w) && string(w[at:at+len(s)]) == s
}

func hasSuffix(w []byte, s string) bool { return hasSuffixAt(w, s, len(w)-len(s)) }

// longestSuffix returns the longest of suffixes that w ends with, or "".
func longestSuffix(w []byte, suffixes []string) string {
	best := ""
	for _, s := range suffixes {
		if len(s) > len(best) && hasSuffix(w, s) {
			best = s
		}
	}
	return best
}

func containsVowel(w []byte) bool {
	for _, c := range w {
		if isVowel(c) {
			return true
		}
	}
	return false
}

// endsShortSyllable: a vowel followed by a non-vowel other than w, x or Y and preceded by a
// non-vowel; or, for two-letter words, a vowel followed by a non-vowel.
func endsShortSyllable(w []byte) bool {
	n := len(w)
	if n == 2 {
		return isVowel(w[0]) && !isVowel(w[1])
	}
	if n >= 3 {
		c := w[n-1]
		return !isVowel(w[n-3]) && isVowel(w[n-2]) && !isVowel(c) && c != 'w' && c != 'x' && c != 'Y'
	}
	return false
}

func stemStep0(w []byte) []byte {
	if s := longestSuffix(w, []string{"'s'", "'s", "'"}); s != "" {
		return w[:len(w)-len(s)]
	}
	return w
}

func stemStep1a(w []byte) []byte {
	switch s := longestSuffix(w, []string{"sses", "ied", "ies", "us", "ss", "s"}); s {
	case "sses":
		return w[:len(w)-2]
	case "ied", "ies":
		if len(w)-3 > 1 {
			return append(w[:len(w)-3], 'i')
		}
		return append(w[:len(w)-3], 'i', 'e')
	case "s":
		if len(w) >= 3 && containsVowel(w[:len(w)-2]) {
			return w[:len(w)-1]
		}
	}
	return w
}

var step1bSuffixes = []string{"eedly", "ingly", "edly", "eed", "ing", "ed"}

func stemStep1b(w []byte, r1 int) []byte {
	s := longestSuffix(w, step1bSuffixes)
	switch s {
	case "":
		return w
	case "eed", "eedly":
		if len(w)-len(s) >= r1 {
			return append(w[:len(w)-len(s)], 'e', 'e')
		}
		return w
	}
	stemPart := w[:len(w)-len(s)]
	if !containsVowel(stemPart) {
		return w
	}
	w = stemPart
	switch {
	case hasSuffix(w, "at"), hasSuffix(w, "bl"), hasSuffix(w, "iz"):
		return append(w, 'e')
	case len(w) >= 2 && w[len(w)-1] == w[len(w)-2] && isDoubleEnding(w[len(w)-1]):
		return w[:len(w)-1]
	case endsShortSyllable(w) && r1 >= len(w):
		return append(w, 'e')
	}
	return w
}

func isDoubleEnding(c byte) bool {
	switch c {
	case 'b', 'd', 'f', 'g', 'm', 'n', 'p', 'r', 't':
		return true
	}
	return false
}

func stemStep1c(w []byte) []byte {
	n := len(w)
	if n > 2 && (w[n-1] == 'y' || w[n-1] == 'Y') && !isVowel(w[n-2]) {
		w[n-1] = 'i'
	}
	return w
}

var step2Rules = map[string]string{
	"tional": "tion", "enci": "ence", "anci": "ance", "abli": "able", "entli": "ent",
	"izer": "ize", "ization": "ize", "ational": "ate", "ation": "ate", "ator": "ate",
	"alism": "al", "aliti": "al", "alli": "al", "fulness": "ful", "ousli": "ous", "ousness": "ous",
	"iveness": "ive", "iviti": "ive", "biliti": "ble", "bli": "ble", "ogi": "og", "fulli": "ful",
	"lessli": "less", "li": "",
}

var step2Suffixes = keys(step2Rules)

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func stemStep2(w []byte, r1 int) []byte {
	s := longestSuffix(w, step2Suffixes)
	if s == "" || len(w)-len(s) < r1 {
		return w
	}
	base := w[:len(w)-len(s)]
	switch s {
	case "ogi":
		if len(base) == 0 || base[len(base)-1] != 'l' {
			return w
		}
	case "li":
		if len(base) == 0 || !isLiEnding(base[len(base)-1]) {
			return w
		}
	}
	return append(base, step2Rules[s]...)
}

func isLiEnding(c byte) bool {
	switch c {
	case 'c', 'd', 'e', 'g', 'h', 'k', 'm', 'n', 'r', 't':
		return true
	}
	return false
}

var step3Rules = map[string]string{
	"tional": "tion", "ational": "ate", "alize": "al", "icate": "ic", "iciti": "ic", "ical": "ic",
	"ful": "", "ness": "", "ative": "",
}

var step3Suffixes = keys(step3Rules)

func stemStep3(w []byte, r1, r2 int) []byte {
	s := longestSuffix(w, step3Suffixes)
	at := len(w) - len(s)
	if s == "" || at < r1 || (s == "ative" && at < r2) {
		return w
	}
	return append(w[:at], step3Rules[s]...)
}

var step4Suffixes = []string{"al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment",
	"ent", "ism", "ate", "iti", "ous", "ive", "ize", "ion"}

func stemStep4(w []byte, r2 int) []byte {
	s := longestSuffix(w, step4Suffixes)
	at := len(w) - len(s)
	if s == "" || at < r2 {
		return w
	}
	if s == "ion" && (at == 0 || (w[at-1] != 's' && w[at-1] != 't')) {
		return w
	}
	return w[:at]
}

func stemStep5(w []byte, r1, r2 int) []byte {
	n := len(w)
	switch {
	case n > 0 && w[n-1] == 'e':
		if n-1 >= r2 || (n-1 >= r1 && !endsShortSyllable(w[:n-1])) {
			return w[:n-1]
		}
	case n > 1 && w[n-1] == 'l':
		if n-1 >= r2 && w[n-2] == 'l' {
			return w[:n-1]
		}
	}
	return w
}

// pluralPair reports whether one of two English words is the regular plural of the other:
// "wallet"/"wallets", "address"/"addresses", "key"/"keys", "entry"/"entries".
func pluralPair(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	switch {
	case len(a) == 0:
		return false
	case b == a+"s", b == a+"es":
		return true
	case strings.HasSuffix(a, "y") && b == a[:len(a)-1]+"ies":
		return true
	}
	return false
}
