package highlight

import (
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
)

var rustWords = words{}.
	add(chroma.KeywordDeclaration, "fn", "let", "struct", "enum", "trait", "impl", "type", "const", "static",
		"union", "macro_rules").
	add(chroma.KeywordNamespace, "use", "mod", "extern", "crate").
	add(chroma.Keyword, "mut", "pub", "match", "if", "else", "for", "while", "loop", "return", "as", "where",
		"self", "Self", "super", "async", "await", "move", "ref", "unsafe", "dyn", "in", "break", "continue",
		"yield", "box", "try").
	add(chroma.KeywordType, "u8", "u16", "u32", "u64", "u128", "i8", "i16", "i32", "i64", "i128", "usize",
		"isize", "f32", "f64", "bool", "char", "str").
	add(chroma.KeywordConstant, "true", "false")

// rustNamesNext are keywords after which the next identifier is the name being declared.
var rustNamesNext = map[string]chroma.TokenType{
	"fn": chroma.NameFunction, "struct": chroma.NameClass, "enum": chroma.NameClass, "trait": chroma.NameClass,
	"impl": chroma.NameClass, "type": chroma.NameClass, "union": chroma.NameClass, "mod": chroma.NameNamespace,
}

// rustNumberSuffixes are the type suffixes a Rust number literal may carry.
var rustNumberSuffixes = []string{"u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64",
	"i128", "isize", "f32", "f64"}

func newRust() *scanLexer {
	return newScanLexer("Rust", []string{"rust", "rs"}, func(s *scanner) { (&rustScanner{s: s}).run() })
}

type rustScanner struct {
	s *scanner
	// nameNext is the type for the next identifier after fn, struct and the like (0 if none).
	nameNext chroma.TokenType
}

func (r *rustScanner) run() {
	s := r.s
	for s.pos < s.end {
		start := s.pos
		c := s.src[s.pos]
		switch {
		case isSpace(c):
			s.emit(chroma.Text, s.spaceEnd(s.pos, true))
		case c == '/' && s.at(1) == '/':
			t := chroma.CommentSingle
			// "///" and "//!" are doc comments; "////" is a plain one again.
			if (s.at(2) == '/' && s.at(3) != '/') || s.at(2) == '!' {
				t = chroma.CommentSpecial
			}
			s.emit(t, s.lineEnd(s.pos))
		case c == '/' && s.at(1) == '*':
			t := chroma.CommentMultiline
			if (s.at(2) == '*' && s.at(3) != '*' && s.at(3) != '/') || s.at(2) == '!' {
				t = chroma.CommentSpecial
			}
			s.emit(t, r.blockCommentEnd(s.pos))
		case c == '#' && (s.at(1) == '[' || (s.at(1) == '!' && s.at(2) == '[')):
			s.emit(chroma.NameDecorator, r.attributeEnd())
		case c == '"':
			s.emit(chroma.LiteralString, s.quoted(s.pos, true, true))
		case c == '\'':
			r.quote(s.pos, false)
		case isDigit(c):
			r.number()
		case s.identStart(s.pos, ""):
			if !r.prefixedLiteral() {
				r.word()
			}
		case c == ':' && s.at(1) == ':':
			s.emit(chroma.Punctuation, s.pos+2)
			r.nameNext = 0
		case c == '.' && s.at(1) == '.':
			end := s.pos + 2
			if s.at(2) == '=' || s.at(2) == '.' {
				end++
			}
			s.emit(chroma.Operator, end)
		case indexByte("{}()[];,.:", c):
			s.emit(chroma.Punctuation, s.pos+1)
			r.nameNext = 0
		case indexByte("+-*/%=<>!&|^~?@$", c):
			end := s.pos + 1
			for end < s.end && indexByte("+-*/%=<>!&|^~?@", s.src[end]) && !(s.src[end] == '/' && end+1 < s.end && (s.src[end+1] == '/' || s.src[end+1] == '*')) {
				end++
			}
			s.emit(chroma.Operator, end)
			r.nameNext = 0
		default:
			s.other(chroma.Text)
		}
		s.ensureProgress(start)
	}
}

// blockCommentEnd returns the end of the block comment at i ("/*"): Rust block comments nest.
func (r *rustScanner) blockCommentEnd(i int) int {
	s := r.s
	depth := 0
	for i < s.end {
		switch {
		case s.src[i] == '/' && i+1 < s.end && s.src[i+1] == '*':
			depth++
			i += 2
		case s.src[i] == '*' && i+1 < s.end && s.src[i+1] == '/':
			depth--
			i += 2
			if depth == 0 {
				return i
			}
		default:
			i++
		}
	}
	return s.end
}

// attributeEnd returns the end of the attribute at pos ("#[" or "#!["), after the bracket closing it;
// brackets nest and strings may contain any bracket. An attribute left open stops at its line's end.
func (r *rustScanner) attributeEnd() int {
	s := r.s
	open := s.pos + 1
	if s.byteAt(open) == '!' {
		open++
	}
	if end := s.bracketEnd(open, true); end > 0 {
		return end
	}
	return s.lineEnd(s.pos)
}

