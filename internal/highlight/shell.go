package highlight

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
)

// shKeywords are reserved words, recognised where a command could start.
var shKeywords = map[string]bool{
	"if": true, "then": true, "else": true, "elif": true, "fi": true, "for": true, "while": true,
	"until": true, "do": true, "done": true, "case": true, "esac": true, "function": true,
	"select": true, "in": true, "time": true, "!": true, "[[": true, "]]": true, "{": true, "}": true,
}

// shPrefixes are commands that run the command after them (sudo octez-client …): that next word is
// a command too.
var shPrefixes = map[string]bool{"sudo": true, "time": true, "env": true, "nohup": true, "exec": true,
	"xargs": true, "command": true, "builtin": true, "then": true, "do": true, "else": true, "elif": true,
	"if": true, "while": true, "until": true, "!": true, "{": true}

// shWordStop are the bytes that end an unquoted word.
const shWordStop = " \t\r\n;&|()<>\"'`$\\"

func newShell(name string, session bool, aliases ...string) *scanLexer {
	return newScanLexer(name, aliases, func(s *scanner) {
		sh := &shScanner{s: s}
		if session || looksLikeSession(s.src) {
			sh.session()
			return
		}
		sh.run(false)
	})
}

// looksLikeSession reports whether a shell block is a terminal transcript: its first non-blank line
// starts with a "$ " prompt.
func looksLikeSession(src string) bool {
	for line := range strings.SplitSeq(src, "\n") {
		line = strings.TrimLeft(line, " \t")
		if line == "" {
			continue
		}
		return strings.HasPrefix(line, "$ ") || line == "$"
	}
	return false
}

type shScanner struct {
	s *scanner
	// cmd is set where a command name may stand: at the start of a line, after ; | && ( and
	// after keywords such as then and do.
	cmd bool
	// loopVar is set after for and select: the next word names a variable.
	loopVar bool
	// expectIn is set where the keyword in may follow: after for's variable and case's subject.
	expectIn bool
	// inCase is set inside case … esac; pattern is set where a case pattern starts (after in and ;;).
	inCase, pattern bool
	// heredocs are the delimiters of here-documents whose bodies start after the current line.
	heredocs []heredoc
}

type heredoc struct {
	delim     string
	stripTabs bool // <<- allows the closing delimiter to be indented by tabs
}

// session scans a transcript: "$ " lines are commands (with their backslash continuation lines),
// "#" lines are comments, and every other line is the commands' output.
func (sh *shScanner) session() {
	s := sh.s
	for s.pos < s.end {
		lineEnd := s.lineEnd(s.pos)
		indent := s.spaceEnd(s.pos, false)
		switch {
		case s.byteAt(indent) == '$' && (indent+1 == lineEnd || s.byteAt(indent+1) == ' '):
			s.emit(chroma.Text, indent)
			s.emit(chroma.GenericPrompt, indent+1)
			// The command runs to the end of its line, plus continuation lines and here-documents.
			stop := lineEnd
			for stop < s.end && stop > 0 && s.src[stop-1] == '\\' {
				stop = s.lineEnd(stop + 1)
			}
			s.end = stop
			sh.cmd = true
			sh.run(false)
			s.end = len(s.src)
			if len(sh.heredocs) > 0 && s.pos < s.end {
				s.emit(chroma.Text, s.pos+1)
				sh.bodies()
				continue
			}
		case s.byteAt(indent) == '#':
			s.emit(chroma.Text, indent)
			s.emit(chroma.CommentSingle, lineEnd)
		default:
			s.emit(chroma.GenericOutput, lineEnd)
		}
		s.emit(chroma.Text, min(lineEnd+1, s.end))
	}
}

