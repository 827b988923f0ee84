package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// resolveRoot follows a built site folder given through symlinks (a release layout's `current`
// pointing at releases/<name>) to the folder itself, so that the whole site is read from one
// release even when the link is switched while it loads. An error says which link points where
// and what is wrong there.
func resolveRoot(dir string) (string, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		if target, lerr := os.Readlink(dir); lerr == nil {
			if errors.Is(err, fs.ErrNotExist) {
				return "", fmt.Errorf("%s is a symlink to %s, which does not exist; point it at a built site folder (ln -sfn releases/NAME %s)", dir, target, dir)
			}
			return "", fmt.Errorf("%s is a symlink to %s, which cannot be followed: %w", dir, target, err)
		}
		if errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("%s does not exist: run `tzdocs build` first, or give the folder it wrote", dir)
		}
		return "", fmt.Errorf("reading the built site folder %s: %w", dir, err)
	}
	info, err := os.Stat(real)
	if err != nil {
		return "", fmt.Errorf("reading the built site folder %s: %w", dir, err)
	}
	if !info.IsDir() {
		if real != filepath.Clean(dir) {
			return "", fmt.Errorf("%s leads to %s, which is not a folder; point it at a built site folder", dir, real)
		}
		return "", fmt.Errorf("%s is not a folder; give the folder `tzdocs build` wrote (--out)", dir)
	}
	return real, nil
}
