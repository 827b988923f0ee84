package highlight

import (
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
)

// Hand-written lexers (docs/decisions/0005-hand-written-lexers.md). chroma's lexers run a list of
// backtracking regular expressions at every position, which made highlighting three quarters of a
// cold build. The languages the docs use most (TypeScript, Python, shell, the Tezos languages, Rust,
// C# and the data formats) are scanned here in one pass with no regular expressions, producing
// chroma token types, so CSS and line splitting are unchanged.

// scanLexer is a chroma.Lexer backed by a scan function.
type scanLexer struct {
	config *chroma.Config
	scan   func(s *scanner)
}

func newScanLexer(name string, aliases []string, scan func(s *scanner)) *scanLexer {
	return &scanLexer{config: &chroma.Config{Name: name, Aliases: aliases}, scan: scan}
}

func (l *scanLexer) Config() *chroma.Config { return l.config }

// Tokenise scans text. It never fails: bytes no rule knows become Text.
func (l *scanLexer) Tokenise(_ *chroma.TokeniseOptions, text string) (chroma.Iterator, error) {
	return chroma.Literator(l.tokens(text)...), nil
}

// tokens scans text into tokens whose values, joined, are text.
func (l *scanLexer) tokens(text string) []chroma.Token {
	s := &scanner{src: text, end: len(text), toks: make([]chroma.Token, 0, len(text)/6+1)}
	l.scan(s)
	// A scan function stops early only on a bug; the rest of the text is kept, never lost.
	s.emit(chroma.Text, len(text))
	s.flush()
	return s.toks
}

func (l *scanLexer) SetRegistry(*chroma.LexerRegistry) chroma.Lexer { return l }

func (l *scanLexer) SetAnalyser(func(string) float32) chroma.Lexer { return l }

func (l *scanLexer) AnalyseText(string) float32 { return 0 }

// scanner walks src[pos:end] and collects tokens. Tokens are slices of src: adjacent emits of the
// same type are merged into one token without copying.
type scanner struct {
	src  string
	pos  int // everything before pos has been emitted
	end  int // scanning stops here (narrowed while scanning an interpolation)
	toks []chroma.Token

	pendType  chroma.TokenType // type of the token being grown, src[pendStart:pos]
	pendStart int
}

// emit makes src[pos:to] a token of type t and moves pos to to.
func (s *scanner) emit(t chroma.TokenType, to int) {
	if to <= s.pos {
		return
	}
	if t != s.pendType {
		s.flush()
		s.pendType = t
		s.pendStart = s.pos
	}
	s.pos = to
}

func (s *scanner) flush() {
	if s.pos > s.pendStart {
		s.toks = append(s.toks, chroma.Token{Type: s.pendType, Value: s.src[s.pendStart:s.pos]})
	}
	s.pendStart = s.pos
}

// ensureProgress emits the rune at pos as Text when a scan step starting at start consumed nothing,
// so a rule that fails to match can never stall a scan loop.
func (s *scanner) ensureProgress(start int) {
	if s.pos == start && s.pos < s.end {
		s.other(chroma.Text)
	}
}

// at returns the byte at pos+i, or 0 past the end.
func (s *scanner) at(i int) byte {
	if s.pos+i < s.end {
		return s.src[s.pos+i]
	}
	return 0
}

// byteAt returns src[i], or 0 at or past the end.
func (s *scanner) byteAt(i int) byte {
	if i >= 0 && i < s.end {
		return s.src[i]
	}
	return 0
}

func (s *scanner) hasPrefix(p string) bool {
	return s.end-s.pos >= len(p) && s.src[s.pos:s.pos+len(p)] == p
}

// other emits the rune at pos (one whole UTF-8 sequence) as t.
func (s *scanner) other(t chroma.TokenType) {
	_, n := utf8.DecodeRuneInString(s.src[s.pos:s.end])
	s.emit(t, s.pos+n)
}

// lineEnd is the index of the next "\n" at or after i, or end.
func (s *scanner) lineEnd(i int) int {
	for i < s.end && s.src[i] != '\n' {
		i++
	}
	return i
}

// spaceEnd is the index after the run of spaces and tabs (newlines too when nl) starting at i.
func (s *scanner) spaceEnd(i int, nl bool) int {
	for i < s.end {
		c := s.src[i]
		if c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || (nl && c == '\n') {
			i++
			continue
		}
		break
	}
	return i
}

