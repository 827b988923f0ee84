package components

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	"tzdocs/internal/prerender"
)

//go:embed render.mjs
var renderScript string

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
	mu sync.Mutex
	*prerender.Process
	nextID int
	// Static lists the components whose module exports static = true: they ship no JavaScript.
	Static map[string]bool
	bundle string
}

// Start launches the worker for b's server bundle; siteDir is the site folder, so errors name the
// component files relative to it.
func Start(ctx context.Context, b *Bundle, siteDir string, site Site) (*Worker, error) {
	var hello struct {
		Ready  bool     `json:"ready"`
		Static []string `json:"static"`
		Fatal  string   `json:"fatal"`
	}
	// Source maps make a component's stack name its own file and line.
	p, err := prerender.StartProcess(ctx, renderScript, []string{"--enable-source-maps"}, []string{b.Server, siteDir}, &hello)
	if err != nil || !hello.Ready {
		if p != nil {
			_ = p.Close()
		}
		if hello.Fatal != "" {
			return nil, loadError(hello.Fatal, siteDir)
		}
		return nil, fmt.Errorf("the site components worker did not start: %w", err)
	}
	w := &Worker{Process: p, Static: map[string]bool{}, bundle: b.Server}
	for _, n := range hello.Static {
		w.Static[n] = true
	}
	if err := w.Send(map[string]any{"site": site}); err != nil {
		_ = w.Close()
		return nil, err
	}
	return w, nil
}

// Bundle is the server bundle the worker runs.
func (w *Worker) Bundle() string { return w.bundle }

// Rendered is what one use renders to.
type Rendered struct {
	HTML string
	// Head holds the <meta> and <link> elements the use put in @docusaurus/Head, as HTML.
	Head []string
	// Dropped names the other elements it put there ("title", "script"), which pages leave out.
	Dropped []string
}

// Render renders one use. A component that throws gives a *RenderError; any other error means the
// worker is unusable and must be closed.
func (w *Worker) Render(u Use) (Rendered, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.nextID++
	req := struct {
		ID int `json:"id"`
		Use
	}{w.nextID, u}
	if err := w.Send(req); err != nil {
		return Rendered{}, fmt.Errorf("sending a use to the site components worker: %w", err)
	}
	var res struct {
		ID      int      `json:"id"`
		HTML    string   `json:"html"`
		Head    []string `json:"head"`
		Dropped []string `json:"dropped"`
		Error   string   `json:"error"`
		At      string   `json:"at"`
	}
	if err := w.Read(&res); err != nil {
		return Rendered{}, err
	}
	if res.ID != w.nextID {
		return Rendered{}, fmt.Errorf("the site components worker answered use %d, expected %d", res.ID, w.nextID)
	}
	if res.Error != "" {
		return Rendered{}, &RenderError{Message: res.Error, At: res.At}
	}
	return Rendered{HTML: res.HTML, Head: res.Head, Dropped: res.Dropped}, nil
}
