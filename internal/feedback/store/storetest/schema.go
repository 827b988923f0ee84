package storetest

import (
	"slices"
	"sort"
	"strings"
	"testing"
)

// Kind is what a column holds, whatever type a database stores it as.
type Kind string

// Kinds of columns.
const (
	Integer Kind = "integer"
	Text    Kind = "text"
	Time    Kind = "time" // an instant (Unix milliseconds in SQLite)
	Day     Kind = "day"  // 00:00 UTC of a day (Unix milliseconds in SQLite)
	Bool    Kind = "bool"
	JSON    Kind = "json"
)

// Schema is every table and column both databases hold after the last migration. A migration that
// adds a column to one database and not the other, or gives them kinds that differ, fails
// CheckSchema in one of the two.
var Schema = map[string]map[string]Kind{
	"tzdocs_migrations": {"version": Integer, "name": Text, "applied_at": Time},
	"page_feedback": {"id": Integer, "created_at": Time, "url": Text, "helpful": Bool, "comment": Text,
		"category": Text, "email": Text},
	"answer_feedback": {"id": Integer, "created_at": Time, "message_id": Text, "thumbs": Integer,
		"question": Text, "answer": Text, "sources": JSON, "vote_key": Text},
	"search_queries": {"id": Integer, "at": Time, "query": Text, "nb_hits": Integer, "processing_us": Integer,
		"query_id": Text},
	"insight_events": {"id": Integer, "at": Time, "type": Text, "name": Text, "index_name": Text,
		"user_token": Text, "query_id": Text, "object_ids": JSON, "positions": JSON, "filters": JSON},
	"search_daily": {"day": Day, "query": Text, "searches": Integer, "nb_hits": Integer, "no_results": Integer,
		"clicks": Integer, "position_sum": Integer, "far": Integer},
	"insight_daily": {"day": Day, "type": Text, "name": Text, "index_name": Text, "events": Integer,
		"positions": Integer, "position_sum": Integer},
	"dashboard_daily": {"day": Day, "searches": Integer, "no_results": Integer, "clicks": Integer,
		"positions": Integer, "position_sum": Integer},
	"search_blocks": {"level": Integer, "block": Integer, "query": Text, "searches": Integer, "nb_hits": Integer,
		"no_results": Integer, "clicks": Integer, "position_sum": Integer, "far": Integer},
	"analytics_state": {"name": Text, "value": Integer},
	"ask_exchanges": {"id": Integer, "created_at": Time, "message_id": Text, "message_key": Text,
		"question_id": Text, "question_key": Text, "question": Text, "answer": Text, "sources": JSON,
		"engine": Text, "first_text_ms": Integer, "outcome": Text},
	"admin_sessions": {"key": Text, "who": Text, "method": Text, "created_at": Time, "seen_at": Time},
	"admin_links":    {"key": Text, "who": Text, "expires_at": Time, "used_at": Time},
}

// CheckSchema compares the tables and columns a database reports after the last migration (table,
// column, the type the database reports) with Schema. types gives, for each kind, the types the
// database may store it as (compared without case).
func CheckSchema(t *testing.T, got map[string]map[string]string, types map[Kind][]string) {
	t.Helper()
	var problems []string
	for table, cols := range Schema {
		have, ok := got[table]
		if !ok {
			problems = append(problems, "table "+table+" is missing")
			continue
		}
		for col, kind := range cols {
			typ, ok := have[col]
			if !ok {
				problems = append(problems, table+"."+col+" is missing")
				continue
			}
			if !slices.Contains(types[kind], strings.ToLower(typ)) {
				problems = append(problems, table+"."+col+" is "+typ+", not a type that holds "+string(kind)+
					" ("+strings.Join(types[kind], ", ")+")")
			}
		}
		for col := range have {
			if _, ok := cols[col]; !ok {
				problems = append(problems, table+"."+col+" is not in storetest.Schema")
			}
		}
	}
	for table := range got {
		if _, ok := Schema[table]; !ok {
			problems = append(problems, "table "+table+" is not in storetest.Schema")
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		t.Errorf("the schema after the last migration differs from storetest.Schema (a migration changed one "+
			"database and not the other, or the declaration was not updated):\n  %s", strings.Join(problems, "\n  "))
	}
}
