package search

import (
	"bytes"
	"errors"
	"slices"
	"strings"
)

// param declares one Algolia search parameter. Everything the server does with a parameter
// follows from its entry in searchParams: whether its name is accepted, how its value is checked
// and applied to the request, what the index settings fill in when a request leaves it out, and
// the README's table of parameters (TestREADMEParameterTable keeps the two equal).
type param struct {
	name  string
	group paramGroup
	// note is what the README says beside the name: the values taken, or why it has no effect.
	// Consecutive parameters with the same note share it.
	note string
	// apply checks the value and sets it on the request. Nil: accepted as is, without effect.
	apply func(r *request, v paramValue) error
	// fill sets, when the request leaves the parameter out, the value the index settings give it
	// (Settings has a field of the same name); nil when the engine's default needs nothing.
	fill func(s *Settings, r *request)
}

// paramGroup is a row of the README's table.
type paramGroup uint8

const (
	// groupQuery parameters set the query, paging, filters, facets and the answer's shape.
	groupQuery paramGroup = iota
	// groupWords parameters set how the query's words are read and ranked (decision 0012).
	groupWords
	// groupNoEffect parameters are accepted and change nothing: what they act on (geography,
	// personalization, analytics tags, A/B tests, rules, synonyms, re-ranking, a NeuralSearch
	// model) does not exist for a documentation index served by tzdocs. Some are still checked.
	groupNoEffect
)

