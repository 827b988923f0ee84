// Package components compiles a site's own React components (src/components/, as in Docusaurus)
// with the web app's toolchain and renders their uses at build time: one server bundle that the
// build runs under Node, and one lazily loaded client chunk per component for the pages whose
// components are interactive (docs/decisions/0013-site-components.md).
package components

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// DefaultDir is where a site keeps its components, relative to the site folder.
const DefaultDir = "src/components"

// extensions are the module extensions a component import resolves to, in Node's order of
// preference for the ones TypeScript adds.
var extensions = []string{".tsx", ".jsx", ".ts", ".js"}

// Set is the components of a site.
type Set struct {
	SiteDir string // absolute
	Dir     string // the components folder, absolute
	// Modules maps a component's name (its path under Dir without extension or /index, such as
	// "Counter" or "cards/Card") to its file.
	Modules map[string]string
	// Hash changes whenever a file under the site's src/ folder (which components may import)
	// changes.
	Hash string
	// Unavailable are the packages the site's files import that components cannot use.
	Unavailable []Unavailable

	imported map[string]string // modules outside Dir that pages import (AddImported): file → name
}

// Scan finds the components under dir (relative to siteDir; DefaultDir when empty). A site
// without the folder has no components: Scan returns nil and reads nothing more.
func Scan(siteDir, dir string) (*Set, error) {
	if dir == "" {
		dir = DefaultDir
	}
	siteAbs, err := filepath.Abs(siteDir)
	if err != nil {
		return nil, fmt.Errorf("site folder %s: %w", siteDir, err)
	}
	s := &Set{SiteDir: siteAbs, Dir: filepath.Join(siteAbs, filepath.FromSlash(dir)), Modules: map[string]string{}}
	if st, err := os.Stat(s.Dir); err != nil || !st.IsDir() {
		return nil, nil
	}
	err = filepath.WalkDir(s.Dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != s.Dir && (strings.HasPrefix(name, ".") || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		ext := filepath.Ext(p)
		if !isModuleExt(ext) || strings.HasSuffix(p, ".d.ts") || strings.Contains(filepath.Base(p), ".test.") {
			return nil
		}
		rel, _ := filepath.Rel(s.Dir, strings.TrimSuffix(p, ext))
		name := filepath.ToSlash(rel)
		if base := path.Base(name); base == "index" {
			name = path.Dir(name)
			if name == "." {
				return nil // src/components/index.tsx names no component
			}
		}
		if prev, ok := s.Modules[name]; !ok || preferred(p, prev) {
			s.Modules[name] = p
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading the components in %s: %w", s.Dir, err)
	}
	if len(s.Modules) == 0 {
		return nil, nil
	}
	s.Hash, err = hashTree(filepath.Join(siteAbs, "src"))
	if err != nil {
		return nil, err
	}
	if s.Unavailable, err = s.unavailable(); err != nil {
		return nil, err
	}
	return s, nil
}

func isModuleExt(ext string) bool {
	for _, e := range extensions {
		if ext == e {
			return true
		}
	}
	return false
}

// preferred reports whether file a wins over b for the same name, as Node resolves "./X": the file
// X.ext before the folder X/index.ext, then by extension order.
func preferred(a, b string) bool {
	ai, bi := strings.HasSuffix(strings.TrimSuffix(a, filepath.Ext(a)), string(filepath.Separator)+"index"), strings.HasSuffix(strings.TrimSuffix(b, filepath.Ext(b)), string(filepath.Separator)+"index")
	if ai != bi {
		return !ai
	}
	return extIndex(filepath.Ext(a)) < extIndex(filepath.Ext(b))
}

func extIndex(ext string) int {
	for i, e := range extensions {
		if e == ext {
			return i
		}
	}
	return len(extensions)
}

// hashTree hashes the names and contents of every file under dir.
func hashTree(dir string) (string, error) {
	h := sha256.New()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "node_modules" {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", dir, err)
	}
	sort.Strings(files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return "", fmt.Errorf("reading %s: %w", f, err)
		}
		rel, _ := filepath.Rel(dir, f)
		fmt.Fprintf(h, "%s\x00%d\x00", filepath.ToSlash(rel), len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil)[:12]), nil
}

// Resolve maps a module imported by the page file pageFile to the name of the site component it
// is. '@site/…' is relative to the site folder, './…' and '../…' to the page's folder. It
// returns "" and no error for anything else (a package, '@theme/…', a file outside the components
// folder); an error for a path into the components folder that names no component.
func (s *Set) Resolve(pageFile, module string) (string, error) {
	var p string
	switch {
	case strings.HasPrefix(module, "@site/"):
		p = filepath.Join(s.SiteDir, filepath.FromSlash(strings.TrimPrefix(module, "@site/")))
	case strings.HasPrefix(module, "./") || strings.HasPrefix(module, "../"):
		abs, err := filepath.Abs(pageFile)
		if err != nil {
			return "", err
		}
		p = filepath.Join(filepath.Dir(abs), filepath.FromSlash(module))
	default:
		return "", nil
	}
	rel, err := filepath.Rel(s.Dir, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		if file := moduleFile(s.SiteDir, pageFile, module); file != "" {
			if name, ok := s.imported[file]; ok {
				return name, nil
			}
		}
		return "", nil
	}
	name := filepath.ToSlash(strings.TrimSuffix(rel, filepath.Ext(rel)))
	if !isModuleExt(filepath.Ext(rel)) {
		name = filepath.ToSlash(rel)
	}
	name = strings.TrimSuffix(name, "/index")
	if _, ok := s.Modules[name]; ok {
		return name, nil
	}
	shown, _ := filepath.Rel(s.SiteDir, p)
	shown = filepath.ToSlash(shown)
	return "", fmt.Errorf("no file %s.tsx, .jsx, .ts, .js or %s/index.tsx in the site", shown, shown)
}
