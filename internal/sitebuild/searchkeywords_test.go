package sitebuild

import (
	"slices"
	"testing"
)

func TestPageKeywords(t *testing.T) {
	got := pageKeywords([]string{"originate", " Originate ", ""}, "Wallet setup", "Data availability layer",
		"Publish data on the data availability layer (DAL) with FA2 (FA2) tokens, not (Dal) or (X).")
	want := []string{"originate", "Wallet setup", "DAL", "FA2"}
	if !slices.Equal(got, want) {
		t.Errorf("pageKeywords = %q, want %q", got, want)
	}
	if got := pageKeywords(nil, "Installing", "Bakers", "Liquid proof of stake (LPOS) for bakers."); !slices.Equal(got, []string{"LPOS"}) {
		t.Errorf("one-word sidebar label: pageKeywords = %q, want only the acronym", got)
	}
	if got := pageKeywords(nil, "Test networks", "Test networks", ""); len(got) != 0 {
		t.Errorf("sidebar label equal to the title: pageKeywords = %q, want none", got)
	}
}
