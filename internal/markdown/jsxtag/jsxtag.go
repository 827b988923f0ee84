// Package jsxtag reads tags the way MDX writes them — attributes quoted, bare, or as {expressions}
// such as style={{width: 300}}, possibly over several lines — and turns them into HTML attributes.
// The component extensions (tabs, figure, tutorialcard) and the raw HTML rewriting share it.
package jsxtag

import (
	"bytes"
	"fmt"
	"html"
	"strconv"
	"strings"
)

// Attr is one attribute as written.
type Attr struct {
	Name  string
	Value string // the value without quotes; for an expression, the source between the braces
	Expr  bool   // written as name={…}
	Bare  bool   // written without a value
}

// Tag is an opening, closing or self-closing tag.
type Tag struct {
	Name      string
	Attrs     []Attr
	Closing   bool // </name>
	SelfClose bool // <name … />
}

// Get returns the string value of attribute name: quoted values as written, expressions that are
// literals ({"x"}, {42}, {true}, require('./x').default) evaluated; bare attributes give "true".
func (t Tag) Get(name string) (string, bool) {
	for _, a := range t.Attrs {
		if a.Name != name {
			continue
		}
		switch {
		case a.Bare:
			return "true", true
		case a.Expr:
			return Literal(a.Value)
		default:
			return html.UnescapeString(a.Value), true
		}
	}
	return "", false
}

// Has reports whether the tag has attribute name, whatever its value.
func (t Tag) Has(name string) bool {
	for _, a := range t.Attrs {
		if a.Name == name {
			return true
		}
	}
	return false
}

func isNameStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isNameChar(c byte) bool {
	return isNameStart(c) || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':'
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// Parse reads one tag at the start of s. It returns the tag and its length in bytes; ok is false
// when s does not start with a complete tag.
func Parse(s []byte) (tag Tag, n int, ok bool) {
	tag, n, _ = parse(s)
	return tag, n, n > 0
}

// Problem says, in the writer's terms, why s, which starts with a tag's name (<name), is not a
// complete tag: an attribute's {expression} or quoted value that never closes, or no closing >.
// It returns "" when Parse reads a tag, and when s reads more like text with a "<" in it.
func Problem(s []byte) string {
	_, n, problem := parse(s)
	if n > 0 {
		return ""
	}
	return problem
}

// parse is Parse, saying why when it fails (n is 0; the reason may be "" for text that is no tag).
func parse(s []byte) (tag Tag, n int, problem string) {
	if len(s) < 2 || s[0] != '<' {
		return tag, 0, ""
	}
	i := 1
	if s[i] == '/' {
		tag.Closing = true
		i++
	}
	start := i
	if i >= len(s) || !isNameStart(s[i]) {
		return tag, 0, ""
	}
	for i < len(s) && isNameChar(s[i]) {
		i++
	}
	tag.Name = string(s[start:i])
	for {
		j := i
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			return tag, 0, fmt.Sprintf("<%s is never ended with >; end the tag", tag.Name)
		}
		switch {
		case s[i] == '>':
			return tag, i + 1, ""
		case s[i] == '/' && i+1 < len(s) && s[i+1] == '>' && !tag.Closing:
			tag.SelfClose = true
			return tag, i + 2, ""
		case tag.Closing || i == j || !(isNameStart(s[i]) || s[i] == '_' || s[i] == '@' || s[i] == ':'):
			return tag, 0, "" // attributes need a space before them
		}
		a := Attr{}
		start := i
		for i < len(s) && (isNameChar(s[i]) || s[i] == '@') {
			i++
		}
		a.Name = string(s[start:i])
		k := i
		for k < len(s) && isSpace(s[k]) {
			k++
		}
		if k >= len(s) || s[k] != '=' {
			a.Bare = true
			tag.Attrs = append(tag.Attrs, a)
			continue
		}
		i = k + 1
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			return tag, 0, fmt.Sprintf("attribute %s of <%s> has no value after =; write %s=\"…\" or %s={…}", a.Name, tag.Name, a.Name, a.Name)
		}
		switch c := s[i]; c {
		case '"', '\'':
			end := bytes.IndexByte(s[i+1:], c)
			if end < 0 {
				return tag, 0, fmt.Sprintf("the value of attribute %s of <%s> opens a quote %c that is never closed; close it", a.Name, tag.Name, c)
			}
			a.Value = string(s[i+1 : i+1+end])
			i += end + 2
		case '{':
			end := MatchBrace(s, i)
			if end < 0 {
				return tag, 0, fmt.Sprintf("the value of attribute %s of <%s> opens more braces { than it closes; balance them (%s={{…}} for an object)", a.Name, tag.Name, a.Name)
			}
			a.Value = strings.TrimSpace(string(s[i+1 : end]))
			a.Expr = true
			i = end + 1
		default:
			start := i
			for i < len(s) && !isSpace(s[i]) && s[i] != '>' && !(s[i] == '/' && i+1 < len(s) && s[i+1] == '>') {
				i++
			}
			a.Value = string(s[start:i])
		}
		tag.Attrs = append(tag.Attrs, a)
	}
}