// quote scans at i (a quote; prefixed by b when byteChar): a char literal 'a', '\n', '\u{1F980}',
// or a lifetime or loop label 'a, which has no closing quote.
func (r *rustScanner) quote(i int, byteChar bool) {
	s := r.s
	j := i + 1
	if j < s.end && s.src[j] == '\\' {
		// An escape: the literal runs to the closing quote on this line.
		for k := j + 2; k < s.end && s.src[k] != '\n'; k++ {
			if s.src[k] == '\'' {
				s.emit(chroma.LiteralStringChar, k+1)
				return
			}
		}
		s.emit(chroma.LiteralStringChar, min(j+2, s.lineEnd(j)))
		return
	}
	if j < s.end && s.src[j] != '\n' && s.src[j] != '\'' {
		_, n := utf8.DecodeRuneInString(s.src[j:s.end])
		if j+n < s.end && s.src[j+n] == '\'' {
			s.emit(chroma.LiteralStringChar, j+n+1)
			return
		}
	}
	if !byteChar && s.identStart(j, "") {
		s.emit(chroma.NameLabel, s.identEnd(j, ""))
		return
	}
	s.emit(chroma.Punctuation, j)
}

// number scans a number literal with its optional type suffix (10u8, 2.5f64, 0xFFu32).
func (r *rustScanner) number() {
	s := r.s
	if s.byteAt(s.pos-1) == '.' {
		// A tuple field (pair.0.1): digits only, the next '.' is an access, not a fraction.
		end := s.pos
		for end < s.end && isDigit(s.src[end]) {
			end++
		}
		s.emit(chroma.LiteralNumberInteger, end)
		return
	}
	end, t := s.number(s.pos, rustNumberSuffixes...)
	if lit := s.src[s.pos:end]; t == chroma.LiteralNumberInteger && (strings.HasSuffix(lit, "f32") || strings.HasSuffix(lit, "f64")) {
		t = chroma.LiteralNumberFloat // 12f32
	}
	s.emit(t, s.identEnd(end, "")) // 1foo-like junk stays one token
}

// prefixedLiteral scans a byte, C or raw string (b"…", br"…", r#"…"#, c"…"), a byte char b'x', or a
// raw identifier r#name, returning false when pos starts none of them.
func (r *rustScanner) prefixedLiteral() bool {
	s := r.s
	p := 0
	switch {
	case s.hasPrefix("br") || s.hasPrefix("cr"):
		p = 2
	case s.at(0) == 'b' || s.at(0) == 'c' || s.at(0) == 'r':
		p = 1
	default:
		return false
	}
	raw := s.at(p-1) == 'r'
	switch q := s.at(p); {
	case q == '"' && !raw:
		s.emit(chroma.LiteralStringAffix, s.pos+p)
		s.emit(chroma.LiteralString, s.quoted(s.pos, true, true))
		return true
	case q == '\'' && p == 1 && s.at(0) == 'b':
		s.emit(chroma.LiteralStringAffix, s.pos+1)
		r.quote(s.pos, true)
		return true
	case raw && (q == '"' || q == '#'):
		hashes := 0
		for s.at(p+hashes) == '#' {
			hashes++
		}
		if s.at(p+hashes) != '"' {
			if p == 1 && hashes == 1 && s.identStart(s.pos+2, "") {
				s.emit(chroma.Name, s.identEnd(s.pos+2, "")) // r#type: a raw identifier
				return true
			}
			return false
		}
		s.emit(chroma.LiteralStringAffix, s.pos+p)
		// The string ends at the first quote followed by as many '#' as opened it.
		closing := "\"" + "################################"[:min(hashes, 32)]
		s.emit(chroma.LiteralString, s.untilAfter(s.pos+hashes+1, closing))
		return true
	}
	return false
}

// word scans an identifier, keyword, macro name or type.
func (r *rustScanner) word() {
	s := r.s
	start := s.pos
	end := s.identEnd(start, "")
	w := s.src[start:end]
	nameNext := r.nameNext
	r.nameNext = 0
	if t, ok := rustWords[w]; ok {
		s.emit(t, end)
		if w == "macro_rules" && s.byteAt(end) == '!' {
			s.emit(chroma.KeywordDeclaration, end+1)
			r.nameNext = chroma.NameFunctionMagic
		}
		if nt, ok := rustNamesNext[w]; ok {
			r.nameNext = nt
		}
		return
	}
	next := s.byteAt(end)
	after := s.byteAt(s.spaceEnd(end, false))
	switch {
	case next == '!' && s.byteAt(end+1) != '=':
		s.emit(chroma.NameFunctionMagic, end+1)
	case next == ':' && s.byteAt(end+1) == ':' && !(s.byteAt(end+2) == '<' || s.byteAt(end+2) == '('):
		// A path segment: std::io, but Vec::new keeps its class below.
		if w[0] >= 'A' && w[0] <= 'Z' {
			s.emit(chroma.NameClass, end)
		} else {
			s.emit(chroma.NameNamespace, end)
		}
	case nameNext != 0:
		s.emit(nameNext, end)
	case isUpperConstant(w):
		s.emit(chroma.NameConstant, end)
	case w[0] >= 'A' && w[0] <= 'Z':
		s.emit(chroma.NameClass, end)
	case after == '(' || (next == ':' && s.byteAt(end+1) == ':'):
		s.emit(chroma.NameFunction, end) // f(…) and f::<T>(…)
	default:
		s.emit(chroma.Name, end)
	}
}

// isUpperConstant reports whether w is a SCREAMING_CASE constant name: two or more characters,
// upper-case letters, digits and '_', starting with a letter.
func isUpperConstant(w string) bool {
	if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	for i := 1; i < len(w); i++ {
		if c := w[i]; !(c >= 'A' && c <= 'Z') && !isDigit(c) && c != '_' {
			return false
		}
	}
	return true
}
