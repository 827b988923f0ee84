package feedback

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// Export writes the page and answer feedback created at or after since (everything when since is
// zero) to w, oldest first, as "csv" (one table, a kind column telling page from answer rows) or
// "json" ({"pages": […], "answers": […]}).
//
// Every format drops control characters (ESC, BEL, NUL and the rest of C0 and C1; tabs and line
// breaks stay in comments, questions and answers), so an export is safe to print to a terminal.
// CSV cells that a spreadsheet would run as a formula (starting with = + - @, tab or carriage
// return) get a leading apostrophe.
func Export(ctx context.Context, s Store, w io.Writer, format string, since time.Time) error {
	switch format {
	case "csv":
		return exportCSV(ctx, s, w, since)
	case "json":
		return exportJSON(ctx, s, w, since)
	default:
		return fmt.Errorf("unknown export format %q: use csv or json", format)
	}
}

var csvHeader = []string{"kind", "id", "created_at", "url", "helpful", "category", "comment", "email",
	"message_id", "thumbs", "question", "answer", "sources"}

func exportCSV(ctx context.Context, s Store, w io.Writer, since time.Time) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	err := s.Pages(ctx, since, func(p Page) error {
		helpful := ""
		if p.Helpful != nil {
			helpful = map[bool]string{true: "yes", false: "no"}[*p.Helpful]
		}
		p = cleanPage(p)
		return cw.Write(cells("page", strconv.FormatInt(p.ID, 10), stamp(p.CreatedAt), p.URL, helpful, p.Category,
			p.Comment, p.Email, "", "", "", "", ""))
	})
	if err != nil {
		return fmt.Errorf("exporting page feedback: %w", err)
	}
	err = s.Answers(ctx, since, func(a Answer) error {
		a = cleanAnswer(a)
		return cw.Write(cells("answer", strconv.FormatInt(a.ID, 10), stamp(a.CreatedAt), "", "", "", "", "",
			a.MessageID, strconv.Itoa(a.Thumbs), a.Question, a.Answer, strings.Join(a.Sources, " ")))
	})
	if err != nil {
		return fmt.Errorf("exporting answer feedback: %w", err)
	}
	cw.Flush()
	return cw.Error()
}

// cells defuses spreadsheet formulas.
func cells(values ...string) []string {
	for i, v := range values {
		if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
			values[i] = "'" + v
		}
	}
	return values
}

// cleanPage and cleanAnswer make a row printable (see printable).
func cleanPage(p Page) Page {
	p.URL, p.Category, p.Email = printable(p.URL, false), printable(p.Category, false), printable(p.Email, false)
	p.Comment = printable(p.Comment, true)
	return p
}

func cleanAnswer(a Answer) Answer {
	a.MessageID = printable(a.MessageID, false)
	a.Question, a.Answer = printable(a.Question, true), printable(a.Answer, true)
	if a.Sources != nil {
		a.Sources = printableAll(a.Sources)
	}
	return a
}

func stamp(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z07:00") }

type pageJSON struct {
	ID        int64  `json:"id"`
	CreatedAt string `json:"createdAt"`
	URL       string `json:"url"`
	Helpful   *bool  `json:"helpful"`
	Category  string `json:"category"`
	Comment   string `json:"comment"`
	Email     string `json:"email"`
}

type answerJSON struct {
	ID        int64    `json:"id"`
	CreatedAt string   `json:"createdAt"`
	MessageID string   `json:"messageId"`
	Thumbs    int      `json:"thumbs"`
	Question  string   `json:"question"`
	Answer    string   `json:"answer"`
	Sources   []string `json:"sources"`
}

// exportJSON streams rows one at a time, so a large export never sits in memory.
func exportJSON(ctx context.Context, s Store, w io.Writer, since time.Time) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	sep := ""
	item := func(v any) error {
		bw.WriteString(sep + "\n    ")
		sep = ","
		return enc.Encode(v) // Encode's trailing newline is harmless JSON white space
	}
	bw.WriteString(`{"pages": [`)
	err := s.Pages(ctx, since, func(p Page) error {
		p = cleanPage(p)
		return item(pageJSON{p.ID, stamp(p.CreatedAt), p.URL, p.Helpful, p.Category, p.Comment, p.Email})
	})
	if err != nil {
		return fmt.Errorf("exporting page feedback: %w", err)
	}
	bw.WriteString("],\n\"answers\": [")
	sep = ""
	err = s.Answers(ctx, since, func(a Answer) error {
		a = cleanAnswer(a)
		sources := a.Sources
		if sources == nil {
			sources = []string{}
		}
		return item(answerJSON{a.ID, stamp(a.CreatedAt), a.MessageID, a.Thumbs, a.Question, a.Answer, sources})
	})
	if err != nil {
		return fmt.Errorf("exporting answer feedback: %w", err)
	}
	bw.WriteString("]}\n")
	return bw.Flush()
}

// PageStats returns the feedback summary of every page, worst first: pages with votes by rising
// helpful ratio (more "no" votes first on a tie), then pages with comments but no votes.
func PageStats(ctx context.Context, s Store) ([]PageStat, error) {
	stats, err := s.PageStats(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading page feedback: %w", err)
	}
	sort.Slice(stats, func(i, j int) bool {
		a, b := stats[i], stats[j]
		if (a.Votes() == 0) != (b.Votes() == 0) {
			return b.Votes() == 0
		}
		if a.Ratio() != b.Ratio() {
			return a.Ratio() < b.Ratio()
		}
		if a.NotHelpful != b.NotHelpful {
			return a.NotHelpful > b.NotHelpful
		}
		if a.Comments != b.Comments {
			return a.Comments > b.Comments
		}
		return a.URL < b.URL
	})
	return stats, nil
}

// Stats writes PageStats as a table: page, votes, helpful, not helpful, helpful ratio, comments.
func Stats(ctx context.Context, s Store, w io.Writer) error {
	stats, err := PageStats(ctx, s)
	if err != nil {
		return err
	}
	if len(stats) == 0 {
		_, err := fmt.Fprintln(w, "No page feedback yet.")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "VOTES\tYES\tNO\tHELPFUL\tCOMMENTS\t  PAGE")
	for _, p := range stats {
		ratio := "-"
		if p.Votes() > 0 {
			ratio = fmt.Sprintf("%.0f%%", 100*p.Ratio())
		}
		url := printable(p.URL, false)
		if url == "" {
			url = "(no page: general form)"
		}
		fmt.Fprintf(tw, "%d\t%d\t%d\t%s\t%d\t  %s\n", p.Votes(), p.Helpful, p.NotHelpful, ratio, p.Comments, url)
	}
	return tw.Flush()
}

// ParseSince reads the --since value of `tzdocs feedback export`: a date (2026-05-01, midnight UTC)
// or an RFC 3339 time (2026-05-01T12:00:00Z). Empty means everything.
func ParseSince(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.UTC(), nil
	}
	return time.Time{}, fmt.Errorf("--since %q: write a date such as 2026-05-01 or a time such as 2026-05-01T12:00:00Z", s)
}
