package build

import (
	"testing"

	"tzdocs/internal/dist"
)

func TestNeedsColorModeScript(t *testing.T) {
	bar := &dist.AnnouncementBar{ID: "launch"}
	for _, c := range []struct {
		name string
		site dist.SiteData
		want bool
	}{
		{"switch shown", dist.SiteData{ColorMode: dist.ColorMode{DefaultMode: "light"}}, true},
		{"switch hidden, OS followed", dist.SiteData{ColorMode: dist.ColorMode{DisableSwitch: true, RespectPrefersColorScheme: true}}, true},
		{"switch hidden, announcement bar to hide once dismissed", dist.SiteData{ColorMode: dist.ColorMode{DisableSwitch: true}, AnnouncementBar: bar}, true},
		{"switch hidden, OS ignored, no bar: the document's data-theme is final", dist.SiteData{ColorMode: dist.ColorMode{DisableSwitch: true}}, false},
	} {
		if got := needsColorModeScript(&c.site); got != c.want {
			t.Errorf("%s: needsColorModeScript = %v, want %v", c.name, got, c.want)
		}
	}
}
