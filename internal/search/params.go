package search

import "strings"

// paramKind says what the server does with an Algolia search parameter.
type paramKind uint8

const (
	// paramUsed parameters are implemented: request.apply (or applyWordParam) reads them.
	paramUsed paramKind = iota + 1
	// paramNoEffect parameters are accepted and change nothing: what they act on (geography,
	// personalization, analytics tags, A/B tests, rules, synonyms, re-ranking, a NeuralSearch
	// model) does not exist for a documentation index served by tzdocs.
	paramNoEffect
)

// searchParams lists every Algolia search parameter. A name not listed is answered as Algolia
// answers it: 400 "Unknown parameter: name". The README's search section lists the same groups.
var searchParams = map[string]paramKind{
	// The query, paging and the response's shape.
	"query": paramUsed, "page": paramUsed, "hitsPerPage": paramUsed, "offset": paramUsed, "length": paramUsed,
	"attributesToRetrieve": paramUsed, "responseFields": paramUsed, "getRankingInfo": paramUsed,

	// Which records match and how the words of the query are read.
	"restrictSearchableAttributes": paramUsed, "typoTolerance": paramUsed, "minWordSizefor1Typo": paramUsed,
	"minWordSizefor2Typos": paramUsed, "advancedSyntax": paramUsed, "queryType": paramUsed, "distinct": paramUsed,

	// Filters: the first four exclude records, optionalFilters only ranks matching ones higher.
	"filters": paramUsed, "facetFilters": paramUsed, "numericFilters": paramUsed, "tagFilters": paramUsed,
	"optionalFilters": paramUsed,

	// Facets. maxFacetHits and facetQuery belong to searchForFacetValues.
	"facets": paramUsed, "maxValuesPerFacet": paramUsed, "sortFacetValuesBy": paramUsed,
	"facetingAfterDistinct": paramUsed, "maxFacetHits": paramUsed, "facetQuery": paramUsed,

	// Highlighting and snippets.
	"attributesToHighlight": paramUsed, "attributesToSnippet": paramUsed, "highlightPreTag": paramUsed,
	"highlightPostTag": paramUsed, "snippetEllipsisText": paramUsed,

	// Analytics: analytics=false keeps the query out of the search report; clickAnalytics=true
	// returns a queryID for search-insights events; userToken names the user in the report.
	"analytics": paramUsed, "clickAnalytics": paramUsed, "userToken": paramUsed,

	// Accepted, no effect: geo search (records have no _geoloc).
	"aroundLatLng": paramNoEffect, "aroundLatLngViaIP": paramNoEffect, "aroundRadius": paramNoEffect,
	"aroundPrecision": paramNoEffect, "minimumAroundRadius": paramNoEffect, "insideBoundingBox": paramNoEffect,
	"insidePolygon": paramNoEffect,

	// Accepted, no effect: personalization, A/B tests, analytics tags, statistics of the answer.
	"enablePersonalization": paramNoEffect, "personalizationImpact": paramNoEffect, "enableABTest": paramNoEffect,
	"analyticsTags": paramNoEffect, "percentileComputation": paramNoEffect, "explain": paramNoEffect,

	// Accepted, no effect: the index has no rules, synonyms, re-ranking model or rendering content.
	"enableRules": paramNoEffect, "ruleContexts": paramNoEffect, "synonyms": paramNoEffect,
	"replaceSynonymsInHighlight": paramNoEffect, "enableReRanking": paramNoEffect,
	"reRankingApplyFilter": paramNoEffect, "renderingContent": paramNoEffect, "relevancyStrictness": paramNoEffect,

	// Accepted, no effect: language settings of an English index that has no compound words
	// (ignorePlurals and removeStopWords name their languages themselves; the index is English).
	"queryLanguages": paramNoEffect, "decompoundQuery": paramNoEffect,
	"restrictHighlightAndSnippetArrays": paramNoEffect, // records hold no arrays to highlight

	// How the query's words are read and ranked (applyWordParam).
	"similarQuery": paramUsed, "sumOrFiltersScores": paramUsed, "ignorePlurals": paramUsed,
	"removeStopWords": paramUsed, "naturalLanguages": paramUsed,
	"removeWordsIfNoResults": paramUsed, "optionalWords": paramUsed,
	"advancedSyntaxFeatures": paramUsed, "disableExactOnAttributes": paramUsed,
	"exactOnSingleWordQuery": paramUsed, "alternativesAsExact": paramUsed,
	"allowTyposOnNumericTokens": paramUsed, "disableTypoToleranceOnAttributes": paramUsed,
	"minProximity": paramUsed, "attributeCriteriaComputedByMinProximity": paramUsed,

	// Accepted, checked, no effect: there is no NeuralSearch model, so neuralSearch mode answers
	// as keywordSearch does and its semanticSearch settings have nothing to act on.
	"mode": paramNoEffect, "semanticSearch": paramNoEffect,
}

// envelopeFields are the fields of a multi-query request that are not search parameters.
var envelopeFields = map[string]bool{"indexName": true, "params": true, "type": true, "facet": true}

// unknownParam is Algolia's answer to a parameter name it does not know.
type unknownParam struct{ name string }

func (e *unknownParam) Error() string { return "Unknown parameter: " + e.name }

// checkParam returns the error for a parameter apply does not read: nil when it is accepted
// without effect.
func checkParam(key string) error {
	switch searchParams[key] {
	case paramNoEffect:
		return nil
	case paramUsed:
		return nil // read elsewhere (facetQuery, maxFacetHits by searchForFacetValues)
	}
	return &unknownParam{key}
}

// isClientCredential reports URL parameters the official clients add to authenticate and name
// themselves (x-algolia-agent, x-algolia-api-key, x-algolia-application-id); they are not search
// parameters.
func isClientCredential(key string) bool {
	return strings.HasPrefix(strings.ToLower(key), "x-algolia-")
}
