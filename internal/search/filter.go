package search

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"tzdocs/internal/output"
)

// Filters is an Algolia facetFilters expression: every group must match, and a group matches
// when any of its filters does. [["language:en"], ["docusaurus_tag:default",
// "docusaurus_tag:docs-default-current"]] reads "language is en AND (tag is default OR tag is
// docs-default-current)".
type Filters [][]Filter

// Filter is one "attribute:value" test; Negate ("attribute:-value") inverts it.
type Filter struct {
	Attr   string
	Value  string
	Negate bool
}

// Match reports whether a record passes the filters.
func (fs Filters) Match(r *output.Record) bool {
	for _, group := range fs {
		ok := false
		for _, f := range group {
			if f.match(r) {
				ok = true
				break
			}
		}
		if !ok && len(group) > 0 {
			return false
		}
	}
	return true
}

func (f Filter) match(r *output.Record) bool {
	return facetTest{f.Attr, f.Value}.Match(r) != f.Negate
}

// facetValue returns a record attribute usable in filters.
func facetValue(r *output.Record, attr string) (string, bool) {
	switch attr {
	case "language", "lang":
		return r.Language, true
	case "docusaurus_tag":
		return r.DocusaurusTag, true
	case "version":
		return recordVersion(r), true
	case "type":
		return r.Type, true
	case "kind":
		return r.Kind, true
	case "url":
		return r.URL, true
	case "url_without_anchor":
		return r.URLWithoutAnchor, true
	case "anchor":
		return r.Anchor, true
	case "objectID":
		return r.ObjectID, true
	case "code":
		return strconv.FormatBool(r.Code), true
	}
	if lvl, ok := strings.CutPrefix(attr, "hierarchy.lvl"); ok && len(lvl) == 1 && lvl[0] >= '0' && lvl[0] <= '6' {
		return r.Hierarchy[lvl[0]-'0'], true
	}
	return "", false
}

// recordVersion is the docs version a record belongs to, taken from its Docusaurus tag
// ("docs-default-current" → "current"); "" for records outside versioned docs.
func recordVersion(r *output.Record) string {
	rest, ok := strings.CutPrefix(r.DocusaurusTag, "docs-")
	if !ok {
		return ""
	}
	if _, version, ok := strings.Cut(rest, "-"); ok {
		return version
	}
	return ""
}

// ParseFilter reads "attribute:value", "attribute:-value" (negated) or "-attribute:value";
// "\-" at the start of a value is a literal dash.
func ParseFilter(s string) (Filter, error) {
	var f Filter
	if strings.HasPrefix(s, "-") {
		f.Negate = true
		s = s[1:]
	}
	attr, value, ok := strings.Cut(s, ":")
	if !ok || attr == "" {
		return Filter{}, fmt.Errorf("facet filter %q is not of the form attribute:value", s)
	}
	switch {
	case strings.HasPrefix(value, `\-`):
		value = value[1:]
	case strings.HasPrefix(value, "-"):
		f.Negate = !f.Negate
		value = value[1:]
	}
	f.Attr, f.Value = strings.TrimSpace(attr), value
	return f, nil
}

// ParseFilters reads facetFilters as JSON: a string, or an array of strings and arrays of
// strings. A string that is itself a JSON array (as in the params string form) is read as one.
func ParseFilters(data []byte) (Filters, error) {
	groups, err := parseGroups(data, "facetFilters")
	if err != nil {
		return nil, err
	}
	return filtersOf(groups)
}

// filtersOf parses each attribute:value test of AND-of-OR groups.
func filtersOf(groups [][]string) (Filters, error) {
	var fs Filters
	for _, g := range groups {
		group := make([]Filter, 0, len(g))
		for _, s := range g {
			f, err := ParseFilter(s)
			if err != nil {
				return nil, err
			}
			group = append(group, f)
		}
		fs = append(fs, group)
	}
	return fs, nil
}

// parseGroups reads the AND-of-OR arrays that facetFilters, numericFilters and tagFilters share:
// "a" is [["a"]], ["a", ["b", "c"]] is a AND (b OR c). A string holding a JSON array is read as one.
func parseGroups(data []byte, name string) ([][]string, error) { return groupsOf(data, name, 0) }

func groupsOf(data []byte, name string, depth int) ([][]string, error) {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("%s is not valid JSON: %v", name, err)
	}
	switch v := v.(type) {
	case nil:
		return nil, nil
	case string:
		t := strings.TrimSpace(v)
		if strings.HasPrefix(t, "[") && depth == 0 {
			return groupsOf([]byte(t), name, depth+1)
		}
		if t == "" && name != "facetFilters" {
			return nil, nil
		}
		return [][]string{{v}}, nil
	case []any:
		var out [][]string
		for _, item := range v {
			switch item := item.(type) {
			case string:
				out = append(out, []string{item})
			case []any:
				group := make([]string, 0, len(item))
				for _, s := range item {
					str, ok := s.(string)
					if !ok {
						return nil, fmt.Errorf("%s: an inner array may hold only strings, not %s", name, jsonKind(s))
					}
					group = append(group, str)
				}
				out = append(out, group)
			default:
				return nil, fmt.Errorf("%s: items must be strings or arrays of strings, not %s", name, jsonKind(item))
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("%s must be a string or an array, not %s", name, jsonKind(v))
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}
