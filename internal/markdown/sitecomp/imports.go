package sitecomp

import (
	"regexp"
	"strings"
)

// Binding is one name an import statement binds in the page.
type Binding struct {
	Local  string // the name the page uses, as in <Local />
	Export string // the module's export: "default", or the name of a named export
}

// Import is one import statement of a page.
type Import struct {
	Module   string // as written: '@site/src/components/X', './X', 'clsx'
	Bindings []Binding
	Offset   int // of the statement in the page source
}

// importStmt matches one import statement with bindings; a side-effect import ("import './x.css'")
// binds nothing and is not read.
var importStmt = regexp.MustCompile(`(?s)\bimport\s+([^;'"]*?)\s+from\s+(['"])([^'"\n]*)['"]`)

// ParseImports reads the import statements of an MDX page's top-level statement lines (each
// statement starts a line). It understands default imports, named imports with "as" renames,
// both together, and namespace imports ("* as X", which bind X to the default export's module
// as a whole, kept as Export "*").
func ParseImports(src []byte) []Import {
	var out []Import
	s := string(src)
	for _, m := range lineStartImports(s) {
		// Only statements that start a line, outside code fences: good enough for the top-level
		// statement blocks MDX allows, which the caller hands over.
		if m[0] > 0 && s[m[0]-1] != '\n' {
			continue
		}
		imp := Import{Module: s[m[6]:m[7]], Offset: m[0]}
		clause := strings.TrimSpace(s[m[2]:m[3]])
		if strings.HasPrefix(clause, "type ") {
			continue // TypeScript type-only imports bind nothing at run time
		}
		named := ""
		if open := strings.IndexByte(clause, '{'); open >= 0 {
			close := strings.IndexByte(clause, '}')
			if close < open {
				continue
			}
			named = clause[open+1 : close]
			clause = clause[:open] + clause[close+1:]
		}
		for _, part := range strings.Split(clause, ",") {
			part = strings.TrimSpace(part)
			switch {
			case part == "":
			case strings.HasPrefix(part, "*"):
				if f := strings.Fields(part); len(f) == 3 && f[1] == "as" {
					imp.Bindings = append(imp.Bindings, Binding{Local: f[2], Export: "*"})
				}
			default:
				imp.Bindings = append(imp.Bindings, Binding{Local: part, Export: "default"})
			}
		}
		for _, part := range strings.Split(named, ",") {
			f := strings.Fields(part)
			switch {
			case len(f) == 1:
				imp.Bindings = append(imp.Bindings, Binding{Local: f[0], Export: f[0]})
			case len(f) == 3 && f[1] == "as":
				imp.Bindings = append(imp.Bindings, Binding{Local: f[2], Export: strings.Trim(f[0], `'"`)})
			}
		}
		if len(imp.Bindings) > 0 {
			out = append(out, imp)
		}
	}
	return out
}

// lineStartImports returns the matches of importStmt that start a line, as
// FindAllStringSubmatchIndex gives them. The expression runs only where a line starts with
// "import": run over a whole page it costs tens of milliseconds a site, which the dev loop pays
// on every edit.
func lineStartImports(s string) [][]int {
	var out [][]int
	for off := 0; off < len(s); {
		if strings.HasPrefix(s[off:], "import") {
			if m := importStmt.FindStringSubmatchIndex(s[off:]); m != nil && m[0] == 0 {
				for i := range m {
					if m[i] >= 0 {
						m[i] += off
					}
				}
				out = append(out, m)
				off = m[1]
				continue
			}
		}
		nl := strings.IndexByte(s[off:], '\n')
		if nl < 0 {
			break
		}
		off += nl + 1
	}
	return out
}