// run scans shell code. With sub (inside $( … )) it stops at the unmatched ')', leaving it.
func (sh *shScanner) run(sub bool) {
	s := sh.s
	sh.cmd = true
	depth := 0
	for s.pos < s.end {
		start := s.pos
		c := s.src[s.pos]
		switch {
		case c == '\n':
			s.emit(chroma.Text, s.pos+1)
			sh.cmd, sh.expectIn = true, false
			if len(sh.heredocs) > 0 {
				sh.bodies()
			}
		case c == ' ' || c == '\t' || c == '\r':
			s.emit(chroma.Text, s.spaceEnd(s.pos, false))
		case c == '\\' && s.at(1) == '\n':
			s.emit(chroma.Text, s.pos+2) // a continuation line
		case c == '\\':
			s.emit(chroma.LiteralStringEscape, min(s.pos+2, s.end))
		case c == '#' && s.pos == 0 && s.at(1) == '!':
			s.emit(chroma.CommentHashbang, s.lineEnd(s.pos))
		case c == '#':
			s.emit(chroma.CommentSingle, s.lineEnd(s.pos))
		case c == '\'':
			s.emit(chroma.LiteralStringSingle, s.quoted(s.pos, false, true))
			sh.cmd = false
		case c == '"':
			sh.double()
			sh.cmd = false
		case c == '`':
			s.emit(chroma.LiteralStringBacktick, s.quoted(s.pos, true, true))
			sh.cmd = false
		case c == '$':
			sh.dollar()
			sh.cmd = false
		case sub && c == ')' && depth == 0:
			return
		case c == '(':
			depth++
			s.emit(chroma.Punctuation, s.pos+1)
			sh.cmd = true
		case c == ')':
			depth--
			s.emit(chroma.Punctuation, s.pos+1)
			if sh.pattern {
				sh.pattern, sh.cmd = false, true
			}
		case c == ';' || c == '&' || c == '|':
			end := s.pos + 1
			for end < s.end && indexByte(";&|", s.src[end]) && end-s.pos < 2 {
				end++
			}
			op := s.src[s.pos:end]
			s.emit(chroma.Operator, end)
			sh.cmd = true
			if sh.inCase && (op == ";;" || op == ";&") {
				sh.pattern, sh.cmd = true, false
			}
		case c == '<' || c == '>':
			sh.redirect()
		default:
			sh.word()
		}
		s.ensureProgress(start)
	}
}

// word scans an unquoted word: a keyword, a command name, an assignment or an argument.
func (sh *shScanner) word() {
	s := sh.s
	end := s.pos
	for end < s.end && !indexByte(shWordStop, s.src[end]) {
		end++
	}
	if end == s.pos { // a lone byte of shWordStop no case handles
		s.other(chroma.Text)
		return
	}
	w := s.src[s.pos:end]
	if sh.loopVar {
		sh.loopVar = false
		s.emit(chroma.NameVariable, end)
		sh.expectIn = true
		return
	}
	if w == "in" && sh.expectIn {
		s.emit(chroma.Keyword, end)
		sh.expectIn = false
		if sh.inCase {
			sh.pattern, sh.cmd = true, false
		}
		return
	}
	if sh.pattern {
		if w == "esac" {
			s.emit(chroma.Keyword, end)
			sh.pattern, sh.inCase, sh.cmd = false, false, false
			return
		}
		s.emit(chroma.Text, end)
		return
	}
	if !sh.cmd {
		// A redirection target like 2>&1 is handled by redirect; a file descriptor number before > too.
		if isDigit(w[0]) && len(w) == 1 && (s.byteAt(end) == '>' || s.byteAt(end) == '<') {
			s.emit(chroma.Operator, end)
			return
		}
		s.emit(chroma.Text, end)
		return
	}
	// NAME=value before a command, or on its own.
	if eq := strings.IndexByte(w, '='); eq > 0 && isShellName(w[:eq]) {
		s.emit(chroma.NameVariable, s.pos+eq)
		s.emit(chroma.Operator, s.pos+1)
		if s.pos < end {
			s.emit(chroma.Text, end)
		}
		return // still in command position
	}
	if shKeywords[w] {
		s.emit(chroma.Keyword, end)
		sh.loopVar = w == "for" || w == "select"
		sh.expectIn = w == "case"
		switch w {
		case "case":
			sh.inCase = true
		case "esac":
			sh.inCase, sh.pattern = false, false
		}
		sh.cmd = shPrefixes[w]
		return
	}
	if w == "[" || w == "]" {
		s.emit(chroma.Punctuation, end)
		sh.cmd = false
		return
	}
	s.emit(chroma.NameFunction, end)
	sh.cmd = shPrefixes[w]
}

func isShellName(w string) bool {
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(isLetter(c) || c == '_' || (i > 0 && isDigit(c))) {
			return false
		}
	}
	return w != ""
}