// MatchBrace returns the index of the brace closing the one at s[open], skipping nested braces
// (style={{…}}) and JavaScript strings, or -1. A quote only opens a string when it closes on the
// same line (template literals may span lines): in the text of an element an apostrophe is a letter.
func MatchBrace(s []byte, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch c := s[i]; c {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		case '"', '\'', '`':
			j := bytes.IndexByte(s[i+1:], c)
			nl := bytes.IndexByte(s[i+1:], '\n')
			if j >= 0 && (c == '`' || nl < 0 || j < nl) {
				i += j + 1
			}
		}
	}
	return -1
}

// Literal evaluates the JavaScript expressions an attribute value commonly is in MDX pages: string
// and template literals without substitutions, numbers, booleans, require('…').default and
// useBaseUrl('…') (both give the path). ok is false for anything else.
func Literal(expr string) (string, bool) {
	e := strings.TrimSpace(expr)
	if s, ok := quoted(e); ok {
		return s, true
	}
	if _, err := strconv.ParseFloat(e, 64); err == nil {
		return e, true
	}
	switch e {
	case "true", "false":
		return e, true
	}
	for _, fn := range []string{"require(", "useBaseUrl("} {
		if !strings.HasPrefix(e, fn) {
			continue
		}
		rest := e[len(fn):]
		end := strings.IndexByte(rest, ')')
		if end < 0 {
			return "", false
		}
		if tail := strings.TrimSpace(rest[end+1:]); tail != "" && tail != ".default" {
			return "", false
		}
		return quoted(strings.TrimSpace(rest[:end]))
	}
	return "", false
}

func quoted(e string) (string, bool) {
	if len(e) < 2 {
		return "", false
	}
	q := e[0]
	if (q != '"' && q != '\'' && q != '`') || e[len(e)-1] != q || strings.IndexByte(e[1:len(e)-1], q) >= 0 {
		return "", false
	}
	body := e[1 : len(e)-1]
	if q == '`' && strings.Contains(body, "${") {
		return "", false
	}
	return strings.NewReplacer(`\'`, `'`, `\"`, `"`, `\\`, `\`).Replace(body), true
}

// Pending gathers a tag written over several lines, for block parsers: Add each line until it
// reports the tag complete.
type Pending struct {
	buf  []byte
	Tag  Tag
	Done bool
	// Rest is what follows the tag on its last line.
	Rest []byte

	name   string // the tag's name and source offset, for errors (see ContinueBlock)
	offset int
	lines  int
}

// Add appends a line and tries to read the tag; it reports whether the tag is complete.
func (p *Pending) Add(line []byte) bool {
	if p.Done {
		return true
	}
	if len(p.buf) == 0 {
		line = bytes.TrimLeft(line, " \t")
	}
	p.buf = append(p.buf, line...)
	p.lines++
	if tag, n, ok := Parse(p.buf); ok {
		p.Tag, p.Done, p.Rest = tag, true, p.buf[n:]
	}
	return p.Done
}

// Source is the text gathered so far.
func (p *Pending) Source() []byte { return p.buf }

// StartsTag reports whether line (after any indentation: MDX has no indented code blocks) starts
// tag name: "<Name" followed by a space, "/", ">" or the end of the line.
func StartsTag(line []byte, name string) (indent int, ok bool) {
	trimmed := bytes.TrimLeft(line, " \t")
	indent = len(line) - len(trimmed)
	if !bytes.HasPrefix(trimmed, []byte("<"+name)) {
		return 0, false
	}
	rest := trimmed[len(name)+1:]
	return indent, len(rest) == 0 || isSpace(rest[0]) || rest[0] == '/' || rest[0] == '>'
}
