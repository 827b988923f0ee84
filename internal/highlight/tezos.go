package highlight

import (
	"github.com/alecthomas/chroma/v2"
)

// Lexers for the Tezos smart-contract languages, which chroma lacks. They are table-driven scanners
// (see tableLang), built per Highlighter rather than registered globally.

// michelsonTypes returns the Michelson type names.
func michelsonTypes() []string {
	return []string{
		"address", "big_map", "bls12_381_fr", "bls12_381_g1", "bls12_381_g2", "bool", "bytes",
		"chain_id", "chest", "chest_key", "contract", "int", "key", "key_hash", "lambda", "list",
		"map", "mutez", "nat", "never", "operation", "option", "or", "pair", "sapling_state",
		"sapling_transaction", "set", "signature", "string", "ticket", "timestamp", "tx_rollup_l2_address",
		"unit",
	}
}

// ligoTypes are the LIGO built-in types: Michelson's plus the LIGO spellings.
func ligoTypes() []string {
	return append([]string{"tez", "michelson_program", "michelson_or", "michelson_pair", "typed_address", "big_set"}, michelsonTypes()...)
}

// ligoModules are the standard-library modules both LIGO syntaxes share.
func ligoModules() []string {
	return []string{"Tezos", "List", "Map", "Big_map", "Set", "Bytes", "String", "Crypto", "Option", "Test", "Michelson", "Bitwise"}
}

// tableLang describes a language simple enough to scan from tables: comments, strings, numbers,
// words looked up in a map, operators and punctuation.
type tableLang struct {
	lineComment    []string    // "#", "//"
	blockComments  [][2]string // {"/*", "*/"}, {"(*", "*)"}
	escapedQuotes  string      // quote bytes of strings with backslash escapes
	rawQuotes      string      // quote bytes of strings without escapes
	numberSuffixes []string    // letters allowed right after a number: "n", "mutez"
	negative       bool        // a '-' right before a digit belongs to the number
	identExtra     string      // bytes allowed in identifiers besides letters, digits and '_'
	words          words
	// special, when set, is tried first at every position; it emits and returns true when it
	// recognises something (annotations, attributes, preprocessor lines).
	special func(s *scanner) bool
	// name classifies identifiers not in words; nil means chroma.Name.
	name        func(w string) chroma.TokenType
	operators   string // operator bytes; a run of them is one token
	punctuation string
}

func (l *tableLang) lexer(name string, aliases ...string) *scanLexer {
	return newScanLexer(name, aliases, l.scan)
}

func (l *tableLang) scan(s *scanner) {
	for s.pos < s.end {
		start := s.pos
		l.step(s)
		s.ensureProgress(start)
	}
}

// step scans one token at pos.
func (l *tableLang) step(s *scanner) {
	c := s.src[s.pos]
	if isSpace(c) {
		s.emit(chroma.Text, s.spaceEnd(s.pos, true))
		return
	}
	if l.special != nil && l.special(s) {
		return
	}
	for _, lc := range l.lineComment {
		if s.hasPrefix(lc) {
			s.emit(chroma.CommentSingle, s.lineEnd(s.pos))
			return
		}
	}
	for _, bc := range l.blockComments {
		if s.hasPrefix(bc[0]) {
			s.emit(chroma.CommentMultiline, s.untilAfter(s.pos+len(bc[0]), bc[1]))
			return
		}
	}
	switch {
	case indexByte(l.escapedQuotes, c):
		s.emit(chroma.LiteralString, s.quoted(s.pos, true, true))
	case indexByte(l.rawQuotes, c):
		s.emit(chroma.LiteralString, s.quoted(s.pos, false, true))
	case isDigit(c) || (l.negative && c == '-' && isDigit(s.at(1))):
		start := s.pos
		if c == '-' {
			start++
		}
		end, t := s.number(start, l.numberSuffixes...)
		if t == chroma.LiteralNumberFloat || t == chroma.LiteralNumberInteger {
			t = l.numberType()
		}
		s.emit(t, end)
	case s.identStart(s.pos, ""):
		end := s.identEnd(s.pos, l.identExtra)
		w := s.src[s.pos:end]
		if t, ok := l.words[w]; ok {
			s.emit(t, end)
		} else if l.name != nil {
			s.emit(l.name(w), end)
		} else {
			s.emit(chroma.Name, end)
		}
	case indexByte(l.operators, c):
		end := s.pos + 1
		for end < s.end && indexByte(l.operators, s.src[end]) {
			end++
		}
		s.emit(chroma.Operator, end)
	case indexByte(l.punctuation, c):
		s.emit(chroma.Punctuation, s.pos+1)
	default:
		s.other(chroma.Text)
	}
}

// numberType is the token type of decimal numbers: Michelson has only integers.
func (l *tableLang) numberType() chroma.TokenType {
	if l.negative {
		return chroma.LiteralNumberInteger
	}
	return chroma.LiteralNumber
}

