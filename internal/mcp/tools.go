package mcp

import (
	"context"
	"errors"
	"fmt"
	"html"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"tzdocs/internal/assistant"
	"tzdocs/internal/search"
)

// SearchInput is what search_docs is given.
type SearchInput struct {
	Query   string `json:"query" jsonschema:"what to look for, in a few words (at most 512 characters)"`
	Section string `json:"section,omitempty" jsonschema:"only search this top-level section of the docs, such as Architecture; leave out to search everything"`
	Limit   int    `json:"limit,omitempty" jsonschema:"how many results to return, 1 to 20 (default 8)"`
}

// SearchOutput is what search_docs returns, also as structured content.
type SearchOutput struct {
	Query string      `json:"query"`
	Hits  []SearchHit `json:"hits"`
}

// SearchHit is one result of search_docs: a section of a page.
type SearchHit struct {
	Title   string `json:"title"`   // "Page › Heading"
	URL     string `json:"url"`     // absolute, with the heading's anchor
	Section string `json:"section"` // the top-level section the page is in
	Snippet string `json:"snippet"` // text around the match, matched words in **bold**
}

// PageInput is what get_page is given.
type PageInput struct {
	Route string `json:"route" jsonschema:"the page's route, such as /architecture/smart-rollups, or its absolute URL (a search_docs result's url)"`
}

// AskInput is what ask_docs is given.
type AskInput struct {
	Question string `json:"question" jsonschema:"the question, in plain words"`
}

// AskOutput is what ask_docs returns, also as structured content.
type AskOutput struct {
	Answer  string   `json:"answer"`
	Sources []string `json:"sources"` // absolute URLs of the pages the answer rests on
}

// snippetWords is how many words of a hit's text search_docs shows.
const snippetWords = 40

// readOnly marks tools that change nothing and reach nothing outside the docs.
var readOnly = &sdk.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(bool)}

func (s *Server) addTools() {
	sdk.AddTool(s.sdk, &sdk.Tool{Name: "search_docs", Title: "Search the docs", Annotations: readOnly,
		Description: "Searches the documentation by keywords and returns the best matching sections: title, URL and a snippet. " +
			"Read a whole page with get_page."}, s.searchDocs)
	sdk.AddTool(s.sdk, &sdk.Tool{Name: "get_page", Title: "Read a page", Annotations: readOnly,
		Description: "Returns one page of the documentation as Markdown, given its route or URL."}, s.getPage)
	if s.opts.Engine != nil {
		sdk.AddTool(s.sdk, &sdk.Tool{Name: "ask_docs", Title: "Ask the docs", Annotations: readOnly,
			Description: "Answers a question from the documentation, as the site's Ask AI does, with the URLs of its sources."}, s.askDocs)
	}
}

func (s *Server) current() (*Docs, error) {
	d := s.docs()
	if d == nil {
		return nil, errors.New("the site is not loaded yet; try again in a moment")
	}
	return d, nil
}

func (s *Server) searchDocs(_ context.Context, _ *sdk.CallToolRequest, in SearchInput) (*sdk.CallToolResult, SearchOutput, error) {
	query := strings.TrimSpace(in.Query)
	switch {
	case query == "":
		return nil, SearchOutput{}, errors.New("query is empty: give a few words to look for")
	case in.Limit < 0 || in.Limit > MaxHits:
		return nil, SearchOutput{}, fmt.Errorf("limit is %d; give a number from 1 to %d", in.Limit, MaxHits)
	}
	if err := checkText("query", query, s.opts.Limits.MaxQueryRunes); err != nil {
		return nil, SearchOutput{}, err
	}
	if err := checkText("section", in.Section, maxSectionRunes); err != nil {
		return nil, SearchOutput{}, err
	}
	d, err := s.current()
	if err != nil {
		return nil, SearchOutput{}, err
	}
	q := search.Query{Text: query, HitsPerPage: in.Limit, AttributesToHighlight: []string{},
		AttributesToSnippet: []string{fmt.Sprintf("content:%d", snippetWords)}, HighlightPreTag: "**", HighlightPostTag: "**"}
	if q.HitsPerPage == 0 {
		q.HitsPerPage = DefaultHits
	}
	if sec := strings.TrimSpace(in.Section); sec != "" {
		name, err := d.section(sec)
		if err != nil {
			return nil, SearchOutput{}, err
		}
		q.Filters = search.Filters{{{Attr: "hierarchy.lvl0", Value: name}}}
	}
	out := SearchOutput{Query: query, Hits: []SearchHit{}}
	if d.Index != nil {
		sections := &assistant.Request{Index: d.Index}
		for _, h := range d.Index.Search(q).Hits {
			rec := h.Record
			// Snippets are HTML for the search UI; agents read text.
			snippet := html.UnescapeString(h.Snippet["content"].Value)
			if snippet == "" {
				snippet = sections.SectionText(rec.Path(), 300) // a heading's hit: the text under it
			}
			out.Hits = append(out.Hits, SearchHit{Title: assistant.SearchHit{Hierarchy: rec.Hierarchy}.Title(),
				URL: d.absolute(rec.URL), Section: rec.Hierarchy[0], Snippet: snippet})
		}
	}
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: out.markdown()}}}, out, nil
}

