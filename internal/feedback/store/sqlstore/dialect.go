// Package sqlstore implements the feedback store once, in SQL that SQLite and PostgreSQL both run,
// over a connection and a Dialect that each driver package (store/sqlite, store/postgres) gives.
//
// Statements are written with '?' placeholders; the Dialect renders them and turns times and days
// into what its database stores. What no common SQL says (reserving a page feedback id, the
// analytics roll-up's date and JSON functions, the dashboard's day numbers, locks) stays in the
// driver packages.
package sqlstore

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Dialect is how one database spells what the shared SQL leaves open.
type Dialect struct {
	// Numbered is true when placeholders are $1, $2… (PostgreSQL) rather than '?' (SQLite).
	Numbered bool
	// Time and Day turn an instant, and 00:00 UTC of a day, into the argument the database stores
	// for them: Unix milliseconds in SQLite; a timestamptz and a date in PostgreSQL.
	Time, Day func(time.Time) any
	// RowID names the column that identifies a row of a table without a key column of its own.
	RowID string
	// TimeType is the column type of an instant, for the migrations table.
	TimeType string
	// MigrationLock, when set, is run first in the migrations' transaction, to keep processes
	// starting together from migrating at once (SQLite needs none: its write transaction locks the
	// file).
	MigrationLock string
}

// SQLite is the dialect of store/sqlite.
var SQLite = Dialect{
	Time:     func(t time.Time) any { return t.UnixMilli() },
	Day:      func(t time.Time) any { return t.UnixMilli() },
	RowID:    "rowid",
	TimeType: "INTEGER",
}

// PostgreSQL is the dialect of store/postgres.
var PostgreSQL = Dialect{
	Numbered:      true,
	Time:          func(t time.Time) any { return t },
	Day:           func(t time.Time) any { return t },
	RowID:         "ctid",
	TimeType:      "TIMESTAMPTZ",
	MigrationLock: "SELECT pg_advisory_xact_lock(" + strconv.FormatInt(migrationLock, 10) + ")",
}

// migrationLock is the advisory lock key that lets one PostgreSQL client at a time migrate.
const migrationLock = 0x747a646f6373 // "tzdocs"

// SQL renders the placeholders of query for d: '?' is the next argument and '?N' the Nth. The
// statements it is given hold no '?' in a string literal.
func (d Dialect) SQL(query string) string {
	if !d.Numbered {
		return query
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(query); i++ {
		c := query[i]
		if c != '?' {
			b.WriteByte(c)
			continue
		}
		j := i + 1
		for j < len(query) && query[j] >= '0' && query[j] <= '9' {
			j++
		}
		b.WriteByte('$')
		if j > i+1 {
			b.WriteString(query[i+1 : j])
		} else {
			n++
			b.WriteString(strconv.Itoa(n))
		}
		i = j - 1
	}
	return b.String()
}

// instant scans a time or day column of either database (Unix milliseconds, or a timestamp or
// date) into a UTC time.
type instant struct{ t *time.Time }

// Scan implements sql.Scanner; pgx calls it too.
func (d instant) Scan(src any) error {
	switch v := src.(type) {
	case int64:
		*d.t = time.UnixMilli(v).UTC()
	case time.Time:
		*d.t = v.UTC()
	default:
		return fmt.Errorf("a time column holds %T, neither Unix milliseconds nor a timestamp", src)
	}
	return nil
}

// jsonText encodes a list as a JSON array, never as null: SQLite stores the text, and pgx sends a
// string to a jsonb column as JSON text.
func jsonText[T any](v []T) string {
	if v == nil {
		v = []T{}
	}
	b, _ := json.Marshal(v) // strings and ints always encode
	return string(b)
}

// fromJSON decodes a JSON list read back as text.
func fromJSON[T any](text string, v *[]T) error {
	return json.Unmarshal([]byte(text), v)
}
