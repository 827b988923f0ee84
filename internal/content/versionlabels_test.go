package content

import (
	"strings"
	"testing"

	"tzdocs/internal/sitetest"
)

// versionsPage states the current versions as the real site's networks page does.
const versionsPage = `
-- site/docs/conrefs/network.md --
---
title: Networks
current_versions:
  protocol: Ushuaia
  octez: "25.1"
  taquito: "25.0.0"
---
A standalone page without a sidebar.
`

func TestVersionLabelsMustNameTheCurrentVersions(t *testing.T) {
	cases := []struct {
		name    string
		archive string
		want    []string // substrings, one per expected error, in order
	}{
		{
			name: "labels that name the current versions pass",
			archive: versionsPage + `
-- site/docs/architecture/bakers.md --
---
title: Bakers
dependencies:
  protocol: "Ushuaia (PsUshuai)"
  octez: "25.x"
  taquito: "25.0.0"
  smartpy: "0.24.x"
---
## Rights
`,
		},
		{
			name: "a stale protocol label fails at its line with the fix",
			archive: versionsPage + `
-- site/docs/architecture/bakers.md --
---
title: Bakers
dependencies:
  octez: "25.x"
  protocol: "Rio"
---
## Rights
`,
			want: []string{`site/docs/architecture/bakers.md:5: dependencies.protocol "Rio" is not the current protocol Ushuaia (stated in site/docs/conrefs/network.md:3); check the page against Ushuaia and set protocol: "Ushuaia"`},
		},
		{
			name: "stale tool labels fail, one error each",
			archive: versionsPage + `
-- site/docs/architecture/accounts.md --
---
title: Accounts
dependencies:
  taquito: "24.x"
  octez: 23.x
---
Text.
`,
			want: []string{
				`accounts.md:5: dependencies.octez "23.x" is not the current octez 25.1`,
				`accounts.md:4: dependencies.taquito "24.x" is not the current taquito 25.0.0 (stated in site/docs/conrefs/network.md:3); check the page against 25.0.0 and set taquito: "25.x"`,
			},
		},
		{
			name: "a minor release other than the current one is stale",
			archive: versionsPage + `
-- site/docs/architecture/accounts.md --
---
title: Accounts
dependencies:
  octez: "25.0"
---
Text.
`,
			want: []string{`accounts.md:4: dependencies.octez "25.0" is not the current octez 25.1`},
		},
		{
			name: "a pinned older label passes",
			archive: versionsPage + `
-- site/docs/architecture/accounts.md --
---
title: Accounts
dependencies:
  octez: "23.x"
  protocol: "Seoul"
pinned_dependencies: [octez, protocol]
---
Tested with Octez 23 and protocol Seoul.
`,
		},
		{
			name: "a pin on a current label is stale",
			archive: versionsPage + `
-- site/docs/architecture/accounts.md --
---
title: Accounts
dependencies:
  octez: "25.x"
pinned_dependencies: [octez]
---
Text.
`,
			want: []string{`accounts.md:5: pinned_dependencies lists octez, but its label "25.x" is current (25.1); remove octez from pinned_dependencies`},
		},
		{
			name: "a label without a version says how to write it",
			archive: versionsPage + `
-- site/docs/architecture/accounts.md --
---
title: Accounts
dependencies:
  taquito: "latest"
---
Text.
`,
			want: []string{`accounts.md:4: dependencies.taquito "latest" does not start with a version; write it as "25.x"`},
		},
		{
			name: "a current version that is not a number is reported on the networks page",
			archive: `
-- site/docs/conrefs/network.md --
---
title: Networks
current_versions:
  octez: "twenty-five"
---
Text.
`,
			want: []string{`site/docs/conrefs/network.md:4: current_versions.octez "twenty-five" is not a version number`},
		},
		{
			name: "without stated current versions nothing is checked",
			archive: `
-- site/docs/architecture/accounts.md --
---
title: Accounts
dependencies:
  octez: "1.x"
---
Text.
`,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := load(t, sitetest.Minimal+tc.archive)
			if err != nil {
				t.Fatal(err)
			}
			errs := CheckVersionLabels(s)
			if len(errs) != len(tc.want) {
				t.Fatalf("got %d errors, want %d: %v", len(errs), len(tc.want), errs)
			}
			for i, e := range errs {
				if !strings.Contains(e.Error(), tc.want[i]) {
					t.Errorf("error %d:\n got %s\nwant it to contain %s", i, e, tc.want[i])
				}
			}
		})
	}
}
