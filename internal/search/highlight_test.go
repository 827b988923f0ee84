package search

import (
	"reflect"
	"testing"
)

func TestHighlightAndSnippet(t *testing.T) {
	ix := testIndex(t)
	tests := []struct {
		name    string
		q       Query
		url     string // the hit to look at
		attr    string
		snippet bool
		want    HighlightResult
	}{
		{
			name: "escapes HTML and marks matches",
			q:    Query{Text: "staking rewards", AttributesToSnippet: []string{"content:15"}},
			url:  "/using/staking", attr: "content",
			want: HighlightResult{
				Value:            "<mark>Staking</mark> locks tez with a baker so that the bakers can use it as collateral. Users who <mark>stake</mark> &lt;script&gt;alert(1)&lt;/script&gt; earn <mark>rewards</mark>.",
				MatchLevel:       "full",
				MatchedWords:     []string{"staking", "rewards"},
				FullyHighlighted: ptr(false),
			},
		},
		{
			name: "snippet of 15 words with an ellipsis",
			q:    Query{Text: "collateral", AttributesToSnippet: []string{"content:15"}},
			url:  "/using/staking", attr: "content", snippet: true,
			want: HighlightResult{
				Value:            "…bakers can use it as <mark>collateral</mark>. Users who stake &lt;script&gt;alert(1)&lt;/script&gt; earn rewards.",
				MatchLevel:       "full",
				MatchedWords:     []string{"collateral"},
				FullyHighlighted: ptr(false),
			},
		},
		{
			name: "snippet with ellipses on both sides",
			q:    Query{Text: "baker", AttributesToSnippet: []string{"content:6"}},
			url:  "/using/staking", attr: "content", snippet: true,
			want: HighlightResult{
				Value:            "…with a <mark>baker</mark> so that the…",
				MatchLevel:       "full",
				MatchedWords:     []string{"baker"},
				FullyHighlighted: ptr(false),
			},
		},
		{
			name: "snippet at the start has no leading ellipsis",
			q:    Query{Text: "staking locks", AttributesToSnippet: []string{"content:5"}},
			url:  "/using/staking", attr: "content", snippet: true,
			want: HighlightResult{
				Value:            "<mark>Staking</mark> <mark>locks</mark> tez with a…",
				MatchLevel:       "full",
				MatchedWords:     []string{"staking", "locks"},
				FullyHighlighted: ptr(false),
			},
		},
		{
			name: "prefix marks only the typed letters, custom tags and ellipsis",
			q:    Query{Text: "octez-cl", HighlightPreTag: "<em>", HighlightPostTag: "</em>", SnippetEllipsisText: "...", AttributesToSnippet: []string{"content:4"}, Distinct: -1},
			url:  "/developing/octez-client", attr: "content", snippet: true,
			want: HighlightResult{
				Value:            "The <em>octez</em>-<em>cl</em>ient command...",
				MatchLevel:       "full",
				MatchedWords:     []string{"octez", "cl"},
				FullyHighlighted: ptr(false),
			},
		},
		{
			name: "whole title",
			q:    Query{Text: "bakers"},
			url:  "/architecture/bakers", attr: "hierarchy.lvl1",
			want: HighlightResult{Value: "<mark>Bakers</mark>", MatchLevel: "full", MatchedWords: []string{"bakers"}, FullyHighlighted: ptr(true)},
		},
		{
			name: "typo match is marked whole",
			q:    Query{Text: "michelsn"},
			url:  "/smart-contracts/languages/michelson", attr: "hierarchy.lvl1",
			want: HighlightResult{Value: "<mark>Michelson</mark>", MatchLevel: "full", MatchedWords: []string{"michelsn"}, FullyHighlighted: ptr(true)},
		},
		{
			name: "no match",
			q:    Query{Text: "michelsn"},
			url:  "/smart-contracts/languages/michelson", attr: "hierarchy.lvl0",
			want: HighlightResult{Value: "Smart contracts", MatchLevel: "none", MatchedWords: []string{}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := ix.Search(tt.q)
			for _, h := range res.Hits {
				if h.Record.Path() != tt.url || (tt.attr == "content" && h.Record.Content == "") {
					continue
				}
				got, ok := h.Highlight[tt.attr]
				if tt.snippet {
					got, ok = h.Snippet[tt.attr]
				}
				if !ok {
					t.Fatalf("no result for %s in %+v", tt.attr, h)
				}
				if !reflect.DeepEqual(got, tt.want) {
					t.Errorf("got  %#v\nwant %#v", got, tt.want)
				}
				return
			}
			t.Fatalf("no hit for %s among %v", tt.url, urls(res))
		})
	}
}

func ptr[T any](v T) *T { return &v }
