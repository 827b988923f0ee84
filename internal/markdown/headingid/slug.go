package headingid

import (
	"strconv"
	"strings"
	"unicode"
)

// Slug turns heading text into an id the way github-slugger does (and so Docusaurus): lower case,
// letters, marks, digits, connector punctuation ("_") and "-" kept, each space becomes "-", every
// other character is dropped.
func Slug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsNumber(r) ||
			unicode.Is(unicode.M, r) || unicode.Is(unicode.Pc, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Slugger hands out unique slugs within one page: a repeated slug gets "-1", "-2", … appended.
// The zero value is not ready; use NewSlugger.
type Slugger struct {
	seen map[string]int
}

// NewSlugger returns a Slugger that has handed out nothing yet.
func NewSlugger() *Slugger {
	return &Slugger{seen: map[string]int{}}
}

// Slug returns the unique slug for text on this page.
func (s *Slugger) Slug(text string) string {
	base := Slug(text)
	slug := base
	for {
		if _, taken := s.seen[slug]; !taken {
			break
		}
		s.seen[base]++
		slug = base + "-" + strconv.Itoa(s.seen[base])
	}
	s.seen[slug] = 0
	return slug
}
