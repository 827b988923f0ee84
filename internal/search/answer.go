package search

//go:generate go run ../../cmd/tsgen

import "tzdocs/internal/output"

// The answers of the search API, declared as the types a client decodes them into. The handler
// writes them field by field as maps (hitsJSON, session.answer), because a query's
// attributesToRetrieve and responseFields choose which fields go out; the handler's tests decode
// every kind of answer into these types and refuse a field they lack, or a field they require that
// the answer left out, so the types stay the handler's contract. cmd/tsgen generates them for the
// web app (web/src/lib/api.ts).
//
// A field without omitempty is in every answer unless responseFields leaves it out; a client that
// sends responseFields reads a Partial of the answer.

// MultiQueryAnswer is the answer of a multi-query request: one result per request, in order.
type MultiQueryAnswer struct {
	// Results holds a QueryAnswer per query and a FacetAnswer per request of type facet.
	Results []QueryAnswer `json:"results" ts:"(QueryAnswer | FacetAnswer)[]"`
}

// QueryAnswer is the answer to one query.
type QueryAnswer struct {
	Hits                  []AnswerHit `json:"hits"`
	NbHits                int         `json:"nbHits"`
	Page                  int         `json:"page"`
	NbPages               int         `json:"nbPages"`
	HitsPerPage           int         `json:"hitsPerPage"`
	ExhaustiveNbHits      bool        `json:"exhaustiveNbHits"`
	ExhaustiveFacetsCount bool        `json:"exhaustiveFacetsCount"`
	Exhaustive            Exhaustive  `json:"exhaustive"`
	Query                 string      `json:"query"`
	Params                string      `json:"params"`
	Index                 string      `json:"index"`
	ProcessingTimeMS      int64       `json:"processingTimeMS"`
	// Offset and Length are answered when the query gave length or offset.
	Offset int `json:"offset,omitempty"`
	Length int `json:"length,omitempty"`
	// Facets counts, per facet the query asked for, the matching records per value.
	Facets map[string]map[string]int `json:"facets,omitempty"`
	// FacetsStats sums up the numeric facets the query asked for.
	FacetsStats map[string]FacetStats `json:"facets_stats,omitempty"`
	// QueryID identifies the query in click and conversion events; set when the query asked for
	// clickAnalytics.
	QueryID string `json:"queryID,omitempty"`
}

// Exhaustive says which counts of an answer are exact: all of them, here.
type Exhaustive struct {
	NbHits      bool `json:"nbHits,omitempty"`
	FacetsCount bool `json:"facetsCount"`
}

// AnswerHit is one hit: the attributes of its record (output.Record) that the query's
// attributesToRetrieve names (all by default), objectID, and the highlighted and snippeted
// attributes nested as in the record.
type AnswerHit struct {
	ObjectID string `json:"objectID"`
	// Hierarchy holds the retrieved levels; an empty level is null.
	Hierarchy        *AnswerHierarchy `json:"hierarchy,omitempty"`
	Content          *string          `json:"content,omitempty" ts:"string | null"`
	Type             string           `json:"type,omitempty" ts:"\"lvl1\" | \"lvl2\" | \"lvl3\" | \"lvl4\" | \"lvl5\" | \"lvl6\" | \"content\""`
	URL              string           `json:"url,omitempty"`
	URLWithoutAnchor string           `json:"url_without_anchor,omitempty"`
	Anchor           *string          `json:"anchor,omitempty" ts:"string | null"`
	Weight           *output.Weight   `json:"weight,omitempty"`
	Language         string           `json:"language,omitempty"`
	DocusaurusTag    string           `json:"docusaurus_tag,omitempty"`
	// Code is true, and retrieved, only for content taken from a code block.
	Code            bool             `json:"code,omitempty"`
	HighlightResult AnswerHighlights `json:"_highlightResult"`
	// SnippetResult is set when the query asked for attributesToSnippet.
	SnippetResult *AnswerHighlights `json:"_snippetResult,omitempty"`
	// RankingInfo is set when the query asked for getRankingInfo.
	RankingInfo *AnswerRanking `json:"_rankingInfo,omitempty"`
}

// AnswerHierarchy is a hit's hierarchy: the levels retrieved, an empty one as null.
type AnswerHierarchy struct {
	Lvl0 *string `json:"lvl0,omitempty" ts:"string | null"`
	Lvl1 *string `json:"lvl1,omitempty" ts:"string | null"`
	Lvl2 *string `json:"lvl2,omitempty" ts:"string | null"`
	Lvl3 *string `json:"lvl3,omitempty" ts:"string | null"`
	Lvl4 *string `json:"lvl4,omitempty" ts:"string | null"`
	Lvl5 *string `json:"lvl5,omitempty" ts:"string | null"`
	Lvl6 *string `json:"lvl6,omitempty" ts:"string | null"`
}

// AnswerHighlights are a hit's _highlightResult or _snippetResult: an entry per highlighted (or
// snippeted) attribute that the hit's record has.
type AnswerHighlights struct {
	Hierarchy *HighlightedHierarchy `json:"hierarchy,omitempty"`
	Content   *HighlightResult      `json:"content,omitempty"`
}

// HighlightedHierarchy holds the highlighted levels of a hit's hierarchy.
type HighlightedHierarchy struct {
	Lvl0 *HighlightResult `json:"lvl0,omitempty"`
	Lvl1 *HighlightResult `json:"lvl1,omitempty"`
	Lvl2 *HighlightResult `json:"lvl2,omitempty"`
	Lvl3 *HighlightResult `json:"lvl3,omitempty"`
	Lvl4 *HighlightResult `json:"lvl4,omitempty"`
	Lvl5 *HighlightResult `json:"lvl5,omitempty"`
	Lvl6 *HighlightResult `json:"lvl6,omitempty"`
}

// AnswerRanking is a hit's _rankingInfo, in Algolia's names (RankingInfo says what each counts).
type AnswerRanking struct {
	Words             int    `json:"words"`
	NbTypos           int    `json:"nbTypos"`
	ProximityDistance int    `json:"proximityDistance"`
	Attribute         int    `json:"attribute"`
	NbExactWords      int    `json:"nbExactWords"`
	Score             uint64 `json:"score"`
}

// FacetAnswer is the answer of searchForFacetValues, alone or as a request of type facet.
type FacetAnswer struct {
	FacetHits             []FacetHit `json:"facetHits"`
	ExhaustiveFacetsCount bool       `json:"exhaustiveFacetsCount"`
	Exhaustive            Exhaustive `json:"exhaustive"`
	ProcessingTimeMS      int64      `json:"processingTimeMS"`
}
