package sitecomp

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// LiteralJSON reads a JSX prop expression (the source between the braces of name={…}) that is a
// literal — a string, template string without substitutions, number, boolean, null, or an object
// or array of literals, keys bare or quoted, trailing commas allowed — and returns it as JSON. Any
// other expression (a variable, a call, an arrow function, a spread) is an error saying where.
func LiteralJSON(expr string) (json.RawMessage, error) {
	p := &literalParser{s: expr}
	p.space()
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i < len(p.s) {
		return nil, p.fail("unexpected %q after the value", p.rest())
	}
	out, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode the value: %w", err)
	}
	return out, nil
}

// maxLiteralDepth bounds nesting, so a hostile prop cannot exhaust the stack.
const maxLiteralDepth = 64

type literalParser struct {
	s string
	i int
}

// orderedObject keeps an object's keys in the order written.
type orderedObject struct {
	keys []string
	vals []any
}

func (o orderedObject) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kj, _ := json.Marshal(k)
		vj, err := json.Marshal(o.vals[i])
		if err != nil {
			return nil, err
		}
		b.Write(kj)
		b.WriteByte(':')
		b.Write(vj)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

func (p *literalParser) rest() string {
	r := p.s[p.i:]
	if len(r) > 20 {
		r = r[:20] + "…"
	}
	return r
}

func (p *literalParser) fail(format string, args ...any) error {
	return fmt.Errorf("at character %d: %s", p.i+1, fmt.Sprintf(format, args...))
}

// space skips white space and JavaScript comments.
func (p *literalParser) space() {
	for p.i < len(p.s) {
		switch {
		case strings.ContainsRune(" \t\r\n", rune(p.s[p.i])):
			p.i++
		case strings.HasPrefix(p.s[p.i:], "//"):
			if j := strings.IndexByte(p.s[p.i:], '\n'); j >= 0 {
				p.i += j + 1
			} else {
				p.i = len(p.s)
			}
		case strings.HasPrefix(p.s[p.i:], "/*"):
			if j := strings.Index(p.s[p.i+2:], "*/"); j >= 0 {
				p.i += j + 4
			} else {
				p.i = len(p.s)
			}
		default:
			return
		}
	}
}

func (p *literalParser) value(depth int) (any, error) {
	if depth > maxLiteralDepth {
		return nil, p.fail("literal nested more than %d levels deep", maxLiteralDepth)
	}
	if p.i >= len(p.s) {
		return nil, p.fail("a value is missing")
	}
	switch c := p.s[p.i]; {
	case c == '"' || c == '\'' || c == '`':
		return p.str()
	case c == '[':
		return p.array(depth)
	case c == '{':
		return p.object(depth)
	case c == '-' || c == '+' || c == '.' || c >= '0' && c <= '9':
		return p.number()
	}
	word := p.word()
	switch word {
	case "true":
		return true, nil
	case "false":
		return false, nil
	case "null", "undefined":
		return nil, nil
	case "":
		return nil, p.fail("%q is not a literal", p.rest())
	}
	return nil, fmt.Errorf("%q is a variable or expression, not a literal", word+p.restOfWord())
}

// restOfWord is what follows a name up to the next separator, to quote a call or member access.
func (p *literalParser) restOfWord() string {
	j := p.i
	for j < len(p.s) && !strings.ContainsRune(",]}\n", rune(p.s[j])) {
		j++
	}
	return strings.TrimSpace(p.s[p.i:j])
}

func (p *literalParser) word() string {
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		if !(c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' && p.i > start) {
			break
		}
		p.i++
	}
	return p.s[start:p.i]
}

func (p *literalParser) number() (any, error) {
	start := p.i
	for p.i < len(p.s) && strings.ContainsRune("+-.0123456789eE_xXabcdefABCDEF", rune(p.s[p.i])) {
		p.i++
	}
	text := strings.ReplaceAll(p.s[start:p.i], "_", "")
	if n, err := strconv.ParseFloat(text, 64); err == nil {
		return json.Number(strconv.FormatFloat(n, 'g', -1, 64)), nil
	}
	if n, err := strconv.ParseInt(text, 0, 64); err == nil {
		return n, nil
	}
	p.i = start
	return nil, p.fail("%q is not a number", text)
}

func (p *literalParser) str() (any, error) {
	q := p.s[p.i]
	start := p.i
	p.i++
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == q:
			p.i++
			return b.String(), nil
		case c == '\\' && p.i+1 < len(p.s):
			p.i++
			e := p.s[p.i]
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'u':
				if p.i+4 < len(p.s) {
					if r, err := strconv.ParseUint(p.s[p.i+1:p.i+5], 16, 32); err == nil {
						b.WriteRune(rune(r))
						p.i += 4
						break
					}
				}
				b.WriteByte(e)
			case '\n':
			default:
				b.WriteByte(e)
			}
			p.i++
		case q == '`' && c == '$' && p.i+1 < len(p.s) && p.s[p.i+1] == '{':
			return nil, p.fail("a template string with ${…} is an expression, not a literal")
		case c == '\n' && q != '`':
			p.i = start
			return nil, p.fail("string not closed on its line")
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	p.i = start
	return nil, p.fail("string not closed")
}

func (p *literalParser) array(depth int) (any, error) {
	p.i++ // [
	out := []any{}
	for {
		p.space()
		if p.i < len(p.s) && p.s[p.i] == ']' {
			p.i++
			return out, nil
		}
		if strings.HasPrefix(p.s[p.i:], "...") {
			return nil, p.fail("a spread (...) is an expression, not a literal")
		}
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		if err := p.separator(']'); err != nil {
			return nil, err
		}
	}
}

// separator reads the comma between items, or sees the closing bracket.
func (p *literalParser) separator(closing byte) error {
	p.space()
	if p.i >= len(p.s) {
		return p.fail("%q is missing", string(closing))
	}
	switch p.s[p.i] {
	case ',':
		p.i++
		return nil
	case closing:
		return nil
	}
	return p.fail("expected , or %s before %q", string(closing), p.rest())
}

func (p *literalParser) object(depth int) (any, error) {
	p.i++ // {
	var o orderedObject
	for {
		p.space()
		if p.i >= len(p.s) {
			return nil, p.fail("} is missing")
		}
		if p.s[p.i] == '}' {
			p.i++
			return o, nil
		}
		if strings.HasPrefix(p.s[p.i:], "...") {
			return nil, p.fail("a spread (...) is an expression, not a literal")
		}
		var key string
		switch c := p.s[p.i]; {
		case c == '"' || c == '\'':
			k, err := p.str()
			if err != nil {
				return nil, err
			}
			key = k.(string)
		case c >= '0' && c <= '9':
			start := p.i
			for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
				p.i++
			}
			key = p.s[start:p.i]
		default:
			if key = p.word(); key == "" {
				return nil, p.fail("expected a property name before %q", p.rest())
			}
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return nil, p.fail("expected : after %q (shorthand properties and methods are expressions, not literals)", key)
		}
		p.i++
		p.space()
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		if i := indexOf(o.keys, key); i >= 0 {
			o.vals[i] = v // as in JavaScript, the last one wins
		} else {
			o.keys, o.vals = append(o.keys, key), append(o.vals, v)
		}
		if err := p.separator('}'); err != nil {
			return nil, err
		}
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
