package sitebuild

import (
	"context"
	"encoding/json"
	"fmt"

	"tzdocs/internal/content"
	"tzdocs/internal/markdown"
	"tzdocs/internal/output"
)

// Answers converts the site in siteDir as a build does and returns the answer corpus that build
// would write to output.AnswersFile, like Records for the search records.
func Answers(ctx context.Context, siteDir string) ([]output.AnswerSection, error) {
	return fromSite(ctx, siteDir, siteAnswers)
}

// siteAnswers is the answer corpus: the sections of every listed page, pages in site order.
func siteAnswers(site *content.Site, docs map[*content.Doc]*markdown.Document) []output.AnswerSection {
	out := []output.AnswerSection{}
	for _, p := range sitePages(site, docs) {
		if !p.unlisted {
			out = appendPageAnswers(out, p)
		}
	}
	return out
}

// pageAnswers is one page's answer sections marshalled, without the enclosing brackets, as the
// last build made them, and what they were made from.
type pageAnswers struct {
	md   *markdown.Document
	key  string
	json []byte
}

// answersFile is the content of output.AnswersFile: the JSON of siteAnswers, but a page whose
// conversion and title did not change since the last build keeps the JSON of its sections.
func (b *Builder) answersFile(site *content.Site, docs map[*content.Doc]*markdown.Document) ([]byte, error) {
	data := []byte{'['}
	live := map[string]bool{}
	for i, p := range sitePages(site, docs) {
		if p.unlisted {
			continue
		}
		live[p.url] = true
		md := docs[site.Docs[i]]
		key := fmt.Sprintf("%s\x00%q\x00%t", p.title, p.keywords, p.tutorial)
		pa, ok := b.answers[p.url]
		if !ok || pa.md != md || pa.key != key {
			js, err := json.Marshal(appendPageAnswers(nil, p))
			if err != nil {
				return nil, fmt.Errorf("answer corpus of %s: %w", p.url, err)
			}
			pa = pageAnswers{md: md, key: key}
			if len(js) > 2 {
				pa.json = js[1 : len(js)-1]
			}
			b.answers[p.url] = pa
		}
		if len(pa.json) > 0 {
			if len(data) > 1 {
				data = append(data, ',')
			}
			data = append(data, pa.json...)
		}
	}
	for route := range b.answers {
		if !live[route] {
			delete(b.answers, route) // a page the site no longer lists
		}
	}
	return append(data, ']'), nil
}

// appendPageAnswers appends one page's sections: its intro (when it has one) and one section per
// heading, each with the page title and the headings above it, as its search records have them.
func appendPageAnswers(out []output.AnswerSection, p searchPage) []output.AnswerSection {
	title := p.title
	if title == "" {
		title = p.url
	}
	var headings [7]string // by level; 0 and 1 unused
	position := 0
	for _, s := range p.sections {
		anchor := ""
		if opensAnchor(s) {
			lvl := min(max(s.Level, 2), 6)
			headings[lvl] = s.Title
			clear(headings[lvl+1:])
			anchor = s.ID
		}
		path := []string{title}
		if s.Level > 1 || s.ID != "" {
			for _, h := range headings[2:] {
				if h != "" {
					path = append(path, h)
				}
			}
		}
		sec := output.AnswerSection{Route: p.url, Anchor: anchor, Path: path, Position: position, Blocks: answerBlocks(s.Blocks)}
		if p.tutorial {
			sec.Kind = output.KindTutorial
		}
		if position == 0 {
			sec.Keywords = p.keywords
		}
		if sec.Blocks == nil {
			sec.Blocks = []output.AnswerBlock{}
		}
		out = append(out, sec)
		position++
	}
	return out
}

// answerBlocks are a section's blocks as the answer corpus writes them.
func answerBlocks(bs []markdown.Block) []output.AnswerBlock {
	if len(bs) == 0 {
		return nil
	}
	out := make([]output.AnswerBlock, len(bs))
	for i, b := range bs {
		out[i] = output.AnswerBlock{Type: b.Type, Text: b.Text, Ordered: b.Ordered, Header: b.Header, Rows: b.Rows,
			Lang: b.Lang, Code: b.Code, Kind: b.Kind, Blocks: answerBlocks(b.Blocks)}
		if b.Ordered && b.Start != 1 {
			out[i].Start = b.Start
		}
		for _, item := range b.Items {
			blocks := answerBlocks(item)
			if blocks == nil {
				blocks = []output.AnswerBlock{} // an empty item is still an item
			}
			out[i].Items = append(out[i].Items, blocks)
		}
	}
	return out
}

// textBlocks are paragraphs of plain texts.
func textBlocks(texts ...string) []markdown.Block {
	var out []markdown.Block
	for _, t := range texts {
		if b := markdown.TextBlock(t); b.Text != "" {
			out = append(out, b)
		}
	}
	return out
}
