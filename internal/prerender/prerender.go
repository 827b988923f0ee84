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
	mu     sync.Mutex
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	out    *bufio.Reader
	stderr *strings.Builder
	nextID int
}

// Start launches Node with the SSR bundle at bundlePath (web/dist/server/entry-server.js).
func Start(ctx context.Context, bundlePath string) (*Renderer, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, ErrNoNode
	}
	if _, err := os.Stat(bundlePath); err != nil {
		return nil, fmt.Errorf("SSR bundle %s not found: build the web app first (make build, or npm run build in web/)", bundlePath)
	}
	cmd := exec.CommandContext(ctx, node, "--input-type=module", "-e", workerScript, "--", bundlePath)
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
	r := &Renderer{cmd: cmd, stdin: stdin, out: bufio.NewReaderSize(stdout, 1<<20), stderr: stderr}
	var hello struct {
		Ready bool   `json:"ready"`
		Fatal string `json:"fatal"`
	}
	ready := make(chan error, 1)
	go func() { ready <- r.read(&hello) }()
	select {
	case err = <-ready:
	case <-time.After(startTimeout):
		_ = cmd.Process.Kill()
		err = <-ready
		err = fmt.Errorf("no answer within %s: %w", startTimeout, err)
	}
	if err != nil || !hello.Ready {
		r.Close()
		if hello.Fatal != "" {
			return nil, fmt.Errorf("loading the SSR bundle: %s", hello.Fatal)
		}
		return nil, fmt.Errorf("the prerender worker did not start: %v %s", err, stderr.String())
	}
	return r, nil
}

func (r *Renderer) read(v any) error {
	line, err := r.out.ReadBytes('\n')
	if err != nil {
		return fmt.Errorf("prerender worker stopped: %w; %s", err, strings.TrimSpace(r.stderr.String()))
	}
	return json.Unmarshal(line, v)
}

func (r *Renderer) send(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = r.stdin.Write(b)
	return err
}

// SetSite sends the site data that the following pages render with.
func (r *Renderer) SetSite(site any) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.send(map[string]any{"site": site})
}

// Render returns the app's HTML for one page.
func (r *Renderer) Render(page any) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.nextID++
	id := r.nextID
	if err := r.send(map[string]any{"id": id, "page": page}); err != nil {
		return "", fmt.Errorf("sending a page to the prerender worker: %w", err)
	}
	var res struct {
		ID    int    `json:"id"`
		HTML  string `json:"html"`
		Error string `json:"error"`
	}
	if err := r.read(&res); err != nil {
		return "", err
	}
	if res.ID != id {
		return "", fmt.Errorf("prerender worker answered page %d, expected %d", res.ID, id)
	}
	if res.Error != "" {
		return "", errors.New(res.Error)
	}
	return res.HTML, nil
}

// Close stops the Node process.
func (r *Renderer) Close() error {
	_ = r.stdin.Close()
	return r.cmd.Wait()
}
