package highlight

import (
	"github.com/alecthomas/chroma/v2"
)

// Lexers for the data formats: JSON (with the comments of JSONC and the single quotes and bare keys
// of JSON5), YAML and TOML. Keys are NameTag in all three, the class the theme colours for keys.

// dataKey is the token type of mapping keys in JSON, YAML and TOML.
const dataKey = chroma.NameTag

func newJSON() *scanLexer {
	return newScanLexer("JSON", []string{"json", "jsonc", "json5"}, scanJSON)
}

func scanJSON(s *scanner) {
	for s.pos < s.end {
		start := s.pos
		c := s.src[s.pos]
		switch {
		case isSpace(c):
			s.emit(chroma.Text, s.spaceEnd(s.pos, true))
		case c == '/' && s.at(1) == '/':
			s.emit(chroma.CommentSingle, s.lineEnd(s.pos))
		case c == '/' && s.at(1) == '*':
			s.emit(chroma.CommentMultiline, s.untilAfter(s.pos+2, "*/"))
		case c == '"' || c == '\'':
			end := s.quoted(s.pos, true, false)
			t := chroma.LiteralStringDouble
			if c == '\'' {
				t = chroma.LiteralStringSingle
			}
			if s.byteAt(s.spaceEnd(end, true)) == ':' {
				t = dataKey
			}
			s.emit(t, end)
		case isDigit(c) || (c == '.' && isDigit(s.at(1))) || ((c == '-' || c == '+') && (isDigit(s.at(1)) || s.at(1) == '.')):
			i := s.pos
			if c == '-' || c == '+' {
				i++
			}
			if !isDigit(s.byteAt(i)) && !isDigit(s.byteAt(i+1)) {
				s.emit(chroma.Operator, i) // a lone sign
				break
			}
			end, t := s.number(i)
			s.emit(t, s.identEnd(end, ""))
		case s.identStart(s.pos, "$"):
			end := s.identEnd(s.pos, "$")
			switch w := s.src[s.pos:end]; {
			case s.byteAt(s.spaceEnd(end, true)) == ':':
				s.emit(dataKey, end) // a JSON5 bare key
			case w == "true" || w == "false" || w == "null":
				s.emit(chroma.KeywordConstant, end)
			case w == "Infinity" || w == "NaN":
				s.emit(chroma.LiteralNumberFloat, end)
			default:
				s.emit(chroma.Name, end)
			}
		case indexByte("{}[],:", c):
			s.emit(chroma.Punctuation, s.pos+1)
		default:
			s.other(chroma.Text)
		}
		s.ensureProgress(start)
	}
}

// scalarType classifies a plain YAML scalar or a bare TOML value src[i:j]: numbers, booleans and
// null become literals and constants when the whole scalar is one; ok is false otherwise.
func (s *scanner) scalarType(i, j int, yaml bool) (chroma.TokenType, bool) {
	switch w := s.src[i:j]; w {
	case "true", "false":
		return chroma.KeywordConstant, true
	case "True", "TRUE", "False", "FALSE", "null", "Null", "NULL", "~", "yes", "Yes", "YES", "no", "No", "NO",
		"on", "On", "ON", "off", "Off", "OFF":
		return chroma.KeywordConstant, yaml
	}
	k := i
	if c := s.src[k]; c == '-' || c == '+' {
		k++
	}
	if k >= j {
		return 0, false
	}
	switch w := s.src[k:j]; w {
	case ".inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN":
		return chroma.LiteralNumberFloat, yaml
	case "inf", "nan":
		return chroma.LiteralNumberFloat, !yaml
	}
	if !isDigit(s.src[k]) && !(s.src[k] == '.' && k+1 < j && isDigit(s.src[k+1])) {
		return 0, false
	}
	saved := s.end
	s.end = j
	end, t := s.number(k)
	s.end = saved
	return t, end == j
}

func newYAML() *scanLexer {
	return newScanLexer("YAML", []string{"yaml", "yml"}, func(s *scanner) { (&yamlScanner{s: s, block: -1}).run() })
}

type yamlScanner struct {
	s *scanner
	// block is the indentation of the line that opened a block scalar (| or >), whose body is every
	// following line indented more; -1 outside one.
	block int
}

func (y *yamlScanner) run() {
	s := y.s
	for s.pos < s.end {
		start := s.pos
		y.line()
		if s.pos < s.end && s.src[s.pos] == '\n' {
			s.emit(chroma.Text, s.pos+1)
		}
		s.ensureProgress(start)
	}
}

