package content

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// ReadPartial reads a content reference that from's Markdown imports, for
// markdown.PageContext.ReadPartial: "@site/…" and "/…" are relative to the site folder, anything
// else to from's folder. It returns the file's text and its display path (site/docs/…).
func (s *Site) ReadPartial(from *Doc, importPath string) ([]byte, string, error) {
	var file string
	switch {
	case strings.HasPrefix(importPath, "@site/"):
		file = filepath.Join(s.Config.Dir, filepath.FromSlash(strings.TrimPrefix(importPath, "@site/")))
	case strings.HasPrefix(importPath, "/"):
		file = filepath.Join(s.Config.Dir, filepath.FromSlash(importPath))
	case from != nil && from.Path != "":
		file = filepath.Join(filepath.Dir(from.Path), filepath.FromSlash(importPath))
	default:
		return nil, "", fmt.Errorf("%s cannot be resolved without the page's folder", importPath)
	}
	if rel, err := filepath.Rel(s.Config.Dir, file); (err != nil || strings.HasPrefix(rel, "..")) && !s.inDocsRoot(file) {
		return nil, "", fmt.Errorf("%s is outside the site folder", importPath)
	}
	display := s.displayPath(file)
	src, err := s.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, display, fmt.Errorf("%s does not exist", display)
	}
	return src, display, err
}
