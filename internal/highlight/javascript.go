package highlight

import (
	"github.com/alecthomas/chroma/v2"
)

// jsWords classifies JavaScript and TypeScript identifiers. Contextual keywords (jsContextual) are
// only keywords where an identifier could not stand, see jsScanner.word.
var jsWords = words{}.
	add(chroma.KeywordDeclaration, "var", "let", "const", "function", "class", "interface", "type", "enum",
		"namespace", "module", "declare", "abstract").
	add(chroma.Keyword, "if", "else", "for", "while", "do", "switch", "case", "default", "break", "continue",
		"return", "throw", "try", "catch", "finally", "new", "delete", "typeof", "instanceof", "in", "of",
		"yield", "await", "async", "import", "export", "from", "as", "extends", "implements", "static",
		"public", "private", "protected", "readonly", "get", "set", "keyof", "infer", "is", "satisfies",
		"with", "debugger", "this", "super", "override", "accessor", "asserts", "unique", "out").
	add(chroma.KeywordConstant, "true", "false", "null", "undefined", "NaN", "Infinity").
	add(chroma.KeywordType, "string", "number", "boolean", "any", "unknown", "never", "void", "object",
		"bigint", "symbol").
	add(chroma.NameBuiltin, "console", "JSON", "Math", "Promise", "Array", "Object", "Number", "String",
		"BigInt", "Map", "Set", "WeakMap", "Error", "TypeError", "process", "window", "document",
		"globalThis", "Date", "RegExp", "Symbol", "Buffer", "Uint8Array", "require", "Record", "Partial",
		"Readonly", "ReturnType", "Awaited")

// jsContextual are keywords that are also common property and variable names.
var jsContextual = map[string]bool{
	"type": true, "declare": true, "namespace": true, "module": true, "abstract": true, "async": true,
	"from": true, "as": true, "of": true, "get": true, "set": true, "is": true, "keyof": true,
	"infer": true, "satisfies": true, "readonly": true, "static": true, "public": true, "private": true,
	"protected": true, "override": true, "accessor": true, "asserts": true, "unique": true, "out": true,
	"interface": true, "enum": true, "default": true,
}

// jsExprKeywords end an expression, so a following '/' divides instead of starting a regex.
var jsExprKeywords = map[string]bool{"this": true, "super": true, "true": true, "false": true,
	"null": true, "undefined": true, "NaN": true, "Infinity": true}

// jsNamesNext are keywords after which the next identifier is the name of a class or type.
var jsNamesNext = map[string]chroma.TokenType{
	"class": chroma.NameClass, "interface": chroma.NameClass, "type": chroma.NameClass,
	"enum": chroma.NameClass, "extends": chroma.NameClass, "implements": chroma.NameClass,
	"new": chroma.NameClass, "namespace": chroma.NameNamespace, "function": chroma.NameFunction,
}

// newJS returns a JavaScript or TypeScript lexer; with jsx, elements such as <div className="x">
// are read where an expression may start (JavaScript and TSX; plain TypeScript has <T> casts).
func newJS(name string, jsx bool, aliases ...string) *scanLexer {
	return newScanLexer(name, aliases, func(s *scanner) { (&jsScanner{s: s, jsx: jsx}).run(false) })
}

// maxJSXDepth bounds the nesting of JSX elements followed; deeper markup is shown as plain text.
const maxJSXDepth = 64

type jsScanner struct {
	s     *scanner
	jsx   bool
	depth int // JSX elements open around this scanner
	// exprEnd is set when the last token ended an expression: a '/' after it divides, otherwise it
	// starts a regular expression literal.
	exprEnd bool
	// afterDot is set right after '.' or '?.': the next identifier is a property, never a keyword.
	afterDot bool
	// nameNext is the type for the next identifier after class, function and the like (0 if none).
	nameNext chroma.TokenType
}

