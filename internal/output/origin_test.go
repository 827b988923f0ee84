package output

import "testing"

func TestOriginOf(t *testing.T) {
	for in, want := range map[string]string{
		"https://Docs.Example.org/base/": "https://docs.example.org",
		"https://docs.example.org:443":   "https://docs.example.org",
		"http://127.0.0.1:8080/x":        "http://127.0.0.1:8080",
		"http://localhost:80":            "http://localhost",
	} {
		got, err := OriginOf(in)
		if err != nil || got != want {
			t.Errorf("OriginOf(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "docs.example.org", "ftp://docs.example.org", "https://"} {
		if got, err := OriginOf(bad); err == nil {
			t.Errorf("OriginOf(%q) = %q, want an error", bad, got)
		}
	}
}
