package sitebuild

import (
	"html"
	"strings"

	"tzdocs/internal/content"
	"tzdocs/internal/markdown"
	"tzdocs/internal/markdown/tutorialcard"
)

// generatedIndex renders the page of a sidebar category linked to {type: generated-index}: its
// description and a card for each item, as the TutorialCard component renders cards.
func generatedIndex(site *content.Site, d *content.Doc) *markdown.Document {
	var cards []tutorialcard.Props
	for _, c := range site.IndexCards(d) {
		cards = append(cards, tutorialcard.Props{Title: c.Title, Href: c.Href, Description: c.Description})
	}
	var page, md []string
	if d.Description != "" {
		// The Markdown version opens with the description already (see markdownText).
		page = append(page, "<p>"+html.EscapeString(d.Description)+"</p>\n")
	}
	page = append(page, tutorialcard.HTML(cards))
	if len(cards) > 0 {
		md = append(md, tutorialcard.Markdown(cards)+"\n")
	}
	return &markdown.Document{HTML: strings.Join(page, ""), Markdown: strings.Join(md, "\n"),
		Sections: []markdown.Section{{Level: 1, Text: d.Description, Blocks: textBlocks(d.Description)}}}
}
