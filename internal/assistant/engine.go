package assistant

import (
	"context"
	"strings"
	"unicode/utf8"

	"tzdocs/internal/output"
	"tzdocs/internal/search"
)

// SearchToolName is the one tool the engines call; the UI shows its parts as tool-searchIndex.
const SearchToolName = "searchIndex"

// searchHits is how many hits one searchIndex call returns.
const searchHits = 6

// hitContentRunes bounds a hit's content in tool outputs; the outputs travel back with every later
// question of the conversation.
const hitContentRunes = 400

// Engine answers the last question of a conversation by writing to a Stream: searchIndex calls,
// reasoning and the answer text. Answer returns when the answer is complete, when ctx is cancelled
// (the reader stopped or went away) or on the first failed write. Errors of type *PublicError are
// shown to the reader as they are; any other error is logged and replaced by a generic message.
type Engine interface {
	Name() string // "extractive", "openai": what GET …/chat/health reports
	Answer(ctx context.Context, req *Request, out *Stream) error
}

// HealthChecker is an engine that depends on another server (a model server) and can tell
// whether it answers; /readyz reports it.
type HealthChecker interface {
	Health(ctx context.Context) error
}

// PublicError is an engine failure whose text may be shown to the reader.
type PublicError struct {
	Text string // shown to the reader
	Err  error  // logged only
}

func (e *PublicError) Error() string {
	if e.Err != nil {
		return e.Text + ": " + e.Err.Error()
	}
	return e.Text
}

func (e *PublicError) Unwrap() error { return e.Err }

// Request is what an engine is asked.
type Request struct {
	Question string // the last user message's text, trimmed
	History  []Turn // earlier exchanges, oldest first
	// Corpus is the site's answer corpus: what the engines search and quote.
	Corpus *Corpus
	// Index is the site's search index, which SectionText reads when there is no Corpus.
	Index *search.Index
	// Site is the site's title ("" when unknown): the model engine names the documentation it
	// answers from with it, so no engine text names one site.
	Site string
}

// SearchInput is the searchIndex tool's input.
type SearchInput struct {
	Query string `json:"query"`
}

// SearchOutput is the searchIndex tool's output, as the UI reads it.
type SearchOutput struct {
	Query string      `json:"query"`
	Hits  []SearchHit `json:"hits"`
}

// SearchHit is one hit of a searchIndex call: a DocSearch record, content shortened, its URL the
// record's path (route and anchor), so the answer's links stay on the site that serves it.
type SearchHit struct {
	ObjectID  string           `json:"objectID"`
	Hierarchy output.Hierarchy `json:"hierarchy"`
	Content   string           `json:"content"`
	Type      string           `json:"type"`
	URL       string           `json:"url"`
}

// Title names the hit's section as "Page › Section".
func (h SearchHit) Title() string { return sectionTitle(h.Hierarchy) }

// Search runs one searchIndex call over the answer corpus: the query is trimmed, an empty one
// has no hits.
func (r *Request) Search(query string) SearchOutput {
	query = strings.TrimSpace(query)
	c := r.Corpus.get()
	if query == "" || c == nil {
		return SearchOutput{Query: query, Hits: []SearchHit{}}
	}
	return c.search(query)
}

// SectionText returns one section's text for a model to read, at most about maxRunes long:
// its blocks whole, as the answers quote them, from the answer corpus; without one, the prose of
// the section's search records (code left out), clipped.
func (r *Request) SectionText(url string, maxRunes int) string {
	if c := r.Corpus.get(); c != nil {
		if s := c.sections[url]; s != nil {
			return s.passage(maxRunes)
		}
		return ""
	}
	if r.Index == nil {
		return ""
	}
	var b strings.Builder
	recs := r.Index.Records()
	for i := range recs {
		rec := &recs[i]
		if rec.Path() != url || rec.Type != "content" || rec.Code {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(rec.Content)
		if b.Len() > 4*maxRunes {
			break
		}
	}
	return clip(b.String(), maxRunes)
}

// sectionTitle is "Page › Deepest heading", or the page title alone.
func sectionTitle(h output.Hierarchy) string {
	title := h[1]
	for i := 6; i >= 2; i-- {
		if h[i] != "" {
			if title == "" {
				return h[i]
			}
			return title + " › " + h[i]
		}
	}
	if title == "" {
		return h[0]
	}
	return title
}

// clip shortens s to at most n runes, on a word boundary when one is near, with an ellipsis.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i, count := 0, 0
	for i = range s {
		if count == n {
			break
		}
		count++
	}
	cut := s[:i]
	if sp := strings.LastIndexByte(cut, ' '); sp > len(cut)*3/4 {
		cut = cut[:sp]
	}
	return strings.TrimRight(cut, " ,;:") + "…"
}
