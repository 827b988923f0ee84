package feedback

import (
	"strings"
	"unicode"
)

// printable drops control characters (C0 and C1: NUL, BEL, ESC, DEL…) from text going to a
// maintainer's terminal or spreadsheet, so that a stored row cannot ring the bell, move the cursor
// or recolour the screen. Tabs and line feeds stay when keepLines is set (comments and answers are
// multi-line); a carriage return is kept only before a line feed.
func printable(s string, keepLines bool) string {
	if strings.IndexFunc(s, unicode.IsControl) < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range s {
		switch {
		case !unicode.IsControl(r):
		case keepLines && (r == '\n' || r == '\t'):
		case keepLines && r == '\r' && i+1 < len(s) && s[i+1] == '\n':
		default:
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// printableAll applies printable to each string of a list.
func printableAll(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = printable(s, false)
	}
	return out
}