func newMichelson() chroma.Lexer {
	l := &tableLang{
		lineComment:   []string{"#"},
		blockComments: [][2]string{{"/*", "*/"}},
		escapedQuotes: `"`,
		negative:      true,
		words: words{}.
			add(chroma.KeywordType, michelsonTypes()...).
			add(chroma.KeywordDeclaration, "parameter", "storage", "code", "view").
			add(chroma.KeywordConstant, "Unit", "True", "False", "Pair", "Left", "Right", "Some", "None", "Elt", "Lambda_rec"),
		special: func(s *scanner) bool {
			// Annotations: %field, @var, :type.
			if c := s.src[s.pos]; c == '%' || c == '@' || c == ':' {
				end := s.pos + 1
				for end < s.end && (isLetter(s.src[end]) || isDigit(s.src[end]) || indexByte("_.%@", s.src[end])) {
					end++
				}
				s.emit(chroma.NameAttribute, end)
				return true
			}
			return false
		},
		name: func(w string) chroma.TokenType {
			// Instructions are upper case: DUP, IF_LEFT, PUSH.
			for i := 0; i < len(w); i++ {
				if c := w[i]; !(c >= 'A' && c <= 'Z') && !(i > 0 && (isDigit(c) || c == '_')) {
					return chroma.Name
				}
			}
			return chroma.Keyword
		},
		punctuation: "{}();",
	}
	return l.lexer("Michelson", "michelson", "tz")
}

// ligoSpecial recognises the preprocessor lines both LIGO syntaxes share (#import, #include).
func ligoPreprocessor(s *scanner) bool {
	if s.src[s.pos] == '#' && isLetter(s.at(1)) && (s.pos == 0 || s.src[s.pos-1] == '\n' || isSpace(s.src[s.pos-1])) {
		s.emit(chroma.CommentPreproc, s.lineEnd(s.pos))
		return true
	}
	return false
}

func newJsLIGO() chroma.Lexer {
	l := &tableLang{
		lineComment:    []string{"//"},
		blockComments:  [][2]string{{"/*", "*/"}},
		escapedQuotes:  `"`,
		rawQuotes:      "`",
		numberSuffixes: []string{"mutez", "tez", "n"},
		identExtra:     "$",
		words: words{}.
			add(chroma.KeywordType, ligoTypes()...).
			add(chroma.NameBuiltin, ligoModules()...).
			add(chroma.KeywordDeclaration, "const", "let", "type", "interface", "namespace", "function", "contract", "class").
			add(chroma.Keyword, "return", "if", "else", "switch", "case", "default", "break", "for", "of", "while", "match", "when", "import", "export", "as", "from", "implements", "do", "assert", "failwith", "typeof").
			add(chroma.KeywordConstant, "true", "false"),
		special: func(s *scanner) bool {
			if s.src[s.pos] == '@' && s.identStart(s.pos+1, "") {
				s.emit(chroma.NameDecorator, s.identEnd(s.pos+1, ""))
				return true
			}
			return ligoPreprocessor(s)
		},
		operators:   "-+*/%=<>!&|^~?:",
		punctuation: "{}()[];,.",
	}
	return l.lexer("JsLIGO", "jsligo", "ligo", "ligolang")
}

func newCameLIGO() chroma.Lexer {
	l := &tableLang{
		lineComment:    []string{"//"},
		blockComments:  [][2]string{{"(*", "*)"}, {"/*", "*/"}},
		escapedQuotes:  `"`,
		rawQuotes:      "`",
		numberSuffixes: []string{"mutez", "tez", "n"},
		identExtra:     "'",
		words: words{}.
			add(chroma.KeywordType, ligoTypes()...).
			add(chroma.NameBuiltin, ligoModules()...).
			add(chroma.KeywordDeclaration, "let", "type", "module", "struct", "sig", "rec", "and", "in", "include", "contract_of").
			add(chroma.Keyword, "of", "match", "with", "fun", "function", "if", "then", "else", "begin", "end", "mut", "not", "mod", "land", "lor", "lxor", "lsl", "lsr", "or", "failwith", "assert", "for", "while", "do", "done", "upto", "downto").
			add(chroma.KeywordConstant, "true", "false"),
		special: func(s *scanner) bool {
			if s.hasPrefix("[@") {
				end := s.pos + 2
				for end < s.end && s.src[end] != ']' && s.src[end] != '\n' {
					end++
				}
				if end < s.end && s.src[end] == ']' {
					s.emit(chroma.NameDecorator, end+1)
					return true
				}
			}
			return ligoPreprocessor(s)
		},
		name: func(w string) chroma.TokenType {
			if w[0] >= 'A' && w[0] <= 'Z' {
				return chroma.NameClass // modules and constructors
			}
			return chroma.Name
		},
		operators:   "-+*/=<>@^|&!:~",
		punctuation: "{}()[];,.",
	}
	return l.lexer("CameLIGO", "cameligo", "mligo")
}

func newArchetype() chroma.Lexer {
	l := &tableLang{
		lineComment:    []string{"//"},
		blockComments:  [][2]string{{"(*", "*)"}, {"/*", "*/"}},
		escapedQuotes:  `"`,
		numberSuffixes: []string{"mtz", "utz", "tz", "w", "d", "h", "m", "s"},
		words: words{}.
			add(chroma.KeywordType, append([]string{"tez", "rational", "date", "duration", "aggregate", "partition", "asset_key", "asset_value", "asset_view", "iterable_big_map"}, michelsonTypes()...)...).
			add(chroma.KeywordDeclaration, "archetype", "entry", "function", "view", "getter", "constant", "variable", "asset", "record", "enum", "states", "event", "import", "namespace").
			add(chroma.Keyword, "transition", "from", "to", "with", "effect", "require", "fail", "failif", "do_require", "do_fail_if", "match", "end", "if", "then", "else", "for", "in", "iter", "while", "do", "done", "return", "var", "const", "called", "by", "sourced", "otherwise", "initial", "when", "transfer", "call", "emit", "identified", "sorted", "and", "or", "not").
			add(chroma.KeywordConstant, "true", "false", "none", "some", "caller", "source", "balance", "now", "self_address", "transferred"),
		operators:   "-+*/=<>:|&!?",
		punctuation: "{}()[];,.",
	}
	return l.lexer("Archetype", "archetype")
}
