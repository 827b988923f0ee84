package highlight

import (
	. "github.com/alecthomas/chroma/v2" // lexer tables read like chroma's own with token names unqualified
)

// Lexers for the Tezos smart-contract languages. chroma has none of them, and they are built here,
// per Highlighter, rather than registered globally.

// michelsonTypes returns the Michelson type names, a fresh slice each time because chroma.Words sorts it.
func michelsonTypes() []string {
	return []string{
		"address", "big_map", "bls12_381_fr", "bls12_381_g1", "bls12_381_g2", "bool", "bytes",
		"chain_id", "chest", "chest_key", "contract", "int", "key", "key_hash", "lambda", "list",
		"map", "mutez", "nat", "never", "operation", "option", "or", "pair", "sapling_state",
		"sapling_transaction", "set", "signature", "string", "ticket", "timestamp", "tx_rollup_l2_address",
		"unit",
	}
}

func newMichelson() Lexer {
	return MustNewLexer(&Config{Name: "Michelson", Aliases: []string{"michelson", "tz"}}, func() Rules {
		return Rules{"root": {
			rule(`\s+`, Whitespace),
			rule(`#[^\n]*`, CommentSingle),
			rule(`/\*[\s\S]*?\*/`, CommentMultiline),
			rule(`"(\\.|[^"\\])*"`, LiteralString),
			rule(`0x[0-9a-fA-F]*`, LiteralNumberHex),
			rule(`-?[0-9]+`, LiteralNumberInteger),
			rule(`[%@:][A-Za-z0-9_.%@]*`, NameAttribute),
			rule(Words(`\b`, `\b`, "parameter", "storage", "code", "view"), KeywordDeclaration),
			rule(Words(`\b`, `\b`, "Unit", "True", "False", "Pair", "Left", "Right", "Some", "None", "Elt", "Lambda_rec"), KeywordConstant),
			rule(Words(`\b`, `\b`, michelsonTypes()...), KeywordType),
			rule(`[A-Z][A-Z0-9_]*\b`, Keyword),
			rule(`[{}();]`, Punctuation),
			rule(`[A-Za-z_][A-Za-z0-9_]*`, Name),
			rule(`.`, Text),
		}}
	})
}

// ligoTypes are the LIGO built-in types: Michelson's plus the LIGO spellings.
func ligoTypes() []string {
	return append([]string{"tez", "michelson_program", "michelson_or", "michelson_pair", "typed_address", "big_set"}, michelsonTypes()...)
}

// ligoModules are the standard-library modules both LIGO syntaxes share.
func ligoModules() []string {
	return []string{"Tezos", "List", "Map", "Big_map", "Set", "Bytes", "String", "Crypto", "Option", "Test", "Michelson", "Bitwise"}
}

// ligoLiterals are the rules for strings and numbers common to both LIGO syntaxes.
func ligoLiterals() []Rule {
	return []Rule{
		rule(`"(\\.|[^"\\])*"`, LiteralString),
		rule("`[^`]*`", LiteralString),
		rule(`0x[0-9a-fA-F]*`, LiteralNumberHex),
		rule(`[0-9][0-9_]*(\.[0-9]+)?(n|mutez|tez)?\b`, LiteralNumber),
	}
}

func newJsLIGO() Lexer {
	return MustNewLexer(&Config{Name: "JsLIGO", Aliases: []string{"jsligo"}}, func() Rules {
		root := []Rule{
			rule(`\s+`, Whitespace),
			rule(`//[^\n]*`, CommentSingle),
			rule(`/\*[\s\S]*?\*/`, CommentMultiline),
			rule(`@[A-Za-z_][A-Za-z0-9_]*`, NameDecorator),
			rule(`#[A-Za-z_]+[^\n]*`, CommentPreproc),
		}
		root = append(root, ligoLiterals()...)
		root = append(root,
			rule(Words(`\b`, `\b`, "const", "let", "type", "interface", "namespace", "function", "contract", "class"), KeywordDeclaration),
			rule(Words(`\b`, `\b`, "return", "if", "else", "switch", "case", "default", "break", "for", "of", "while", "match", "when", "import", "export", "as", "from", "implements", "do", "assert", "failwith", "typeof"), Keyword),
			rule(Words(`\b`, `\b`, "true", "false"), KeywordConstant),
			rule(Words(`\b`, `\b`, ligoTypes()...), KeywordType),
			rule(Words(`\b`, `\b`, ligoModules()...), NameBuiltin),
			rule(`[A-Za-z_$][A-Za-z0-9_$]*`, Name),
			rule(`=>|[-+*/%=<>!&|^~?:]+`, Operator),
			rule(`[{}()\[\];,.]`, Punctuation),
			rule(`.`, Text),
		)
		return Rules{"root": root}
	})
}

