package ext

import (
	"strings"
)

// Escape returns s, plain text such as an attribute value, as Markdown that reads as s: inline
// syntax characters and the markers that would start a block at the beginning of a line are
// backslash-escaped.
func Escape(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	lineStart := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\n':
			lineStart = true
			b.WriteByte(c)
			continue
		case lineStart && (c == ' ' || c == '\t'):
			b.WriteByte(c)
			continue
		case strings.IndexByte("\\`*_[]<>{}|~", c) >= 0,
			c == '&' && i+1 < len(s) && (isAlnum(s[i+1]) || s[i+1] == '#'),
			lineStart && strings.IndexByte("#+-=", c) >= 0,
			lineStart && c >= '0' && c <= '9' && orderedMarker(s[i:]):
			if c >= '0' && c <= '9' {
				// "1. x" would start a list: escape the delimiter instead of the digits.
				j := i
				for j < len(s) && s[j] >= '0' && s[j] <= '9' {
					j++
				}
				b.WriteString(s[i:j] + `\`)
				i = j - 1
				lineStart = false
				continue
			}
			b.WriteByte('\\')
		}
		b.WriteByte(c)
		lineStart = false
	}
	return b.String()
}

// orderedMarker reports whether s starts with digits followed by "." or ")", a list marker.
func orderedMarker(s string) bool {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i < len(s) && (s[i] == '.' || s[i] == ')')
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// EscapeTags escapes "<" before a capital letter in text taken from the source as written, so a
// component tag shown as text stays text when the Markdown is read again (MDX would take it for
// a component).
func EscapeTags(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '<' && (i == 0 || s[i-1] != '\\') {
			j := i + 1
			if j < len(s) && s[j] == '/' {
				j++
			}
			if j < len(s) && s[j] >= 'A' && s[j] <= 'Z' {
				b.WriteByte('\\')
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Destination returns a link or image destination as Markdown writes it: spaces, angle brackets,
// backslashes and unbalanced parentheses percent-encoded, so it needs no brackets.
func Destination(dest string) string {
	if dest == "" {
		return "<>"
	}
	depth, balanced := 0, true
	for _, c := range dest {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			balanced = balanced && depth >= 0
		}
	}
	balanced = balanced && depth == 0
	var b strings.Builder
	for i := 0; i < len(dest); i++ {
		switch c := dest[i]; {
		case c <= ' ' || c == '<' || c == '>' || c == '\\' || c == 0x7f,
			!balanced && (c == '(' || c == ')'):
			b.WriteString("%" + strings.ToUpper(hex(c)))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func hex(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}

// LinkMarkdown returns a link to dest whose text is the plain text text.
func LinkMarkdown(text, dest string) string {
	return "[" + Escape(text) + "](" + Destination(dest) + ")"
}

// ImageMarkdown returns an image of src whose alternative text is the plain text alt.
func ImageMarkdown(alt, src string) string {
	return "![" + Escape(alt) + "](" + Destination(src) + ")"
}

// FenceMarker is the run of three or more backticks or tildes that opens a fenced code block at the
// start of s (a line without its indentation), or "".
func FenceMarker(s string) string {
	if len(s) < 3 || (s[0] != '`' && s[0] != '~') {
		return ""
	}
	n := 0
	for n < len(s) && s[n] == s[0] {
		n++
	}
	if n < 3 {
		return ""
	}
	return s[:n]
}

// ClosesFence tells whether a line (without its indentation) closes the fence opened by marker:
// the same character, at least as many, and nothing else.
func ClosesFence(line, marker string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, marker) && strings.Trim(t, marker[:1]) == ""
}
