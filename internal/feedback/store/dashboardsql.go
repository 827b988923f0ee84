package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"time"
)

// Querier runs one query whose placeholders are written '?' and calls row for each row it gives.
type Querier func(ctx context.Context, query string, args []any, row func(scan func(dest ...any) error) error) error

// DashboardSQL spells the dashboard's queries for one database. Placeholders are '?'. Every query
// gives days as whole days since 1970-01-01 (UTC) and times as Unix milliseconds, so that both
// databases scan into the same Go types; the arguments are the range's bounds, made by Time (for
// raw rows) and Day (for the daily tables).
type DashboardSQL struct {
	Time, Day func(time.Time) any

	RolledUntil string // the searches' roll-up state (StateSearchesRolledUntil), in Unix milliseconds
	// OldestDay gives the first day the daily search totals hold, in days since 1970 (no row when
	// they hold none). Blocks starting before it span days gone past their retention or the size
	// cap, and are never read.
	OldestDay string

	// The per-day counts give a day and counts, 0 standing for a count a query lacks: searches,
	// searches without result, clicks, click positions given and their sum for the searches.
	SearchDaysDaily, SearchDaysRaw, ClicksRaw string
	// QueriesDaily gives, per query, searches, most hits, searches without result, clicks (click
	// positions given), their sum and clicks below FarPosition; QueriesRaw the searches' columns
	// and ClicksPerQueryRaw the clicks' (0 for the others). QueriesBlocks gives what QueriesDaily
	// does, from the blocks of search_blocks of one level (arguments level, first block, end block).
	QueriesDaily, QueriesRaw, ClicksPerQueryRaw, QueriesBlocks string
	// PageVotes gives url, helpful, not helpful, comments; PageTrend day first; PageDays day,
	// helpful, not helpful, comments.
	PageVotes, PageTrend, PageDays string
	// PageTrendOf is PageTrend for the one page given as its first argument, read through the
	// index on (url, created_at): the pages view asks the trend of its few worst pages only.
	PageTrendOf string
	// Comments gives at, url, helpful (-1 none, 0, 1), comment, category.
	Comments string
	// AskDays gives day, questions, answered, answered without source; AskVotes day, engine, up,
	// down (engine '' when the exchange is gone).
	AskDays, AskVotes string
	// ThumbsDown and NoSource give at, question, answer, sources (JSON text), engine.
	ThumbsDown, NoSource string
}

