package sitebuild

import (
	"encoding/json"
	"strings"
	"testing"

	"tzdocs/internal/output"
	"tzdocs/internal/sitetest"
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

func TestEveryPageInlinesTheEarlyShortcutCatcherAllowedByItsHash(t *testing.T) {
	const script = `window.tzEarlyKeys={pressed:!1}`
	outDir, _, err := buildDir(t, sitetest.Write(t, sitetest.Minimal+sitetest.FakeWeb+"-- web/client/early-keys.js --\n"+script+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{"index.html", "architecture/accounts/index.html", "404.html"} {
		if html := read(t, outDir, page); !strings.Contains(html, "<script>"+script+"</script>") {
			t.Errorf("%s does not inline the early shortcut catcher", page)
		}
	}
	if csp := read(t, outDir, output.CSPFile); !strings.Contains(csp, hashSource(script)) {
		t.Errorf("the content security policy does not allow the catcher (%s): %s", hashSource(script), csp)
	}
}

// A site whose config names no Ask AI assistant gets the engine's neutral id, which the web app
// sends and the server expects; one that names its own keeps it.
func TestAskAIAssistantIDDefaultsToANeutralID(t *testing.T) {
	for _, c := range []struct{ name, yaml, want string }{
		{"none named", "", output.DefaultAssistantID},
		{"the site's own", "  askAi: { assistantId: ourdocs }\n", "ourdocs"},
	} {
		archive := sitetest.Minimal + sitetest.FakeWeb
		if c.yaml != "" {
			archive = strings.Replace(archive, "themeConfig:\n", "themeConfig:\n"+c.yaml, 1)
		}
		outDir, _, err := buildDir(t, sitetest.Write(t, archive))
		if err != nil {
			t.Fatal(err)
		}
		var site output.SiteData
		if err := json.Unmarshal([]byte(read(t, outDir, output.SiteDataFile)), &site); err != nil {
			t.Fatal(err)
		}
		if site.AskAI.AssistantID != c.want {
			t.Errorf("%s: assistantId %q, want %q", c.name, site.AskAI.AssistantID, c.want)
		}
	}
}
