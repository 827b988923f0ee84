package store

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// Migration is one schema change, numbered from 1 without gaps.
type Migration struct {
	Version int
	Name    string // file name, for messages
	SQL     string
}

// ErrSchemaTooNew is returned (wrapped in a *SchemaError) when the database was migrated by a newer
// tzdocs than the running one.
var ErrSchemaTooNew = errors.New("database schema is newer than this tzdocs binary")

// SchemaError says which schema versions met.
type SchemaError struct {
	Database int // version recorded in the database
	Binary   int // last version this binary knows
}

func (e *SchemaError) Error() string {
	return fmt.Sprintf("schema version %d is newer than this tzdocs binary understands (up to version %d): "+
		"run a tzdocs release at least as new as the one that last opened this database, "+
		"or point TZDOCS_DATABASE_URL at another database", e.Database, e.Binary)
}

// Unwrap lets errors.Is(err, ErrSchemaTooNew) match.
func (e *SchemaError) Unwrap() error { return ErrSchemaTooNew }

// LoadMigrations reads dir/NNNN_name.sql files from fsys, checks they are numbered 1, 2, 3… and
// returns them in order.
func LoadMigrations(fsys fs.FS, dir string) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("reading migrations: %w", err)
	}
	var ms []Migration
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".sql") {
			continue
		}
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %s: name must be NNNN_description.sql", e.Name())
		}
		b, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("migration %s: %w", e.Name(), err)
		}
		ms = append(ms, Migration{Version: v, Name: e.Name(), SQL: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	for i, m := range ms {
		if m.Version != i+1 {
			return nil, fmt.Errorf("migration %s: expected version %d; versions must run 1, 2, 3… without gaps or repeats", m.Name, i+1)
		}
	}
	return ms, nil
}

// Pending returns the migrations to apply to a database at version current, or a *SchemaError when
// the database is ahead of ms.
func Pending(current int, ms []Migration) ([]Migration, error) {
	if current > len(ms) {
		return nil, &SchemaError{Database: current, Binary: len(ms)}
	}
	return ms[current:], nil
}
