package highlight

import (
	"github.com/alecthomas/chroma/v2"
)

var csWords = words{}.
	add(chroma.KeywordDeclaration, "class", "struct", "interface", "enum", "record", "delegate", "event").
	add(chroma.KeywordNamespace, "using", "namespace").
	add(chroma.Keyword, "abstract", "as", "base", "break", "case", "catch", "checked", "const", "continue",
		"default", "do", "else", "explicit", "extern", "finally", "fixed", "for", "foreach", "goto", "if",
		"implicit", "in", "is", "lock", "new", "operator", "out", "override", "params", "private",
		"protected", "public", "internal", "readonly", "ref", "return", "sealed", "sizeof", "stackalloc",
		"static", "switch", "this", "throw", "try", "typeof", "unchecked", "unsafe", "virtual", "volatile",
		"while", "async", "await", "get", "set", "init", "yield", "where", "when", "partial", "with",
		"nameof", "required", "not", "and", "or").
	add(chroma.KeywordType, "bool", "byte", "sbyte", "char", "decimal", "double", "float", "int", "uint",
		"long", "ulong", "short", "ushort", "object", "string", "void", "var", "dynamic", "nint", "nuint").
	add(chroma.KeywordConstant, "true", "false", "null")

// csNamesNext are keywords after which the next identifier is a type name.
var csNamesNext = map[string]bool{"class": true, "struct": true, "interface": true, "enum": true,
	"record": true, "new": true}

// csNumberSuffixes are the type suffixes of C# number literals, longest first.
var csNumberSuffixes = []string{"UL", "Ul", "uL", "ul", "LU", "Lu", "lU", "lu", "u", "U", "l", "L", "m", "M",
	"f", "F", "d", "D"}

func newCSharp() *scanLexer {
	return newScanLexer("C#", []string{"csharp", "cs", "c#"}, func(s *scanner) { (&csScanner{s: s}).run(false) })
}

type csScanner struct {
	s *scanner
	// lineStart is set until the first token of a line: attributes and directives start lines.
	lineStart bool
	// classNext is set after class, new and the like: the next identifier names a type.
	classNext bool
	// namespace is set after using and namespace: dotted names that follow are namespaces.
	namespace bool
	// decl is set in a type declaration's header (class X<T> : Base where …), up to its '{', ';'
	// or '('; bases is set in its base list, after the ':', where names are types.
	decl, bases bool
}

// run scans until the end or, when nested (inside an interpolated string's {…}), until a '}' or a
// format ':' at bracket depth 0, which it leaves unconsumed.
func (c *csScanner) run(nested bool) {
	s := c.s
	depth := 0
	c.lineStart = !nested
	for s.pos < s.end {
		start := s.pos
		ch := s.src[s.pos]
		lineStart := c.lineStart
		if !isSpace(ch) {
			c.lineStart = false
		}
		classNext, namespace := c.classNext, c.namespace
		c.classNext, c.namespace = false, false
		switch {
		case ch == '\n':
			s.emit(chroma.Text, s.pos+1)
			c.lineStart = !nested
			c.classNext = classNext
		case isSpace(ch):
			s.emit(chroma.Text, s.spaceEnd(s.pos, false))
			c.classNext, c.namespace = classNext, namespace
		case ch == '/' && s.at(1) == '/':
			t := chroma.CommentSingle
			if s.at(2) == '/' && s.at(3) != '/' {
				t = chroma.CommentSpecial // XML doc comment
			}
			s.emit(t, s.lineEnd(s.pos))
			c.classNext, c.namespace = classNext, namespace
		case ch == '/' && s.at(1) == '*':
			s.emit(chroma.CommentMultiline, s.untilAfter(s.pos+2, "*/"))
			c.classNext, c.namespace = classNext, namespace
		case ch == '#' && lineStart:
			s.emit(chroma.CommentPreproc, s.lineEnd(s.pos))
		case ch == '[' && lineStart && s.identStart(s.pos+1, ""):
			if end := s.bracketEnd(s.pos, false); end > 0 { // an attribute list, closed on its line
				s.emit(chroma.NameDecorator, end)
				c.lineStart = true // [A][B] and [A] [B]: each list is an attribute
			} else {
				depth++
				s.emit(chroma.Punctuation, s.pos+1)
			}
		case ch == '"' || ((ch == '$' || ch == '@') && (s.at(1) == '"' || ((s.at(1) == '$' || s.at(1) == '@') && s.at(1) != ch && s.at(2) == '"'))):
			c.str()
		case ch == '\'':
			s.emit(chroma.LiteralStringChar, s.quoted(s.pos, true, false))
		case isDigit(ch) || (ch == '.' && isDigit(s.at(1))):
			end, t := s.number(s.pos, csNumberSuffixes...)
			if t == chroma.LiteralNumberInteger && end > s.pos && indexByte("mMfFdD", s.src[end-1]) {
				t = chroma.LiteralNumberFloat // 1m, 2f, 3d
			}
			s.emit(t, s.identEnd(end, ""))
		case ch == '@' && s.identStart(s.pos+1, ""):
			s.emit(chroma.Name, s.identEnd(s.pos+1, "")) // @class: a verbatim identifier
		case s.identStart(s.pos, ""):
			c.word(classNext, namespace)
		case nested && depth == 0 && (ch == '}' || ch == ':'):
			return
		case ch == '(' || ch == '[' || ch == '{':
			if ch != '[' {
				c.decl, c.bases = false, false
			}
			depth++
			s.emit(chroma.Punctuation, s.pos+1)
		case ch == ')' || ch == ']' || ch == '}':
			depth--
			s.emit(chroma.Punctuation, s.pos+1)
		case ch == '.':
			s.emit(chroma.Punctuation, s.pos+1)
			c.namespace = namespace
		case ch == ';' || ch == ',':
			if ch == ';' {
				c.decl, c.bases = false, false
			}
			s.emit(chroma.Punctuation, s.pos+1)
		case indexByte("+-*/%=<>!&|^~?:", ch):
			end := s.pos + 1
			for end < s.end && indexByte("+-*%=<>!&|^~?:", s.src[end]) {
				end++
			}
			if end == s.pos+1 && ch == ':' {
				s.emit(chroma.Punctuation, end)
				c.bases = c.decl
			} else {
				s.emit(chroma.Operator, end)
			}
		default:
			s.other(chroma.Text)
		}
		s.ensureProgress(start)
	}
}

