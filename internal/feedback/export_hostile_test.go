package feedback_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode"

	"tzdocs/internal/feedback"
)

// hostileText rings the bell, clears the screen, recolours it, hides a NUL and a C1 escape.
const hostileText = "ok\u202e\x07\x1b[2J\x1b[31mred\x00\u2066\u009b31m\x7f\u200fend\r\nnext\tline"

// controlLeft finds a control character other than tab and line feed, or a bidirectional
// control (which reorders what a terminal or spreadsheet shows: U+202E turns "exe.txt" around).
func controlLeft(s string) (rune, bool) {
	for _, r := range s {
		if unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r' || unicode.Is(unicode.Bidi_Control, r) {
			return r, true
		}
	}
	return 0, false
}

func TestExportsStripControlCharacters(t *testing.T) {
	s := newStore(t)
	ctx := t.Context()
	no := false
	if _, err := s.AddPage(ctx, feedback.Page{URL: "/a\x1b]0;title\x07", Helpful: &no, Comment: hostileText, Category: "other\x1b", Email: "x\x00@example.com"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddAnswer(ctx, feedback.Answer{MessageID: "m\x1b[1m", Thumbs: 1, Question: hostileText, Answer: hostileText, Sources: []string{"/s\x07"}}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddQueries(ctx, []feedback.Query{{Query: "bake\x1b[31m\x07rs"}}); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"csv", "json"} {
		var b bytes.Buffer
		if err := feedback.Export(ctx, s, &b, format, time.Time{}); err != nil {
			t.Fatal(err)
		}
		if r, bad := controlLeft(b.String()); bad {
			t.Errorf("%s export holds control character %U:\n%q", format, r, b.String())
		}
		if format == "json" {
			// JSON escapes would turn back into control characters once decoded by a tool.
			var doc struct {
				Pages   []map[string]any `json:"pages"`
				Answers []map[string]any `json:"answers"`
			}
			if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
				t.Fatal(err)
			}
			for _, row := range append(doc.Pages, doc.Answers...) {
				for k, v := range row {
					if str, ok := v.(string); ok {
						if r, bad := controlLeft(str); bad {
							t.Errorf("json %s holds %U once decoded: %q", k, r, str)
						}
					}
				}
			}
			if c := doc.Pages[0]["comment"]; c != "ok[2J[31mred31mend\r\nnext\tline" {
				t.Errorf("comment exported as %q; want the text with only its line break and tab kept", c)
			}
		}
	}
	var out bytes.Buffer
	if err := feedback.Stats(ctx, s, &out); err != nil {
		t.Fatal(err)
	}
	if err := feedback.SearchReport(ctx, s, &out, time.Time{}, 10); err != nil {
		t.Fatal(err)
	}
	if r, bad := controlLeft(out.String()); bad || !strings.Contains(out.String(), "bake[31mrs") {
		t.Errorf("stats and search report hold %U or lost the query:\n%q", r, out.String())
	}
}