// markdown is the results as a numbered list, for clients that show text.
func (o SearchOutput) markdown() string {
	if len(o.Hits) == 0 {
		return fmt.Sprintf("Nothing in the docs matches %q. Try other words, or fewer.", o.Query)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Results for %q:\n", o.Query)
	for i, h := range o.Hits {
		fmt.Fprintf(&b, "\n%d. [%s](%s)", i+1, h.Title, h.URL)
		if h.Section != "" {
			fmt.Fprintf(&b, " (%s)", h.Section)
		}
		if h.Snippet != "" {
			fmt.Fprintf(&b, "\n   %s", h.Snippet)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// section finds a top-level section by name, in any letter case.
func (d *Docs) section(name string) (string, error) {
	for _, s := range d.Sections {
		if strings.EqualFold(s, name) {
			return s, nil
		}
	}
	return "", fmt.Errorf("there is no section %q; the sections are: %s", name, strings.Join(d.Sections, ", "))
}

func (s *Server) getPage(_ context.Context, _ *sdk.CallToolRequest, in PageInput) (*sdk.CallToolResult, any, error) {
	d, err := s.current()
	if err != nil {
		return nil, nil, err
	}
	p, err := d.Lookup(in.Route)
	if err != nil {
		return nil, nil, err
	}
	return &sdk.CallToolResult{Content: []sdk.Content{
		&sdk.TextContent{Text: p.Markdown},
		&sdk.ResourceLink{URI: p.URL, Name: p.Route, Title: p.Title, MIMEType: markdownType},
	}}, nil, nil
}

func (s *Server) askDocs(ctx context.Context, req *sdk.CallToolRequest, in AskInput) (*sdk.CallToolResult, AskOutput, error) {
	question := strings.TrimSpace(in.Question)
	if question == "" {
		return nil, AskOutput{}, errors.New("question is empty: ask something")
	}
	if err := checkText("question", question, s.opts.Limits.MaxQuestionRunes); err != nil {
		return nil, AskOutput{}, err
	}
	if ok, wait := s.questions.Allow(clientOf(req)); !ok {
		return nil, AskOutput{}, fmt.Errorf("too many questions in a short time; wait %d s, or use search_docs and get_page meanwhile",
			max(int(wait.Seconds()+0.999), 1))
	}
	d, err := s.current()
	if err != nil {
		return nil, AskOutput{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.Limits.AnswerTimeout)
	defer cancel()
	reply, err := assistant.Ask(ctx, s.opts.Engine, &assistant.Request{Question: question, Corpus: d.Corpus})
	if err != nil {
		var pe *assistant.PublicError
		if errors.As(err, &pe) {
			return nil, AskOutput{}, errors.New(pe.Text)
		}
		s.log.Error("mcp: answering", "engine", s.opts.Engine.Name(), "error", err)
		if errors.Is(err, context.DeadlineExceeded) {
			return nil, AskOutput{}, errors.New("the answer took too long; ask a shorter question, or use search_docs")
		}
		return nil, AskOutput{}, errors.New("something went wrong while answering; try again, or use search_docs")
	}
	out := AskOutput{Answer: d.absoluteLinks(reply.Text), Sources: []string{}}
	for _, u := range reply.Sources {
		out.Sources = append(out.Sources, d.absolute(u))
	}
	text := out.Answer
	if len(out.Sources) > 0 {
		text += "\n\nSources:\n- " + strings.Join(out.Sources, "\n- ")
	}
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: text}}}, out, nil
}

// absoluteLinks makes the site-relative Markdown links of an answer absolute: the reader of an
// MCP answer is not on the site.
func (d *Docs) absoluteLinks(text string) string {
	if d.Origin == "" {
		return text
	}
	return strings.ReplaceAll(text, "](/", "]("+d.Origin+"/")
}