// EachRow calls row with the scanner of each of rows, stopping at the first error; the caller
// closes rows.
func EachRow(rows Rows, row func(scan func(dest ...any) error) error) error {
	for rows.Next() {
		if err := row(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// DashboardDB implements Dashboard with one database's SQL; a store embeds it.
type DashboardDB struct {
	SQL   DashboardSQL
	Query Querier
	// InSnapshot runs fn with a Querier reading one state of the database (a read-only
	// transaction); Snapshot needs it.
	InSnapshot func(ctx context.Context, fn func(Querier) error) error
}

// Snapshot implements Dashboard.
func (db DashboardDB) Snapshot(ctx context.Context, fn func(Dashboard) error) error {
	if db.InSnapshot == nil {
		return fn(db)
	}
	return db.InSnapshot(ctx, func(q Querier) error {
		return fn(DashboardDB{SQL: db.SQL, Query: q})
	})
}

const msPerDay = int64(24 * time.Hour / time.Millisecond)

func fromEpochDay(d int64) time.Time { return time.UnixMilli(d * msPerDay).UTC() }

// split cuts r where the searches' roll-up stands: the days before it, and the day it falls in,
// are read from the daily totals, the raw rows from it on. A part is empty when its From is not
// before its To; the raw part may start within a day.
func (db DashboardDB) split(ctx context.Context, r Range) (daily, raw Range, err error) {
	if err := r.Check(); err != nil {
		return Range{}, Range{}, err
	}
	var until time.Time
	err = db.Query(ctx, db.SQL.RolledUntil, []any{StateSearchesRolledUntil}, func(scan func(...any) error) error {
		var ms int64
		if err := scan(&ms); err != nil {
			return err
		}
		if ms > 0 {
			until = time.UnixMilli(ms).UTC()
		}
		return nil
	})
	if err != nil {
		return Range{}, Range{}, fmt.Errorf("reading the roll-up state: %w", err)
	}
	cut := until
	if cut.Before(r.From) {
		cut = r.From
	}
	if cut.After(r.To) {
		cut = r.To
	}
	days := Day(cut)
	if days.Before(cut) {
		days = days.AddDate(0, 0, 1) // the daily totals of cut's day hold its searches before cut
	}
	return Range{r.From, days}, Range{cut, r.To}, nil
}

// counts runs a query per part (daily totals, raw rows) whose rows are a day and width counts
// (0 where a query has fewer), and adds them up into the days of r.
func (db DashboardDB) counts(ctx context.Context, r, daily, raw Range, width int, dailySQL, rawSQL string, add func(day int, v []int64)) error {
	var day int64
	v := make([]int64, width)
	dest := []any{&day}
	for i := range v {
		dest = append(dest, &v[i])
	}
	run := func(sql string, part Range, arg func(time.Time) any) error {
		if sql == "" || !part.From.Before(part.To) {
			return nil
		}
		return db.Query(ctx, sql, []any{arg(part.From), arg(part.To)}, func(scan func(...any) error) error {
			if err := scan(dest...); err != nil {
				return err
			}
			i := int((fromEpochDay(day).Sub(r.From)) / (24 * time.Hour))
			if i >= 0 && i < r.Days() {
				add(i, v)
			}
			return nil
		})
	}
	if err := run(dailySQL, daily, db.SQL.Day); err != nil {
		return err
	}
	return run(rawSQL, raw, db.SQL.Time)
}

// SearchDays implements Dashboard.
func (db DashboardDB) SearchDays(ctx context.Context, r Range) ([]SearchDay, error) {
	daily, raw, err := db.split(ctx, r)
	if err != nil {
		return nil, err
	}
	out := make([]SearchDay, r.Days())
	for i := range out {
		out[i].Day = r.From.AddDate(0, 0, i)
	}
	add := func(i int, v []int64) {
		out[i].Searches += v[0]
		out[i].NoResults += v[1]
		out[i].Clicks += v[2]
		out[i].ClickPositions += v[3]
		out[i].PositionSum += v[4]
	}
	q := db.SQL
	err = db.counts(ctx, r, daily, raw, 5, q.SearchDaysDaily, q.SearchDaysRaw, add)
	if err == nil {
		err = db.counts(ctx, r, Range{}, raw, 5, "", q.ClicksRaw, add)
	}
	if err != nil {
		return nil, fmt.Errorf("counting searches per day: %w", err)
	}
	return out, nil
}

// queryTotals is what a range counts of one query.
type queryTotals struct {
	QueryCount
	noResults int64
	clicks    FarClicks
}

// SearchQueries implements Dashboard.
func (db DashboardDB) SearchQueries(ctx context.Context, r Range) (QueryLists, error) {
	daily, raw, err := db.split(ctx, r)
	if err != nil {
		return QueryLists{}, err
	}
	all := map[string]*queryTotals{}
	get := func(query string) *queryTotals {
		t, ok := all[query]
		if !ok {
			t = &queryTotals{QueryCount: QueryCount{Query: query}, clicks: FarClicks{Query: query}}
			all[query] = t
		}
		return t
	}
	run := func(sql string, part Range, arg func(time.Time) any, add func(scan func(...any) error) error) error {
		if !part.From.Before(part.To) {
			return nil
		}
		return db.Query(ctx, sql, []any{arg(part.From), arg(part.To)}, add)
	}
	var query string // scanned into anew by every row: each query gives every column
	var searches, hits, none, clicks, sum, far int64
	addTotals := func(scan func(...any) error) error {
		if err := scan(&query, &searches, &hits, &none, &clicks, &sum, &far); err != nil {
			return err
		}
		t := get(query)
		t.Searches += searches
		t.NbHits = max(t.NbHits, hits)
		t.noResults += none
		t.clicks.Clicks += clicks
		t.clicks.PositionSum += sum
		t.clicks.Far += far
		return nil
	}
	// The rolled-up days are read from the fewest blocks of days that cover them, single days
	// from the daily totals; none before the first day those still hold (see OldestDay).
	from, ok := epochDay(daily.From), false
	if daily.From.Before(daily.To) {
		err = db.Query(ctx, db.SQL.OldestDay, nil, func(scan func(...any) error) error {
			var oldest int64
			ok = true
			err := scan(&oldest)
			from = max(from, oldest)
			return err
		})
	}
	if err == nil && ok {
		for _, b := range blockSpans(from, epochDay(daily.To)) {
			if b.level == 0 {
				days := Range{fromEpochDay(b.first), fromEpochDay(b.end)}
				err = run(db.SQL.QueriesDaily, days, db.SQL.Day, addTotals)
			} else {
				err = db.Query(ctx, db.SQL.QueriesBlocks, []any{b.level, b.first, b.end}, addTotals)
			}
			if err != nil {
				break
			}
		}
	}
	if err == nil {
		err = run(db.SQL.QueriesRaw, raw, db.SQL.Time, addTotals)
	}
	if err == nil {
		err = run(db.SQL.ClicksPerQueryRaw, raw, db.SQL.Time, addTotals)
	}
	if err != nil {
		return QueryLists{}, fmt.Errorf("counting searches per query: %w", err)
	}
	l := QueryLists{Top: []QueryCount{}, NoResults: []QueryCount{}, FarClicks: []FarClicks{}}
	for _, t := range all {
		if t.Searches > 0 {
			l.Top = append(l.Top, t.QueryCount)
		}
		if t.noResults > 0 {
			l.NoResults = append(l.NoResults, QueryCount{Query: t.Query, Searches: t.noResults})
		}
		if t.clicks.Far > 0 {
			l.FarClicks = append(l.FarClicks, t.clicks)
		}
	}
	mostFirst := func(list []QueryCount) []QueryCount {
		sort.Slice(list, func(i, j int) bool {
			if list[i].Searches != list[j].Searches {
				return list[i].Searches > list[j].Searches
			}
			return list[i].Query < list[j].Query
		})
		return list[:min(len(list), DashboardLimit)]
	}
	l.Top, l.NoResults = mostFirst(l.Top), mostFirst(l.NoResults)
	sort.Slice(l.FarClicks, func(i, j int) bool {
		a, b := l.FarClicks[i], l.FarClicks[j]
		if a.Far != b.Far {
			return a.Far > b.Far
		}
		return a.Query < b.Query
	})
	l.FarClicks = l.FarClicks[:min(len(l.FarClicks), DashboardLimit)]
	return l, nil
}

// PageVotes implements Dashboard.
func (db DashboardDB) PageVotes(ctx context.Context, r Range) ([]PageVotes, error) {
	return db.pageVotes(ctx, r, db.SQL.PageVotes, nil, false)
}

// PageTrend implements Dashboard.
func (db DashboardDB) PageTrend(ctx context.Context, r Range, urls []string) ([]PageVotes, error) {
	if urls != nil && len(urls) == 0 {
		return []PageVotes{}, r.Check()
	}
	if urls == nil {
		return db.pageVotes(ctx, r, db.SQL.PageTrend, nil, true)
	}
	out := []PageVotes{}
	for _, u := range slices.Compact(slices.Sorted(slices.Values(urls))) {
		days, err := db.pageVotes(ctx, r, db.SQL.PageTrendOf, []any{u}, true)
		if err != nil {
			return nil, err
		}
		out = append(out, days...)
	}
	return out, nil
}

// pageVotes runs one of the page vote queries, whose arguments are first (if any), then the range.
func (db DashboardDB) pageVotes(ctx context.Context, r Range, sql string, first []any, byDay bool) ([]PageVotes, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	out := []PageVotes{}
	args := append(slices.Clip(first), db.SQL.Time(r.From), db.SQL.Time(r.To))
	err := db.Query(ctx, sql, args, func(scan func(...any) error) error {
		var p PageVotes
		dest := []any{&p.URL, &p.Helpful, &p.NotHelpful, &p.Comments}
		var day int64
		if byDay {
			dest = append([]any{&day}, dest...)
		}
		if err := scan(dest...); err != nil {
			return err
		}
		if byDay {
			p.Day = fromEpochDay(day)
		}
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("counting page votes: %w", err)
	}
	return out, nil
}

// PageDays implements Dashboard.
func (db DashboardDB) PageDays(ctx context.Context, r Range) ([]PageVotes, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	out := make([]PageVotes, r.Days())
	for i := range out {
		out[i].Day = r.From.AddDate(0, 0, i)
	}
	err := db.counts(ctx, r, Range{}, r, 3, "", db.SQL.PageDays, func(i int, v []int64) {
		out[i].Helpful += v[0]
		out[i].NotHelpful += v[1]
		out[i].Comments += v[2]
	})
	if err != nil {
		return nil, fmt.Errorf("counting page votes per day: %w", err)
	}
	return out, nil
}

// Comments implements Dashboard.
func (db DashboardDB) Comments(ctx context.Context, r Range) ([]Comment, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	out := []Comment{}
	err := db.Query(ctx, db.SQL.Comments, []any{db.SQL.Time(r.From), db.SQL.Time(r.To), DashboardLimit}, func(scan func(...any) error) error {
		var c Comment
		var at, helpful int64
		if err := scan(&at, &c.URL, &helpful, &c.Comment, &c.Category); err != nil {
			return err
		}
		c.At = time.UnixMilli(at).UTC()
		if helpful >= 0 {
			h := helpful == 1
			c.Helpful = &h
		}
		out = append(out, c)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing comments: %w", err)
	}
	return out, nil
}

// AskDays implements Dashboard.
func (db DashboardDB) AskDays(ctx context.Context, r Range) ([]AskDay, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	out := make([]AskDay, r.Days())
	for i := range out {
		out[i].Day = r.From.AddDate(0, 0, i)
	}
	err := db.counts(ctx, r, Range{}, r, 3, "", db.SQL.AskDays, func(i int, v []int64) {
		out[i].Questions += v[0]
		out[i].Answered += v[1]
		out[i].NoSource += v[2]
	})
	if err == nil {
		err = db.askVotes(ctx, r, func(i int, _ string, up, down int64) {
			out[i].Up += up
			out[i].Down += down
		})
	}
	if err != nil {
		return nil, fmt.Errorf("counting questions per day: %w", err)
	}
	return out, nil
}

// askVotes calls add for each day and engine of the answer votes of r.
func (db DashboardDB) askVotes(ctx context.Context, r Range, add func(day int, engine string, up, down int64)) error {
	return db.Query(ctx, db.SQL.AskVotes, []any{db.SQL.Time(r.From), db.SQL.Time(r.To)}, func(scan func(...any) error) error {
		var day, up, down int64
		var engine string
		if err := scan(&day, &engine, &up, &down); err != nil {
			return err
		}
		if i := int(fromEpochDay(day).Sub(r.From) / (24 * time.Hour)); i >= 0 && i < r.Days() {
			add(i, engine, up, down)
		}
		return nil
	})
}

// EngineVotes implements Dashboard.
func (db DashboardDB) EngineVotes(ctx context.Context, r Range) ([]EngineVotes, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	all := map[string]*EngineVotes{}
	err := db.askVotes(ctx, r, func(_ int, engine string, up, down int64) {
		e, ok := all[engine]
		if !ok {
			e = &EngineVotes{Engine: engine}
			all[engine] = e
		}
		e.Up += up
		e.Down += down
	})
	if err != nil {
		return nil, fmt.Errorf("counting votes per engine: %w", err)
	}
	out := make([]EngineVotes, 0, len(all))
	for _, e := range all {
		out = append(out, *e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Engine < out[j].Engine })
	return out, nil
}

// ThumbsDown implements Dashboard.
func (db DashboardDB) ThumbsDown(ctx context.Context, r Range) ([]AskItem, error) {
	return db.askItems(ctx, r, db.SQL.ThumbsDown, "answers rated down")
}

// NoSourceAnswers implements Dashboard.
func (db DashboardDB) NoSourceAnswers(ctx context.Context, r Range) ([]AskItem, error) {
	return db.askItems(ctx, r, db.SQL.NoSource, "answers without source")
}

func (db DashboardDB) askItems(ctx context.Context, r Range, sql, what string) ([]AskItem, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	out := []AskItem{}
	err := db.Query(ctx, sql, []any{db.SQL.Time(r.From), db.SQL.Time(r.To), DashboardLimit}, func(scan func(...any) error) error {
		var it AskItem
		var at int64
		var sources string
		if err := scan(&at, &it.Question, &it.Answer, &sources, &it.Engine); err != nil {
			return err
		}
		it.At = time.UnixMilli(at).UTC()
		if err := json.Unmarshal([]byte(sources), &it.Sources); err != nil || it.Sources == nil {
			it.Sources = []string{}
		}
		it.Sources = slices.DeleteFunc(it.Sources, func(u string) bool { return !SourceLink(u) })
		out = append(out, it)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", what, err)
	}
	return out, nil
}
