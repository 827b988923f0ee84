package highlight

import (
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// plainNames are languages shown as escaped text on purpose: they are known, so no warning.
var plainNames = []string{"text", "plain", "txt", "plaintext", "log", "logs", "output", ""}

// languages resolves fence language names to lexers. Our own lexers are built per instance, so
// nothing is registered globally; chroma's catalogue is consulted for names we do not list.
type languages struct {
	own map[string]chroma.Lexer

	mu    sync.Mutex
	found map[string]chroma.Lexer // resolved names, nil lexer = plain text
	miss  map[string]bool
}

func newLanguages() *languages {
	own := map[string]chroma.Lexer{}
	for _, lx := range []chroma.Lexer{
		newMichelson(), newJsLIGO(), newCameLIGO(), newArchetype(),
		newJS("TypeScript", false, "typescript", "ts", "mts", "cts", "flow"), // Flow: JavaScript with type annotations, as TypeScript writes them
		newJS("TSX", true, "tsx"),
		newJS("JavaScript", true, "javascript", "js", "mjs", "cjs", "jsx"),
		newPython("Python", false, "python", "py", "python3"),
		newPython("SmartPy", true, "smartpy"),
		newShell("Bash", false, "bash", "sh", "shell", "zsh"),
		newShell("Console", true, "console", "shell-session"),
		newRust(), newCSharp(), newJSON(), newYAML(), newTOML(), newHTML(), newCSS(),
	} {
		for _, a := range lx.Config().Aliases {
			own[a] = lx
		}
	}
	return &languages{own: own, found: map[string]chroma.Lexer{}, miss: map[string]bool{}}
}

// lookup returns the lexer for name; ok is false when none exists. A nil lexer with ok means plain text.
func (l *languages) lookup(name string) (chroma.Lexer, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	for _, p := range plainNames {
		if name == p {
			return nil, true
		}
	}
	if lx, ok := l.own[name]; ok {
		return lx, true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if lx, ok := l.found[name]; ok {
		return lx, true
	}
	if l.miss[name] {
		return nil, false
	}
	lx := lexers.Get(name)
	if lx == nil || lx == lexers.Fallback {
		l.miss[name] = true
		return nil, false
	}
	lx = chroma.Coalesce(lx)
	l.found[name] = lx
	return lx, true
}
