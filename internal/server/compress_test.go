package server

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func searchAnswer(t *testing.T, h http.Handler, query, acceptEncoding string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/api/search/1/indexes/*/queries",
		strings.NewReader(`{"requests":[{"indexName":"tezosdocs","query":"`+query+`"}]}`))
	req.Header.Set("Content-Type", "text/plain")
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestLargeAPIAnswersAreGzipped(t *testing.T) {
	s, _ := newTestServer(t)
	plain := searchAnswer(t, s, "bakers", "")
	if plain.Code != 200 || plain.Body.Len() < compressMin {
		t.Fatalf("the test needs an answer of %d bytes or more: %d, %d bytes", compressMin, plain.Code, plain.Body.Len())
	}
	if plain.Header().Get("Content-Encoding") != "" || !varies(plain.Header(), "Accept-Encoding") {
		t.Errorf("without Accept-Encoding: Content-Encoding %q, Vary %q; want none and Accept-Encoding",
			plain.Header().Get("Content-Encoding"), plain.Header().Values("Vary"))
	}
	gz := searchAnswer(t, s, "bakers", "gzip, deflate, br")
	if gz.Header().Get("Content-Encoding") != "gzip" || !varies(gz.Header(), "Accept-Encoding") {
		t.Fatalf("with gzip accepted: Content-Encoding %q, Vary %q", gz.Header().Get("Content-Encoding"), gz.Header().Values("Vary"))
	}
	if gz.Header().Get("Content-Length") != "" {
		t.Errorf("a gzip answer with the Content-Length %s of another body", gz.Header().Get("Content-Length"))
	}
	zr, err := gzip.NewReader(gz.Body)
	if err != nil {
		t.Fatal(err)
	}
	unzipped, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	// Answers carry their processing time; compare them without it.
	if mask(string(unzipped)) != mask(plain.Body.String()) || gz.Body.Len() >= plain.Body.Len() {
		t.Errorf("gzip answer: %d bytes, unzipped to a different or no smaller body:\n%s\n%s", gz.Body.Len(), unzipped, plain.Body)
	}
	if refused := searchAnswer(t, s, "bakers", "gzip;q=0"); refused.Header().Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0 got Content-Encoding %q", refused.Header().Get("Content-Encoding"))
	}
}

// varies tells whether h's Vary headers name header.
func varies(h http.Header, header string) bool {
	for _, v := range h.Values("Vary") {
		for _, name := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(name), header) {
				return true
			}
		}
	}
	return false
}

// mask blanks the digits of the processing time fields.
func mask(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' && strings.HasSuffix(s[:i], `"processingTimeMS":`) {
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			b.WriteByte('#')
		}
		if i < len(s) {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func TestSmallAPIAnswersAreSentAsTheyAre(t *testing.T) {
	s, _ := newTestServer(t)
	req := httptest.NewRequest(http.MethodGet, "/api/nope", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotFound || rec.Header().Get("Content-Encoding") != "" || !strings.Contains(rec.Body.String(), `"status":404`) {
		t.Errorf("small answer: %d, Content-Encoding %q, %s", rec.Code, rec.Header().Get("Content-Encoding"), rec.Body)
	}
	small := searchAnswer(t, s, "zzzzqqqq", "gzip")
	if small.Code != 200 || small.Body.Len() >= compressMin || small.Header().Get("Content-Encoding") != "" {
		t.Errorf("a search answer of %d bytes: %d, Content-Encoding %q", small.Body.Len(), small.Code, small.Header().Get("Content-Encoding"))
	}
}

// Flushed answers are streams: they go out as written, each flush reaching the client.
func TestStreamedAnswersAreNotCompressed(t *testing.T) {
	big := strings.Repeat("x", 2*compressMin)
	for name, h := range map[string]http.HandlerFunc{
		"flushed": func(w http.ResponseWriter, _ *http.Request) {
			_, _ = io.WriteString(w, "data: a\n\n")
			w.(http.Flusher).Flush()
			_, _ = io.WriteString(w, big)
		},
		"event stream": func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			_, _ = io.WriteString(w, big)
		},
		"already encoded": func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Encoding", "br")
			_, _ = io.WriteString(w, big)
		},
	} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		compressed(h).ServeHTTP(rec, req)
		if enc := rec.Header().Get("Content-Encoding"); enc == "gzip" || !strings.HasSuffix(rec.Body.String(), big) {
			t.Errorf("%s: Content-Encoding %q, %d bytes", name, enc, rec.Body.Len())
		}
		if name == "flushed" && !rec.Flushed {
			t.Errorf("%s: the flush did not reach the client", name)
		}
	}
}

func TestAskAIStreamStaysUncompressed(t *testing.T) {
	_, addr := fullServer(t, nil, 0, nil)
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/api/askai/chat",
		strings.NewReader(`{"id":"c","trigger":"submit-message","messages":[{"id":"m","role":"user","parts":[{"type":"text","text":"what do bakers do?"}]}]}`))
	req.Header.Set("Authorization", "TOKEN "+token(t, addr))
	req.Header.Set("Accept-Encoding", "gzip") // set by hand: the client then hands the body over as sent
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	stream, _ := io.ReadAll(res.Body)
	if res.Header.Get("Content-Encoding") != "" || !strings.HasSuffix(string(stream), "data: [DONE]\n\n") {
		t.Errorf("Content-Encoding %q, stream:\n%s", res.Header.Get("Content-Encoding"), stream)
	}
}