// line scans one line from its start up to (not including) its "\n"; a multi-line quoted string or
// flow collection may carry it over further lines.
func (y *yamlScanner) line() {
	s := y.s
	lineStart := s.pos
	ind := s.spaceEnd(s.pos, false)
	indent := ind - lineStart
	if y.block >= 0 {
		if ind >= s.end || s.src[ind] == '\n' {
			s.emit(chroma.Text, ind) // blank lines belong to the block
			return
		}
		if indent > y.block {
			s.emit(chroma.Text, ind)
			s.emit(chroma.LiteralString, s.lineEnd(ind))
			return
		}
		y.block = -1
	}
	s.emit(chroma.Text, ind)
	if indent == 0 && (s.hasPrefix("---") || s.hasPrefix("...")) && (s.at(3) == 0 || isSpace(s.at(3))) {
		s.emit(chroma.Keyword, s.pos+3)
	} else if indent == 0 && s.at(0) == '%' {
		s.emit(chroma.CommentPreproc, s.lineEnd(s.pos))
		return
	}
	// Sequence entries ("- ") and complex-key markers ("? ", ": ") may stack up before the node.
	for s.pos < s.end && indexByte("-?:", s.src[s.pos]) && (s.at(1) == 0 || isSpace(s.at(1))) {
		s.emit(chroma.Punctuation, s.pos+1)
		s.emit(chroma.Text, s.spaceEnd(s.pos, false))
	}
	if end, colon, ok := y.key(); ok {
		s.emit(dataKey, end)
		s.emit(chroma.Text, colon)
		s.emit(chroma.Punctuation, colon+1)
	}
	y.value(indent)
	y.rest()
}

// key reports whether a mapping key starts at pos: a plain or quoted scalar followed on its line by
// ':' and a space or the line's end. It returns the key's end and the colon's index.
func (y *yamlScanner) key() (end, colon int, ok bool) {
	s := y.s
	if s.pos >= s.end {
		return 0, 0, false
	}
	c := s.src[s.pos]
	colonAt := func(j int) bool {
		return s.byteAt(j) == ':' && (j+1 >= s.end || isSpace(s.src[j+1]))
	}
	if c == '"' || c == '\'' {
		e := y.quotedEnd(s.pos, false)
		if j := s.spaceEnd(e, false); colonAt(j) {
			return e, j, true
		}
		return 0, 0, false
	}
	if isSpace(c) || indexByte("[]{}&*!|>%@`#,", c) {
		return 0, 0, false
	}
	for i := s.pos; i < s.end && s.src[i] != '\n'; i++ {
		if s.src[i] == '#' && isSpace(s.src[i-1]) {
			return 0, 0, false
		}
		if colonAt(i) {
			e := i
			for e > s.pos && (s.src[e-1] == ' ' || s.src[e-1] == '\t') {
				e--
			}
			return e, i, true
		}
	}
	return 0, 0, false
}

// quotedEnd returns the end of the quoted scalar at i: "…" with backslash escapes, or single-quoted
// where a doubled quote is a quote. Without multiline it stops at the line's end.
func (y *yamlScanner) quotedEnd(i int, multiline bool) int {
	s := y.s
	if s.src[i] == '"' {
		return s.quoted(i, true, multiline)
	}
	for {
		i = s.quoted(i, false, multiline)
		if i >= s.end || s.src[i] != '\'' || s.src[i-1] != '\'' {
			return i
		}
		// A doubled quote is an escaped one: the second starts the rest of the string.
	}
}

// valueQuotedEnd is quotedEnd for a value, which may span lines; when it is never closed it stops at
// its line's end rather than swallowing the rest of the document.
func (y *yamlScanner) valueQuotedEnd(i int) int {
	s := y.s
	end := y.quotedEnd(i, true)
	if end == s.end && (end-i < 2 || s.src[end-1] != s.src[i] || (s.src[i] == '"' && s.src[end-2] == '\\')) {
		return y.quotedEnd(i, false)
	}
	return end
}

// properties scans anchors (&a), aliases (*a) and tags (!t), with the spaces after them.
func (y *yamlScanner) properties() {
	s := y.s
	for s.pos < s.end {
		s.emit(chroma.Text, s.spaceEnd(s.pos, false))
		var t chroma.TokenType
		switch s.at(0) {
		case '&':
			t = chroma.NameLabel
		case '*':
			t = chroma.NameVariable
		case '!':
			t = chroma.KeywordType
		default:
			return
		}
		end := s.pos + 1
		for end < s.end && !isSpace(s.src[end]) && !indexByte(",[]{}", s.src[end]) {
			end++
		}
		s.emit(t, end)
	}
}

// value scans the node after a key or sequence marker on a line indented by indent.
func (y *yamlScanner) value(indent int) {
	s := y.s
	y.properties()
	if s.pos >= s.end {
		return
	}
	switch c := s.src[s.pos]; {
	case c == '|' || c == '>':
		end := s.pos + 1
		for end < s.end && (s.src[end] == '-' || s.src[end] == '+' || isDigit(s.src[end])) {
			end++
		}
		if end < s.end && !isSpace(s.src[end]) {
			y.plain()
			return
		}
		s.emit(chroma.Punctuation, end)
		y.block = indent
	case c == '"':
		s.emit(chroma.LiteralStringDouble, y.valueQuotedEnd(s.pos))
	case c == '\'':
		s.emit(chroma.LiteralStringSingle, y.valueQuotedEnd(s.pos))
	case c == '[' || c == '{':
		y.flow()
	case c == '#' || c == '\n':
	default:
		y.plain()
	}
}

