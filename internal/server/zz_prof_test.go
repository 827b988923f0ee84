package server

import (
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime/pprof"
	"strconv"
	"testing"
	"time"

	"tzdocs/internal/asynclog"
)

func TestZZProf(t *testing.T) {
	mode := os.Getenv("ZZ_PROF")
	if mode == "" {
		t.Skip()
	}
	f, _ := os.Create("/tmp/zz-access.log")
	defer f.Close()
	aw := asynclog.New(f, 0, nil)
	defer aw.Close()
	s, err := New(Options{Dir: "../../dist", NoRateLimits: true, AccessLog: slog.New(slog.NewJSONHandler(aw, nil)), Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	var h http.Handler = s
	hs := s.HTTPServer()
	if mode == "minimal" {
		body := s.site.Load().pages["/overview/"].html.gz
		h = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			hd := w.Header()
			hd.Set("Content-Type", "text/html; charset=utf-8")
			hd.Set("Content-Encoding", "gzip")
			hd.Set("Content-Length", strconv.Itoa(len(body)))
			_, _ = w.Write(body)
		})
		hs = &http.Server{}
	}
	hs.Handler = h
	ln, _ := net.Listen("tcp", "127.0.0.1:18940")
	go hs.Serve(ln)
	time.Sleep(2 * time.Second)
	pf, _ := os.Create("/tmp/zz-cpu-" + mode + ".prof")
	pprof.StartCPUProfile(pf)
	time.Sleep(5 * time.Second)
	pprof.StopCPUProfile()
	hs.Close()
}
