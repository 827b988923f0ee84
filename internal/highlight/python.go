package highlight

import (
	"github.com/alecthomas/chroma/v2"
)

var pyWords = words{}.
	add(chroma.Keyword, "assert", "async", "await", "break", "class", "continue", "def", "del", "elif",
		"else", "except", "finally", "for", "global", "if", "lambda", "nonlocal", "pass", "raise", "return",
		"try", "while", "with", "yield", "as").
	add(chroma.KeywordNamespace, "import", "from").
	add(chroma.OperatorWord, "and", "or", "not", "in", "is").
	add(chroma.KeywordConstant, "True", "False", "None").
	add(chroma.NameBuiltinPseudo, "self", "cls").
	add(chroma.NameBuiltin, "print", "len", "range", "int", "str", "float", "bool", "dict", "list", "set",
		"tuple", "bytes", "isinstance", "issubclass", "super", "type", "object", "enumerate", "zip", "map",
		"filter", "sorted", "reversed", "min", "max", "sum", "abs", "any", "all", "open", "repr", "hash",
		"getattr", "setattr", "hasattr", "iter", "next", "round", "divmod", "pow", "hex", "ord", "chr",
		"format", "input", "id", "vars", "dir", "callable", "property", "staticmethod", "classmethod").
	add(chroma.NameException, "Exception", "ValueError", "TypeError", "KeyError", "IndexError",
		"RuntimeError", "AssertionError", "AttributeError", "NotImplementedError", "StopIteration",
		"ZeroDivisionError", "OSError", "ImportError")

// pySoft are soft keywords: keywords only when they start a statement and are not used as a name.
var pySoft = map[string]bool{"match": true, "case": true, "type": true}

// smartpyTypes are the SmartPy names under sp. that are types; others there are library functions.
var smartpyTypes = func() map[string]bool {
	m := map[string]bool{"record": true, "variant": true, "tuple": true, "tez": false}
	for _, t := range ligoTypes() {
		m[t] = true
	}
	delete(m, "tez") // sp.tez(…) builds an amount
	return m
}()

func newPython(name string, smartpy bool, aliases ...string) *scanLexer {
	return newScanLexer(name, aliases, func(s *scanner) { (&pyScanner{s: s, smartpy: smartpy}).run(false) })
}

type pyScanner struct {
	s       *scanner
	smartpy bool
	// lineStart is set until the first token of a logical line.
	lineStart bool
	// importLine is set on an import statement's line: module names are namespaces.
	importLine bool
	// afterDot is set right after '.': the next name is an attribute.
	afterDot bool
	// spAttr is set after "sp.": the next name belongs to the SmartPy library.
	spAttr bool
	// nameNext is the type for the name after def or class (0 if none).
	nameNext chroma.TokenType
	depth    int // open brackets; newlines inside them do not end the line
}

// run scans to the end, or in an f-string replacement field (nested) until a '}', '!' or ':' at
// bracket depth 0, which it leaves unconsumed.
func (p *pyScanner) run(nested bool) {
	s := p.s
	p.lineStart = !nested
	for s.pos < s.end {
		start := s.pos
		c := s.src[s.pos]
		afterDot, spAttr := p.afterDot, p.spAttr
		p.afterDot, p.spAttr = false, false
		lineStart := p.lineStart
		if !isSpace(c) && c != '#' {
			p.lineStart = false
		}
		switch {
		case c == '\n':
			s.emit(chroma.Text, s.pos+1)
			if p.depth == 0 {
				p.lineStart, p.importLine = !nested, false
			}
		case isSpace(c):
			s.emit(chroma.Text, s.spaceEnd(s.pos, false))
			p.afterDot, p.spAttr = afterDot, spAttr
		case c == '\\' && s.at(1) == '\n':
			s.emit(chroma.Text, s.pos+2)
		case c == '#':
			t := chroma.CommentSingle
			if s.pos == 0 && s.at(1) == '!' {
				t = chroma.CommentHashbang
			}
			s.emit(t, s.lineEnd(s.pos))
		case c == '"' || c == '\'':
			p.str(s.pos, lineStart)
		case isDigit(c) || (c == '.' && isDigit(s.at(1))):
			end, t := s.number(s.pos, "j", "J")
			s.emit(t, end)
		case c == '@' && lineStart && s.identStart(s.pos+1, ""):
			end := s.pos + 1
			for {
				end = s.identEnd(end, "")
				if end+1 < s.end && s.src[end] == '.' && s.identStart(end+1, "") {
					end++
					continue
				}
				break
			}
			s.emit(chroma.NameDecorator, end)
		case s.identStart(s.pos, ""):
			p.word(lineStart, afterDot, spAttr)
		case nested && p.depth == 0 && (c == '}' || c == ':' || (c == '!' && s.at(1) != '=')):
			return
		case c == '(' || c == '[' || c == '{':
			p.depth++
			s.emit(chroma.Punctuation, s.pos+1)
		case c == ')' || c == ']' || c == '}':
			p.depth = max(p.depth-1, 0)
			s.emit(chroma.Punctuation, s.pos+1)
		case c == '.':
			s.emit(chroma.Punctuation, s.pos+1)
			p.afterDot, p.spAttr = true, spAttr
		case c == ',' || c == ';':
			s.emit(chroma.Punctuation, s.pos+1)
		case indexByte("+-*/%=<>!&|^~@:", c):
			end := s.pos + 1
			for end < s.end && indexByte("+-*/%=<>!&|^~@:", s.src[end]) && !(nested && p.depth == 0 && s.src[end] == ':') {
				end++
			}
			if end == s.pos+1 && c == ':' {
				s.emit(chroma.Punctuation, end)
			} else {
				s.emit(chroma.Operator, end)
			}
		default:
			s.other(chroma.Text)
		}
		s.ensureProgress(start)
	}
}