// plain scans a plain scalar to the end of its line (a " #" starts a comment).
func (y *yamlScanner) plain() {
	s := y.s
	end := s.pos
	for i := s.pos; i < s.end && s.src[i] != '\n'; i++ {
		if s.src[i] == '#' && i > s.pos && isSpace(s.src[i-1]) {
			break
		}
		if !isSpace(s.src[i]) {
			end = i + 1
		}
	}
	y.scalar(end)
}

// scalar emits the plain scalar src[pos:end]: a literal or constant when it is one, else text.
func (y *yamlScanner) scalar(end int) {
	s := y.s
	if end <= s.pos {
		return
	}
	if t, ok := s.scalarType(s.pos, end, true); ok {
		s.emit(t, end)
		return
	}
	s.emit(chroma.Text, end)
}

// rest scans what follows a node on its line: spaces, a comment, or text no rule covers.
func (y *yamlScanner) rest() {
	s := y.s
	for s.pos < s.end && s.src[s.pos] != '\n' {
		start := s.pos
		if s.src[s.pos] == '#' && (s.pos == 0 || isSpace(s.src[s.pos-1])) {
			s.emit(chroma.CommentSingle, s.lineEnd(s.pos))
			return
		}
		if isSpace(s.src[s.pos]) {
			s.emit(chroma.Text, s.spaceEnd(s.pos, false))
		} else {
			end := s.pos
			for end < s.end && !isSpace(s.src[end]) {
				end++
			}
			s.emit(chroma.Text, end)
		}
		s.ensureProgress(start)
	}
}

// flow scans a flow collection ([a, b] or {k: v}), which may span lines, up to its closing bracket.
func (y *yamlScanner) flow() {
	s := y.s
	depth := 0
	for s.pos < s.end {
		start := s.pos
		c := s.src[s.pos]
		switch {
		case isSpace(c):
			s.emit(chroma.Text, s.spaceEnd(s.pos, true))
		case c == '#' && isSpace(s.byteAt(s.pos-1)):
			s.emit(chroma.CommentSingle, s.lineEnd(s.pos))
		case c == '[' || c == '{':
			depth++
			s.emit(chroma.Punctuation, s.pos+1)
		case c == ']' || c == '}':
			depth--
			s.emit(chroma.Punctuation, s.pos+1)
			if depth <= 0 {
				return
			}
		case c == ',' || c == ':':
			s.emit(chroma.Punctuation, s.pos+1)
		case c == '&' || c == '*' || c == '!':
			y.properties()
		case c == '"' || c == '\'':
			end := y.valueQuotedEnd(s.pos)
			t := chroma.LiteralStringDouble
			if c == '\'' {
				t = chroma.LiteralStringSingle
			}
			if s.byteAt(s.spaceEnd(end, false)) == ':' {
				t = dataKey
			}
			s.emit(t, end)
		default:
			// A plain scalar ends at a flow indicator, a ": " or a line's end.
			end, last := s.pos, s.pos
			for ; end < s.end && !indexByte(",[]{}\n", s.src[end]); end++ {
				if s.src[end] == ':' && (end+1 >= s.end || isSpace(s.src[end+1]) || indexByte(",[]{}", s.src[end+1])) {
					break
				}
				if !isSpace(s.src[end]) {
					last = end + 1
				}
			}
			if s.byteAt(end) == ':' && last > s.pos {
				s.emit(dataKey, last)
			} else {
				y.scalar(last)
			}
		}
		s.ensureProgress(start)
	}
}

func newTOML() *scanLexer {
	return newScanLexer("TOML", []string{"toml"}, func(s *scanner) { (&tomlScanner{s: s}).run() })
}

type tomlScanner struct {
	s     *scanner
	depth int // open brackets and braces of values: a '[' inside them is an array, never a header
}

