package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"
)

// load is what one load run asks for: conns keep-alive connections, each sending request after
// request for duration.
type load struct {
	addr     string
	path     string
	conns    int
	duration time.Duration
}

// loadResult counts what a run got back.
type loadResult struct {
	requests int64 // answered 200 with a gzip body
	failures int64 // other statuses, missing gzip, broken connections
	bytes    int64 // body bytes read
	elapsed  time.Duration
	firstErr error
}

func (r loadResult) perSecond() float64 {
	if r.elapsed <= 0 {
		return 0
	}
	return float64(r.requests) / r.elapsed.Seconds()
}

// run sends GET requests asking for gzip on l.conns connections, one at a time on each (no
// pipelining, as a browser or wrk does), until l.duration has passed. It is a plain HTTP/1.1
// client over net.Conn, lighter than net/http's, so that on a shared machine more of the CPU goes
// to the server under test.
func (l load) run(ctx context.Context) loadResult {
	req := []byte("GET " + l.path + " HTTP/1.1\r\nHost: " + l.addr + "\r\nUser-Agent: tzdocs-bench-serve\r\n" +
		"Accept: text/html\r\nAccept-Encoding: gzip\r\n\r\n")
	ctx, cancel := context.WithTimeout(ctx, l.duration)
	defer cancel()
	results := make([]loadResult, l.conns)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = l.conn(ctx, req)
		}()
	}
	wg.Wait()
	total := loadResult{elapsed: time.Since(start)}
	for _, r := range results {
		total.requests += r.requests
		total.failures += r.failures
		total.bytes += r.bytes
		if total.firstErr == nil {
			total.firstErr = r.firstErr
		}
	}
	return total
}

// conn is one connection's loop; a broken connection is counted and dialled again.
func (l load) conn(ctx context.Context, req []byte) loadResult {
	var res loadResult
	fail := func(err error) {
		res.failures++
		if res.firstErr == nil {
			res.firstErr = err
		}
	}
	var d net.Dialer
	for ctx.Err() == nil {
		c, err := d.DialContext(ctx, "tcp", l.addr)
		if err != nil {
			if ctx.Err() == nil {
				fail(err)
				time.Sleep(10 * time.Millisecond) // a refused dial must not spin
			}
			continue
		}
		stop := context.AfterFunc(ctx, func() { _ = c.SetDeadline(time.Now()) })
		br := bufio.NewReaderSize(c, 64<<10)
		for ctx.Err() == nil {
			if _, err := c.Write(req); err != nil {
				if ctx.Err() == nil {
					fail(err)
				}
				break
			}
			n, err := readResponse(br)
			if err != nil {
				if ctx.Err() == nil {
					fail(err)
				}
				break
			}
			res.requests++
			res.bytes += n
		}
		stop()
		_ = c.Close()
	}
	return res
}

// errNotGzip is a response that is not a 200 with a gzip body.
var errNotGzip = errors.New("answer is not 200 with Content-Encoding: gzip")

// readResponse reads one HTTP/1.1 response with a Content-Length body and returns the body's
// length. A response other than 200 with Content-Encoding gzip is read and reported as an error.
func readResponse(br *bufio.Reader) (int64, error) {
	status, err := br.ReadSlice('\n')
	if err != nil {
		return 0, err
	}
	ok := bytes.HasPrefix(status, []byte("HTTP/1.1 200 "))
	gzip := false
	length := int64(-1)
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			return 0, err
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			break
		}
		name, value, found := bytes.Cut(line, []byte(":"))
		if !found {
			return 0, fmt.Errorf("malformed header line %q", line)
		}
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, err = strconv.ParseInt(string(value), 10, 64); err != nil {
				return 0, fmt.Errorf("Content-Length %q: %w", value, err)
			}
		case bytes.EqualFold(name, []byte("Content-Encoding")):
			gzip = bytes.EqualFold(value, []byte("gzip"))
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			return 0, fmt.Errorf("Transfer-Encoding %q: the benchmark reads Content-Length bodies only", value)
		}
	}
	if length < 0 {
		return 0, errors.New("response without Content-Length")
	}
	if _, err := br.Discard(int(length)); err != nil {
		return 0, err
	}
	if !ok || !gzip {
		return length, fmt.Errorf("%w: %q", errNotGzip, bytes.TrimSpace(status))
	}
	return length, nil
}

// fetchGzip asks addr once for path with gzip and returns the body as sent, and the header lines
// of the answer but Date and Connection.
func fetchGzip(addr, path string) (body []byte, headers []string, err error) {
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return nil, nil, err
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, "GET "+path+" HTTP/1.1\r\nHost: "+addr+"\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n"); err != nil {
		return nil, nil, err
	}
	all, err := io.ReadAll(c)
	if err != nil {
		return nil, nil, err
	}
	if _, err := readResponse(bufio.NewReader(bytes.NewReader(all))); err != nil {
		return nil, nil, fmt.Errorf("GET %s from %s: %w", path, addr, err)
	}
	head, body, _ := bytes.Cut(all, []byte("\r\n\r\n"))
	for i, line := range strings.Split(string(head), "\r\n") {
		name, _, _ := strings.Cut(line, ":")
		if i > 0 && !strings.EqualFold(name, "Date") && !strings.EqualFold(name, "Connection") {
			headers = append(headers, line)
		}
	}
	return body, headers, nil
}
