package feedback

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"tzdocs/internal/feedback/store"
)

// SearchReport prints search analytics since a time: the most frequent queries, the most frequent
// queries that found nothing (content to write, or synonyms to add), and the click-through rate
// (clicks on results per search). Days whose raw rows were rolled up (see Store.Prune) are read
// from the daily totals, counted whole; rows the size cap dropped are reported, not counted.
func SearchReport(ctx context.Context, s Store, w io.Writer, since time.Time, top int) error {
	type count struct {
		query string
		n     int64
		hits  int
	}
	all := map[string]*count{}
	var searches, clicks int64
	addQuery := func(query string, n int64, hits int) {
		key := strings.ToLower(strings.Join(strings.Fields(printable(query, true)), " "))
		if key == "" {
			return
		}
		searches += n
		c, ok := all[key]
		if !ok {
			c = &count{query: key}
			all[key] = c
		}
		c.n += n
		c.hits = hits // the latest: rows come oldest first
	}
	state, err := s.AnalyticsState(ctx)
	if err != nil {
		return fmt.Errorf("reading the analytics state: %w", err)
	}
	// Searches and events are rolled up on markers of their own: each is read from its daily
	// totals before its marker and from the raw rows after.
	rawQueries, rawEvents := since, since
	if since.Before(state.SearchesRolledUntil) {
		rawQueries = state.SearchesRolledUntil
		if err := s.DailyQueries(ctx, since, func(d DailyQuery) error {
			addQuery(d.Query, d.Searches, d.NbHits)
			return nil
		}); err != nil {
			return fmt.Errorf("reading daily search analytics: %w", err)
		}
	}
	if since.Before(state.RolledUntil) {
		rawEvents = state.RolledUntil
		if err := s.DailyEvents(ctx, since, func(d DailyEvents) error {
			if d.Type == "click" {
				clicks += d.Events
			}
			return nil
		}); err != nil {
			return fmt.Errorf("reading daily search analytics: %w", err)
		}
	}
	if err := s.Queries(ctx, rawQueries, func(q Query) error { addQuery(q.Query, 1, q.NbHits); return nil }); err != nil {
		return err
	}
	if err := s.Events(ctx, rawEvents, func(e Event) error {
		if e.Type == "click" {
			clicks++
		}
		return nil
	}); err != nil {
		return err
	}
	var list, empty []*count
	for _, c := range all {
		list = append(list, c)
		if c.hits == 0 {
			empty = append(empty, c)
		}
	}
	byCount := func(l []*count) {
		sort.Slice(l, func(i, j int) bool {
			if l[i].n != l[j].n {
				return l[i].n > l[j].n
			}
			return l[i].query < l[j].query
		})
	}
	byCount(list)
	byCount(empty)
	rate := 0.0
	if searches > 0 {
		rate = float64(clicks) / float64(searches)
	}
	fmt.Fprintf(w, "%d searches, %d distinct queries, %d result clicks: click-through rate %.1f%%\n", searches, len(all), clicks, 100*rate)
	if d := state.DroppedQueries + state.DroppedEvents + state.DroppedDaily; d > 0 {
		fmt.Fprintf(w, "Not counted: %d search logs, %d events and %d daily totals dropped by the analytics size cap\n",
			state.DroppedQueries, state.DroppedEvents, state.DroppedDaily)
	}
	if state.SkippedEvents > 0 {
		fmt.Fprintf(w, "Not counted: %d stored Insights events with positions outside 1 to %d\n", state.SkippedEvents, store.MaxPosition)
	}
	print := func(title string, l []*count) {
		fmt.Fprintf(w, "\n%s\n", title)
		if len(l) == 0 {
			fmt.Fprintln(w, "  (none)")
			return
		}
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "  count\thits\tquery")
		for i, c := range l {
			if i == top {
				break
			}
			fmt.Fprintf(tw, "  %d\t%d\t%s\n", c.n, c.hits, c.query)
		}
		tw.Flush()
	}
	print("Top queries", list)
	print("Queries with no results", empty)
	return nil
}