// searchParams lists every Algolia search parameter. A name not listed is answered as Algolia
// answers it: 400 "Unknown parameter: name".
var searchParams = []param{
	// The query, paging and the response's shape.
	{name: "query", note: "empty: the first records, in page rank, level and position order",
		apply: func(r *request, v paramValue) (err error) { r.Query.Text, err = v.string(); return }},
	{name: "page",
		apply: func(r *request, v paramValue) (err error) { r.Query.Page, err = v.intIn(0, 1<<20); return }},
	{name: "hitsPerPage", note: "0: counts and facets only",
		apply: func(r *request, v paramValue) (err error) {
			r.Query.HitsPerPage, err = v.intIn(0, MaxHitsPerPage)
			r.Query.NoHits = err == nil && r.Query.HitsPerPage == 0
			return err
		},
		fill: func(s *Settings, r *request) {
			if !r.Given["length"] {
				r.Query.HitsPerPage = s.HitsPerPage
			}
		}},
	{name: "offset",
		apply: func(r *request, v paramValue) (err error) {
			r.Query.Offset, err = v.intIn(0, PaginationLimitedTo)
			return
		}},
	{name: "length",
		apply: func(r *request, v paramValue) (err error) {
			r.Query.Length, err = v.intIn(0, MaxHitsPerPage)
			r.Query.NoHits = err == nil && r.Query.Length == 0
			return err
		}},
	{name: "attributesToRetrieve",
		apply: func(r *request, v paramValue) (err error) { r.AttributesToRetrieve, err = v.strings(); return }},
	{name: "responseFields",
		apply: func(r *request, v paramValue) (err error) { r.ResponseFields, err = v.strings(); return }},
	{name: "getRankingInfo",
		apply: func(r *request, v paramValue) (err error) { r.GetRankingInfo, err = v.bool(); return }},

	// Which records match and how the words of the query are read.
	{name: "restrictSearchableAttributes", note: "`hierarchy`, `hierarchy.lvl0`…`lvl6`, `content`; a page's `keywords` are searched as its `hierarchy.lvl1`",
		apply: func(r *request, v paramValue) (err error) { r.Query.Searchable, err = v.searchable(); return }},
	{name: "typoTolerance", note: "`true`, `false`, `min`, `strict`",
		apply: func(r *request, v paramValue) (err error) { r.Query.Typos, err = v.typoTolerance(); return }},
	{name: "minWordSizefor1Typo",
		apply: func(r *request, v paramValue) (err error) { r.Query.MinWordSizeFor1Typo, err = v.intIn(1, 100); return }},
	{name: "minWordSizefor2Typos",
		apply: func(r *request, v paramValue) (err error) {
			r.Query.MinWordSizeFor2Typos, err = v.intIn(1, 100)
			return
		}},
	{name: "advancedSyntax", note: "`\"phrases\"`, `-word`",
		apply: func(r *request, v paramValue) (err error) { r.Query.AdvancedSyntax, err = v.bool(); return }},
	{name: "queryType",
		apply: func(r *request, v paramValue) (err error) {
			r.Query.QueryType, err = v.oneOf("prefixLast", "prefixAll", "prefixNone")
			return err
		}},
	{name: "distinct",
		apply: func(r *request, v paramValue) (err error) { r.Query.Distinct, err = v.distinct(); return },
		fill: func(s *Settings, r *request) {
			if s.Distinct != 1 {
				r.Query.Distinct = s.Distinct
				if r.Query.Distinct == 0 {
					r.Query.Distinct = -1
				}
			}
		}},

	// Filters: the first four exclude records, optionalFilters only ranks matching ones higher.
	{name: "filters",
		apply: func(r *request, v paramValue) error {
			if _, ok := v.text(); !ok && !v.isNull() {
				return errors.New("must be a string such as \"type:lvl1 AND NOT language:fr\"")
			}
			return r.Query.addCondition(v, ParseCondition)
		}},
	{name: "facetFilters",
		apply: func(r *request, v paramValue) (err error) { r.Query.Filters, err = v.filters(); return }},
	{name: "numericFilters",
		apply: func(r *request, v paramValue) error {
			return r.Query.addCondition(v, func(string) (Condition, error) {
				groups, err := v.groups("numericFilters")
				if err != nil {
					return nil, err
				}
				return numericFilters(groups)
			})
		}},
	{name: "tagFilters", note: "records have no tags",
		apply: func(r *request, v paramValue) error {
			return r.Query.addCondition(v, func(string) (Condition, error) {
				groups, err := v.groups("tagFilters")
				if err != nil {
					return nil, err
				}
				return tagFilters(groups), nil
			})
		}},
	{name: "optionalFilters", note: "`attr:value<score=N>`: ranks matching hits higher, after words and typos, never excludes",
		apply: func(r *request, v paramValue) error {
			groups, err := v.groups("optionalFilters")
			if err == nil {
				r.Query.Optional, err = parseOptionalFilters(groups)
			}
			return err
		}},

	// Facets. maxFacetHits and facetQuery belong to searchForFacetValues.
	{name: "facets", note: "`[\"*\"]` for all",
		apply: func(r *request, v paramValue) (err error) { r.Query.Facets, err = v.strings(); return }},
	{name: "maxValuesPerFacet",
		apply: func(r *request, v paramValue) (err error) {
			r.Query.MaxValuesPerFacet, err = v.intIn(1, MaxValuesPerFacetLimit)
			return err
		},
		fill: func(s *Settings, r *request) { r.Query.MaxValuesPerFacet = s.MaxValuesPerFacet }},
	{name: "sortFacetValuesBy",
		apply: func(r *request, v paramValue) (err error) {
			r.Query.SortFacetValuesBy, err = v.oneOf("count", "alpha")
			return
		}},
	{name: "facetingAfterDistinct",
		apply: func(r *request, v paramValue) (err error) { r.Query.FacetingAfterDistinct, err = v.bool(); return }},
	{name: "facetQuery",
		apply: func(r *request, v paramValue) (err error) { r.FacetQuery, err = v.string(); return }},
	{name: "maxFacetHits",
		apply: func(r *request, v paramValue) (err error) { r.MaxFacetHits, err = v.intIn(1, MaxFacetHits); return }},

	// Highlighting and snippets.
	{name: "attributesToHighlight",
		apply: func(r *request, v paramValue) (err error) {
			r.Query.AttributesToHighlight, err = v.strings()
			if err == nil && r.Query.AttributesToHighlight == nil {
				r.Query.AttributesToHighlight = []string{}
			}
			return err
		},
		fill: func(s *Settings, r *request) {
			if s.AttributesToHighlight != nil {
				r.Query.AttributesToHighlight = slices.Clone(s.AttributesToHighlight)
			}
		}},
	{name: "attributesToSnippet",
		apply: func(r *request, v paramValue) (err error) { r.Query.AttributesToSnippet, err = v.strings(); return },
		fill:  func(s *Settings, r *request) { r.Query.AttributesToSnippet = slices.Clone(s.AttributesToSnippet) }},
	{name: "highlightPreTag",
		apply: func(r *request, v paramValue) (err error) { r.Query.HighlightPreTag, err = v.string(); return },
		fill:  func(s *Settings, r *request) { r.Query.HighlightPreTag = s.HighlightPreTag }},
	{name: "highlightPostTag",
		apply: func(r *request, v paramValue) (err error) { r.Query.HighlightPostTag, err = v.string(); return },
		fill:  func(s *Settings, r *request) { r.Query.HighlightPostTag = s.HighlightPostTag }},
	{name: "snippetEllipsisText",
		apply: func(r *request, v paramValue) (err error) { r.Query.SnippetEllipsisText, err = v.string(); return },
		fill:  func(s *Settings, r *request) { r.Query.SnippetEllipsisText = s.SnippetEllipsisText }},

	// Analytics: analytics=false keeps the query out of the search report; clickAnalytics=true
	// returns a queryID for search-insights events; userToken names the user in the report.
	{name: "analytics", note: "false: not in `search-report`",
		apply: func(r *request, v paramValue) error {
			on, err := v.bool()
			r.NoAnalytics = !on
			return err
		}},
	{name: "clickAnalytics", note: "true: a `queryID`",
		apply: func(r *request, v paramValue) (err error) { r.ClickAnalytics, err = v.bool(); return }},
	{name: "userToken",
		apply: func(r *request, v paramValue) (err error) { r.UserToken, err = v.string(); return }},

	// How the query's words are read and ranked.
	{name: "ignorePlurals", group: groupWords, note: wordSwitchNote,
		apply: func(r *request, v paramValue) error {
			on, err := v.languageSwitch()
			r.Query.NoPlurals = !on
			return err
		},
		fill: func(s *Settings, r *request) {
			if len(r.naturalLanguages) == 0 { // naturalLanguages has set it
				r.Query.NoPlurals = !s.IgnorePlurals
			}
		}},
	{name: "removeStopWords", group: groupWords, note: wordSwitchNote,
		apply: func(r *request, v paramValue) error {
			on, err := v.languageSwitch()
			r.Query.KeepStopWords = !on
			return err
		},
		fill: func(s *Settings, r *request) {
			if len(r.naturalLanguages) == 0 { // naturalLanguages has set it
				r.Query.KeepStopWords = !s.RemoveStopWords
			}
		}},
	{name: "naturalLanguages", group: groupWords, note: "sets those two and `removeWordsIfNoResults: allOptional` unless the request sets them",
		apply: func(r *request, v paramValue) (err error) { r.naturalLanguages, err = v.languages(); return }},
	{name: "removeWordsIfNoResults", group: groupWords, note: "`none`: every word; `lastWords`/`firstWords`: words made optional from the end/start, at most 5, until a record passing the filters matches; `allOptional`: any word",
		apply: func(r *request, v paramValue) (err error) {
			r.Query.WordRemoval, err = v.oneOf("none", "lastWords", "firstWords", "allOptional")
			return err
		}},
	{name: "optionalWords", group: groupWords, note: "a string or list: those words do not count toward the words a hit needs, and still rank it higher",
		apply: func(r *request, v paramValue) (err error) {
			if !v.isNull() {
				r.Query.OptionalWords, err = v.strings()
			}
			return err
		}},
	{name: "similarQuery", group: groupWords, note: "replaces `query`: whole words, stop words dropped, all optional",
		apply: func(r *request, v paramValue) (err error) { r.Query.SimilarQuery, err = v.string(); return }},
	{name: "advancedSyntaxFeatures", group: groupWords, note: "`exactPhrase`, `excludeWords`",
		apply: func(r *request, v paramValue) error {
			features, err := v.subsetOf("exactPhrase", "excludeWords")
			r.Query.NoPhrases = !slices.Contains(features, "exactPhrase")
			r.Query.NoExclusions = !slices.Contains(features, "excludeWords")
			return err
		},
		fill: func(s *Settings, r *request) {
			if s.AdvancedSyntaxFeatures != nil {
				r.Query.NoPhrases = !slices.Contains(s.AdvancedSyntaxFeatures, "exactPhrase")
				r.Query.NoExclusions = !slices.Contains(s.AdvancedSyntaxFeatures, "excludeWords")
			}
		}},
	{name: "disableTypoToleranceOnAttributes", group: groupWords,
		apply: func(r *request, v paramValue) (err error) { r.Query.NoTypoAttrs, err = v.searchable(); return }},
	{name: "allowTyposOnNumericTokens", group: groupWords,
		apply: func(r *request, v paramValue) (err error) { r.Query.NumericTypos, err = v.bool(); return },
		fill:  func(s *Settings, r *request) { r.Query.NumericTypos = s.AllowTyposOnNumericTokens }},
	{name: "exactOnSingleWordQuery", group: groupWords, note: "`attribute`, `word`, `none`",
		apply: func(r *request, v paramValue) (err error) {
			r.Query.ExactSingleWord, err = v.oneOf("attribute", "none", "word")
			return err
		},
		fill: func(s *Settings, r *request) { r.Query.ExactSingleWord = s.ExactOnSingleWordQuery }},
	{name: "alternativesAsExact", group: groupWords, note: "`ignorePlurals`: a plural counts as exact; `ignoreConjugations`: another form does",
		apply: func(r *request, v paramValue) error {
			alts, err := v.subsetOf("ignorePlurals", "singleWordSynonym", "multiWordsSynonym", "ignoreConjugations")
			r.Query.PluralsAsExact = slices.Contains(alts, "ignorePlurals")
			r.Query.ConjugationsAsExact = slices.Contains(alts, "ignoreConjugations")
			return err
		},
		fill: func(s *Settings, r *request) {
			r.Query.PluralsAsExact = slices.Contains(s.AlternativesAsExact, "ignorePlurals")
			r.Query.ConjugationsAsExact = slices.Contains(s.AlternativesAsExact, "ignoreConjugations")
		}},
	{name: "disableExactOnAttributes", group: groupWords,
		apply: func(r *request, v paramValue) (err error) { r.Query.NoExactAttrs, err = v.searchable(); return }},
	{name: "minProximity", group: groupWords, note: "1–7",
		apply: func(r *request, v paramValue) (err error) { r.Query.MinProximity, err = v.intIn(1, 7); return },
		fill:  func(s *Settings, r *request) { r.Query.MinProximity = s.MinProximity }},
	{name: "attributeCriteriaComputedByMinProximity", group: groupWords,
		apply: func(r *request, v paramValue) (err error) { r.Query.AttributeByProximity, err = v.bool(); return }},
	{name: "sumOrFiltersScores", group: groupWords, note: "adds up the `optionalFilters` scores of an OR group",
		apply: func(r *request, v paramValue) (err error) { r.Query.SumOrFiltersScores, err = v.bool(); return }},

	// Accepted, no effect.
	{name: "aroundLatLng", group: groupNoEffect, note: geoNote},
	{name: "aroundLatLngViaIP", group: groupNoEffect, note: geoNote},
	{name: "aroundRadius", group: groupNoEffect, note: geoNote},
	{name: "aroundPrecision", group: groupNoEffect, note: geoNote},
	{name: "minimumAroundRadius", group: groupNoEffect, note: geoNote},
	{name: "insideBoundingBox", group: groupNoEffect, note: geoNote},
	{name: "insidePolygon", group: groupNoEffect, note: geoNote},
	{name: "enablePersonalization", group: groupNoEffect, note: "no personalization"},
	{name: "personalizationImpact", group: groupNoEffect, note: "no personalization"},
	{name: "enableABTest", group: groupNoEffect, note: "no A/B tests"},
	{name: "analyticsTags", group: groupNoEffect, note: "the search report has no tags"},
	{name: "percentileComputation", group: groupNoEffect, note: "the answer carries no statistics"},
	{name: "explain", group: groupNoEffect, note: "the answer carries no statistics"},
	{name: "enableRules", group: groupNoEffect, note: "the index has no rules"},
	{name: "ruleContexts", group: groupNoEffect, note: "the index has no rules"},
	{name: "synonyms", group: groupNoEffect, note: "the index has no synonyms"},
	{name: "replaceSynonymsInHighlight", group: groupNoEffect, note: "the index has no synonyms"},
	{name: "enableReRanking", group: groupNoEffect, note: "no re-ranking model"},
	{name: "reRankingApplyFilter", group: groupNoEffect, note: "no re-ranking model"},
	{name: "renderingContent", group: groupNoEffect, note: "the index has no rendering content"},
	{name: "relevancyStrictness", group: groupNoEffect, note: "no virtual replicas"},
	// ignorePlurals and removeStopWords name their languages themselves.
	{name: "queryLanguages", group: groupNoEffect, note: "the index is English, without compound words"},
	{name: "decompoundQuery", group: groupNoEffect, note: "the index is English, without compound words"},
	{name: "restrictHighlightAndSnippetArrays", group: groupNoEffect, note: "records hold no arrays"},
	// There is no NeuralSearch model, so neuralSearch mode answers as keywordSearch does and its
	// semanticSearch settings have nothing to act on; both are still checked.
	{name: "mode", group: groupNoEffect, note: "checked: `neuralSearch` answers as `keywordSearch`, there is no NeuralSearch model",
		apply: func(r *request, v paramValue) (err error) { _, err = v.oneOf("keywordSearch", "neuralSearch"); return }},
	{name: "semanticSearch", group: groupNoEffect, note: "checked: an object; it only acts in neural mode",
		apply: func(r *request, v paramValue) error { return v.semanticSearch() }},
}

