package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"
)

// loadResult counts the requests of a load run and those that failed: a transport error or a
// status other than 2xx and 3xx.
type loadResult struct {
	mu                  sync.Mutex
	gets, posts         int
	failedGets, failed  int
	failedPosts         int
	byStatus            map[string]int
	firstFail, lastFail time.Time
}

func (l *loadResult) record(post bool, status int, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if post {
		l.posts++
	} else {
		l.gets++
	}
	if err == nil && status < 400 {
		return
	}
	key := fmt.Sprint(status)
	if err != nil {
		key = "error: " + shortErr(err)
	}
	l.byStatus[key]++
	l.failed++
	if post {
		l.failedPosts++
	} else {
		l.failedGets++
	}
	now := time.Now()
	if l.firstFail.IsZero() {
		l.firstFail = now
	}
	l.lastFail = now
}

func shortErr(err error) string {
	s := err.Error()
	if i := strings.LastIndex(s, ": "); i >= 0 {
		s = s[i+2:]
	}
	return s
}

func (l *loadResult) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := fmt.Sprintf("%d of %d GETs and %d of %d POSTs failed", l.failedGets, l.gets, l.failedPosts, l.posts)
	if l.failed > 0 {
		var keys []string
		for k := range l.byStatus {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%s × %d", k, l.byStatus[k]))
		}
		s += fmt.Sprintf(" (%s; failures over %.1f s)", strings.Join(parts, ", "), l.lastFail.Sub(l.firstFail).Seconds())
	}
	return s
}

// runLoad sends requests through base at rate a second until ctx ends: pages in turn, and every
// fifth request a search (POST). Ticks that find every worker busy are skipped, so the load stays
// bounded whatever the latency.
func runLoad(ctx context.Context, client *http.Client, base string, pages []string, searchBody string, rate, workers int) *loadResult {
	res := &loadResult{byStatus: map[string]int{}}
	jobs := make(chan int, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range jobs {
				post := n%5 == 4
				var req *http.Request
				if post {
					req, _ = http.NewRequest("POST", base+"/api/search/1/indexes/*/queries", strings.NewReader(searchBody))
					req.Header.Set("Content-Type", "application/json")
				} else {
					req, _ = http.NewRequest("GET", base+pages[n%len(pages)], nil)
				}
				req.Host = siteName
				r, err := client.Do(req)
				status := 0
				if err == nil {
					io.Copy(io.Discard, r.Body)
					r.Body.Close()
					status = r.StatusCode
				}
				res.record(post, status, err)
			}
		}()
	}
	t := time.NewTicker(time.Second / time.Duration(rate))
	defer t.Stop()
	for n := 0; ; n++ {
		select {
		case <-ctx.Done():
			close(jobs)
			wg.Wait()
			return res
		case <-t.C:
			select {
			case jobs <- n:
			default:
			}
		}
	}
}
