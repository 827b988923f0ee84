package highlight

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
)

// Lexers for HTML (with the JavaScript of <script> and the CSS of <style> and style attributes
// highlighted as such), XML and CSS.

func newHTML() *scanLexer {
	return newScanLexer("HTML", []string{"html", "htm", "xhtml", "xml", "svg"}, func(s *scanner) { scanMarkup(s) })
}

func newCSS() *scanLexer {
	return newScanLexer("CSS", []string{"css"}, func(s *scanner) { (&cssScanner{s: s}).run() })
}

func scanMarkup(s *scanner) {
	for s.pos < s.end {
		start := s.pos
		switch c := s.src[s.pos]; {
		case s.hasPrefix("<!--"):
			s.emit(chroma.Comment, s.untilAfter(s.pos+4, "-->"))
		case s.hasPrefix("<![CDATA["):
			s.emit(chroma.CommentPreproc, s.pos+9)
			s.emit(chroma.Text, s.index(s.pos, "]]>"))
			if s.hasPrefix("]]>") {
				s.emit(chroma.CommentPreproc, s.pos+3)
			} else {
				s.emit(chroma.Text, s.end)
			}
		case c == '<' && (s.at(1) == '!' || s.at(1) == '?'):
			// <!DOCTYPE html>, <?xml version="1.0"?>
			end := s.pos + 2
			for end < s.end && s.src[end] != '>' {
				end++
			}
			s.emit(chroma.CommentPreproc, min(end+1, s.end))
		case c == '<' && (s.identStart(s.pos+1, "") || (s.at(1) == '/' && s.identStart(s.pos+2, ""))):
			name, opened := markupTag(s)
			if opened && (name == "script" || name == "style") {
				embedded(s, name)
			}
		case c == '&':
			end := s.pos + 1
			for end < s.end && end-s.pos < 32 && (isLetter(s.src[end]) || isDigit(s.src[end]) || s.src[end] == '#') {
				end++
			}
			if end < s.end && s.src[end] == ';' && end > s.pos+1 {
				s.emit(chroma.NameEntity, end+1)
			} else {
				s.emit(chroma.Text, s.pos+1)
			}
		default:
			end := s.pos + 1
			for end < s.end && s.src[end] != '<' && s.src[end] != '&' {
				end++
			}
			s.emit(chroma.Text, end)
		}
		s.ensureProgress(start)
	}
}

// markupTag scans a start or end tag at pos and returns its lower-case name and whether it is a
// start tag that does not close itself.
func markupTag(s *scanner) (name string, opened bool) {
	s.emit(chroma.Punctuation, s.pos+1)
	closing := s.at(0) == '/'
	if closing {
		s.emit(chroma.Punctuation, s.pos+1)
	}
	end := s.identEnd(s.pos, "-:.")
	name = strings.ToLower(s.src[s.pos:end])
	s.emit(chroma.NameTag, end)
	attr, afterEq := "", false
	for s.pos < s.end {
		start := s.pos
		switch c := s.src[s.pos]; {
		case isSpace(c):
			s.emit(chroma.Text, s.spaceEnd(s.pos, true))
		case c == '>':
			s.emit(chroma.Punctuation, s.pos+1)
			return name, !closing
		case c == '/' && s.at(1) == '>':
			s.emit(chroma.Punctuation, s.pos+2)
			return name, false
		case c == '=':
			s.emit(chroma.Operator, s.pos+1)
			afterEq = true
			continue
		case c == '"' || c == '\'':
			end := s.quoted(s.pos, false, true)
			if attr == "style" && end-s.pos >= 2 && s.src[end-1] == c {
				// An inline style: its declarations are CSS.
				s.emit(chroma.LiteralString, s.pos+1)
				outer := s.end
				s.end = end - 1
				(&cssScanner{s: s, depth: 1}).run()
				s.end = outer
				s.emit(chroma.LiteralString, end)
			} else {
				s.emit(chroma.LiteralString, end)
			}
		case s.identStart(s.pos, "@:[(#*") && !afterEq:
			end := s.identEnd(s.pos, "-:.@[]()#*")
			attr = strings.ToLower(s.src[s.pos:end])
			s.emit(chroma.NameAttribute, end)
		default:
			end := s.pos + 1
			for end < s.end && !isSpace(s.src[end]) && !indexByte(">\"'=", s.src[end]) {
				end++
			}
			s.emit(chroma.LiteralString, end) // an unquoted value
		}
		if !isSpace(s.src[start]) {
			afterEq = false
		}
		s.ensureProgress(start)
	}
	return name, false
}