// run scans until the end, or, when nested (inside a template literal's ${…}), until the '}' that
// closes the substitution, which it leaves unconsumed.
func (j *jsScanner) run(nested bool) {
	s := j.s
	depth := 0
	for s.pos < s.end {
		start := s.pos
		c := s.src[s.pos]
		afterDot := j.afterDot
		j.afterDot = false
		switch {
		case isSpace(c):
			s.emit(chroma.Text, s.spaceEnd(s.pos, true))
			j.afterDot = afterDot
		case c == '/' && s.at(1) == '/':
			s.emit(chroma.CommentSingle, s.lineEnd(s.pos))
			j.afterDot = afterDot
		case c == '/' && s.at(1) == '*':
			s.emit(chroma.CommentMultiline, s.untilAfter(s.pos+2, "*/"))
			j.afterDot = afterDot
		case c == '#' && s.at(1) == '!' && s.pos == 0:
			s.emit(chroma.CommentHashbang, s.lineEnd(s.pos))
		case c == '/':
			if end := j.regexEnd(); !j.exprEnd && end > 0 {
				s.emit(chroma.LiteralStringRegex, end)
				j.exprEnd = true
			} else {
				end := s.pos + 1
				if s.at(1) == '=' {
					end++
				}
				s.emit(chroma.Operator, end)
				j.exprEnd = false
			}
		case c == '\'':
			s.emit(chroma.LiteralStringSingle, s.quoted(s.pos, true, false))
			j.exprEnd = true
		case c == '"':
			s.emit(chroma.LiteralStringDouble, s.quoted(s.pos, true, false))
			j.exprEnd = true
		case c == '`':
			j.template()
			j.exprEnd = true
		case isDigit(c) || (c == '.' && isDigit(s.at(1))):
			end, t := s.number(s.pos, "n")
			s.emit(t, s.identEnd(end, "$")) // 1px-like junk stays one token
			j.exprEnd = true
		case c == '@' && s.identStart(s.pos+1, "$"):
			end := s.pos + 1
			for {
				end = s.identEnd(end, "$")
				if end+1 < s.end && s.src[end] == '.' && s.identStart(end+1, "$") {
					end++
					continue
				}
				break
			}
			s.emit(chroma.NameDecorator, end)
			j.exprEnd = false
		case c == '#' && s.identStart(s.pos+1, "$"):
			s.emit(chroma.NameOther, s.identEnd(s.pos+1, "$"))
			j.exprEnd = true
		case s.identStart(s.pos, "$"):
			j.word(afterDot)
		case c == '{':
			depth++
			s.emit(chroma.Punctuation, s.pos+1)
			j.exprEnd = false
		case c == '}':
			if nested && depth == 0 {
				return
			}
			depth--
			s.emit(chroma.Punctuation, s.pos+1)
			j.exprEnd = true
		case c == ')' || c == ']':
			s.emit(chroma.Punctuation, s.pos+1)
			j.exprEnd = true
		case c == '(' || c == '[' || c == ';' || c == ',':
			s.emit(chroma.Punctuation, s.pos+1)
			j.exprEnd = false
		case c == '.':
			if s.hasPrefix("...") {
				s.emit(chroma.Punctuation, s.pos+3)
				j.exprEnd = false
				break
			}
			s.emit(chroma.Punctuation, s.pos+1)
			j.afterDot = true
		case c == '?' && s.at(1) == '.' && !isDigit(s.at(2)):
			s.emit(chroma.Operator, s.pos+2)
			j.afterDot = true
		case c == '<' && j.jsx && !j.exprEnd && j.depth < maxJSXDepth && (s.identStart(s.pos+1, "") || s.at(1) == '>'):
			j.element()
			j.exprEnd = true
		case indexByte("+-*%=<>!&|^~?:", c):
			end := s.pos + 1
			for end < s.end && indexByte("+-*%=<>!&|^~?:", s.src[end]) {
				end++
			}
			if end == s.pos+1 && c == ':' {
				s.emit(chroma.Punctuation, end)
			} else {
				s.emit(chroma.Operator, end)
			}
			j.exprEnd = false
		default:
			s.other(chroma.Text)
		}
		s.ensureProgress(start)
	}
}

// word scans an identifier or keyword.
func (j *jsScanner) word(afterDot bool) {
	s := j.s
	start := s.pos
	end := s.identEnd(start, "$")
	w := s.src[start:end]
	next := s.byteAt(s.spaceEnd(end, false))
	nameNext := j.nameNext
	j.nameNext = 0

	t, known := jsWords[w]
	if known && (afterDot || (jsContextual[w] && indexByte(":,)=.;]}?(", next) && !(next == '=' && s.byteAt(s.spaceEnd(end, false)+1) == '>'))) {
		// A property (x.type), an object key (type: 1) or a plain variable named like a keyword.
		known = false
	}
	if known && t == chroma.NameBuiltin {
		s.emit(t, end)
		j.exprEnd = true
		return
	}
	if known {
		s.emit(t, end)
		j.exprEnd = jsExprKeywords[w]
		if nt, ok := jsNamesNext[w]; ok {
			j.nameNext = nt
		}
		return
	}
	switch {
	case nameNext != 0:
		s.emit(nameNext, end)
	case next == '(' || (next == '<' && j.typeArgsThenCall(s.spaceEnd(end, false))):
		s.emit(chroma.NameFunction, end)
	default:
		s.emit(chroma.NameOther, end)
	}
	j.exprEnd = true
}

