package content

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The build reads nothing outside the site folder, and the docs folder when the configuration names
// one outside it (a Docusaurus site in website/ with its docs in ../docs): that folder is allowed
// explicitly, nothing else around it. Checking a path's text for "../" is not enough:
// a symbolic link inside the folder may point anywhere (a static file linked to /proc/self/environ
// would be published). So every content file is resolved to its real path, and a path whose real
// location is outside the site's real folder is refused with an error naming the link and its
// target. The file is then opened by its real path, so the check and the read see the same file.

// realRoot returns the site folder's real path: absolute, with its own symbolic links resolved (a
// site folder may itself be a link; what matters is what lies below it).
func realRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// Confine returns the real path of file, a path inside the site folder, after following every
// symbolic link on the way. A file whose real path lies outside the site folder is an error naming
// the link and its target; a missing file gives an error that satisfies errors.Is(err,
// fs.ErrNotExist).
func (s *Site) Confine(file string) (string, error) {
	root := s.root
	if root == "" {
		r, err := realRoot(s.Config.Dir)
		if err != nil {
			return "", err
		}
		root = r
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", err
	}
	if !within(root, real) && (s.docsRoot == "" || !within(s.docsRoot, real)) {
		return "", &Diagnostic{File: s.displayPath(file), Message: fmt.Sprintf(
			"is a symbolic link to %s, outside the site folder %s; the build reads only files inside it: copy the file into the site or remove the link",
			real, s.Config.Dir)}
	}
	return real, nil
}

// within reports whether path lies in dir (both real, absolute paths).
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// ReadFile reads a content file through Confine: a file whose real path is outside the site folder
// is refused.
func (s *Site) ReadFile(file string) ([]byte, error) {
	real, err := s.Confine(file)
	if err != nil {
		return nil, err
	}
	return os.ReadFile(real)
}

// OutsideRoots are the folders outside the site folder that the build may read: the docs folder,
// when the configuration places it there.
func (s *Site) OutsideRoots() []string {
	if s.docsRoot == "" {
		return nil
	}
	return []string{s.docsRoot}
}

// inDocsRoot reports whether file (a path as written, not yet resolved) lies in a docs folder the
// configuration places outside the site folder.
func (s *Site) inDocsRoot(file string) bool {
	if s.docsRoot == "" {
		return false
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return false
	}
	docs, err := filepath.Abs(filepath.Join(s.Config.Dir, s.Config.Docs.Path))
	return err == nil && (within(docs, abs) || within(s.docsRoot, abs))
}
