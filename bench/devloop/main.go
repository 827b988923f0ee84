// Command devloop measures the writer's loop of `tzdocs dev`: the time from saving a file to the
// `reload` event on the live-reload stream, on a copy of the real docs. It edits real pages (a
// paragraph of prose, a page's title), the sidebars and site.yaml, alternating a plain write with
// an editor's write-then-rename save, and prints the median and p90 of each kind of edit with
// the median time of each phase the dev server reports in the event (debounce, load, convert,
// prerender, records, write, patch, serve).
//
//	make build && go run ./bench/devloop [-bin bin/tzdocs] [-edits 20]
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bench/devloop:", err)
		os.Exit(1)
	}
}

// edit is one kind of change a writer makes, applied to a copy of the site.
type edit struct {
	name string
	// file is relative to the site folder; change returns its new content for the i-th edit.
	files  []string
	change func(src string, i int) string
	// route is a page whose served HTML must show the change once the reload event came.
	route func(file string) string
	mark  func(i int) string
	count int
}

func run(args []string, stdout io.Writer) error {
	flags := flag.NewFlagSet("devloop", flag.ContinueOnError)
	bin := flags.String("bin", "bin/tzdocs", "the tzdocs binary")
	siteDir := flags.String("site", "site", "the site to copy and edit")
	web := flags.String("web", filepath.Join("web", "dist"), "the web app's build output")
	inGit := flags.Bool("git", true, "put the copy in a git repository, as a writer's clone is")
	edits := flags.Int("edits", 20, "prose edits (title, sidebar and site.yaml edits: a quarter of it each, at least 5)")
	if err := flags.Parse(args); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "tzdocs-devloop-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	site := filepath.Join(tmp, "site")
	if err := copyTree(*siteDir, site); err != nil {
		return err
	}
	if *inGit {
		// Last-update times come from git, as they do for a writer working in a clone.
		for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=bench", "-c", "user.email=bench@localhost", "commit", "-qm", "site"}} {
			if out, err := exec.Command("git", append([]string{"-C", tmp}, args...)...).CombinedOutput(); err != nil {
				return fmt.Errorf("git %s: %v: %s", args[0], err, out)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, *bin, "dev", "--site", site, "--out", filepath.Join(tmp, "out"), "--web", *web, "--addr", "127.0.0.1:0")
	cmd.Stderr = io.Discard
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	}()
	base, err := serverURL(out)
	if err != nil {
		return err
	}
	events, err := subscribe(ctx, base)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "load average at the start: %s\n", loadAverage())
	defer func() { fmt.Fprintf(stdout, "load average at the end: %s\n", loadAverage()) }()
	few := max(5, *edits/4)
	pages := []string{"docs/architecture/bakers.md", "docs/architecture/accounts.md", "docs/architecture/nodes.md",
		"docs/smart-contracts/storage.md", "docs/developing/testnets.md"}
	kinds := []edit{
		{name: "prose edit of one page", files: pages, count: *edits,
			change: func(src string, i int) string { return withParagraph(src, fmt.Sprintf("Bench paragraph %d.", i)) },
			mark:   func(i int) string { return fmt.Sprintf("Bench paragraph %d.", i) }},
		{name: "title of one page", files: pages, count: few,
			change: func(src string, i int) string {
				return titleRe.ReplaceAllString(src, fmt.Sprintf("${1}Bench title %d", i))
			},
			mark: func(i int) string { return fmt.Sprintf("Bench title %d", i) }},
		{name: "sidebars.yaml (a category label)", files: []string{"sidebars.yaml"}, count: few,
			change: func(src string, i int) string {
				return labelRe.ReplaceAllString(src, fmt.Sprintf("${1}Architecture %d", i))
			},
			route: func(string) string { return "/architecture/bakers" },
			mark:  func(i int) string { return fmt.Sprintf("Architecture %d", i) }},
		{name: "site.yaml (the tagline)", files: []string{"site.yaml"}, count: few,
			change: func(src string, i int) string {
				return taglineRe.ReplaceAllString(src, fmt.Sprintf("${1}Bench tagline %d.", i))
			},
			route: func(string) string { return "/" },
			mark:  func(i int) string { return fmt.Sprintf("Bench tagline %d.", i) }},
	}
	for _, k := range kinds {
		var walls []time.Duration
		cpuBefore := cpuTime(cmd.Process.Pid)
		phases := map[string][]float64{}
		var order []string
		for i := range k.count {
			file := k.files[i%len(k.files)]
			p := filepath.Join(site, file)
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			next := k.change(string(src), i)
			if next == string(src) {
				return fmt.Errorf("%s: the %q edit changes nothing in %s", k.name, k.mark(i), file)
			}
			drain(events)
			start := time.Now()
			if err := save(p, []byte(next), i%2 == 1); err != nil {
				return err
			}
			route := routeOf(file)
			if k.route != nil {
				route = k.route(file)
			}
			want := route
			if k.route != nil {
				want = "" // the sidebars and site.yaml are site data
			}
			ev, err := waitReload(events, want, 10*time.Second)
			if err != nil {
				return fmt.Errorf("%s, edit %d of %s: %w", k.name, i+1, file, err)
			}
			walls = append(walls, time.Since(start))
			for name, ms := range ev.Timings {
				if _, ok := phases[name]; !ok {
					order = append(order, name)
				}
				phases[name] = append(phases[name], ms)
			}
			if err := served(base+route, k.mark(i)); err != nil {
				return fmt.Errorf("%s, edit %d of %s: %w", k.name, i+1, file, err)
			}
			time.Sleep(30 * time.Millisecond) // let the server settle, like a writer between saves
		}
		sort.Slice(walls, func(i, j int) bool { return walls[i] < walls[j] })
		fmt.Fprintf(stdout, "%s, %d edits: file write to reload event median %.1f ms, p90 %.1f ms (min %.1f, max %.1f)\n",
			k.name, len(walls), ms(walls[len(walls)/2]), ms(walls[(len(walls)*9+9)/10-1]), ms(walls[0]), ms(walls[len(walls)-1]))
		// CPU time does not grow with the machine's load as wall time does (ticks of 10 ms: an average).
		fmt.Fprintf(stdout, "  CPU of tzdocs dev and its Node worker: %.1f ms an edit (prerendering after the reload included)\n",
			ms(cpuTime(cmd.Process.Pid)-cpuBefore)/float64(len(walls)))
		fmt.Fprint(stdout, "  median by phase (ms):")
		for _, name := range phaseOrder(order) {
			fmt.Fprintf(stdout, " %s %.1f", name, median(phases[name]))
		}
		fmt.Fprintln(stdout)
	}
	return nil
}

