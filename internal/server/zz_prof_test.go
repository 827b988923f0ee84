package server

import (
	"bufio"
	"io"
	"log/slog"
	"net"
	"net/http/httptest"
	"os"
	"runtime/pprof"
	"strings"
	"sync"
	"testing"
	"time"

	"tzdocs/internal/asynclog"
)

func TestZZProf(t *testing.T) {
	f, _ := os.Create("/tmp/zz-access.log")
	defer f.Close()
	aw := asynclog.New(f, 0, nil)
	defer aw.Close()
	s, err := New(Options{Dir: "../../dist", AccessLog: slog.New(slog.NewJSONHandler(aw, nil)), Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	pf, _ := os.Create("/tmp/zz-cpu.prof")
	pprof.StartCPUProfile(pf)
	deadline := time.Now().Add(5 * time.Second)
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := 0
	for i := 0; i < 32; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, _ := net.Dial("tcp", addr)
			br := bufio.NewReader(c)
			n := 0
			for time.Now().Before(deadline) {
				io.WriteString(c, "GET /overview/ HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n")
				cl := 0
				for {
					l, _ := br.ReadString('\n')
					if l == "\r\n" {
						break
					}
					if strings.HasPrefix(l, "Content-Length: ") {
						cl = atoi(strings.TrimSpace(l[16:]))
					}
				}
				br.Discard(cl)
				n++
			}
			mu.Lock()
			total += n
			mu.Unlock()
		}()
	}
	wg.Wait()
	pprof.StopCPUProfile()
	t.Logf("%d req/s", total/5)
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}