func (p *pyScanner) word(lineStart, afterDot, spAttr bool) {
	s := p.s
	end := s.identEnd(s.pos, "")
	// A string prefix: r"…", b'…', f"…", rb"…" and so on.
	if q := s.byteAt(end); (q == '"' || q == '\'') && end-s.pos <= 2 && isStringPrefix(s.src[s.pos:end]) {
		p.str(s.pos, lineStart)
		return
	}
	w := s.src[s.pos:end]
	next := s.byteAt(s.spaceEnd(end, false))
	nameNext := p.nameNext
	p.nameNext = 0
	switch {
	case spAttr:
		switch {
		case smartpyTypes[w]:
			s.emit(chroma.KeywordType, end)
		case next == '(':
			s.emit(chroma.NameFunction, end)
		default:
			s.emit(chroma.NameBuiltin, end)
		}
		return
	case afterDot && p.importLine:
		s.emit(chroma.NameNamespace, end)
		return
	case afterDot:
		if next == '(' {
			s.emit(chroma.NameFunction, end)
		} else {
			s.emit(chroma.Name, end)
		}
		return
	case nameNext != 0:
		if nameNext == chroma.NameFunction && len(w) > 4 && w[:2] == "__" && w[len(w)-2:] == "__" {
			nameNext = chroma.NameFunctionMagic
		}
		s.emit(nameNext, end)
		return
	case p.smartpy && w == "sp" && next == '.':
		s.emit(chroma.NameNamespace, end)
		p.spAttr = true
		return
	}
	if pySoft[w] {
		if lineStart && s.identStart(s.spaceEnd(end, false), "") || (lineStart && w != "type" && (isDigit(next) || indexByte("([{\"'-", next))) {
			s.emit(chroma.Keyword, end)
		} else {
			s.emit(chroma.Name, end)
		}
		return
	}
	if t, ok := pyWords[w]; ok {
		if (t == chroma.NameBuiltin || t == chroma.NameException) && (next == '=' && s.byteAt(s.spaceEnd(end, false)+1) != '=') {
			s.emit(chroma.Name, end) // a variable shadowing a builtin
			return
		}
		s.emit(t, end)
		switch w {
		case "def":
			p.nameNext = chroma.NameFunction
		case "class":
			p.nameNext = chroma.NameClass
		case "import", "from":
			p.importLine = true
		}
		return
	}
	switch {
	case p.importLine:
		s.emit(chroma.NameNamespace, end)
	case next == '(':
		s.emit(chroma.NameFunction, end)
	default:
		s.emit(chroma.Name, end)
	}
}

func isStringPrefix(p string) bool {
	switch len(p) {
	case 1:
		return indexByte("rRbBuUfF", p[0])
	case 2:
		a, b := p[0]|0x20, p[1]|0x20
		return (a == 'r' && (b == 'b' || b == 'f')) || (b == 'r' && (a == 'b' || a == 'f'))
	}
	return false
}

// str scans a string literal starting at i, prefix letters included. A triple-quoted string that
// starts a line is a docstring.
func (p *pyScanner) str(i int, lineStart bool) {
	s := p.s
	q := i
	for s.src[q] != '"' && s.src[q] != '\'' {
		q++
	}
	prefix := s.src[i:q]
	raw, format := false, false
	for k := 0; k < len(prefix); k++ {
		switch prefix[k] | 0x20 {
		case 'r':
			raw = true
		case 'f':
			format = true
		}
	}
	s.emit(chroma.LiteralStringAffix, q)
	quote := s.src[q : q+1]
	triple := q+3 <= s.end && s.src[q:q+3] == quote+quote+quote
	t := chroma.LiteralStringDouble
	if quote == "'" {
		t = chroma.LiteralStringSingle
	}
	if triple {
		quote += quote + quote
		if lineStart && prefix == "" {
			t = chroma.LiteralStringDoc
		}
	}
	// Find the end first: a replacement field is then scanned within the string only.
	end := s.end
	for k := q + len(quote); k < s.end; k++ {
		c := s.src[k]
		if c == '\\' && !raw {
			k++
			continue
		}
		if c == '\n' && !triple {
			end = k
			break
		}
		if c == quote[0] && s.src[k:min(k+len(quote), s.end)] == quote {
			end = k + len(quote)
			break
		}
	}
	if !format {
		s.emit(t, end)
		return
	}
	outer := s.end
	k := q + len(quote)
	for k < end {
		switch {
		case s.src[k] == '\\' && !raw:
			k += 2
		case s.src[k] == '{' && k+1 < end && s.src[k+1] == '{', s.src[k] == '}' && k+1 < end && s.src[k+1] == '}':
			k += 2
		case s.src[k] == '{':
			s.emit(t, k)
			s.emit(chroma.LiteralStringInterpol, k+1)
			s.end = end
			inner := pyScanner{s: s, smartpy: p.smartpy}
			inner.run(true)
			// The format spec or conversion, up to the closing brace.
			close := s.pos
			for close < end && s.src[close] != '}' {
				close++
			}
			s.emit(chroma.LiteralStringInterpol, min(close+1, end))
			s.end = outer
			k = s.pos
		default:
			k++
		}
	}
	s.emit(t, end)
}