var (
	titleRe   = regexp.MustCompile(`(?m)^(title: ).*$`)
	labelRe   = regexp.MustCompile(`(?m)^(    label: )Architecture.*$`)
	taglineRe = regexp.MustCompile(`(?m)^(tagline: ).*$`)
)

// withParagraph puts a paragraph after the page's first paragraph, replacing the one an earlier
// edit put there.
func withParagraph(src, para string) string {
	src = regexp.MustCompile(`\n\nBench paragraph \d+\.`).ReplaceAllString(src, "")
	end := strings.Index(src, "\n---\n")
	if end < 0 {
		end = 0
	} else {
		end += len("\n---\n")
	}
	i := strings.Index(src[end:], "\n\n")
	j := strings.Index(src[end+i+2:], "\n\n")
	if i < 0 || j < 0 {
		return src + "\n" + para + "\n"
	}
	at := end + i + 2 + j
	return src[:at] + "\n\n" + para + src[at:]
}

// save writes a file as editors do: in place, or (atomic) into a new file renamed over it.
func save(p string, data []byte, atomic bool) error {
	if !atomic {
		return os.WriteFile(p, data, 0o644)
	}
	tmp := filepath.Join(filepath.Dir(p), "."+filepath.Base(p)+".swp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, p)
}

// routeOf is the route of a doc file below docs/.
func routeOf(file string) string {
	return "/" + strings.TrimSuffix(strings.TrimPrefix(filepath.ToSlash(file), "docs/"), ".md")
}

// served checks that the page at url shows text.
func served(url, text string) error {
	res, err := http.Get(url)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if !strings.Contains(string(b), text) {
		return fmt.Errorf("%s does not show %q after the reload event", url, text)
	}
	return nil
}

// serverURL reads the dev server's address from its first line of output.
func serverURL(out io.Reader) (string, error) {
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if i := strings.Index(sc.Text(), "http://"); i >= 0 {
			go func() { _, _ = io.Copy(io.Discard, out) }()
			return strings.TrimSpace(sc.Text()[i:]), nil
		}
	}
	return "", errors.New("tzdocs dev ended before it printed its address")
}

