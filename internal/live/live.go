// Package live is `tzdocs dev`: it builds the site, watches the site folder, rebuilds only what
// changed, and tells open browsers to reload over server-sent events.
package live

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"tzdocs/internal/assistant"
	"tzdocs/internal/content"
	"tzdocs/internal/feedback"
	"tzdocs/internal/output"
	"tzdocs/internal/server"
	"tzdocs/internal/sitebuild"
)

// Options say what to develop.
type Options struct {
	SiteDir, OutDir, WebDir string
	// Feedback, Assistant and Secret serve the feedback and Ask AI APIs as `tzdocs serve` does
	// (see server.Options); nil leaves them out.
	Feedback  feedback.Store
	Assistant assistant.Engine
	Secret    []byte
	// Logger receives the server's messages; nil discards them.
	Logger *slog.Logger
	// Toolchain and ComponentsCache are sitebuild.Options' (where the site's components are
	// compiled with, and kept); empty for the defaults.
	Toolchain, ComponentsCache string
	// OwnsOut says OutDir is dev's own folder, not one the writer chose: what it holds that is
	// not a build (what a killed build left) is removed, so dev always starts.
	OwnsOut bool
	// Log receives build results and errors.
	Log io.Writer
	// Debounce is how long to wait for more file events before rebuilding (default 10 ms): an
	// editor's save (a write, or a write to a new file renamed over the old) makes its events
	// within a millisecond or two, and a rebuild started too early only runs again.
	Debounce time.Duration
}

// Dev is a running development server: an http.Handler that serves the last good build.
type Dev struct {
	opts    Options
	builder *sitebuild.Builder
	hub     *hub
	watcher *fsnotify.Watcher
	mu      sync.RWMutex
	pending pending        // pages being prerendered after a reload
	bg      sync.WaitGroup // the goroutine prerendering them
	srv     *server.Server
	lastErr error
	// reported is the report of the Docusaurus configuration's left-out options last printed:
	// printed again only when it changes, so a writer reads it once.
	reported string
	done     chan struct{}
	// outside are the folders outside the site folder being watched (see watchOutside).
	outside map[string]bool
	// Rebuilt receives one value after each rebuild, for tests; nil unless set before Start returns.
	rebuilt chan error
}

// Start builds the site once and starts watching it.
func Start(ctx context.Context, opts Options) (*Dev, error) {
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if opts.Debounce == 0 {
		opts.Debounce = 10 * time.Millisecond
	}
	d := &Dev{opts: opts, hub: newHub(), done: make(chan struct{}), rebuilt: make(chan error, 16), outside: map[string]bool{}}
	d.builder = sitebuild.New(sitebuild.Options{SiteDir: opts.SiteDir, OutDir: opts.OutDir, WebDir: opts.WebDir, Dev: true, OwnsOut: opts.OwnsOut,
		Toolchain: opts.Toolchain, ComponentsCache: opts.ComponentsCache})
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	d.watcher = w
	if err := d.watchTree(opts.SiteDir); err != nil {
		w.Close()
		return nil, err
	}
	d.rebuild(ctx, time.Now())
	go d.loop(ctx)
	go func() {
		// Event streams never end by themselves: end them with the server, so shutdown is prompt.
		select {
		case <-ctx.Done():
			d.hub.close()
		case <-d.done:
		}
	}()
	return d, nil
}

// Close stops watching and the prerender worker, and writes out the search analytics the server
// still holds.
func (d *Dev) Close() {
	select {
	case <-d.done:
	default:
		close(d.done)
	}
	d.watcher.Close()
	d.hub.close()
	d.bg.Wait()
	d.builder.Close()
	d.mu.RLock()
	srv := d.srv
	d.mu.RUnlock()
	if srv != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Close(ctx); err != nil {
			fmt.Fprintf(d.opts.Log, "closing the server: %v\n", err)
		}
	}
}

func (d *Dev) watchTree(root string) error {
	return filepath.WalkDir(root, func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			return d.watcher.Add(p)
		}
		return nil
	})
}

