package main

import (
	"strings"
	"testing"

	"tzdocs/internal/config"
)

// The report of what a Docusaurus site leaves out is one block under its configuration file; an
// entry about another file of the site (versions.json) names that file with its line.
func TestUnsupportedReportNamesAnotherFile(t *testing.T) {
	var b strings.Builder
	printUnsupported(&b, []config.Unsupported{
		{Option: "presets[0].blog", File: "website/docusaurus.config.js", Line: 16, Instead: "the blog is not built"},
		{Option: "versions.json (2.x, 1.x)", File: "website/versions.json", Line: 1, Instead: "only the docs folder is built"},
	})
	want := "website/docusaurus.config.js: 2 options tzdocs does not use (the site is built without them):\n" +
		"  line 16: presets[0].blog: the blog is not built\n" +
		"  website/versions.json:1: versions.json (2.x, 1.x): only the docs folder is built\n"
	if b.String() != want {
		t.Errorf("report:\n%s\nwant:\n%s", b.String(), want)
	}
}
