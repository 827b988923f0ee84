package components

import (
	"bufio"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
)

//go:embed render.mjs
var renderScript string

// startTimeout bounds how long loading the server bundle may take.
const startTimeout = 30 * time.Second

// Site is what the Docusaurus shims tell components about the site.
type Site struct {
	Title        string         `json:"title"`
	Tagline      string         `json:"tagline"`
	URL          string         `json:"url"`
	BaseURL      string         `json:"baseUrl"`
	CustomFields map[string]any `json:"customFields"`
}

// Use is one use of a component to render.
type Use struct {
	Component string          `json:"component"`
	Export    string          `json:"export"`
	Props     json.RawMessage `json:"props"`
	// Children is the HTML of the use's Markdown children, nil when it has none.
	Children *string `json:"children"`
}

// RenderError is a component that threw while rendering.
type RenderError struct {
	Message string
	At      string // the component's own file, line and column where it threw, if known
}

func (e *RenderError) Error() string {
	if e.At != "" {
		return e.Message + " (at " + e.At + ")"
	}
	return e.Message
}

// Worker is a Node process that renders component uses with a Bundle's server bundle. It is safe
// for concurrent use; uses are rendered one at a time.
type Worker struct {
	mu     sync.Mutex
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	out    *bufio.Reader
	stderr *strings.Builder
	nextID int
	// Static lists the components whose module exports static = true: they ship no JavaScript.
	Static map[string]bool
	bundle string
}

// Start launches the worker for b's server bundle; siteDir is the site folder, so errors name the
// component files relative to it.
func Start(ctx context.Context, b *Bundle, siteDir string, site Site) (*Worker, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, errors.New("node (Node.js 20 or newer) is needed to render the site components and was not found on PATH")
	}
	cmd := exec.CommandContext(ctx, node, "--enable-source-maps", "--input-type=module", "-e", renderScript, "--", b.Server, siteDir)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	w := &Worker{cmd: cmd, stdin: stdin, out: bufio.NewReaderSize(stdout, 1<<20), stderr: &strings.Builder{}, bundle: b.Server}
	cmd.Stderr = w.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting node for the site components: %w", err)
	}
	var hello struct {
		Ready  bool     `json:"ready"`
		Static []string `json:"static"`
		Fatal  string   `json:"fatal"`
	}
	ready := make(chan error, 1)
	go func() { ready <- w.read(&hello) }()
	select {
	case err = <-ready:
	case <-time.After(startTimeout):
		_ = cmd.Process.Kill()
		err = fmt.Errorf("no answer within %s: %w", startTimeout, <-ready)
	}
	if err != nil || !hello.Ready {
		_ = w.Close()
		if hello.Fatal != "" {
			return nil, fmt.Errorf("loading the site components: %s", hello.Fatal)
		}
		return nil, fmt.Errorf("the site components worker did not start: %v", err)
	}
	w.Static = map[string]bool{}
	for _, n := range hello.Static {
		w.Static[n] = true
	}
	if err := w.send(map[string]any{"site": site}); err != nil {
		_ = w.Close()
		return nil, err
	}
	return w, nil
}

// Bundle is the server bundle the worker runs.
func (w *Worker) Bundle() string { return w.bundle }

func (w *Worker) read(v any) error {
	line, err := w.out.ReadBytes('\n')
	if err != nil {
		return fmt.Errorf("the site components worker stopped: %w; %s", err, strings.TrimSpace(w.stderr.String()))
	}
	return json.Unmarshal(line, v)
}

func (w *Worker) send(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.stdin.Write(append(b, '\n'))
	return err
}

// Render renders one use. A component that throws gives a *RenderError; any other error means the
// worker is unusable and must be closed.
func (w *Worker) Render(u Use) (string, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.nextID++
	req := struct {
		ID int `json:"id"`
		Use
	}{w.nextID, u}
	if err := w.send(req); err != nil {
		return "", fmt.Errorf("sending a use to the site components worker: %w", err)
	}
	var res struct {
		ID    int    `json:"id"`
		HTML  string `json:"html"`
		Error string `json:"error"`
		At    string `json:"at"`
	}
	if err := w.read(&res); err != nil {
		return "", err
	}
	if res.ID != w.nextID {
		return "", fmt.Errorf("the site components worker answered use %d, expected %d", res.ID, w.nextID)
	}
	if res.Error != "" {
		return "", &RenderError{Message: res.Error, At: res.At}
	}
	return res.HTML, nil
}

// Close stops the worker.
func (w *Worker) Close() error {
	_ = w.stdin.Close()
	return w.cmd.Wait()
}