func (t *tomlScanner) run() {
	s := t.s
	lineStart := true
	for s.pos < s.end {
		start := s.pos
		c := s.src[s.pos]
		first := lineStart
		lineStart = false
		switch {
		case c == '\n':
			s.emit(chroma.Text, s.pos+1)
			lineStart = true
		case isSpace(c):
			s.emit(chroma.Text, s.spaceEnd(s.pos, false))
			lineStart = first
		case c == '#':
			s.emit(chroma.CommentSingle, s.lineEnd(s.pos))
		case c == '[' && first && t.depth == 0:
			t.header()
		case t.keyEnd() > s.pos:
			t.key()
		case c == '"' || c == '\'':
			t.str()
		case c == '[' || c == '{':
			t.depth++
			s.emit(chroma.Punctuation, s.pos+1)
		case c == ']' || c == '}':
			t.depth = max(t.depth-1, 0)
			s.emit(chroma.Punctuation, s.pos+1)
		case c == ',':
			s.emit(chroma.Punctuation, s.pos+1)
		case c == '=':
			s.emit(chroma.Operator, s.pos+1)
		case isDigit(c) || c == '+' || c == '-' || isLetter(c) || c == '_':
			t.bare()
		default:
			s.other(chroma.Text)
		}
		s.ensureProgress(start)
	}
}

// header scans a [table] or [[array.of.tables]] header up to its closing bracket on the line.
func (t *tomlScanner) header() {
	s := t.s
	end := s.pos
	for i := s.pos; i < s.end && s.src[i] != '\n' && s.src[i] != '#'; i++ {
		switch s.src[i] {
		case '"', '\'':
			i = s.quoted(i, s.src[i] == '"', false) - 1
		case ']':
			end = i + 1
		}
	}
	if end == s.pos {
		end = s.lineEnd(s.pos) // unclosed: the line is the header
		for end > s.pos && isSpace(s.src[end-1]) {
			end--
		}
	}
	s.emit(chroma.NameClass, end)
}

// keyEnd returns the end of the (dotted) key at pos when an '=' follows it, or pos when none does.
func (t *tomlScanner) keyEnd() int {
	s := t.s
	i := s.pos
	for {
		switch c := s.byteAt(i); {
		case c == '"' || c == '\'':
			j := s.quoted(i, c == '"', false)
			if j == i+1 || s.src[j-1] != c {
				return s.pos // unterminated
			}
			i = j
		case isLetter(c) || isDigit(c) || c == '_' || c == '-':
			for isLetter(s.byteAt(i)) || isDigit(s.byteAt(i)) || s.byteAt(i) == '_' || s.byteAt(i) == '-' {
				i++
			}
		default:
			return s.pos
		}
		j := s.spaceEnd(i, false)
		switch s.byteAt(j) {
		case '=':
			return i
		case '.':
			i = s.spaceEnd(j+1, false)
		default:
			return s.pos
		}
	}
}

// key scans a key with its dots: a.b."c".
func (t *tomlScanner) key() {
	s := t.s
	end := t.keyEnd()
	for s.pos < end {
		switch c := s.src[s.pos]; {
		case c == '.':
			s.emit(chroma.Punctuation, s.pos+1)
		case isSpace(c):
			s.emit(chroma.Text, s.spaceEnd(s.pos, false))
		case c == '"' || c == '\'':
			s.emit(dataKey, min(s.quoted(s.pos, c == '"', false), end))
		default:
			j := s.pos
			for j < end && s.src[j] != '.' && !isSpace(s.src[j]) {
				j++
			}
			s.emit(dataKey, j)
		}
	}
}

// str scans a string: basic "…" (escapes), literal '…', and their multi-line forms
// (three quotes of either kind).
func (t *tomlScanner) str() {
	s := t.s
	c := s.src[s.pos]
	typ := chroma.LiteralStringDouble
	if c == '\'' {
		typ = chroma.LiteralStringSingle
	}
	if delim := s.src[s.pos : s.pos+1]; s.hasPrefix(delim + delim + delim) {
		delim += delim + delim
		end := s.pos + 3
		for end < s.end {
			if c == '"' && s.src[end] == '\\' {
				end += 2
				continue
			}
			if s.src[end] == c && end+3 <= s.end && s.src[end:end+3] == delim {
				end += 3
				// Up to two more quotes right before the closing ones belong to the string.
				for k := 0; k < 2 && end < s.end && s.src[end] == c; k++ {
					end++
				}
				break
			}
			end++
		}
		s.emit(typ, min(end, s.end))
		return
	}
	s.emit(typ, s.quoted(s.pos, c == '"', false))
}

// bare scans a value that is not a string: a number, a date or time, a boolean, inf or nan.
func (t *tomlScanner) bare() {
	s := t.s
	end := s.pos
	for end < s.end && (isLetter(s.src[end]) || isDigit(s.src[end]) || indexByte("_:.+-", s.src[end])) {
		end++
	}
	if typ, ok := s.scalarType(s.pos, end, false); ok {
		s.emit(typ, end)
		return
	}
	if isDigit(s.src[s.pos]) && end-s.pos >= 5 && (s.src[s.pos+2] == ':' || s.src[s.pos+4] == '-') {
		s.emit(chroma.LiteralDate, end) // 1979-05-27T07:32:00Z, 07:32:00
		return
	}
	s.emit(chroma.Text, end)
}