// Notes that several parameters share.
const (
	wordSwitchNote = "`true`, `false` or language codes; only `en` turns them on: English plurals, and other word forms, are folded with the index's stemmer, English stop words are dropped"
	geoNote        = "geo search: records have no location"
)

// paramsByName finds a parameter's declaration by its name.
var paramsByName = func() map[string]*param {
	m := make(map[string]*param, len(searchParams))
	for i := range searchParams {
		m[searchParams[i].name] = &searchParams[i]
	}
	return m
}()

// envelopeFields are the fields of a multi-query request that are not search parameters.
var envelopeFields = map[string]bool{"indexName": true, "params": true, "type": true, "facet": true}

// unknownParam is Algolia's answer to a parameter name it does not know.
type unknownParam struct{ name string }

func (e *unknownParam) Error() string { return "Unknown parameter: " + e.name }

// isClientCredential reports URL parameters the official clients add to authenticate and name
// themselves (x-algolia-agent, x-algolia-api-key, x-algolia-application-id); they are not search
// parameters.
func isClientCredential(key string) bool {
	return strings.HasPrefix(strings.ToLower(key), "x-algolia-")
}

// paramTable is the README's table of parameters, written from searchParams.
func paramTable() string {
	var b strings.Builder
	b.WriteString("| | parameters |\n|---|---|\n")
	for _, g := range []struct {
		group paramGroup
		title string
	}{{groupQuery, "implemented"}, {groupWords, "implemented: how words are read"}, {groupNoEffect, "accepted, no effect"}} {
		var items []string
		var names []string
		flush := func(note string) {
			item := strings.Join(names, ", ")
			if note != "" {
				item += " (" + note + ")"
			}
			items = append(items, item)
			names = names[:0]
		}
		for i, p := range searchParams {
			if p.group != g.group {
				continue
			}
			names = append(names, "`"+p.name+"`")
			if p.note == "" || i+1 == len(searchParams) || searchParams[i+1].note != p.note || searchParams[i+1].group != p.group {
				flush(p.note)
			}
		}
		b.WriteString("| " + g.title + " | " + strings.Join(items, ", ") + " |\n")
	}
	b.WriteString("| anything else | 400 `{\"message\":\"Unknown parameter: name\",\"status\":400}`, as Algolia answers |\n")
	return b.String()
}

// isNull reports a JSON null (the flattened form); a string is never null.
func (v paramValue) isNull() bool {
	return !v.isString && bytes.Equal(bytes.TrimSpace(v.raw), []byte("null"))
}
