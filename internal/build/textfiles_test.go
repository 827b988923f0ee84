package build

import (
	"strings"
	"testing"

	"tzdocs/internal/sitetest"
)

// A page's Markdown file and llms-full.txt hold the converter's Markdown export under the page's
// title: components in their Markdown form, links to routes, no MDX.
func TestMarkdownFilesHoldTheExport(t *testing.T) {
	archive := strings.Replace(sitetest.Minimal, "Accounts hold tez.\n", "import Note from '@site/src/Note';\n\n"+
		"Accounts hold tez, see [bakers](./bakers.md#rights).\n\n{/* a comment */}\n\n"+
		"<Tabs>\n<TabItem value=\"py\" label=\"SmartPy\">\n\nPython here.\n\n</TabItem>\n</Tabs>\n\n"+
		":::tip Keep keys safe\nBack them up.\n:::\n", 1)
	dist, _, err := buildSite(t, archive)
	if err != nil {
		t.Fatal(err)
	}
	want := "# Accounts\n\nAccounts hold tez, see [bakers](/architecture/bakers#rights).\n\n**SmartPy**\n\nPython here.\n\n" +
		"> **Tip:** Keep keys safe\n>\n> Back them up.\n\n## Implicit accounts\n\ntz1 addresses.\n"
	if got := read(t, dist, "architecture/accounts.md"); got != want {
		t.Errorf("accounts.md:\n%s\nwant:\n%s", got, want)
	}
	if full := read(t, dist, "llms-full.txt"); !strings.Contains(full, want) {
		t.Errorf("llms-full.txt lacks the accounts page's Markdown:\n%s", full)
	}
	// A page whose own heading leads keeps it as its title, once.
	if got := read(t, dist, "architecture.md"); got != "# Architecture\n\nHow it works.\n" {
		t.Errorf("architecture.md:\n%s", got)
	}
}