// index returns the index of sub at or after i, or -1.
func (s *scanner) index(i int, sub string) int {
	for ; i+len(sub) <= s.end; i++ {
		if s.src[i] == sub[0] && s.src[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// untilAfter returns the index just after the first sub at or after i, or end when there is none
// (an unterminated comment or string runs to the end, as editors show it).
func (s *scanner) untilAfter(i int, sub string) int {
	if j := s.index(i, sub); j >= 0 {
		return j + len(sub)
	}
	return s.end
}

// quoted returns the index after the string starting at i (src[i] is the quote). A backslash escapes
// the next byte when escapes is set. Without multiline the string stops before a newline when it is
// not closed on its line.
func (s *scanner) quoted(i int, escapes, multiline bool) int {
	q := s.src[i]
	for i++; i < s.end; i++ {
		switch c := s.src[i]; {
		case c == q:
			return i + 1
		case c == '\\' && escapes:
			if i+1 < s.end && (multiline || s.src[i+1] != '\n') {
				i++
			}
		case c == '\n' && !multiline:
			return i
		}
	}
	return s.end
}

// bracketEnd returns the index after the ']' that closes the '[' at i: brackets nest, and a
// double-quoted string (with escapes) may hold any bracket. Without multiline the search stops at the
// end of the line. It returns 0 when no bracket closes.
func (s *scanner) bracketEnd(i int, multiline bool) int {
	depth := 0
	for ; i < s.end && (multiline || s.src[i] != '\n'); i++ {
		switch s.src[i] {
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		case '"':
			i = s.quoted(i, true, multiline) - 1
		}
	}
	return 0
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHex(c byte) bool { return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f') }

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// identEnd returns the end of the identifier starting at i: ASCII letters, digits, '_', the bytes
// in extra, and any Unicode letter or digit.
func (s *scanner) identEnd(i int, extra string) int {
	for i < s.end {
		c := s.src[i]
		if c < utf8.RuneSelf {
			if isLetter(c) || isDigit(c) || c == '_' || (extra != "" && indexByte(extra, c)) {
				i++
				continue
			}
			return i
		}
		r, n := utf8.DecodeRuneInString(s.src[i:s.end])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return i
		}
		i += n
	}
	return i
}

// identStart reports whether an identifier starts at i: a letter, '_', a byte of extra, or a
// non-ASCII letter.
func (s *scanner) identStart(i int, extra string) bool {
	if i >= s.end {
		return false
	}
	c := s.src[i]
	if c < utf8.RuneSelf {
		return isLetter(c) || c == '_' || (extra != "" && indexByte(extra, c))
	}
	r, _ := utf8.DecodeRuneInString(s.src[i:s.end])
	return unicode.IsLetter(r)
}

func indexByte(set string, c byte) bool {
	for i := 0; i < len(set); i++ {
		if set[i] == c {
			return true
		}
	}
	return false
}

// number scans a numeric literal at i (src[i] is a digit, or '.' before a digit): 0x/0o/0b
// prefixes, '_' separators, a fraction and an exponent. suffixes are letters allowed right after
// the number (BigInt's n, Python's j, LIGO's tez and mutez). It returns the end and the token type.
func (s *scanner) number(i int, suffixes ...string) (int, chroma.TokenType) {
	start := i
	if s.src[i] == '0' && i+1 < s.end {
		var t chroma.TokenType
		var ok func(byte) bool
		switch s.src[i+1] | 0x20 {
		case 'x':
			t, ok = chroma.LiteralNumberHex, isHex
		case 'o':
			t, ok = chroma.LiteralNumberOct, func(c byte) bool { return c >= '0' && c <= '7' }
		case 'b':
			t, ok = chroma.LiteralNumberBin, func(c byte) bool { return c == '0' || c == '1' }
		}
		if ok != nil {
			j := i + 2
			for j < s.end && (ok(s.src[j]) || s.src[j] == '_') {
				j++
			}
			return s.suffix(j, suffixes), t
		}
	}
	t := chroma.LiteralNumberInteger
	digits := func(j int) int {
		for j < s.end && (isDigit(s.src[j]) || (s.src[j] == '_' && j > start)) {
			j++
		}
		return j
	}
	i = digits(i)
	if i+1 < s.end && s.src[i] == '.' && isDigit(s.src[i+1]) || (i < s.end && s.src[i] == '.' && i == start) {
		t = chroma.LiteralNumberFloat
		i = digits(i + 1)
	}
	if i+1 < s.end && s.src[i]|0x20 == 'e' {
		j := i + 1
		if s.src[j] == '+' || s.src[j] == '-' {
			j++
		}
		if j < s.end && isDigit(s.src[j]) {
			t = chroma.LiteralNumberFloat
			i = digits(j)
		}
	}
	return s.suffix(i, suffixes), t
}

// suffix extends a number ending at i by the first of suffixes that follows it and is not itself
// followed by an identifier character.
func (s *scanner) suffix(i int, suffixes []string) int {
	for _, suf := range suffixes {
		j := i + len(suf)
		if j <= s.end && s.src[i:j] == suf && s.identEnd(j, "") == j {
			return j
		}
	}
	return i
}

// words maps identifiers to token types.
type words map[string]chroma.TokenType

// add sets t for every name, returning w for chaining.
func (w words) add(t chroma.TokenType, names ...string) words {
	for _, n := range names {
		w[n] = t
	}
	return w
}
