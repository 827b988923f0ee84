package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// burstWords are common words of the docs, so each query of a burst request has many hits.
var burstWords = []string{"tezos", "smart contract", "baker", "token", "node", "octez", "rollup", "account", "michelson", "tez"}

// burstBody is the largest request the API lets through its limits on what may be asked: 50
// queries of 1,000 hits each with highlights and snippets of the content. The server's budget
// refuses it part-way (400), after doing the work it can afford.
func burstBody() []byte {
	reqs := make([]map[string]any, 50)
	for i := range reqs {
		reqs[i] = map[string]any{"indexName": "tezosdocs", "query": burstWords[i%len(burstWords)], "hitsPerPage": 1000,
			"distinct": false, "attributesToSnippet": []string{"content:30"}, "highlightPreTag": "<mark>", "highlightPostTag": "</mark>"}
	}
	b, _ := json.Marshal(map[string]any{"requests": reqs})
	return b
}

// burst sends rounds of n concurrent largest requests and reports the server's peak resident
// memory (VmHWM), which must stay under 300 MB (docs/behaviour.md, "Budgets").
func burst(client *http.Client, endpoint string, srv *server, n, rounds int, out io.Writer) error {
	if srv == nil {
		return errors.New("-burst measures the memory of a server it starts; leave out -url")
	}
	body := burstBody()
	before, _ := memoryKB(srv.cmd.Process.Pid, "VmHWM")
	statuses := map[int]int{}
	var mu sync.Mutex
	start := time.Now()
	for range rounds {
		var wg sync.WaitGroup
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				status := 0
				resp, err := client.Post(endpoint, "text/plain", strings.NewReader(string(body)))
				if err == nil {
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					status = resp.StatusCode
				}
				mu.Lock()
				statuses[status]++
				mu.Unlock()
			}()
		}
		wg.Wait()
	}
	peak, err := memoryKB(srv.cmd.Process.Pid, "VmHWM")
	if err != nil {
		return err
	}
	now, _ := memoryKB(srv.cmd.Process.Pid, "VmRSS")
	fmt.Fprintf(out, "burst: %d rounds of %d concurrent requests of 50 queries × 1,000 hits (%d KB each) in %v; statuses %v\n",
		rounds, n, len(body)/1024, time.Since(start).Round(time.Millisecond), statuses)
	fmt.Fprintf(out, "server peak RSS: %.0f MB before the burst, %.0f MB after it (now %.0f MB); budget 300 MB\n",
		float64(before)/1024, float64(peak)/1024, float64(now)/1024)
	if peak > 300*1024 {
		return fmt.Errorf("peak RSS %.0f MB is over the 300 MB budget", float64(peak)/1024)
	}
	return nil
}

// memoryKB reads one field of /proc/PID/status, in kB.
func memoryKB(pid int, field string) (int, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			return strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
		}
	}
	return 0, fmt.Errorf("/proc/%d/status has no %s", pid, field)
}