// typeArgsThenCall reports whether type arguments start at i ('<') and a call follows them, as in
// useState<number>(0): the name before them is a function.
func (j *jsScanner) typeArgsThenCall(i int) bool {
	s := j.s
	depth := 0
	for ; i < s.end; i++ {
		switch c := s.src[i]; {
		case c == '<':
			depth++
		case c == '>':
			depth--
			if depth == 0 {
				return s.byteAt(i+1) == '('
			}
		case c == '\n' || !(isLetter(c) || isDigit(c) || c >= 0x80 || indexByte(" \t_$.,[]|&{}:;?'\"", c)):
			return false
		}
	}
	return false
}

// regexEnd returns the end of a regular expression literal starting at pos ('/'), flags included,
// or 0 when none closes on this line.
func (j *jsScanner) regexEnd() int {
	s := j.s
	inClass := false
	for i := s.pos + 1; i < s.end; i++ {
		switch s.src[i] {
		case '\\':
			i++
		case '\n':
			return 0
		case '[':
			inClass = true
		case ']':
			inClass = false
		case '/':
			if inClass {
				continue
			}
			if i == s.pos+1 {
				return 0 // "//" is a comment, handled before
			}
			return s.identEnd(i+1, "")
		}
	}
	return 0
}

// template scans a template literal, highlighting each ${…} substitution as code.
func (j *jsScanner) template() {
	s := j.s
	i := s.pos + 1
	for i < s.end {
		switch s.src[i] {
		case '\\':
			i += 2
			continue
		case '`':
			s.emit(chroma.LiteralStringBacktick, i+1)
			return
		case '$':
			if i+1 < s.end && s.src[i+1] == '{' {
				s.emit(chroma.LiteralStringBacktick, i)
				s.emit(chroma.LiteralStringInterpol, i+2)
				inner := jsScanner{s: s, jsx: j.jsx, depth: j.depth}
				inner.run(true)
				if s.pos < s.end { // at the closing '}'
					s.emit(chroma.LiteralStringInterpol, s.pos+1)
				}
				i = s.pos
				continue
			}
		}
		i++
	}
	s.emit(chroma.LiteralStringBacktick, min(i, s.end))
}

// element scans a JSX element at pos ('<'): its tag, attributes and, unless it closes itself, its
// children up to the matching closing tag. Text children are plain; {…} children and attribute
// values are scanned as code.
func (j *jsScanner) element() {
	s := j.s
	if !j.tag() {
		return // self-closing, or the input ended inside the tag
	}
	for s.pos < s.end {
		switch c := s.src[s.pos]; {
		case c == '<' && s.at(1) == '/':
			j.tag() // the closing tag
			return
		case c == '<' && j.depth+1 < maxJSXDepth && (s.identStart(s.pos+1, "") || s.at(1) == '>'):
			inner := jsScanner{s: s, jsx: true, depth: j.depth + 1}
			inner.element()
		case c == '{':
			j.expression()
		default:
			end := s.pos + 1
			for end < s.end && s.src[end] != '<' && s.src[end] != '{' {
				end++
			}
			s.emit(chroma.Text, end)
		}
	}
}

// tag scans an opening, closing or self-closing tag at pos ('<'). It reports whether an opening tag
// was read, which then has children.
func (j *jsScanner) tag() (opened bool) {
	s := j.s
	s.emit(chroma.Punctuation, s.pos+1)
	closing := s.at(0) == '/'
	if closing {
		s.emit(chroma.Punctuation, s.pos+1)
	}
	s.emit(chroma.Text, s.spaceEnd(s.pos, true))
	if s.identStart(s.pos, "") {
		s.emit(chroma.NameTag, s.identEnd(s.pos, "$-.:"))
	}
	for s.pos < s.end {
		start := s.pos
		switch c := s.src[s.pos]; {
		case isSpace(c):
			s.emit(chroma.Text, s.spaceEnd(s.pos, true))
		case c == '>':
			s.emit(chroma.Punctuation, s.pos+1)
			return !closing
		case c == '/' && s.at(1) == '>':
			s.emit(chroma.Punctuation, s.pos+2)
			return false
		case c == '{':
			j.expression()
		case c == '=':
			s.emit(chroma.Operator, s.pos+1)
		case c == '"' || c == '\'':
			s.emit(chroma.LiteralString, s.quoted(s.pos, false, true))
		case s.identStart(s.pos, ""):
			s.emit(chroma.NameAttribute, s.identEnd(s.pos, "$-:"))
		default:
			s.other(chroma.Text)
		}
		s.ensureProgress(start)
	}
	return false
}

// expression scans a {…} container inside JSX as code.
func (j *jsScanner) expression() {
	s := j.s
	s.emit(chroma.Punctuation, s.pos+1)
	inner := jsScanner{s: s, jsx: true, depth: j.depth + 1}
	inner.run(true)
	if s.pos < s.end {
		s.emit(chroma.Punctuation, s.pos+1) // the closing '}'
	}
}