// redirect scans <, >, >>, >&2, <<<, and << or <<- which announce a here-document.
func (sh *shScanner) redirect() {
	s := sh.s
	if s.hasPrefix("<<<") {
		s.emit(chroma.Operator, s.pos+3)
		return
	}
	if s.hasPrefix("<<") {
		end := s.pos + 2
		strip := s.byteAt(end) == '-'
		if strip {
			end++
		}
		s.emit(chroma.Operator, end)
		start := s.spaceEnd(s.pos, false)
		s.emit(chroma.Text, start)
		stop := start
		for stop < s.end && !indexByte(" \t\r\n;&|()<>", s.src[stop]) {
			stop++
		}
		if stop > start {
			delim := strings.NewReplacer("'", "", "\"", "", "\\", "").Replace(s.src[start:stop])
			s.emit(chroma.LiteralStringHeredoc, stop)
			if delim != "" {
				sh.heredocs = append(sh.heredocs, heredoc{delim: delim, stripTabs: strip})
			}
		}
		return
	}
	end := s.pos + 1
	if s.byteAt(end) == s.src[s.pos] || s.byteAt(end) == '|' {
		end++
	}
	if s.byteAt(end) == '&' {
		end++
		for end < s.end && (isDigit(s.src[end]) || s.src[end] == '-') {
			end++
		}
	}
	s.emit(chroma.Operator, end)
}

// bodies scans the pending here-documents, which start at pos (the line after their command).
func (sh *shScanner) bodies() {
	s := sh.s
	for _, h := range sh.heredocs {
		for s.pos < s.end {
			lineEnd := s.lineEnd(s.pos)
			line := s.src[s.pos:lineEnd]
			if h.stripTabs {
				line = strings.TrimLeft(line, "\t")
			}
			s.emit(chroma.LiteralStringHeredoc, min(lineEnd+1, s.end))
			if line == h.delim {
				break
			}
		}
	}
	sh.heredocs = sh.heredocs[:0]
}

// double scans a double-quoted string, highlighting the expansions inside it.
func (sh *shScanner) double() {
	s := sh.s
	i := s.pos + 1
	for i < s.end {
		switch s.src[i] {
		case '\\':
			s.emit(chroma.LiteralStringDouble, i)
			s.emit(chroma.LiteralStringEscape, min(i+2, s.end))
			i = s.pos
			continue
		case '"':
			s.emit(chroma.LiteralStringDouble, i+1)
			return
		case '$':
			if i+1 < s.end && (s.src[i+1] == '(' || s.src[i+1] == '{' || isShellVarStart(s.src[i+1])) {
				s.emit(chroma.LiteralStringDouble, i)
				sh.dollar()
				i = s.pos
				continue
			}
		case '`':
			s.emit(chroma.LiteralStringDouble, i)
			s.emit(chroma.LiteralStringBacktick, s.quoted(i, true, true))
			i = s.pos
			continue
		}
		i++
	}
	s.emit(chroma.LiteralStringDouble, s.end)
}

func isShellVarStart(c byte) bool {
	return isLetter(c) || c == '_' || isDigit(c) || indexByte("?@#$!*-", c)
}

// dollar scans an expansion at pos: $NAME, $1, $?, ${…}, $(…), $((…)) or $'…'.
func (sh *shScanner) dollar() {
	s := sh.s
	switch c := s.at(1); {
	case c == '(' && s.at(2) == '(':
		s.emit(chroma.LiteralStringInterpol, s.untilAfter(s.pos+3, "))"))
	case c == '(':
		s.emit(chroma.LiteralStringInterpol, s.pos+2)
		inner := shScanner{s: s}
		inner.run(true)
		if s.pos < s.end {
			s.emit(chroma.LiteralStringInterpol, s.pos+1)
		}
	case c == '{':
		s.emit(chroma.NameVariable, s.untilAfter(s.pos+2, "}"))
	case c == '\'':
		s.emit(chroma.LiteralStringSingle, s.quoted(s.pos+1, true, true))
	case isLetter(c) || c == '_':
		end := s.pos + 1
		for end < s.end && (isLetter(s.src[end]) || isDigit(s.src[end]) || s.src[end] == '_') {
			end++
		}
		s.emit(chroma.NameVariable, end)
	case c != 0 && isShellVarStart(c):
		s.emit(chroma.NameVariable, s.pos+2)
	default:
		s.emit(chroma.Text, s.pos+1)
	}
}
