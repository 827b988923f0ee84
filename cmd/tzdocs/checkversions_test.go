package main

import (
	"path/filepath"
	"strings"
	"testing"

	"tzdocs/internal/sitetest"
)

func TestCheckFailsOnAStaleVersionLabel(t *testing.T) {
	versions := `
-- site/docs/conrefs/network.md --
---
title: Networks
current_versions:
  octez: "25.1"
---
Text.
`
	page := func(label string) string {
		return "\n-- site/docs/architecture/accounts.md --\n---\ntitle: Accounts\ndependencies:\n  octez: \"" + label + "\"\n---\nAccounts hold tez.\n"
	}
	good := sitetest.Write(t, sitetest.Minimal+versions+page("25.x"))
	if out, _, err := runCmd(t, "check", "--site", filepath.Join(good, "site")); err != nil || !strings.Contains(out, "check passed") {
		t.Fatalf("check of current labels: %v %q", err, out)
	}
	stale := sitetest.Write(t, sitetest.Minimal+versions+page("24.x"))
	_, _, err := runCmd(t, "check", "--site", filepath.Join(stale, "site"))
	if err == nil || !strings.Contains(err.Error(), `site/docs/architecture/accounts.md:4: dependencies.octez "24.x" is not the current octez 25.1`) {
		t.Errorf("check of a stale label: %v", err)
	}
}
