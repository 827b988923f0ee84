package main

import (
	"strings"
	"testing"
)

func TestMeetsFloor(t *testing.T) {
	for _, tt := range []struct {
		asked, good int
		want        string // in the error; "" for none
	}{
		{41, 38, ""},
		{40, 34, ""},
		{40, 33, "below the floor of 0.85"},
		{39, 39, "only 39 questions"},
		{0, 0, "only 0 questions"},
	} {
		err := meetsFloor(tt.asked, tt.good)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("meetsFloor(%d, %d) = %v, want %q", tt.asked, tt.good, err, tt.want)
		}
	}
}

func TestCitesMatchesLinksToPagesAndSections(t *testing.T) {
	answer := "Stake with a baker ([Staking](/using/staking#how)); see also [FA2](/architecture/tokens/FA2/)."
	for _, tt := range []struct {
		pages []string
		want  bool
	}{
		{[]string{"/using/staking"}, true},
		{[]string{"/architecture/tokens/FA2"}, true},
		{[]string{"/using"}, false},
		{[]string{"/architecture/smart-rollups"}, false},
	} {
		if got := cites(answer, tt.pages); got != tt.want {
			t.Errorf("cites(%v) = %v, want %v", tt.pages, got, tt.want)
		}
	}
}
