package search

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// supportedLanguages are the language codes Algolia accepts in ignorePlurals, removeStopWords,
// queryLanguages and naturalLanguages. The index is English: only "en" turns anything on.
var supportedLanguages = strings.Fields(`af ar az bg bn ca cs cy da de el en eo es et eu fa fi fo
	fr ga gl he hi hu hy id is it ja ka kk ko ku ky lt lv mi mn mr ms mt nb nl no ns pl ps pt
	pt-br qu ro ru sk sq sv sw ta te th tl tn tr tt uk ur uz zh`)

// applyNaturalLanguages gives the parameters naturalLanguages sets, when the request did not
// set them itself, the values Algolia gives them for a natural language query: plurals and
// stop words handled for the languages named, every word optional.
func (r *request) applyNaturalLanguages() {
	if len(r.naturalLanguages) == 0 {
		return
	}
	english := slices.Contains(r.naturalLanguages, "en")
	if !r.Given["ignorePlurals"] {
		r.Query.NoPlurals = !english
	}
	if !r.Given["removeStopWords"] {
		r.Query.KeepStopWords = !english
	}
	if !r.Given["removeWordsIfNoResults"] {
		r.Query.WordRemoval = "allOptional"
	}
}

// languageSwitch reads ignorePlurals or removeStopWords: true, false (booleans or strings) or a
// list of language codes, which turns the feature on for English when it names "en".
func (v paramValue) languageSwitch() (bool, error) {
	if b, err := v.bool(); err == nil {
		return b, nil
	}
	langs, err := v.languages()
	if err != nil {
		return false, fmt.Errorf("must be true, false or a list of language codes such as [\"en\"]: %w", err)
	}
	return slices.Contains(langs, "en"), nil
}

// languages reads a list of Algolia's language codes.
func (v paramValue) languages() ([]string, error) {
	langs, err := v.strings()
	if err != nil {
		return nil, errors.New(`must be a list of language codes such as ["en"]`)
	}
	for _, l := range langs {
		if !slices.Contains(supportedLanguages, l) {
			return nil, fmt.Errorf("%q is not a language code Algolia knows (such as en, fr, de)", l)
		}
	}
	return langs, nil
}

// subsetOf reads a list whose items are all among allowed.
func (v paramValue) subsetOf(allowed ...string) ([]string, error) {
	items, err := v.strings()
	if err != nil {
		return nil, err
	}
	for _, it := range items {
		if !slices.Contains(allowed, it) {
			return nil, fmt.Errorf("%q is not one of %s", it, strings.Join(allowed, ", "))
		}
	}
	return items, nil
}

// semanticSearch checks semanticSearch: an object whose eventSources, if any, is a list of
// index names or null.
func (v paramValue) semanticSearch() error {
	raw := []byte(v.raw)
	if s, ok := v.text(); ok {
		raw = []byte(s)
	}
	var obj struct {
		EventSources *[]string `json:"eventSources"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&obj); err != nil || !bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		return errors.New(`must be an object such as {"eventSources":["docs"]}`)
	}
	return nil
}
