package output

import "strings"

// stringSet is a set of strings, each held once: decoding JSON makes a new string for every value,
// and most of a record's fields repeat from record to record of a page (its URL, headings,
// type, language) or are part of another (the anchor ends the URL).
type stringSet map[string]string

// share points *s at the set's copy of its value, adding it when new.
func (set stringSet) share(s *string) {
	if *s == "" {
		return
	}
	if v, ok := set[*s]; ok {
		*s = v
		return
	}
	set[*s] = *s
}

// shareRecordStrings makes the records' repeated strings share one copy each, for the server's
// memory (a third of the records' text for the real docs): every hierarchy level, the type,
// language, tag, kind and URLs; an anchor that ends its URL becomes that part of the URL.
func shareRecordStrings(records []Record) {
	set := stringSet{}
	for i := range records {
		r := &records[i]
		for j := range r.Hierarchy {
			set.share(&r.Hierarchy[j])
		}
		for _, s := range []*string{&r.Type, &r.Language, &r.DocusaurusTag, &r.Kind, &r.URL, &r.URLWithoutAnchor} {
			set.share(s)
		}
		if r.Anchor != "" && strings.HasSuffix(r.URL, "#"+r.Anchor) {
			r.Anchor = r.URL[len(r.URL)-len(r.Anchor):]
		}
	}
}

// shareCodeStrings does the same for code blocks: their section URLs and languages.
func shareCodeStrings(code []CodeBlock) {
	set := stringSet{}
	for i := range code {
		set.share(&code[i].URL)
		set.share(&code[i].Lang)
	}
}

// shareAnswerStrings does the same for the answer corpus: routes, headings, block types, kinds
// and languages.
func shareAnswerStrings(secs []AnswerSection) {
	set := stringSet{}
	var blocks func(bs []AnswerBlock)
	blocks = func(bs []AnswerBlock) {
		for i := range bs {
			b := &bs[i]
			set.share(&b.Type)
			set.share(&b.Kind)
			set.share(&b.Lang)
			for _, item := range b.Items {
				blocks(item)
			}
			blocks(b.Blocks)
		}
	}
	for i := range secs {
		s := &secs[i]
		set.share(&s.Route)
		set.share(&s.Kind)
		for j := range s.Path {
			set.share(&s.Path[j])
		}
		blocks(s.Blocks)
	}
}