// watchOutside watches the folders outside the site folder that the build reads (a Docusaurus
// site's docs in ../docs), from the first build that names them: a save there rebuilds too.
func (d *Dev) watchOutside() {
	for _, root := range d.builder.OutsideRoots() {
		if d.outside[root] {
			continue
		}
		if err := d.watchTree(root); err != nil {
			fmt.Fprintf(d.opts.Log, "cannot watch %s: %v\n", root, err)
			continue
		}
		d.outside[root] = true
	}
}

func (d *Dev) loop(ctx context.Context) {
	var timer *time.Timer
	var first time.Time // the first event of the burst being waited out
	fire := make(chan struct{}, 1)
	for {
		select {
		case <-ctx.Done():
			return
		case <-d.done:
			return
		case ev, ok := <-d.watcher.Events:
			if !ok {
				return
			}
			if ev.Has(fsnotify.Create) {
				if fi, err := os.Stat(ev.Name); err == nil && fi.IsDir() {
					_ = d.watchTree(ev.Name)
				}
			}
			if editorScratch(ev.Name) {
				continue
			}
			if first.IsZero() {
				first = time.Now()
			}
			if timer == nil {
				timer = time.AfterFunc(d.opts.Debounce, func() { fire <- struct{}{} })
			} else {
				timer.Reset(d.opts.Debounce)
			}
		case err, ok := <-d.watcher.Errors:
			if !ok {
				return
			}
			fmt.Fprintf(d.opts.Log, "watch error: %v\n", err)
		case <-fire:
			d.rebuild(ctx, first)
			first = time.Time{}
		}
	}
}

// editorScratch tells the files editors write beside the one being saved (backups, locks, swap
// files, a new file to rename over the old) from the site's own: their events alone must not
// start a rebuild, which would find nothing changed and tell browsers so before the real save.
func editorScratch(name string) bool {
	base := filepath.Base(name)
	switch {
	case strings.HasSuffix(base, "~"), strings.HasPrefix(base, ".#"), base == "4913": // backups, Emacs locks, Vim's probe
		return true
	case strings.HasPrefix(base, "."):
		for _, ext := range []string{".swp", ".swx", ".swo", ".tmp"} {
			if strings.HasSuffix(base, ext) {
				return true
			}
		}
	}
	return false
}

// rebuild builds the site; on success the server reloads and browsers refresh, on failure the
// error goes to the browsers and the last good build stays served.
func (d *Dev) rebuild(ctx context.Context, first time.Time) {
	gen := d.pending.next()
	start := time.Now()
	res, err := d.builder.Build(ctx)
	served := time.Now()
	d.watchOutside()
	var patch time.Duration
	if err == nil {
		d.mu.Lock()
		recs := res.RecordsChange
		if d.srv == nil {
			// The same APIs as `tzdocs serve`, over the index each rebuild patches; no rate limits
			// on the writer's own machine.
			d.srv, err = server.New(server.Options{Dir: d.opts.OutDir, DevEvents: d.hub, Feedback: d.opts.Feedback,
				Assistant: d.opts.Assistant, Secret: d.opts.Secret, Logger: d.opts.Logger, NoRateLimits: true})
			if err == nil {
				d.srv.SetRecordsVersion(recs.To)
			}
		} else {
			err = d.srv.Patch(res.Files, &server.Records{All: res.Records, Version: recs.To, Base: recs.From, Pages: recs.Pages})
			patch = time.Since(served)
		}
		d.mu.Unlock()
	}
	d.mu.Lock()
	d.lastErr = err
	d.mu.Unlock()
	deferred := err == nil && res.Deferred > 0
	if deferred {
		d.pending.hold() // before the event: a page loaded in full after it waits for its HTML
	} else {
		d.pending.finish(gen)
	}
	if err != nil {
		fmt.Fprintf(d.opts.Log, "build failed:\n%v\n", err)
		d.hub.send("error", errorEvent(err))
	} else {
		var report strings.Builder
		for _, u := range res.Unsupported {
			report.WriteString("  " + u.String() + "\n")
		}
		if report.String() != d.reported {
			d.reported = report.String()
			if len(res.Unsupported) > 0 {
				fmt.Fprintf(d.opts.Log, "%d options of the Docusaurus configuration tzdocs does not use:\n%s", len(res.Unsupported), d.reported)
			}
		}
		for _, w := range res.Warnings {
			fmt.Fprintf(d.opts.Log, "warning: %v\n", w)
		}
		for _, n := range res.Notes {
			fmt.Fprintf(d.opts.Log, "note: %s\n", n)
		}
		for _, e := range res.Errors {
			fmt.Fprintf(d.opts.Log, "error: %v\n", e)
		}
		changed := res.Changed
		if changed == nil {
			changed = []string{}
		}
		t := newTimings(first, start, res.Phases, served, patch)
		fmt.Fprintf(d.opts.Log, "built in %d ms: %d pages changed (%s)\n", res.Duration.Milliseconds(), len(res.Changed), t)
		if len(res.Errors) == 0 {
			d.hub.send("ok", map[string]any{})
		}
		d.hub.send("reload", reloadEvent{Routes: changed, Timings: t.ms()})
		if len(res.Errors) > 0 {
			// Every page was written (a component in error shows as text), and the writer sees
			// why in the banner, after the reload, which hides it.
			d.hub.send("error", errorEvent(errors.Join(res.Errors...)))
		}
	}
	if deferred {
		// After the event, so the browser's reload does not wait behind Node for a core.
		d.bg.Add(1)
		go func() {
			defer d.bg.Done()
			d.renderDeferred(ctx, gen, res.Deferred)
		}()
	}
	select {
	case d.rebuilt <- err:
	default:
	}
}

