// Package prerender runs the web app's server-side rendering bundle with Node, so every page's
// HTML holds the full page before any JavaScript runs.
package prerender

import (
	"bufio"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// startTimeout bounds how long loading the SSR bundle may take.
const startTimeout = 30 * time.Second

//go:embed render.mjs
var workerScript string

// ErrNoNode is returned when no node binary can be found.
var ErrNoNode = errors.New("node (Node.js 20 or newer) is needed to prerender pages and was not found on PATH; install it (Debian: apt-get install nodejs) and run the build again")

// Renderer is a running Node process that renders pages one at a time. It is safe for concurrent use.
type Renderer struct {
	mu sync.Mutex
	*Process
	nextID int
}

// Start launches Node with the SSR bundle at bundlePath (web/dist/server/entry-server.js).
func Start(ctx context.Context, bundlePath string) (*Renderer, error) {
	return start(ctx, bundlePath, nil)
}

// StartOneShot is Start for a worker that renders one build and stops: it leaves out V8's
// optimising compiler, which costs more than it saves over a single render of each page.
func StartOneShot(ctx context.Context, bundlePath string) (*Renderer, error) {
	return start(ctx, bundlePath, []string{"--one-shot"})
}

func start(ctx context.Context, bundlePath string, args []string) (*Renderer, error) {
	if _, err := exec.LookPath("node"); err != nil {
		return nil, ErrNoNode
	}
	if _, err := os.Stat(bundlePath); err != nil {
		return nil, fmt.Errorf("SSR bundle %s not found: build the web app first (make build, or npm run build in web/)", bundlePath)
	}
	var hello struct {
		Ready bool   `json:"ready"`
		Fatal string `json:"fatal"`
	}
	p, err := StartProcess(ctx, workerScript, nil, append(args, bundlePath), &hello)
	if err != nil || !hello.Ready {
		if p != nil {
			_ = p.Close()
		}
		if hello.Fatal != "" {
			return nil, fmt.Errorf("loading the SSR bundle: %s", hello.Fatal)
		}
		return nil, fmt.Errorf("the prerender worker did not start: %w", err)
	}
	return &Renderer{Process: p}, nil
}

// Process is a Node worker that speaks JSON lines on its standard input and output: the
// prerender worker, and the site components' worker (internal/components).
type Process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	out    *bufio.Reader
	stderr *strings.Builder
}

// StartProcess runs script (an ES module) under Node with the node flags and script args given,
// and reads its first line into hello within startTimeout. On an error after Node started, the
// process is returned too, so the caller can close it.
func StartProcess(ctx context.Context, script string, flags, args []string, hello any) (*Process, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, ErrNoNode
	}
	argv := append(append(slices.Clone(flags), "--input-type=module", "-e", script, "--"), args...)
	cmd := exec.CommandContext(ctx, node, argv...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr := &strings.Builder{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting node: %w", err)
	}
	p := &Process{cmd: cmd, stdin: stdin, out: bufio.NewReaderSize(stdout, 1<<20), stderr: stderr}
	ready := make(chan error, 1)
	go func() { ready <- p.Read(hello) }()
	select {
	case err = <-ready:
	case <-time.After(startTimeout):
		_ = cmd.Process.Kill()
		err = fmt.Errorf("no answer within %s: %w", startTimeout, <-ready)
	}
	return p, err
}

// Read reads the next line into v.
func (p *Process) Read(v any) error {
	line, err := p.out.ReadBytes('\n')
	if err != nil {
		return fmt.Errorf("node worker stopped: %w; %s", err, strings.TrimSpace(p.stderr.String()))
	}
	return json.Unmarshal(line, v)
}

// Send writes v as one line.
func (p *Process) Send(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = p.stdin.Write(b)
	return err
}

// Close stops the Node process.
func (p *Process) Close() error {
	_ = p.stdin.Close()
	return p.cmd.Wait()
}

// SetSite sends the site data that the following pages render with.
func (r *Renderer) SetSite(site any) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.Send(map[string]any{"site": site})
}

// RenderAll renders pages given as JSON (each a PageData object) and calls done with each page's
// HTML, in order. The pages are sent while earlier ones render, so Node never waits for the caller
// and the caller's work on one page overlaps Node's on the next. The first error (a page that
// fails to render, or done's) stops it; the worker is then unusable and must be closed.
func (r *Renderer) RenderAll(pages [][]byte, done func(i int, html string) error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	first := r.nextID + 1
	r.nextID += len(pages)
	sendErr := make(chan error, 1)
	go func() {
		var line []byte
		for i, page := range pages {
			line = append(append(append(line[:0], `{"id":`...), strconv.Itoa(first+i)...), `,"page":`...)
			line = append(append(line, page...), "}\n"...)
			if _, err := r.stdin.Write(line); err != nil {
				sendErr <- fmt.Errorf("sending a page to the prerender worker: %w", err)
				return
			}
		}
		sendErr <- nil
	}()
	fail := func(err error) error {
		_ = r.cmd.Process.Kill() // unblocks the sender
		<-sendErr
		return err
	}
	for i := range pages {
		var res struct {
			ID    int    `json:"id"`
			Bytes int    `json:"bytes"`
			Error string `json:"error"`
		}
		if err := r.Read(&res); err != nil {
			return fail(err)
		}
		var html strings.Builder
		if res.Error == "" {
			html.Grow(res.Bytes)
			if _, err := io.CopyN(&html, r.out, int64(res.Bytes)); err != nil {
				return fail(fmt.Errorf("reading page %d from the prerender worker: %w; %s", res.ID, err, strings.TrimSpace(r.stderr.String())))
			}
		}
		switch {
		case res.ID != first+i:
			return fail(fmt.Errorf("prerender worker answered page %d, expected %d", res.ID, first+i))
		case res.Error != "":
			return fail(&PageError{Index: i, Err: errors.New(res.Error)})
		}
		if err := done(i, html.String()); err != nil {
			return fail(err)
		}
	}
	return <-sendErr
}

// PageError is a page the app failed to render: Index is its place in RenderAll's pages.
type PageError struct {
	Index int
	Err   error
}

func (e *PageError) Error() string { return e.Err.Error() }
func (e *PageError) Unwrap() error { return e.Err }
