package build

import (
	"html"
	"strings"

	"tzdocs/internal/content"
	"tzdocs/internal/markdown"
)

// generatedIndex renders the page of a sidebar category linked to {type: generated-index}: its
// description and a card for each item, in the HTML of the TutorialCard component.
func generatedIndex(site *content.Site, d *content.Doc) *markdown.Document {
	var b strings.Builder
	if d.Description != "" {
		b.WriteString("<p>" + html.EscapeString(d.Description) + "</p>\n")
	}
	b.WriteString(`<div class="tz-tutorial-cards">`)
	for _, c := range site.IndexCards(d) {
		b.WriteString(`<a class="tz-tutorial-card" href="` + html.EscapeString(c.Href) + `">`)
		b.WriteString(`<span class="tz-tutorial-card__title">` + html.EscapeString(c.Title) + `</span>`)
		if c.Description != "" {
			b.WriteString(`<span class="tz-tutorial-card__description">` + html.EscapeString(c.Description) + `</span>`)
		}
		b.WriteString(`</a>`)
	}
	b.WriteString("</div>\n")
	return &markdown.Document{HTML: b.String(), Sections: []markdown.Section{{Level: 1, Text: d.Description}}}
}
