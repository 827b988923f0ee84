package feedback

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"
)

// SearchReport prints search analytics since a time: the most frequent queries, the most frequent
// queries that found nothing (content to write, or synonyms to add), and the click-through rate
// (clicks on results per search).
func SearchReport(ctx context.Context, s Store, w io.Writer, since time.Time, top int) error {
	type count struct {
		query string
		n     int
		hits  int
	}
	all := map[string]*count{}
	searches := 0
	err := s.Queries(ctx, since, func(q Query) error {
		key := strings.ToLower(strings.Join(strings.Fields(printable(q.Query, true)), " "))
		if key == "" {
			return nil
		}
		searches++
		c, ok := all[key]
		if !ok {
			c = &count{query: key}
			all[key] = c
		}
		c.n++
		c.hits = q.NbHits
		return nil
	})
	if err != nil {
		return err
	}
	clicks := 0
	if err := s.Events(ctx, since, func(e Event) error {
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