// word scans an identifier or keyword.
func (c *csScanner) word(classNext, namespace bool) {
	s := c.s
	end := s.identEnd(s.pos, "")
	w := s.src[s.pos:end]
	if t, ok := csWords[w]; ok {
		s.emit(t, end)
		switch {
		case csNamesNext[w]:
			c.classNext = true
			c.decl = c.decl || w != "new"
		case w == "using" || w == "namespace" || (w == "static" && namespace):
			c.namespace = true
		case w == "where":
			c.bases = false
		}
		return
	}
	switch {
	case namespace:
		s.emit(chroma.NameNamespace, end)
		c.namespace = true
	case classNext || c.bases:
		s.emit(chroma.NameClass, end)
	case s.byteAt(s.spaceEnd(end, false)) == '(' || s.byteAt(s.spaceEnd(c.typeArgsEnd(end), false)) == '(':
		s.emit(chroma.NameFunction, end) // F(…) and F<T>(…)
	default:
		s.emit(chroma.Name, end)
	}
}

// typeArgsEnd returns the end of the type argument list (<int, List<string>>) at i, or i when there
// is none on this line.
func (c *csScanner) typeArgsEnd(i int) int {
	s := c.s
	if s.byteAt(i) != '<' {
		return i
	}
	depth := 0
	for j := i; j < s.end && j-i < 200; j++ { // long lists are not worth a quadratic rescan
		switch ch := s.src[j]; {
		case ch == '<':
			depth++
		case ch == '>':
			depth--
			if depth == 0 {
				return j + 1
			}
		case ch == ',' || ch == '.' || ch == ' ' || ch == '?' || ch == '[' || ch == ']' || ch == '_' || isLetter(ch) || isDigit(ch):
		default:
			return i
		}
	}
	return i
}

// str scans a string at pos with its prefixes: "…", verbatim @"…" (where "" is a quote and lines may
// break), interpolated $"…{expr}…" and $@"…", and raw """…""".
func (c *csScanner) str() {
	s := c.s
	interp, verbatim := false, false
	for s.src[s.pos] != '"' {
		interp = interp || s.src[s.pos] == '$'
		verbatim = verbatim || s.src[s.pos] == '@'
		s.emit(chroma.LiteralStringAffix, s.pos+1)
	}
	if s.hasPrefix(`"""`) {
		n := 3
		for s.at(n) == '"' {
			n++
		}
		closing := `""""""""""""""""`[:min(n, 16)]
		s.emit(chroma.LiteralString, s.untilAfter(s.pos+n, closing))
		return
	}
	i := s.pos + 1
	for i < s.end {
		switch ch := s.src[i]; {
		case ch == '\\' && !verbatim:
			if i+1 < s.end && s.src[i+1] != '\n' {
				i++
			}
		case ch == '"':
			if verbatim && i+1 < s.end && s.src[i+1] == '"' {
				i++
				break
			}
			s.emit(chroma.LiteralString, i+1)
			return
		case ch == '\n' && !verbatim:
			s.emit(chroma.LiteralString, i)
			return
		case interp && (ch == '{' || ch == '}') && i+1 < s.end && s.src[i+1] == ch:
			i++ // {{ and }} are literal braces
		case interp && ch == '{':
			s.emit(chroma.LiteralString, i)
			s.emit(chroma.LiteralStringInterpol, i+1)
			(&csScanner{s: s}).run(true)
			if s.pos < s.end && s.src[s.pos] == ':' {
				// A format specifier: {amount:N2}.
				j := s.pos
				for j < s.end && s.src[j] != '}' && s.src[j] != '"' && s.src[j] != '\n' {
					j++
				}
				s.emit(chroma.LiteralStringInterpol, j)
			}
			if s.pos < s.end && s.src[s.pos] == '}' {
				s.emit(chroma.LiteralStringInterpol, s.pos+1)
			}
			i = s.pos
			continue
		}
		i++
	}
	s.emit(chroma.LiteralString, s.end)
}