// embedded scans the body of a <script> or <style> element, up to its end tag, with the JavaScript
// or CSS lexer.
func embedded(s *scanner, name string) {
	stop := s.pos
	for {
		i := s.index(stop, "</")
		if i < 0 {
			stop = s.end
			break
		}
		if strings.EqualFold(s.src[i+2:min(i+2+len(name), s.end)], name) {
			stop = i
			break
		}
		stop = i + 2
	}
	outer := s.end
	s.end = stop
	if name == "script" {
		(&jsScanner{s: s}).run(false)
	} else {
		(&cssScanner{s: s}).run()
	}
	s.end = outer
}

// cssAtGroups are the at-rules whose block holds rules rather than declarations.
var cssAtGroups = map[string]bool{"@media": true, "@supports": true, "@layer": true, "@container": true,
	"@document": true, "@scope": true, "@starting-style": true}

type cssScanner struct {
	s *scanner
	// depth counts open blocks; blocks[i] tells whether block i holds declarations.
	depth  int
	blocks []bool
	// prelude is set while an at-rule's prelude is read (@import url(…); @media (…) {), group when
	// that at-rule groups rules (@media, @supports…).
	prelude, group bool
}

// inDeclarations reports whether pos is inside a block of declarations (as opposed to the top level
// or a @media block, which hold selectors). An inline style attribute starts at depth 1 with no block
// recorded: declarations.
func (c *cssScanner) inDeclarations() bool {
	if c.depth == 0 {
		return false
	}
	if len(c.blocks) < c.depth {
		return true
	}
	return c.blocks[c.depth-1]
}

func (c *cssScanner) run() {
	s := c.s
	for s.pos < s.end {
		start := s.pos
		ch := s.src[s.pos]
		switch {
		case isSpace(ch):
			s.emit(chroma.Text, s.spaceEnd(s.pos, true))
		case s.hasPrefix("/*"):
			s.emit(chroma.CommentMultiline, s.untilAfter(s.pos+2, "*/"))
		case ch == '"' || ch == '\'':
			t := chroma.LiteralStringDouble
			if ch == '\'' {
				t = chroma.LiteralStringSingle
			}
			s.emit(t, s.quoted(s.pos, true, false))
		case ch == '{':
			s.emit(chroma.Punctuation, s.pos+1)
			c.blocks = append(c.blocks[:min(c.depth, len(c.blocks))], !c.group)
			c.depth++
			c.group, c.prelude = false, false
		case ch == '}':
			s.emit(chroma.Punctuation, s.pos+1)
			c.depth = max(c.depth-1, 0)
		case ch == '@' && s.identStart(s.pos+1, "-"):
			end := s.identEnd(s.pos+1, "-")
			c.group = cssAtGroups[strings.ToLower(s.src[s.pos:end])]
			c.prelude = true
			s.emit(chroma.Keyword, end)
		case c.inDeclarations() && !c.nestedRule():
			c.declaration()
		default:
			c.selector()
		}
		s.ensureProgress(start)
	}
}

// nestedRule reports whether the text at pos, inside a declaration block, is a nested rule (its
// selector is followed by '{' before any ';' or '}') rather than a declaration.
func (c *cssScanner) nestedRule() bool {
	s := c.s
	for i := s.pos; i < s.end; i++ {
		switch s.src[i] {
		case '{':
			return true
		case ';', '}':
			return false
		case '"', '\'':
			i = s.quoted(i, true, false) - 1
		}
	}
	return false
}

