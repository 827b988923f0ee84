package sitebuild

import (
	"testing"

	"tzdocs/internal/output"
)

func TestNeedsColorModeScript(t *testing.T) {
	bar := &output.AnnouncementBar{ID: "launch"}
	for _, c := range []struct {
		name string
		site output.SiteData
		want bool
	}{
		{"switch shown", output.SiteData{ColorMode: output.ColorMode{DefaultMode: "light"}}, true},
		{"switch hidden, OS followed", output.SiteData{ColorMode: output.ColorMode{DisableSwitch: true, RespectPrefersColorScheme: true}}, true},
		{"switch hidden, announcement bar to hide once dismissed", output.SiteData{ColorMode: output.ColorMode{DisableSwitch: true}, AnnouncementBar: bar}, true},
		{"switch hidden, OS ignored, no bar: the document's data-theme is final", output.SiteData{ColorMode: output.ColorMode{DisableSwitch: true}}, false},
	} {
		if got := needsColorModeScript(&c.site); got != c.want {
			t.Errorf("%s: needsColorModeScript = %v, want %v", c.name, got, c.want)
		}
	}
}
