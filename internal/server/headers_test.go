package server

import (
	"net/http"
	"testing"
)

// Precomputed header sets are assigned to the header map by key, skipping the canonicalisation
// Header.Set does: a key in another form would be a second header that Get does not find.
func TestPrecomputedHeaderKeysAreCanonical(t *testing.T) {
	s, _ := newTestServer(t)
	site := s.site.Load()
	sets := []responseHeaders{site.notFoundHeaders}
	for _, f := range site.files {
		sets = append(sets, f.headers)
	}
	for _, pg := range site.pages {
		sets = append(sets, pg.htmlHeaders, pg.markdownHeaders)
	}
	n := 0
	for _, rh := range sets {
		for _, set := range append([]headerSet{rh.notModified}, rh.full[:]...) {
			for _, h := range set {
				n++
				if h.key != http.CanonicalHeaderKey(h.key) {
					t.Errorf("header key %q, want %q", h.key, http.CanonicalHeaderKey(h.key))
				}
				if len(h.val) != cap(h.val) {
					t.Errorf("%s: shared value with room to append (len %d, cap %d)", h.key, len(h.val), cap(h.val))
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no precomputed headers")
	}
}

func TestAcceptsEncodings(t *testing.T) {
	for _, c := range []struct {
		header, coding string
		want           bool
	}{
		{"gzip, deflate, br", "br", true}, {"gzip, deflate, br", "gzip", true}, {"deflate", "gzip", false},
		{"", "gzip", false}, {"*", "br", true}, {"br;q=0, gzip", "br", false}, {"br; q=0.0", "br", false},
		{"br;q=0.5", "br", true}, {"GZIP", "gzip", true}, {"*;q=0, gzip", "gzip", false}, {" br ,gzip", "br", true},
	} {
		if got := accepts(c.header, c.coding); got != c.want {
			t.Errorf("accepts(%q, %q) = %v, want %v", c.header, c.coding, got, c.want)
		}
	}
}
