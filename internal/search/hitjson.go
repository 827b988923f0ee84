package search

import (
	"strconv"
	"strings"

	"tzdocs/internal/output"
)

// hitsJSON shapes hits as Algolia does: the record's retrieved attributes, objectID, and
// _highlightResult / _snippetResult nested like the record ({"hierarchy":{"lvl1":{…}}}).
func hitsJSON(hits []Hit, req request) []map[string]any {
	sel := newSelection(req.AttributesToRetrieve)
	out := make([]map[string]any, 0, len(hits))
	for _, h := range hits {
		m := recordJSON(h.Record, sel)
		m["_highlightResult"] = nestResults(h.Highlight)
		if h.Snippet != nil {
			m["_snippetResult"] = nestResults(h.Snippet)
		}
		if req.GetRankingInfo {
			m["_rankingInfo"] = map[string]any{
				"words": h.Ranking.Words, "nbTypos": h.Ranking.Typos, "proximityDistance": h.Ranking.Proximity,
				"attribute": h.Ranking.Attribute, "nbExactWords": h.Ranking.Exact, "score": h.Ranking.Score,
			}
		}
		out = append(out, m)
	}
	return out
}

// selection is attributesToRetrieve: "*" (all), names, "hierarchy.lvlN", and "-name" exclusions.
type selection struct {
	all      bool
	include  map[string]bool
	exclude  map[string]bool
	levels   [7]bool // hierarchy levels named one by one
	anyLevel bool
}

func newSelection(attrs []string) selection {
	s := selection{include: map[string]bool{}, exclude: map[string]bool{}}
	if attrs == nil {
		s.all = true
		return s
	}
	for _, a := range attrs {
		a = strings.TrimSpace(a)
		switch {
		case a == "*":
			s.all = true
		case strings.HasPrefix(a, "-"):
			s.exclude[a[1:]] = true
		case strings.HasPrefix(a, "hierarchy.lvl") && len(a) == len("hierarchy.lvl0") && a[13] >= '0' && a[13] <= '6':
			s.levels[a[13]-'0'] = true
			s.anyLevel = true
		default:
			s.include[a] = true
		}
	}
	return s
}

func (s selection) has(name string) bool {
	if s.exclude[name] {
		return false
	}
	return s.all || s.include[name]
}

func recordJSON(r *output.Record, sel selection) map[string]any {
	m := map[string]any{"objectID": r.ObjectID}
	if sel.has("hierarchy") || sel.anyLevel {
		h := map[string]any{}
		for i, v := range r.Hierarchy {
			if !sel.has("hierarchy") && !sel.levels[i] {
				continue
			}
			key := "lvl" + strconv.Itoa(i)
			if v == "" {
				h[key] = nil
			} else {
				h[key] = v
			}
		}
		m["hierarchy"] = h
	}
	put := func(name string, v any) {
		if sel.has(name) {
			m[name] = v
		}
	}
	put("content", nullable(r.Content))
	put("type", r.Type)
	put("url", r.URL)
	put("url_without_anchor", r.URLWithoutAnchor)
	put("anchor", nullable(r.Anchor))
	put("weight", r.Weight)
	put("language", r.Language)
	put("docusaurus_tag", r.DocusaurusTag)
	if r.Code {
		put("code", true)
	}
	return m
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// nestResults turns {"hierarchy.lvl1": r, "content": r} into {"hierarchy":{"lvl1": r}, "content": r}.
func nestResults(flat map[string]HighlightResult) map[string]any {
	out := map[string]any{}
	for path, r := range flat {
		if lvl, ok := strings.CutPrefix(path, "hierarchy."); ok {
			h, _ := out["hierarchy"].(map[string]any)
			if h == nil {
				h = map[string]any{}
				out["hierarchy"] = h
			}
			h[lvl] = r
			continue
		}
		out[path] = r
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }
