// Package search turns pages into DocSearch-style records, indexes them in memory and answers
// Algolia-compatible search requests with ranking, highlights and snippets.
package search

import (
	"crypto/sha1"
	"encoding/hex"
	"strconv"
	"strings"

	"tzdocs/internal/dist"
	"tzdocs/internal/markdown"
)

// Page is what the build knows of one page.
type Page struct {
	URL      string // canonical route, e.g. "/architecture/bakers"
	Lvl0     string // top-level section label, e.g. "Architecture", "Tutorials"
	Title    string // page title (lvl1)
	Sections []markdown.Section
	Position int  // order of the page in the sidebars (0 = first)
	Unlisted bool // unlisted pages get no records
}

// Record facet values matched by contextual search filters (Docusaurus sends
// language:en and docusaurus_tag:default / docs-default-current).
const (
	recordLanguage = "en"
	recordTag      = "docs-default-current"
)

// Sizes of content records: prose is cut at sentence ends into blocks of about this many
// words; code blocks into blocks of lines.
const (
	contentWords   = 40
	codeWords      = 60
	maxCodeRecords = 8
)

// Records turns pages into records: one per page title, one per heading and one per block of
// text or code, in page order. Object IDs depend only on the URL, the record type and its rank
// among records of the same URL and type, so they are stable across builds.
func Records(pages []Page) []dist.Record {
	var out []dist.Record
	for _, p := range pages {
		if p.Unlisted {
			continue
		}
		out = appendPageRecords(out, p)
	}
	return out
}

func appendPageRecords(out []dist.Record, p Page) []dist.Record {
	title := p.Title
	if title == "" {
		title = p.URL
	}
	var h dist.Hierarchy
	h[0] = p.Lvl0
	h[1] = title
	seq := map[string]int{} // url+type → count, for object IDs
	order := 0
	add := func(r dist.Record) {
		r.URLWithoutAnchor = p.URL
		r.URL = p.URL
		if r.Anchor != "" {
			r.URL += "#" + r.Anchor
		}
		r.Language = recordLanguage
		r.DocusaurusTag = recordTag
		r.Weight.Position = p.Position*1000 + order
		order++
		key := r.URL + "\x00" + r.Type
		r.ObjectID = objectID(key, seq[key])
		seq[key]++
		out = append(out, r)
	}
	add(dist.Record{Hierarchy: h, Type: "lvl1", Weight: dist.Weight{Level: levelWeight(1)}})
	anchor := ""
	for _, s := range p.Sections {
		if s.ID != "" || s.Level > 1 {
			lvl := min(max(s.Level, 2), 6)
			h[lvl] = s.Title
			for i := lvl + 1; i < len(h); i++ {
				h[i] = ""
			}
			anchor = s.ID
			add(dist.Record{Hierarchy: h, Type: "lvl" + strconv.Itoa(lvl), Anchor: anchor, Weight: dist.Weight{Level: levelWeight(lvl)}})
		}
		for _, block := range splitProse(s.Text, contentWords) {
			add(dist.Record{Hierarchy: h, Type: "content", Content: block, Anchor: anchor})
		}
		for _, code := range s.Code {
			blocks := splitCode(code, codeWords)
			if len(blocks) > maxCodeRecords {
				blocks = blocks[:maxCodeRecords]
			}
			for _, block := range blocks {
				add(dist.Record{Hierarchy: h, Type: "content", Content: block, Anchor: anchor, Code: true})
			}
		}
	}
	return out
}

// levelWeight follows DocSearch: lvl0 100, lvl1 90, … lvl6 40.
func levelWeight(lvl int) int { return 100 - 10*lvl }

func objectID(key string, n int) string {
	sum := sha1.Sum([]byte(key + "\x00" + strconv.Itoa(n)))
	return hex.EncodeToString(sum[:10])
}

// splitProse cuts text into blocks of whole sentences of about n words.
func splitProse(text string, n int) []string {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil
	}
	words := strings.Fields(text)
	var out []string
	start := 0
	for i, w := range words {
		count := i - start + 1
		end := strings.HasSuffix(w, ".") || strings.HasSuffix(w, "?") || strings.HasSuffix(w, "!") || strings.HasSuffix(w, ":")
		if (count >= n && end) || count >= 2*n {
			out = append(out, strings.Join(words[start:i+1], " "))
			start = i + 1
		}
	}
	if start < len(words) {
		rest := strings.Join(words[start:], " ")
		if len(out) > 0 && len(words)-start < n/4 {
			out[len(out)-1] += " " + rest
		} else {
			out = append(out, rest)
		}
	}
	return out
}

// splitCode cuts code into blocks of whole lines of about n words, whitespace-normalised.
func splitCode(code string, n int) []string {
	var out []string
	var cur []string
	count := 0
	for _, line := range strings.Split(code, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		cur = append(cur, strings.Join(f, " "))
		count += len(f)
		if count >= n {
			out = append(out, strings.Join(cur, " "))
			cur, count = cur[:0], 0
		}
	}
	if len(cur) > 0 {
		out = append(out, strings.Join(cur, " "))
	}
	return out
}
