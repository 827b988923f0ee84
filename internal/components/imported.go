package components

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Import is a module a page imports, as written, with the page's file.
type Import struct {
	PageFile string
	Module   string
}

// AddImported adds to s the modules pages import from files of the site outside the components
// folder, as Docusaurus sites do: a component kept beside the docs
// ('../components/DetailedExplanation'), the module of a React page under src/pages. Such a module
// is named by its path: "@site/" and its path in the site folder without extension. roots are the
// folders besides the site folder that imports may reach (a docs folder the configuration places
// outside it). s may be nil (a site without src/components): a Set is made when a page imports a
// module; nil is returned when none does.
func AddImported(s *Set, siteDir string, roots []string, imports []Import) (*Set, error) {
	siteAbs, err := filepath.Abs(siteDir)
	if err != nil {
		return nil, err
	}
	found := map[string]string{} // file → name
	for _, imp := range imports {
		file := moduleFile(siteAbs, imp.PageFile, imp.Module)
		if file == "" {
			continue
		}
		if s != nil && within(s.Dir, file) {
			continue // a component of the components folder: Scan has it
		}
		if !within(siteAbs, file) && !withinAny(roots, file) {
			continue
		}
		rel, _ := filepath.Rel(siteAbs, strings.TrimSuffix(file, filepath.Ext(file)))
		name := "@site/" + strings.TrimSuffix(filepath.ToSlash(rel), "/index")
		found[file] = name
	}
	if len(found) == 0 {
		return s, nil
	}
	if s == nil {
		s = &Set{SiteDir: siteAbs, Dir: filepath.Join(siteAbs, DefaultDir), Modules: map[string]string{}}
		if s.Hash, err = hashTree(filepath.Join(siteAbs, "src")); err != nil && !os.IsNotExist(err) {
			s.Hash = ""
		}
	}
	s.imported = map[string]string{}
	files := make([]string, 0, len(found))
	for f := range found {
		files = append(files, f)
	}
	sort.Strings(files)
	h := sha256.New()
	h.Write([]byte(s.Hash))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", f, err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", f, len(data))
		h.Write(data)
		s.Modules[found[f]] = f
		s.imported[f] = found[f]
	}
	s.Hash = hex.EncodeToString(h.Sum(nil)[:12])
	if s.Unavailable, err = s.unavailable(); err != nil {
		return nil, err
	}
	return s, nil
}

// moduleFile finds the file a relative or '@site/' import names, as Node resolves it: the path
// itself, then with a module extension, then its index file. "" for a package, a Markdown partial
// or nothing.
func moduleFile(siteAbs, pageFile, module string) string {
	var p string
	switch {
	case strings.HasPrefix(module, "@site/"):
		p = filepath.Join(siteAbs, filepath.FromSlash(strings.TrimPrefix(module, "@site/")))
	case strings.HasPrefix(module, "./") || strings.HasPrefix(module, "../"):
		abs, err := filepath.Abs(pageFile)
		if err != nil {
			return ""
		}
		p = filepath.Join(filepath.Dir(abs), filepath.FromSlash(module))
	default:
		return ""
	}
	candidates := []string{}
	if isModuleExt(filepath.Ext(p)) {
		candidates = append(candidates, p)
	}
	for _, e := range extensions {
		candidates = append(candidates, p+e)
	}
	for _, e := range extensions {
		candidates = append(candidates, filepath.Join(p, "index"+e))
	}
	for _, c := range candidates {
		if st, err := os.Stat(c); err == nil && !st.IsDir() {
			return c
		}
	}
	return ""
}

func within(dir, file string) bool {
	rel, err := filepath.Rel(dir, file)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func withinAny(dirs []string, file string) bool {
	for _, d := range dirs {
		if within(d, file) {
			return true
		}
	}
	return false
}
