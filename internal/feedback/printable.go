package feedback

import (
	"strings"
	"unicode"
)

// printable drops control characters (C0 and C1: NUL, BEL, ESC, DEL…) and bidirectional controls
// (U+202E and the like, which reorder the text shown: "gnp.exe" reads as "exe.png") from text going
// to a maintainer's terminal or spreadsheet, so that a stored row cannot ring the bell, move the
// cursor, recolour the screen or disguise itself. Tabs and line feeds stay when keepLines is set
// (comments and answers are multi-line); a carriage return is kept only before a line feed.
func printable(s string, keepLines bool) string {
	if strings.IndexFunc(s, unprintable) < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range s {
		switch {
		case !unprintable(r):
		case keepLines && (r == '\n' || r == '\t'):
		case keepLines && r == '\r' && i+1 < len(s) && s[i+1] == '\n':
		default:
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// unprintable reports whether printable drops r (unless it is a kept line break or tab).
func unprintable(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)
}

// printableAll applies printable to each string of a list.
func printableAll(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = printable(s, false)
	}
	return out
}
