package output

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// maxLinkDepth bounds the folders behind symbolic links a walk enters one inside another, so
// that a link to one of its own parents ends with an error rather than never.
const maxLinkDepth = 16

// walkConfined calls fn with the slash-separated path, relative to dir, of every file below dir
// (sidecars included), as the server will read it. A symbolic link is followed when its real
// target lies inside dir's real folder: a linked file is read under the link's name, a linked
// folder walked under it. A link whose target lies outside is an error naming the link and its
// target, as the build refuses such links in the site folder: the server reads nothing outside
// the folder it serves.
func walkConfined(dir string, fn func(rel string) error) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	root, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return err
	}
	var walk func(real, rel string, depth int) error
	walk = func(real, rel string, depth int) error {
		entries, err := os.ReadDir(real)
		if err != nil {
			return err
		}
		for _, e := range entries {
			p, r := filepath.Join(real, e.Name()), path.Join(rel, e.Name())
			switch {
			case e.Type()&fs.ModeSymlink != 0:
				target, err := filepath.EvalSymlinks(p)
				if err != nil {
					return fmt.Errorf("%s: a symbolic link whose target cannot be read (%w); remove it or rebuild the site", filepath.Join(dir, filepath.FromSlash(r)), err)
				}
				if !within(root, target) {
					return fmt.Errorf("%s is a symbolic link to %s, outside %s; the server reads only files inside the folder it serves: copy the file in or remove the link",
						filepath.Join(dir, filepath.FromSlash(r)), target, dir)
				}
				info, err := os.Stat(target)
				if err != nil {
					return err
				}
				if !info.IsDir() {
					if err := fn(r); err != nil {
						return err
					}
					continue
				}
				if depth >= maxLinkDepth {
					return fmt.Errorf("%s: symbolic links to folders go more than %d deep (a link to one of its own parents?); remove the link", filepath.Join(dir, filepath.FromSlash(r)), maxLinkDepth)
				}
				if err := walk(target, r, depth+1); err != nil {
					return err
				}
			case e.IsDir():
				if err := walk(p, r, depth); err != nil {
					return err
				}
			case e.Type().IsRegular():
				if err := fn(r); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return walk(root, "", 0)
}

// within reports whether the real path p lies in the real folder root.
func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