func newCameLIGO() Lexer {
	return MustNewLexer(&Config{Name: "CameLIGO", Aliases: []string{"cameligo"}}, func() Rules {
		root := []Rule{
			rule(`\s+`, Whitespace),
			rule(`//[^\n]*`, CommentSingle),
			rule(`\(\*[\s\S]*?\*\)`, CommentMultiline),
			rule(`/\*[\s\S]*?\*/`, CommentMultiline),
			rule(`\[@[^\]\n]*\]`, NameDecorator),
			rule(`#[A-Za-z_]+[^\n]*`, CommentPreproc),
		}
		root = append(root, ligoLiterals()...)
		root = append(root,
			rule(Words(`\b`, `\b`, "let", "type", "module", "struct", "sig", "rec", "and", "in", "include", "contract_of"), KeywordDeclaration),
			rule(Words(`\b`, `\b`, "of", "match", "with", "fun", "function", "if", "then", "else", "begin", "end", "mut", "not", "mod", "land", "lor", "lxor", "lsl", "lsr", "or", "failwith", "assert", "for", "while", "do", "done", "upto", "downto"), Keyword),
			rule(Words(`\b`, `\b`, "true", "false"), KeywordConstant),
			rule(Words(`\b`, `\b`, ligoTypes()...), KeywordType),
			rule(Words(`\b`, `\b`, ligoModules()...), NameBuiltin),
			rule(`[A-Z][A-Za-z0-9_']*`, NameClass),
			rule(`[a-z_][A-Za-z0-9_']*`, Name),
			rule(`->|::|:=|<>|[-+*/=<>@^|&!:~]`, Operator),
			rule(`[{}()\[\];,.]`, Punctuation),
			rule(`.`, Text),
		)
		return Rules{"root": root}
	})
}

func newArchetype() Lexer {
	return MustNewLexer(&Config{Name: "Archetype", Aliases: []string{"archetype"}}, func() Rules {
		return Rules{"root": {
			rule(`\s+`, Whitespace),
			rule(`//[^\n]*`, CommentSingle),
			rule(`\(\*[\s\S]*?\*\)`, CommentMultiline),
			rule(`/\*[\s\S]*?\*/`, CommentMultiline),
			rule(`"(\\.|[^"\\])*"`, LiteralString),
			rule(`0x[0-9a-fA-F]*`, LiteralNumberHex),
			rule(`[0-9]+(\.[0-9]+)?(tz|mtz|utz|[wdhms])?\b`, LiteralNumber),
			rule(Words(`\b`, `\b`, "archetype", "entry", "function", "view", "getter", "constant", "variable", "asset", "record", "enum", "states", "event", "import", "namespace"), KeywordDeclaration),
			rule(Words(`\b`, `\b`, "transition", "from", "to", "with", "effect", "require", "fail", "failif", "do_require", "do_fail_if", "match", "end", "if", "then", "else", "for", "in", "iter", "while", "do", "done", "return", "var", "const", "called", "by", "sourced", "otherwise", "initial", "when", "transfer", "call", "emit", "identified", "sorted", "and", "or", "not"), Keyword),
			rule(Words(`\b`, `\b`, "true", "false", "none", "some", "caller", "source", "balance", "now", "self_address", "transferred"), KeywordConstant),
			rule(Words(`\b`, `\b`, append([]string{"tez", "rational", "date", "duration", "aggregate", "partition", "asset_key", "asset_value", "asset_view", "iterable_big_map"}, michelsonTypes()...)...), KeywordType),
			rule(`[A-Za-z_][A-Za-z0-9_]*`, Name),
			rule(`:=|\+=|-=|<>|[-+*/=<>:|&!?]`, Operator),
			rule(`[{}()\[\];,.]`, Punctuation),
			rule(`.`, Text),
		}}
	})
}

// rule is a chroma rule with no state change; all our lexers are single-state.
func rule(pattern string, emit Emitter) Rule {
	return Rule{Pattern: pattern, Type: emit}
}
