package feedback

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
)

// ErrNoDatabase is returned by OpenExisting when the SQLite file it names does not exist.
var ErrNoDatabase = errors.New("no feedback database there")

// Describe names the database rawURL opens, for people: the SQLite file's absolute path, or the
// PostgreSQL URL without its password.
func Describe(rawURL string) string {
	kind, target, err := parseURL(rawURL)
	switch {
	case err != nil:
		return redactURL(rawURL)
	case kind == "postgres":
		if u, err := url.Parse(target); err == nil {
			if _, has := u.User.Password(); has {
				u.User = url.UserPassword(u.User.Username(), "xxxxx")
			}
			return u.String()
		}
		return "a PostgreSQL database"
	}
	if abs, err := filepath.Abs(target); err == nil {
		return abs
	}
	return target
}

// OpenExisting opens the database of rawURL like Open, but never creates a SQLite database: the
// maintainers' commands read and write the server's database, and a new empty one in the wrong
// folder would take their writes (a sign-in link) where the server never looks. A SQLite file
// that does not exist is ErrNoDatabase, naming the path.
func OpenExisting(ctx context.Context, rawURL string) (Store, error) {
	kind, target, err := parseURL(rawURL)
	if err != nil {
		return nil, err
	}
	if kind == "sqlite" {
		if _, err := os.Stat(target); errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w: %s does not exist", ErrNoDatabase, Describe(rawURL))
		}
	}
	return Open(ctx, rawURL)
}