// reload is the data of a reload event.
type reload struct {
	Routes  []string           `json:"routes"`
	Timings map[string]float64 `json:"timings"`
}

// subscribe opens the live-reload stream and delivers its reload events.
func subscribe(ctx context.Context, base string) (<-chan reload, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/_dev/events", nil)
	if err != nil {
		return nil, err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	ch := make(chan reload, 64)
	go func() {
		defer res.Body.Close()
		defer close(ch)
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(nil, 1<<20)
		event := ""
		for sc.Scan() {
			line := sc.Text()
			if v, ok := strings.CutPrefix(line, "event: "); ok {
				event = v
			} else if v, ok := strings.CutPrefix(line, "data: "); ok && event == "reload" {
				var r reload
				if json.Unmarshal([]byte(v), &r) == nil {
					ch <- r
				}
			}
		}
	}()
	return ch, nil
}

func drain(ch <-chan reload) {
	for {
		select {
		case <-ch:
		default:
			return
		}
	}
}

// waitReload waits for the reload event naming route (any reload event for ""). A change of the
// site data alone names no route: the browser reloads the site data with the page.
func waitReload(ch <-chan reload, route string, limit time.Duration) (reload, error) {
	timeout := time.After(limit)
	for {
		select {
		case r, ok := <-ch:
			if !ok {
				return reload{}, errors.New("the event stream ended")
			}
			if route == "" || slices.Contains(r.Routes, route) {
				return r, nil
			}
		case <-timeout:
			return reload{}, fmt.Errorf("no reload event naming %s in %s (a build error? run tzdocs dev on the site to see it)", route, limit)
		}
	}
}

// phaseOrder puts the phases in the order they run.
func phaseOrder(names []string) []string {
	rank := map[string]int{"debounce": 0, "load": 1, "convert": 2, "prerender": 3, "records": 4, "write": 5, "patch": 6, "serve": 7, "total": 8}
	sort.SliceStable(names, func(i, j int) bool {
		ri, ok := rank[names[i]]
		if !ok {
			ri = 99
		}
		rj, ok := rank[names[j]]
		if !ok {
			rj = 99
		}
		return ri < rj
	})
	return names
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// loadAverage is the machine's load average over 1, 5 and 15 minutes, when Linux says it.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// cpuTime is the CPU time (user and system) a process and its children have used so far, from
// Linux's /proc; 0 elsewhere.
func cpuTime(pid int) time.Duration {
	var total time.Duration
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// Fields after the command name (which may hold spaces) start at the state, field 3.
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) > 12 {
		var utime, stime int64
		fmt.Sscan(f[11], &utime)
		fmt.Sscan(f[12], &stime)
		total += time.Duration(utime+stime) * 10 * time.Millisecond // USER_HZ is 100 on Linux
	}
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	for _, t := range tasks {
		kids, _ := os.ReadFile(t)
		for _, k := range strings.Fields(string(kids)) {
			var child int
			if _, err := fmt.Sscan(k, &child); err == nil {
				total += cpuTime(child)
			}
		}
	}
	return total
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// copyTree copies the site folder.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}