// errorEvent is the data of an "error" event: the message, and the file and line of the first
// problem that has them. A single problem's message leaves out the position the event carries;
// several are listed whole.
func errorEvent(err error) map[string]any {
	ev := map[string]any{"message": err.Error()}
	var diag *content.Diagnostic
	if errors.As(err, &diag) {
		ev["file"], ev["line"] = diag.File, diag.Line
		if err.Error() == diag.Error() {
			ev["message"] = diag.Message
		}
	}
	return ev
}

// ServeHTTP serves the last good build, or an error page while there has never been one.
func (d *Dev) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	d.mu.RLock()
	srv, lastErr := d.srv, d.lastErr
	d.mu.RUnlock()
	if r.URL.Path == output.DevEventsURL {
		d.hub.ServeHTTP(w, r)
		return
	}
	d.pending.wait(r)
	if srv == nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprintf(w, "<!doctype html><meta charset=utf-8><meta http-equiv=refresh content=1><title>Build failed</title><h1>The site did not build</h1><pre>%s</pre><p>Fix the file and save; this page retries every second.</p>", html.EscapeString(fmt.Sprint(lastErr)))
		return
	}
	srv.ServeHTTP(w, r)
}

// hub fans server-sent events out to every connected browser.
type hub struct {
	mu      sync.Mutex
	clients map[chan []byte]struct{}
	closed  bool
	// state is the last build's outcome, its "error" or "ok" event, sent first to every browser
	// that connects: a reload or a new tab shows a build error until it is fixed, and a browser
	// that reconnects after the fix drops the error it showed.
	state []byte
}

func newHub() *hub {
	return &hub{clients: map[chan []byte]struct{}{}, state: event("ok", map[string]any{})}
}

// event is the text of one server-sent event.
func event(name string, data any) []byte {
	b, _ := json.Marshal(data)
	return []byte(fmt.Sprintf("event: %s\ndata: %s\n\n", name, b))
}

func (h *hub) send(name string, data any) {
	msg := event(name, data)
	h.mu.Lock()
	defer h.mu.Unlock()
	if name == "error" || name == "ok" {
		h.state = msg
	}
	for c := range h.clients {
		select {
		case c <- msg:
		default: // a stalled browser misses an event rather than blocking the rebuild
		}
	}
}

func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for c := range h.clients {
		close(c)
		delete(h.clients, c)
	}
}

func (h *hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	c := make(chan []byte, 8)
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	h.clients[c] = struct{}{}
	c <- h.state // the channel is new and empty: this cannot block
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		if _, ok := h.clients[c]; ok {
			delete(h.clients, c)
		}
		h.mu.Unlock()
	}()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(": connected\n\n"))
	flusher.Flush()
	for {
		select {
		case <-r.Context().Done():
			return
		case msg, ok := <-c:
			if !ok {
				return
			}
			if _, err := w.Write(msg); err != nil {
				return
			}
			flusher.Flush()
		}
	}
}