// selector scans one token of a selector or an at-rule prelude.
func (c *cssScanner) selector() {
	s := c.s
	switch ch := s.src[s.pos]; {
	case ch == '.' && s.identStart(s.pos+1, "-"):
		s.emit(chroma.NameClass, s.identEnd(s.pos+1, "-"))
	case ch == '#' && s.identStart(s.pos+1, "-"):
		s.emit(chroma.NameNamespace, s.identEnd(s.pos+1, "-"))
	case ch == ':' && c.prelude:
		s.emit(chroma.Punctuation, s.pos+1) // (max-width: 600px)
	case ch == ':':
		end := s.pos + 1
		if s.byteAt(end) == ':' {
			end++
		}
		s.emit(chroma.NameDecorator, s.identEnd(end, "-"))
	case ch == '[':
		end := s.bracketEnd(s.pos, false)
		if end == 0 {
			end = s.lineEnd(s.pos)
		}
		s.emit(chroma.NameAttribute, end)
	case isDigit(ch):
		c.number()
	case s.identStart(s.pos, "-_"):
		end := s.identEnd(s.pos, "-")
		switch {
		case c.prelude && s.byteAt(end) == '(':
			s.emit(chroma.NameFunction, end) // url(…), supports(…)
		case c.prelude || c.depth > 0 && c.inDeclarations():
			s.emit(chroma.Name, end) // a media feature or keyword, a keyframe, a nested selector's name
		default:
			s.emit(chroma.NameTag, end)
		}
	case indexByte(">+~,*&|()", ch):
		s.emit(chroma.Operator, s.pos+1)
	case ch == ';':
		s.emit(chroma.Punctuation, s.pos+1)
		c.prelude, c.group = false, false
	default:
		s.other(chroma.Text)
	}
}

// declaration scans "property: value;" up to and including its ';' (or up to the block's '}').
func (c *cssScanner) declaration() {
	s := c.s
	if s.identStart(s.pos, "-_") {
		end := s.identEnd(s.pos, "-")
		t := chroma.NameProperty
		if strings.HasPrefix(s.src[s.pos:end], "--") {
			t = chroma.NameVariable // a custom property
		}
		s.emit(t, end)
	}
	for s.pos < s.end {
		start := s.pos
		switch ch := s.src[s.pos]; {
		case ch == ';':
			s.emit(chroma.Punctuation, s.pos+1)
			return
		case ch == '}' || ch == '{':
			return
		case isSpace(ch):
			s.emit(chroma.Text, s.spaceEnd(s.pos, true))
		case s.hasPrefix("/*"):
			s.emit(chroma.CommentMultiline, s.untilAfter(s.pos+2, "*/"))
		case ch == ':' || ch == ',' || ch == '(' || ch == ')':
			s.emit(chroma.Punctuation, s.pos+1)
		case ch == '"' || ch == '\'':
			s.emit(chroma.LiteralString, s.quoted(s.pos, true, false))
		case ch == '#' && isHex(s.at(1)):
			s.emit(chroma.LiteralNumberHex, s.identEnd(s.pos+1, ""))
		case ch == '!' && s.identStart(s.pos+1, ""):
			s.emit(chroma.Keyword, s.identEnd(s.pos+1, "")) // !important
		case isDigit(ch) || ((ch == '.' || ch == '-' || ch == '+') && (isDigit(s.at(1)) || s.at(1) == '.' && isDigit(s.at(2)))):
			c.number()
		case ch == '-' && !s.identStart(s.pos+1, "-"):
			s.emit(chroma.Operator, s.pos+1) // calc(100% - 2em)
		case s.identStart(s.pos, "-_"):
			end := s.identEnd(s.pos, "-")
			switch {
			case s.byteAt(end) == '(':
				s.emit(chroma.NameFunction, end) // var(), rgb(), calc()
			case strings.HasPrefix(s.src[s.pos:end], "--"):
				s.emit(chroma.NameVariable, end)
			default:
				s.emit(chroma.Name, end)
			}
		case indexByte("+-*/=<>", ch):
			s.emit(chroma.Operator, s.pos+1)
		default:
			s.other(chroma.Text)
		}
		s.ensureProgress(start)
	}
}

// number scans a number with its unit or percent sign: 12px, 1.5rem, -3deg, 50%.
func (c *cssScanner) number() {
	s := c.s
	i := s.pos
	if s.src[i] == '-' || s.src[i] == '+' {
		i++
	}
	end, t := s.number(i)
	if end < s.end && s.src[end] == '%' {
		end++
	} else {
		end = s.identEnd(end, "")
	}
	s.emit(t, end)
}
